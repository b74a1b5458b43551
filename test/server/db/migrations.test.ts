// The schema's versions, on SQLite and PostgreSQL: a database written before the schema had a version
// (kept as fixtures: test/fixtures/server/) is brought to the newest version at open with every row
// kept; each step once, also with two opening at once; a failing step changes nothing; a database newer
// than the code is refused.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import Sqlite from 'better-sqlite3';
import { MIGRATIONS, SCHEMA_VERSION, migrate } from '../../../server/db/migrations.ts';
import { openPostgres } from '../../../server/db/postgres.ts';
import { openSqlite } from '../../../server/db/sqlite.ts';
import type { Sql } from '../../../server/db/sql.ts';
import { routeRead } from '../../../server/club/api.ts';
import { openStore, storeOn } from '../../../server/store/store.ts';
import { matchRecords, recordBody, stateOf } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { unversioned } from '../../helpers/databases/unversioned.ts';
import { tracked } from '../../../tools/scratch.ts';

const TABLES = ['carrom_tables', 'carrom_matches', 'carrom_records', 'carrom_boards', 'carrom_forward'];

const raw = (db: string): Promise<Sql> => (/^postgres/.test(db) ? openPostgres(db) : openSqlite(db));

async function counts(sql: Sql): Promise<number[]> {
  const out: number[] = [];
  for (const t of TABLES) out.push(Number((await sql.all(`SELECT COUNT(*) AS n FROM ${t}`))[0].n));
  return out;
}

/** Opens the store in a process of its own, as `carrom serve` does at start: its exit code. */
function openInProcess(db: string): Promise<number | null> {
  const script = "const { openStore } = await import('./server/store/store.ts'); await (await openStore(process.argv[1])).close();";
  const child = tracked(spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, db], { stdio: ['ignore', 'ignore', 'inherit'] }));
  return new Promise((resolve) => child.on('exit', resolve));
}

const versions = async (sql: Sql) => (await sql.all('SELECT version FROM carrom_schema ORDER BY version')).map((r) => Number(r.version));

for (const engine of ENGINES) {
  describe(`schema versions on ${engine.name}`, function () {
    this.timeout(60_000);

    it('brings a database of the schema before versions to the newest at open, keeping every row', async () => {
      const db = await unversioned(engine);
      const before = raw(db);
      assert.deepEqual(await counts(await before), [3, 2, 11, 10, 6], 'the fixture as it was written');
      await (await before).close();
      const store = await openStore(db);
      try {
        assert.equal(await store.secretOf('hall-1'), '5e'.repeat(32));
        assert.equal(await store.recordCount(), 11);
        const [singles] = await store.matches('hall-1');
        assert.deepEqual(singles.players, ['Asha', 'Ben']);
        assert.equal(singles.over, true);
        assert.equal(singles.boards.length, 5);
        assert.equal(singles.boards[0].receivedAt, null, 'rows stored before version 2 have no time until --rebuild');
        assert.equal(await store.pendingForwards(), 6);
      } finally {
        await store.close();
      }
      const after = await raw(db);
      try {
        assert.deepEqual(await counts(after), [3, 2, 11, 10, 6]);
        assert.deepEqual(await versions(after), MIGRATIONS.map((m) => m.version));
        // Opened again: nothing left to do.
        assert.deepEqual(await migrate(after), { from: SCHEMA_VERSION, to: SCHEMA_VERSION });
      } finally {
        await after.close();
      }
    });

    it('a new database gets every step once, also when two processes open it at the same moment', async () => {
      const db = await engine.fresh();
      const opened = await Promise.all([openInProcess(db), openInProcess(db)]);
      assert.deepEqual(opened, [0, 0]);
      const sql = await raw(db);
      try {
        assert.deepEqual(await versions(sql), MIGRATIONS.map((m) => m.version));
        assert.deepEqual(await counts(sql), [0, 0, 0, 0, 0]);
      } finally {
        await sql.close();
      }
    });

    if (engine.name === 'sqlite') {
      it('opening a database that is up to date writes nothing: it opens while another process holds the write lock', async () => {
        const db = await engine.fresh();
        await (await openStore(db)).close();
        const other = new Sqlite(db);
        other.exec('BEGIN IMMEDIATE');
        try {
          const store = await openStore(db);
          assert.equal(await store.recordCount(), 0);
          await store.close();
        } finally {
          other.exec('ROLLBACK');
          other.close();
        }
      });
    }

    it("version 8 gives the tables read the tournament match of each record stored before it that says one, and no other", async () => {
      const db = await engine.fresh();
      const sql = await raw(db);
      try {
        await migrate(sql, MIGRATIONS.filter((m) => m.version < 8));
        const [board] = matchRecords('hall-1', 1, 23, { rules: 'icf' });
        const header = board.log.split('\n')[0];
        const ids = { tournament: 2, round: 3, match: 41 };
        const bodies = {
          'hall-1': recordBody('hall-1', 1, 'board', board.log, ids),
          // A `tournament` that is not the record's own field: inside the state, not at the top.
          'hall-2': JSON.stringify({ ...JSON.parse(recordBody('hall-2', 1, 'board', board.log)), state: { ...(stateOf(board.log) as object), tournament: 9 } }),
        };
        for (const [table, body] of Object.entries(bodies)) {
          await sql.run('INSERT INTO carrom_tables (id, secret, added_at) VALUES (?, ?, ?)', [table, '5e'.repeat(32), '2026-12-01T08:00:00Z']);
          const [m] = await sql.all(
            `INSERT INTO carrom_matches (table_id, header, players, rules, mode, newest_counter, state, over, updated_at) VALUES (?, ?, '["Asha","Ben"]', 'icf', 'singles', 1, ?, 0, ?) RETURNING id`,
            [table, header, JSON.stringify(stateOf(board.log)), '2026-12-01T09:00:00Z'],
          );
          await sql.run('INSERT INTO carrom_records (table_id, counter, match_id, kind, firmware, body, signature, made_at, received_at) VALUES (?, 1, ?, ?, ?, ?, ?, NULL, ?)', [
            table, Number(m.id), 'board', 'test-1.0', body, 'sha256=00', '2026-12-01T09:00:00Z',
          ]);
        }
      } finally {
        await sql.close();
      }
      const store = await openStore(db);
      try {
        const tables = JSON.parse((await routeRead(store, '/api/v1/tables')).body).tables as { table: string; assigned?: unknown }[];
        assert.deepEqual(tables.map((t) => [t.table, t.assigned]), [['hall-1', { tournament: 2, round: 3, match: 41 }], ['hall-2', undefined]]);
      } finally {
        await store.close();
      }
    });

    it(`version 9 gives a retry's look-up of a stored signature ${engine.name === 'sqlite' ? "an index of its own, which the store's reads use, over the records stored before it" : 'no index (PostgreSQL reads it without the body)'}`, async () => {
      const db = await engine.fresh();
      const sql = await raw(db);
      const [board] = matchRecords('hall-1', 1, 23, { rules: 'icf' });
      try {
        await migrate(sql, MIGRATIONS.filter((m) => m.version < 9));
        await sql.run('INSERT INTO carrom_tables (id, secret, added_at) VALUES (?, ?, ?)', ['hall-1', '5e'.repeat(32), '2026-12-01T08:00:00Z']);
        const [m] = await sql.all(
          `INSERT INTO carrom_matches (table_id, header, players, rules, mode, newest_counter, state, over, updated_at) VALUES (?, ?, '["Asha","Ben"]', 'icf', 'singles', 1, ?, 0, ?) RETURNING id`,
          ['hall-1', board.log.split('\n')[0], JSON.stringify(stateOf(board.log)), '2026-12-01T09:00:00Z'],
        );
        await sql.run('INSERT INTO carrom_records (table_id, counter, match_id, kind, firmware, body, signature, made_at, received_at) VALUES (?, 1, ?, ?, ?, ?, ?, NULL, ?)', [
          'hall-1', Number(m.id), 'board', 'test-1.0', board.body, 'sha256=01', '2026-12-01T09:00:00Z',
        ]);
      } finally {
        await sql.close();
      }
      const store = await openStore(db);
      try {
        assert.deepEqual(store.schema, { from: 8, to: SCHEMA_VERSION });
        // The statements the store's reads ask, watched.
        const texts: string[] = [];
        const watched: Sql = { ...store.sql, all: (q, p) => (texts.push(q), store.sql.all(q, p)) };
        const reads = storeOn(watched, null, { writerThread: false });
        assert.equal(await reads.signatureOf('hall-1', 1), 'sha256=01');
        assert.equal(await reads.signatureOf('hall-1', 2), null);
        const [lookUp] = texts.filter((t) => /\bsignature\b/.test(t) && /FROM carrom_records/.test(t));
        if (engine.name === 'sqlite') {
          const plan = (await store.sql.all(`EXPLAIN QUERY PLAN ${lookUp}`, ['hall-1', 1])).map((r) => String(r.detail));
          assert.deepEqual(plan, ['SEARCH carrom_records USING COVERING INDEX carrom_records_signature (table_id=? AND counter=?)']);
        } else {
          const indexes = await store.sql.all("SELECT indexname FROM pg_indexes WHERE tablename = 'carrom_records'");
          // (Version 11's index of the arrivals is for the public's delayed reads, not the signatures.)
          assert.deepEqual(indexes.map((i) => String(i.indexname)).filter((n) => n !== 'carrom_records_received'), ['carrom_records_pkey']);
        }
      } finally {
        await store.close();
      }
    });

    it('a step that fails changes nothing: the database stays at the version before it', async () => {
      const db = await unversioned(engine);
      const sql = await raw(db);
      try {
        const broken = [...MIGRATIONS, { version: SCHEMA_VERSION + 1, name: 'broken', up: () => ['ALTER TABLE carrom_tables ADD COLUMN note TEXT', 'SELECT * FROM carrom_nowhere'] }];
        await assert.rejects(migrate(sql, broken), /carrom_nowhere/);
        assert.deepEqual(await versions(sql), MIGRATIONS.map((m) => m.version), 'the steps before it stand');
        const columns = Object.keys((await sql.all('SELECT * FROM carrom_tables LIMIT 1'))[0]);
        assert.ok(!columns.includes('note'), 'the broken step\'s first statement was rolled back with it');
      } finally {
        await sql.close();
      }
    });

    it('refuses a database of a newer schema than this carrom serve knows, and changes nothing', async () => {
      const db = await engine.fresh();
      await (await openStore(db)).close();
      const sql = await raw(db);
      try {
        await sql.run('INSERT INTO carrom_schema (version, name, applied_at) VALUES (?, ?, ?)', [SCHEMA_VERSION + 1, 'from the future', '2027-01-01T00:00:00Z']);
      } finally {
        await sql.close();
      }
      await assert.rejects(openStore(db), new RegExp(`schema is version ${SCHEMA_VERSION + 1}, newer than this carrom serve knows \\(${SCHEMA_VERSION}\\)`));
      const after = await raw(db);
      try {
        assert.deepEqual(await versions(after), [...MIGRATIONS.map((m) => m.version), SCHEMA_VERSION + 1]);
      } finally {
        await after.close();
      }
    });
  });
}
