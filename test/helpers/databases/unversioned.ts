// The fixture databases written before the results schema had versions (test/fixtures/server/README.md):
// a fresh database of an engine, filled from them.
import { copyFileSync, readFileSync } from 'node:fs';
import pg from 'pg';
import type { Engine } from './databases.ts';

const FIXTURE = 'test/fixtures/server/unversioned';

/** A new database holding the fixture: the SQLite file copied, or the PostgreSQL dump loaded. */
export async function unversioned(engine: Engine): Promise<string> {
  const db = await engine.fresh();
  if (engine.name === 'sqlite') {
    copyFileSync(`${FIXTURE}.db`, db);
    return db;
  }
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    await client.query(readFileSync(`${FIXTURE}.pg.sql`, 'utf8'));
  } finally {
    await client.end();
  }
  return db;
}
