// The operator's commands of `carrom serve` on SQLite and PostgreSQL, through the package's bin (run
// `npm run build` first): listing and removing tables, rebuilding the derived data from the stored
// records, and the database file that holds the secrets kept from other users.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMA_VERSION } from '../../../server/db/migrations.ts';
import { openStore } from '../../../server/store/store.ts';
import { matchRecords, postRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { unversioned } from '../../helpers/databases/unversioned.ts';
import { scratchDir, tracked } from '../../../tools/scratch.ts';

const BIN = 'bin/carrom.js';
const carrom = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, 'serve', ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, lines: r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
};

/** `carrom serve` on `db` until `work` is done: the club page's URL, from what it says at start. */
async function serving<T>(db: string, work: (url: string, said: () => string) => Promise<T>): Promise<T> {
  const child = tracked(spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns'], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let err = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (d) => {
        err += d;
        const m = /club page (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`carrom serve exited with ${code}: ${err}`)));
    });
    return await work(url, () => err);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

describe('carrom serve: the operator\'s commands', function () {
  this.timeout(90_000);
  before(() => assert.ok(existsSync('dist/carrom.js'), 'run `npm run build` first'));

  for (const engine of ENGINES) {
    describe(engine.name, () => {
      it('--list-tables lists every table with what it sent, one JSON line each, and never a secret', async () => {
        const db = await unversioned(engine);
        const r = carrom(['--list-tables', '--db', db]);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(r.lines.map((t) => [t.table, t.records, t.matches]), [['hall-1', 5, 1], ['hall-2', 6, 1], ['hall-typo', 0, 0]]);
        assert.equal(r.lines[0].addedAt, '2026-11-30T18:00:00.000Z');
        assert.match(String(r.lines[0].lastReceivedAt), /^2026-11-30T19:/);
        assert.equal(r.lines[2].lastReceivedAt, null);
        assert.doesNotMatch(r.stdout, /5e5e|7777|9999|secret/, 'no secret is printed');
        assert.match(r.stderr, /3 tables registered/);
      });

      it('--remove-table takes a mistyped table off the club page; one that sent records only with --with-records', async () => {
        const db = await unversioned(engine);
        const gone = carrom(['--remove-table', 'hall-typo', '--db', db]);
        assert.equal(gone.code, 0, gone.stderr);
        assert.deepEqual(gone.lines, [{ removed: 'hall-typo', records: 0, matches: 0 }]);
        const kept = carrom(['--remove-table', 'hall-2', '--db', db]);
        assert.equal(kept.code, 1);
        assert.match(kept.stderr, /table "hall-2" has sent 6 records in 1 match: nothing removed\. Add --with-records/);
        assert.equal(carrom(['--remove-table', 'hall-9', '--db', db]).code, 1, 'an unknown table');
        await serving(db, async (url) => {
          const tables = (await (await fetch(`${url}/api/v1/tables`)).json()) as { tables: { table: string }[] };
          assert.deepEqual(tables.tables.map((t) => t.table), ['hall-1', 'hall-2'], 'no "No result yet" card for the mistyped table');
          const [rec] = matchRecords('hall-typo', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
          assert.equal((await postRecord(url, 'hall-typo', '99'.repeat(32), rec.body)).status, 404, 'its records are refused');
        });
        const all = carrom(['--remove-table', 'hall-2', '--with-records', '--db', db]);
        assert.equal(all.code, 0, all.stderr);
        assert.deepEqual(all.lines, [{ removed: 'hall-2', records: 6, matches: 1 }]);
        const store = await openStore(db);
        try {
          assert.equal(await store.recordCount(), 5, 'hall-1\'s records stay');
          assert.equal(await store.pendingForwards(), 0, 'hall-2\'s forward queue went with it');
          assert.deepEqual((await store.matches(null)).map((m) => m.table), ['hall-1']);
          assert.equal((await store.sql.all('SELECT COUNT(*) AS n FROM carrom_boards'))[0].n, 5);
        } finally {
          await store.close();
        }
      });

      it('--rebuild computes every match\'s state and board rows again from the records, and fills in when each board arrived', async () => {
        const db = await unversioned(engine);
        // What the store derived today, as the API gives it, before anything is changed.
        let store = await openStore(db);
        const truth = await store.matches(null);
        const bodies = await store.sql.all('SELECT table_id, counter, body, signature FROM carrom_records ORDER BY table_id, counter');
        // An older engine's mistakes: a board's points and a match's state that the log does not give.
        await store.sql.run('UPDATE carrom_boards SET points = 99 WHERE idx = 0');
        await store.sql.run(`UPDATE carrom_matches SET state = '{"match":{"score":[0,0]}}' WHERE table_id = 'hall-2'`);
        await store.close();
        const r = carrom(['--rebuild', '--db', db]);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(r.lines, [{ matches: 2, changed: 2, failed: [], disagree: [] }]);
        store = await openStore(db);
        try {
          const now = await store.matches(null);
          const sameBut = (m: (typeof now)[number]) => ({ ...m, boards: m.boards.map((b) => ({ ...b, receivedAt: null, madeAt: null })) });
          assert.deepEqual(now.map(sameBut), truth, 'the state and rows the engine gives, as stored before the damage');
          assert.deepEqual(await store.sql.all('SELECT table_id, counter, body, signature FROM carrom_records ORDER BY table_id, counter'), bodies, 'the records are not touched');
          // Each board first arrived with the first record holding it: board 1 with record 1 (the fixture's clock: a minute apart).
          const arrivals = await store.sql.all(`SELECT counter, received_at FROM carrom_records WHERE table_id = 'hall-2' ORDER BY counter`);
          const hall2 = now.find((m) => m.table === 'hall-2')!;
          assert.deepEqual(hall2.boards.map((b) => b.receivedAt), arrivals.slice(0, hall2.boards.length).map((a) => a.received_at));
        } finally {
          await store.close();
        }
        const again = carrom(['--rebuild', '--db', db]);
        assert.deepEqual(again.lines, [{ matches: 2, changed: 0, failed: [], disagree: [] }], 'nothing left to change');
      });

      it('--rebuild names a record whose stated result today\'s engine no longer gives, and shows the engine\'s', async () => {
        const db = await unversioned(engine);
        let store = await openStore(db);
        const truth = await store.matches('hall-1');
        // As if the engine that stored it agreed with the table, and a fix changed the score it gives.
        const [newest] = await store.sql.all(`SELECT body FROM carrom_records WHERE table_id = 'hall-1' AND counter = 5`);
        const body = JSON.parse(String(newest.body));
        body.state.match.score = [99, 0];
        await store.sql.run(`UPDATE carrom_records SET body = ? WHERE table_id = 'hall-1' AND counter = 5`, [JSON.stringify(body)]);
        await store.sql.run(`UPDATE carrom_matches SET state = ? WHERE table_id = 'hall-1'`, [JSON.stringify(body.state)]);
        await store.close();
        const r = carrom(['--rebuild', '--db', db]);
        assert.equal(r.code, 0, r.stderr);
        const disagree = r.lines[0].disagree as { table: string; counter: number; where: string }[];
        assert.deepEqual(disagree.map((d) => [d.table, d.counter]), [['hall-1', 5]]);
        assert.match(disagree[0].where, /state\.match\.score\[0\] is 99, the log gives \d+/);
        assert.match(r.stderr, /table hall-1, record 5\): the table stated another result than today's engine gives/);
        store = await openStore(db);
        try {
          assert.deepEqual((await store.matches('hall-1'))[0].state, truth[0].state, 'the state the engine gives, not the stated one');
        } finally {
          await store.close();
        }
      });

      it('--rebuild keeps a match whose log this engine does not take as it was, says which, and exits 1', async () => {
        const db = await unversioned(engine);
        let store = await openStore(db);
        // As if a fix of the log's parser now refused a line this record holds.
        await store.sql.run(`UPDATE carrom_records SET body = REPLACE(body, 'pt-fpc', 'gone') WHERE table_id = 'hall-2' AND counter = 6`);
        const before = await store.matches('hall-2');
        await store.close();
        const r = carrom(['--rebuild', '--db', db]);
        assert.equal(r.code, 1);
        const failed = r.lines[0].failed as { table: string; counter: number; error: string }[];
        assert.deepEqual(failed.map((f) => [f.table, f.counter]), [['hall-2', 6]]);
        assert.match(failed[0].error, /unknown rules "gone"/);
        assert.match(r.stderr, /table hall-2, record 6\): .*kept as it was/);
        store = await openStore(db);
        try {
          assert.deepEqual(await store.matches('hall-2'), before);
        } finally {
          await store.close();
        }
      });
    });
  }

  for (const engine of ENGINES) {
    it(`${engine.name}: a database of a newer schema is refused with exit 78, which the unit of docs/server.md §9 does not restart on`, async () => {
      const db = await engine.fresh();
      const store = await openStore(db);
      await store.sql.run('INSERT INTO carrom_schema (version, name, applied_at) VALUES (?, ?, ?)', [SCHEMA_VERSION + 1, 'from the future', '2027-01-01T00:00:00Z']);
      await store.close();
      const r = carrom(['--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns']);
      assert.equal(r.code, 78, r.stderr);
      assert.match(r.stderr, new RegExp(`^carrom serve: cannot start: the database's schema is version ${SCHEMA_VERSION + 1}, newer than this carrom serve knows \\(${SCHEMA_VERSION}\\).*; not started again by a supervisor \\(exit 78\\)\n$`));
      const unit = readFileSync('docs/server.md', 'utf8').split('```ini\n')[1].split('```')[0];
      assert.match(unit, /^RestartPreventExitStatus=78$/m);
    });
  }

  it('a PostgreSQL it cannot reach is said in one line, without the password of the URL', () => {
    const r = carrom(['--port', '0', '--host', '127.0.0.1', '--db', 'postgres://carrom:hunter2@127.0.0.1:1/carrom', '--no-mdns']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^carrom serve: cannot start: .*ECONNREFUSED.* \(--db postgres:\/\/carrom:\*\*\*@127\.0\.0\.1:1\/carrom\)\n$/);
    assert.doesNotMatch(r.stderr, /hunter2/);
  });

  describe('the SQLite file, which holds every table\'s secret', () => {
    let dir: string;
    beforeEach(() => (dir = scratchDir('files')));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);

    it('is made readable by its owner only (0600), and so are its -wal and -shm files', async () => {
      const db = join(dir, 'r.db');
      const r = carrom(['--add-table', 'hall-1', '--db', db]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(mode(db), '600');
      await serving(db, async (url) => {
        const [rec] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
        assert.equal((await postRecord(url, 'hall-1', String(r.lines[0].secret), rec.body)).status, 201);
        for (const f of [db, `${db}-wal`, `${db}-shm`]) assert.equal(mode(f), '600', f);
      });
    });

    it('one that others may read (made by an older version) is named in a warning at start, with the upgrade of its schema', async () => {
      const db = join(dir, 'old.db');
      copyFileSync('test/fixtures/server/unversioned.db', db);
      chmodSync(db, 0o644);
      await serving(db, async (_url, said) => {
        assert.match(said(), new RegExp(`warning: ${db.replace(/[.]/g, '\\.')} holds the tables' secrets and others may read it \\(mode 0644\\); chmod 600`));
        assert.ok(said().includes(`brought the database's schema from version 0 to ${SCHEMA_VERSION}\n`), 'and says it was upgraded');
      });
    });
  });
});
