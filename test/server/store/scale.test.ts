// What keeps the server fast as a season grows, on SQLite and on PostgreSQL: records that arrive together
// are committed together (each still stored once, each answered after its commit), the leaderboard is
// kept as records arrive (and filled once in a database from before), and the lists that grow are paged.
import assert from 'node:assert/strict';
import { openPostgres } from '../../../server/db/postgres.ts';
import { openSqlite } from '../../../server/db/sqlite.ts';
import { leaderboard } from '../../../server/club/exports.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { openStore, type Store } from '../../../server/store/store.ts';
import { matchRecords, postRecord, recordBody } from '../../../tools/results.ts';
import { MIGRATIONS } from '../../../server/db/migrations.ts';
import type { Sql } from '../../../server/db/sql.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

const SECRET = '3c'.repeat(32);
const AT = '2026-12-01T12:00:00Z';
/** First boards of three matches: the first record of a table that plays one. */
const OPENINGS = [11, 12, 13].map((seed) => matchRecords('x', 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } })[0].log);
const opening = (table: string, t: number) => prepared({ body: recordBody(table, 1, 'board', OPENINGS[t % 3]) });

/** Takes a database back to schema `version`: each later step's tables dropped and its columns taken out,
 * newest first, and the steps' rows deleted from carrom_schema (read from the steps themselves, so a new
 * step needs nothing here). A table a later step dropped (version 10 drops carrom_login_failures) is not
 * there to drop: IF EXISTS. */
async function undoStepsAfter(sql: Sql, version: number): Promise<void> {
  for (const m of [...MIGRATIONS].reverse()) {
    if (m.version <= version) continue;
    for (const st of [...m.up(sql.dialect)].reverse()) {
      const table = /^CREATE TABLE (?:IF NOT EXISTS )?(\w+)/.exec(st);
      const column = /^ALTER TABLE (\w+) ADD COLUMN (\w+)/.exec(st);
      if (table) await sql.run(`DROP TABLE IF EXISTS ${table[1]}`);
      else if (column) await sql.run(`ALTER TABLE ${column[1]} DROP COLUMN ${column[2]}`);
    }
  }
  await sql.run('DELETE FROM carrom_schema WHERE version > ?', [version]);
}

for (const engine of ENGINES) {
  describe(`the results store under load on ${engine.name}`, function () {
    this.timeout(120_000);
    let db: string;
    let store: Store;
    beforeEach(async () => {
      db = await engine.fresh();
      store = await openStore(db);
    });
    afterEach(async () => store.close());

    it('commits 30 records that arrive together in a few transactions, each stored once', async () => {
      const records = [];
      for (let t = 0; t < 30; t++) {
        await store.addTable(`t${t}`, SECRET, AT);
        records.push(opening(`t${t}`, t));
      }
      const before = store.commits.transactions;
      const outs = await Promise.all(records.map((r) => store.store(r)));
      assert.deepEqual(outs.map((o) => o.outcome), new Array(30).fill('stored'));
      assert.equal(await store.recordCount(), 30);
      const transactions = store.commits.transactions - before;
      assert.ok(transactions <= 8, `${transactions} transactions for 30 records`);
      // The same 30 again, together: all duplicates, nothing more stored.
      const again = await Promise.all(records.map((r) => store.store(r)));
      assert.deepEqual(again.map((o) => o.outcome), new Array(30).fill('duplicate'));
      assert.equal(await store.recordCount(), 30);
    });

    it('stores the others of a batch when one of its records cannot be stored', async () => {
      const good = [];
      for (let t = 0; t < 6; t++) {
        await store.addTable(`t${t}`, SECRET, AT);
        good.push(opening(`t${t}`, t));
      }
      const stranger = opening('nobody', 0);
      const outs = await Promise.allSettled([...good.slice(0, 3), stranger, ...good.slice(3)].map((r) => store.store(r)));
      assert.equal(outs[3].status, 'rejected', 'a record of an unregistered table breaks the schema');
      assert.deepEqual(outs.filter((_, i) => i !== 3).map((o) => o.status === 'fulfilled' && o.value.outcome), new Array(6).fill('stored'));
      assert.equal(await store.recordCount(), 6);
    });

    it('keeps the leaderboard as records arrive: always the one folded from every match', async () => {
      // Three tables, singles and doubles, records out of order and twice, a match that is never finished.
      const plays = [
        matchRecords('a', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }),
        matchRecords('a', 40, 12, { rules: 'pt-fpc', mode: 'doubles', options: { matchTarget: 9 } }),
        matchRecords('b', 1, 5, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, 2),
        matchRecords('c', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }),
      ];
      for (const t of ['a', 'b', 'c']) await store.addTable(t, SECRET, AT);
      const all = plays.flat().map((r, i) => ({ r, i }));
      all.sort((x, y) => ((x.i * 7) % 11) - ((y.i * 7) % 11) || x.i - y.i); // a fixed shuffle
      for (const [n, { r }] of all.entries()) {
        await store.store(prepared(r));
        if (n % 3 === 0) await store.store(prepared(r)); // a retry changes nothing
        assert.deepEqual(await store.leaderboard(), leaderboard(await store.matches(null)), `after ${n + 1} records`);
      }
      const board = await store.leaderboard();
      assert.ok(board.some((s) => s.player === 'Cleo' && s.boards > 0), 'the doubles match counts for its four players');
      assert.ok(board.some((s) => s.matchesWon > 0));
    });

    it('fills the leaderboard once, at start, in a database from before it was kept (schema version 3)', async () => {
      await store.addTable('a', SECRET, AT);
      for (const r of matchRecords('a', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } })) await store.store(prepared(r));
      const folded = leaderboard(await store.matches(null));
      await store.close();
      const sql = engine.name === 'sqlite' ? await openSqlite(db) : await openPostgres(db);
      // A database of schema version 3: no leaderboard table yet (nor what the later steps add).
      await undoStepsAfter(sql, 3);
      await sql.close();
      store = await openStore(db);
      assert.ok(folded.length === 2 && folded.some((s) => s.matchesWon === 1));
      assert.deepEqual(await store.leaderboard(), folded);
    });
  });

  describe(`paged reads over HTTP on ${engine.name}`, function () {
    this.timeout(120_000);
    let server: ResultsServer;
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await engine.fresh(), mdns: false, log: () => undefined });
    });
    afterEach(async () => server.close());
    const get = async (path: string) => {
      const r = await fetch(`${server.url}${path}`);
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };

    it('pages GET /api/v1/tables with limit and after, in table order, and still answers every table without them', async () => {
      const ids = ['t-07', 't-01', 't-03', 't-05', 't-02', 't-06', 't-04'];
      for (const id of ids) await server.store.addTable(id, SECRET, AT);
      const whole = await get('/api/v1/tables');
      assert.deepEqual((whole.json.tables as { table: string }[]).map((t) => t.table), [...ids].sort());
      assert.equal(whole.json.next, null);
      const seen: string[] = [];
      const sizes: number[] = [];
      for (let after: unknown = undefined; after !== null; ) {
        const page = await get(`/api/v1/tables?limit=3${after === undefined ? '' : `&after=${after}`}`);
        assert.equal(page.status, 200);
        const tables = page.json.tables as { table: string }[];
        sizes.push(tables.length);
        seen.push(...tables.map((t) => t.table));
        after = page.json.next;
        assert.ok(seen.length <= ids.length, 'paging ends');
      }
      assert.deepEqual(sizes, [3, 3, 1]);
      assert.deepEqual(seen, [...ids].sort());
    });

    it('pages a table\'s matches with limit and after (a counter), oldest first', async () => {
      await server.store.addTable('hall-1', SECRET, AT);
      const first = matchRecords('hall-1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      const second = matchRecords('hall-1', first.length + 1, 12, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      for (const r of [...first, ...second]) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      const whole = await get('/api/v1/matches/hall-1');
      const all = whole.json.matches as { counter: number; boards: unknown[] }[];
      assert.equal(all.length, 2);
      const one = await get('/api/v1/matches/hall-1?limit=1');
      assert.deepEqual(one.json.matches, all.slice(0, 1));
      assert.equal(one.json.next, all[0].counter);
      const two = await get(`/api/v1/matches/hall-1?limit=1&after=${one.json.next}`);
      assert.deepEqual(two.json.matches, all.slice(1));
      assert.equal(two.json.next, null);
    });

    it('refuses a page it cannot read with 400 and what is wrong', async () => {
      await server.store.addTable('hall-1', SECRET, AT);
      for (const [path, says] of [
        ['/api/v1/tables?limit=0', /"limit" must be a whole number from 1 to 500/],
        ['/api/v1/tables?limit=501', /"limit"/],
        ['/api/v1/tables?limit=x', /"limit"/],
        ['/api/v1/tables?after=t-1', /"after" needs "limit"/],
        ['/api/v1/tables?limit=2&after=No%20Such', /"after" must be a table id/],
        ['/api/v1/matches/hall-1?limit=2&after=-3', /"after" must be a counter/],
      ] as const) {
        const a = await get(path);
        assert.equal(a.status, 400, path);
        assert.match(String(a.json.error), says, path);
      }
    });
  });
}
