// The two storage engines the server's tests run against: a SQLite file in a temporary folder, and a
// fresh database on PostgreSQL (CARROM_TEST_PG, or a throw-away cluster this process starts). Both are
// removed at the process's end, however it ends (tools/scratch.ts).
import { join } from 'node:path';
import pg from 'pg';
import { freshDatabase, startCluster, type Cluster } from '../../../tools/pg-cluster.ts';
import { scratchDir } from '../../../tools/scratch.ts';

let cluster: Promise<Cluster> | null = null;
let made = 0;

async function postgresUrl(): Promise<string> {
  const given = process.env.CARROM_TEST_PG;
  if (given) return given;
  cluster ??= startCluster();
  return (await cluster).url;
}

export interface Engine {
  name: 'sqlite' | 'postgres';
  /** A new, empty database: a file path or a postgres:// URL. */
  fresh(): Promise<string>;
}

export const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async fresh() {
      return join(scratchDir('db'), 'results.db');
    },
  },
  {
    name: 'postgres',
    async fresh() {
      return freshDatabase(await postgresUrl(), `carrom_test_${process.pid}_${++made}`);
    },
  },
];

/** Plain PostgreSQL clients on a test's database (`db()`: read when one connects), as another process's
 * connections would be, beside the server's own: `client()` connects one, `endAll()` ends every one made
 * so far (in afterEach). */
export function pgClients(db: () => string): { client(): Promise<pg.Client>; endAll(): Promise<void> } {
  const clients: pg.Client[] = [];
  return {
    async client() {
      const c = new pg.Client({ connectionString: db() });
      await c.connect();
      clients.push(c);
      return c;
    },
    async endAll() {
      for (const c of clients.splice(0)) await c.end().catch(() => undefined);
    },
  };
}
