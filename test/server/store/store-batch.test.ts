// Records that arrive together are stored together (server/store/store-batch.ts): a batch of many tables'
// records, and of several of one table's, ends up exactly as storing them one by one did, in a few
// statements for the whole batch (on PostgreSQL each statement is a round trip), on both engines.
import assert from 'node:assert/strict';
import pg from 'pg';
import { DatabaseUnavailable, type Sql } from '../../../server/db/sql.ts';
import { rowTimes, storedRows, timedRow, type TimedRow } from '../../../server/store/derived.ts';
import { recordEvent } from '../../../server/store/feed.ts';
import { rebuild } from '../../../server/store/rebuild.ts';
import { openStore, storeOn, type NewRecord, type Store, type StoreOutcome } from '../../../server/store/store.ts';
import { matchRecords } from '../../../tools/results.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

const SECRET = 'ab'.repeat(32);
const TABLES = 20;

/** `sql` with every statement counted, those inside transactions too, and the board rows inserted. */
function counting(sql: Sql): { sql: Sql; count: { statements: number; boardRows: number } } {
  const count = { statements: 0, boardRows: 0 };
  const seen = (q: string, p: readonly unknown[] = []) => {
    count.statements++;
    if (/^\s*INSERT INTO carrom_boards/.test(q)) count.boardRows += p.length / 17;
    // On PostgreSQL the rows are written as arrays (a column each), in a part of a larger statement:
    // its rows are the elements of its first array, the parameter after those of the parts before it.
    const at = q.indexOf('INSERT INTO carrom_boards');
    if (at > 0 && /^INSERT INTO carrom_boards [^)]*\) SELECT \* FROM unnest/.test(q.slice(at))) count.boardRows += (p[(q.slice(0, at).match(/\?/g) ?? []).length] as unknown[]).length;
  };
  const wrap = (s: Sql): Sql => ({
    ...s,
    all: (q, p) => (seen(q, p), s.all(q, p)),
    run: (q, p) => (seen(q, p), s.run(q, p)),
    transaction: (work) => s.transaction((tx) => work(wrap(tx))),
  });
  return { sql: wrap(sql), count };
}

/** A match's records for table `t`, from `counter` on. */
const matchOf = (t: string, counter: number, seed: number) => matchRecords(t, counter, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 5 } }).map((r) => prepared(r));

/** What a store holds, with its own match ids replaced by what names a match whatever the order of
 * storing: its table and its newest counter. */
async function contents(store: Store, outs: StoreOutcome[] = []) {
  const matches = await store.matches(null);
  const key = new Map(matches.map((m) => [m.id, `${m.table}/${m.counter}`]));
  const events = ((await store.eventsAfter(0, 10_000)) ?? []).map((e) => {
    const d = JSON.parse(e.data) as { table: string; match: number };
    return { ...d, match: key.get(d.match) };
  });
  const byTable = new Map<string, unknown[]>();
  for (const e of events) byTable.set(e.table, [...(byTable.get(e.table) ?? []), e]);
  return {
    outcomes: outs.map((o) => (o.outcome === 'stored' ? `stored in ${key.get(o.matchId)}` : o.outcome)),
    matches: matches.map(({ id: _, ...m }) => m),
    leaderboard: await store.leaderboard(),
    records: await store.recordCount(),
    forwards: await store.dueForwards(Number.MAX_SAFE_INTEGER, 1000),
    // Within one commit the tables' events come in any order; a table's own are in its records' order.
    events: [...byTable.entries()].sort(([a], [b]) => a.localeCompare(b)),
  };
}

for (const engine of ENGINES) {
  describe(`storing records in batches on ${engine.name}`, function () {
    this.timeout(120_000);
    const stores: Store[] = [];
    afterEach(async () => Promise.all(stores.splice(0).map((s) => s.close())));

    /** `store` counts its statements (on the event loop's connection); `opened` is the store as the
     * server opens it (on a SQLite file, written by its writer thread: server/store/sqlite-writer.ts). */
    async function fresh(): Promise<{ store: Store; opened: Store; count: { statements: number; boardRows: number } }> {
      const db = await engine.fresh();
      const opened = await openStore(db);
      stores.push(opened);
      for (let t = 0; t < TABLES; t++) await opened.addTable(`t${t}`, SECRET, '2026-01-01T00:00:00Z');
      const { sql, count } = counting(opened.sql);
      return { store: storeOn(sql, engine.name === 'postgres' ? db : null), opened, count };
    }

    it("stores a batch of many tables' records, several of one table among them, as storing them one by one does", async () => {
      // Table t0 sends a whole match and the next one's start at once, out of order, one record twice
      // and a counter again with another body; the others a board record each, some the match's end.
      const t0 = matchOf('t0', 1, 11);
      const next = matchOf('t0', t0.length + 1, 12).slice(0, 2);
      const conflicting = { ...t0[1], body: t0[2].body.replace(`"counter":${t0[2].record.counter}`, `"counter":${t0[1].record.counter}`) };
      assert.notEqual(conflicting.body, t0[1].body);
      const others = Array.from({ length: TABLES - 1 }, (_, i) => matchOf(`t${i + 1}`, 1, 20 + i));
      const earlier = others.map((recs, i) => recs.slice(0, i % 3));
      const batch: NewRecord[] = [
        next[1],
        t0[2],
        ...others.map((recs, i) => ({ ...recs[i % 3], forward: i % 2 === 0 })),
        t0[0],
        t0[2],
        ...t0.slice(3),
        t0[1],
        conflicting,
        next[0],
        ...others.map((recs) => recs.at(-1)!),
      ];

      const oneByOne = await fresh();
      const together = { store: (await fresh()).opened };
      for (const store of [oneByOne.store, together.store]) for (const r of earlier.flat()) await store.store(r);

      const alone: StoreOutcome[] = [];
      for (const r of batch) alone.push(await oneByOne.store.store(r));
      const before = together.store.commits.transactions;
      const outs = await Promise.all(batch.map((r) => together.store.store(r)));
      assert.equal(together.store.commits.transactions - before, 1, 'the batch went into one transaction');

      // What was stored is what a full recomputation gives (`carrom serve --rebuild` finds nothing to do),
      // every board row with its match's newest counter.
      assert.equal((await rebuild(together.store)).changed, 0);
      for (const m of await together.store.matches(null)) assert.ok(m.boards.every((b) => b.counter === m.counter), `match ${m.table}/${m.counter}`);
      const want = await contents(oneByOne.store, alone);
      assert.ok(want.outcomes.includes('duplicate') && want.outcomes.includes('conflict'));
      assert.equal(want.matches.length, TABLES + 1);
      assert.deepEqual(await contents(together.store, outs), want);
    });

    // 16 rather than 18: SQLite takes inserted rows in chunks of powers of two (server/db/sql.ts).
    it('takes the same few statements to store the records of 16 tables as of 2', async () => {
      const { store, count } = await fresh();
      // First records of one board row each, so that every batch writes alike.
      const firsts = Array.from({ length: TABLES }, (_, t) => {
        for (let seed = 40 + t; ; seed += 100) {
          const [r] = matchOf(`t${t}`, 1, seed);
          if (r.rows.length === 1) return r;
        }
      });
      const statements = async (records: NewRecord[]) => {
        const from = count.statements;
        const outs = await Promise.all(records.map((r) => store.store(r)));
        assert.ok(outs.every((o) => o.outcome === 'stored'));
        return count.statements - from;
      };
      const few = await statements(firsts.slice(0, 2));
      const many = await statements(firsts.slice(2, 18));
      assert.equal(many, few, `16 records took ${many} statements, 2 took ${few}`);
      assert.ok(many < 16, `fewer statements than records: ${many} for 16`);
      assert.equal(await store.recordCount(), 18);
    });

    it("writes only a match's new board rows when its next record arrives, and keeps the others, newest counter and all", async () => {
      const { store, count } = await fresh();
      const records = matchOf('t0', 1, 11);
      assert.ok(records.length >= 4);
      await store.store(records[0]);
      await store.store(records[1]);
      const from = count.boardRows;
      await store.store(records[2]);
      assert.equal(count.boardRows - from, records[2].rows.length - records[1].rows.length, 'the board rows inserted');
      const [m] = await store.matches('t0');
      assert.equal(m.boards.length, records[2].rows.length);
      assert.ok(m.boards.every((b) => b.counter === records[2].record.counter));
      assert.equal((await rebuild(store)).changed, 0);
    });

    it("reads a match's board rows back, each match's as one JSON text, just as they are stored, nulls and all", async () => {
      const { opened } = await fresh();
      for (const [t, seed] of [['t0', 11], ['t1', 12], ['t2', 13]] as const) for (const r of matchOf(t, 1, seed).slice(0, 4)) await opened.store(r);
      // Rows stored before the schema kept their times, a board without colours, and a match with none.
      await opened.sql.run("UPDATE carrom_boards SET received_at = NULL, made_at = NULL, colour0 = NULL, colour1 = NULL, winner = NULL, queen = NULL WHERE idx = 0");
      const ids = (await opened.sql.all('SELECT id FROM carrom_matches ORDER BY id')).map((m) => Number(m.id));
      await opened.sql.run('DELETE FROM carrom_boards WHERE match_id = ?', [ids[2]]);
      // What reading the rows one by one, a row object each, gives.
      const want = new Map<number, TimedRow[]>();
      for (const r of await opened.sql.all('SELECT * FROM carrom_boards ORDER BY match_id, idx')) want.set(Number(r.match_id), [...(want.get(Number(r.match_id)) ?? []), timedRow(r)]);
      assert.ok((want.get(ids[0])?.length ?? 0) > 1 && want.get(ids[0])![0].receivedAt === null && want.get(ids[0])![1].receivedAt !== null);
      assert.equal(want.has(ids[2]), false);
      assert.deepEqual(await storedRows(opened.sql, ids), want);
      assert.deepEqual(await rowTimes(opened.sql, ids[1]), want.get(ids[1]));
    });

    it('reads back no body of the records it stored itself to find which match the next one joins', async () => {
      const db = await engine.fresh();
      const opened = await openStore(db);
      stores.push(opened);
      await opened.addTable('t0', SECRET, '2026-01-01T00:00:00Z');
      // Every value the database sends back, whichever statement it answers.
      const values: unknown[] = [];
      const seenBy = (s: Sql): Sql => ({ ...s, all: async (q, p) => { const rows = await s.all(q, p); values.push(...rows.flatMap((r) => Object.values(r))); return rows; }, transaction: (work) => s.transaction((tx) => work(seenBy(tx))) });
      // On the event loop's connection (no writer thread), where the statements can be watched.
      const store = storeOn(seenBy(opened.sql), engine.name === 'postgres' ? db : null, { writerThread: false });
      const records = matchOf('t0', 1, 77).slice(0, 5);
      const outs = [];
      for (const r of records) outs.push(await store.store(r));
      assert.deepEqual(outs.map((o) => o.outcome), records.map(() => 'stored'));
      assert.equal(new Set(outs.map((o) => (o.outcome === 'stored' ? o.matchId : 0))).size, 1, 'one match');
      const bodies = new Set(records.map((r) => r.body));
      assert.equal(values.filter((v) => bodies.has(v as string)).length, 0, 'no body came back');
    });

    it('two stores on one database (two processes) given the same records at once store each once, as one store does', async () => {
      const db = await engine.fresh();
      const [a, b] = [await openStore(db), await openStore(db)];
      stores.push(a, b);
      const tables = 8;
      for (let t = 0; t < tables; t++) await a.addTable(`t${t}`, SECRET, '2026-01-01T00:00:00Z');
      // One arrival time for all: which store keeps a board's first arrival depends on the race, and the
      // times the records were prepared at (a millisecond apart under load) must not tell the stores apart.
      const records = Array.from({ length: tables }, (_, t) => matchOf(`t${t}`, 1, 60 + t).slice(0, 5)).flat().map((r) => ({ ...r, receivedAt: '2026-12-01T10:00:00.000Z' }));
      // Each store gets every record, one in order and the other from the end, all at once.
      const [fromA, fromB] = await Promise.all([Promise.all(records.map((r) => a.store(r))), Promise.all(records.slice().reverse().map((r) => b.store(r)))]);
      fromB.reverse();
      records.forEach((r, i) => {
        const both = [fromA[i].outcome, fromB[i].outcome].sort();
        assert.deepEqual(both, ['duplicate', 'stored'], `${r.record.table} #${r.record.counter}`);
      });
      const alone = await fresh();
      for (const r of records) await alone.store.store(r);
      // Each table's events are in the order its records were stored, which here is the two stores' race.
      const [got, want] = [await contents(a), await contents(alone.store)];
      assert.deepEqual({ ...got, events: got.events.flatMap(([, e]) => e).length }, { ...want, events: records.length });
      assert.equal(await a.recordCount(), records.length);
    });

    it("writes each record's event as the text it hands its own watchers, its recordEvent's JSON, a record older than its match's newest included", async () => {
      const { store } = await fresh();
      const [a, b] = [matchOf('t0', 1, 64), matchOf('t1', 1, 65)];
      const stored: [NewRecord, StoreOutcome][] = [];
      const put = async (rs: NewRecord[]) => (await Promise.all(rs.map((r) => store.store(r)))).forEach((o, i) => stored.push([rs[i], o]));
      await put([a[0], b[0]]);
      // t0's third record, then its second (not the match's newest when it comes) with t1's second.
      await put([a[2]]);
      await put([a[1], b[1]]);
      const kept = new Map(((await store.eventsAfter(0, 100)) ?? []).map((e) => [e.seq, e.data]));
      assert.equal(kept.size, stored.length);
      for (const [r, o] of stored) {
        assert.equal(o.outcome, 'stored');
        assert.equal(o.event?.data, JSON.stringify(recordEvent(r, o.matchId!)), `${r.record.table} ${r.record.counter}`);
        assert.equal(kept.get(o.event!.seq), o.event!.data, `${r.record.table} ${r.record.counter}: as stored`);
      }
    });

    if (engine.name === 'postgres') {
      it("writes a batch of matches' next records in four statements: the records with the read of their matches' board rows, their matches' rows with their board rows (those that stay, those that go and those written), their leaderboard rows and their events in one", async () => {
        const { store, count } = await fresh();
        const matches = Array.from({ length: 4 }, (_, t) => matchOf(`t${t}`, 1, 60 + t));
        for (const m of matches) assert.equal((await store.store(m[0])).outcome, 'stored');
        const from = count.statements;
        // Each the next board of its match: its table's row locked, the look-up, the records with the
        // read of the matches' stored board rows, the matches' rows with their board rows, the
        // leaderboard rows and the events.
        assert.deepEqual((await Promise.all(matches.map((m) => store.store(m[1])))).map((o) => o.outcome), matches.map(() => 'stored'));
        assert.equal(count.statements - from, 4);
        assert.equal(await store.recordCount(), 8);
        assert.equal((await rebuild(store)).changed, 0);
        // Each match's players' rows count the boards of its newest record.
        const players = await store.sql.all('SELECT m.table_id, p.idx, p.boards FROM carrom_match_players p JOIN carrom_matches m ON m.id = p.match_id ORDER BY m.table_id, p.idx');
        assert.deepEqual(
          players.map((p) => [String(p.table_id), Number(p.idx), Number(p.boards)]),
          matches.flatMap((m, t) => [0, 1].map((i) => [`t${t}`, i, m[1].rows.length])),
        );
      });

      it("reads the signatures (and the secrets) the posts of one turn of the event loop ask for in one statement, each key's answer as its own statement's", async () => {
        const { store, count } = await fresh();
        const t0 = matchOf('t0', 1, 80).slice(0, 3).map((r, i) => ({ ...r, signature: `sha256=${String(i + 1).repeat(64)}` }));
        for (const r of t0) assert.equal((await store.store(r)).outcome, 'stored');
        const asked: [string, number][] = [['t0', 2], ['t1', 1], ['t0', 1], ['t0', 2], ['t0', 9], ['t0', 3]];
        const from = count.statements;
        const got = await Promise.all(asked.map(([t, c]) => store.signatureOf(t, c)));
        assert.equal(count.statements - from, 1);
        const [one, two, three] = t0.map((r) => r.signature);
        assert.deepEqual(got, [two, null, one, two, null, three]);
        // One asked alone is a statement of its own, with the same answer.
        assert.equal(await store.signatureOf('t0', 3), three);
        assert.equal(count.statements - from, 2);
        // The tables' secrets too (a table's read again once a second, or when its secret does not verify).
        const secrets = await Promise.all(['t0', 'nowhere', 't1', 't0'].map((t) => store.secretOf(t, true)));
        assert.equal(count.statements - from, 3);
        assert.deepEqual(secrets, [SECRET, null, SECRET, SECRET]);
        // A failing statement fails every look-up it held (the posts are answered 503 or 500 as before).
        await store.sql.run('ALTER TABLE carrom_records RENAME TO carrom_records_away');
        const failed = await Promise.allSettled([store.signatureOf('t0', 1), store.signatureOf('t1', 1)]);
        await store.sql.run('ALTER TABLE carrom_records_away RENAME TO carrom_records');
        assert.deepEqual(failed.map((f) => f.status), ['rejected', 'rejected']);
      });

      it("stores a table's record at once while another process holds the row of a table whose record came in the same batch, and that one once the row is free, in its order", async () => {
        const db = await engine.fresh();
        const store = await openStore(db);
        stores.push(store);
        for (const t of ['t0', 't1']) await store.addTable(t, SECRET, '2026-01-01T00:00:00Z');
        const [held, free] = [matchOf('t0', 1, 70).slice(0, 3), matchOf('t1', 1, 71).slice(0, 1)];
        // Another process in the middle of storing a record of t0: its transaction holds t0's row.
        const other = new pg.Client({ connectionString: db });
        await other.connect();
        const outcomes: (StoreOutcome | Error | undefined)[] = [undefined, undefined, undefined];
        try {
          await other.query('BEGIN');
          await other.query("SELECT id FROM carrom_tables WHERE id = 't0' FOR UPDATE");
          // Given in one turn of the event loop, the four records are one batch.
          const t0 = held.map((r, i) => store.store(r).then((o) => (outcomes[i] = o), (e: Error) => (outcomes[i] = e)));
          const t1 = store.store(free[0]);
          assert.equal((await t1).outcome, 'stored');
          // t1's record did not wait for t0's row: t0's are not answered yet, neither stored nor refused.
          assert.deepEqual([...outcomes], [undefined, undefined, undefined], 't0: still waiting for its row');
          assert.equal(await store.recordCount(), 1);
          await other.query('ROLLBACK');
          await Promise.all(t0);
        } finally {
          await other.end();
        }
        assert.deepEqual(outcomes.map((o) => (o instanceof Error ? o.message : o?.outcome)), ['stored', 'stored', 'stored']);
        // Stored in their order: one match, the events of t0 in counter order.
        const events = ((await store.eventsAfter(0, 100)) ?? []).map((e) => JSON.parse(e.data) as { table: string; counter: number; match: number });
        assert.deepEqual(events.filter((e) => e.table === 't0').map((e) => e.counter), held.map((r) => r.record.counter));
        assert.equal(new Set(events.filter((e) => e.table === 't0').map((e) => e.match)).size, 1);
      });

      it("hands a process's watchers the events of its own records without reading them back, and reads the other process's", async () => {
        const db = await engine.fresh();
        const [a, b] = [await openStore(db), await openStore(db)];
        stores.push(a, b);
        for (const t of ['t0', 't1']) await a.addTable(t, SECRET, '2026-01-01T00:00:00Z');
        // Process A's statements, as texts: those that read events back are counted.
        const read: { q: string; p: readonly unknown[] }[] = [];
        const seenBy = (s: Sql): Sql => ({ ...s, all: (q, p = []) => (read.push({ q, p }), s.all(q, p)), transaction: (work) => s.transaction((tx) => work(seenBy(tx))) });
        const storeA = storeOn(seenBy(a.sql), db);
        const events: string[] = [];
        const feed = await storeA.watch((e) => events.push(`${(JSON.parse(e.data) as { table: string }).table} ${e.seq}`), () => undefined);
        try {
          const [own, others] = [matchOf('t0', 1, 74).slice(0, 3), matchOf('t1', 1, 75).slice(0, 3)];
          for (let i = 0; i < 3; i++) {
            assert.equal((await storeA.store(own[i])).outcome, 'stored');
            assert.equal((await b.store(others[i])).outcome, 'stored');
          }
          await until("A's watcher has all six events", () => events.length >= 6, 10_000);
          assert.deepEqual(events.map((e) => e.split(' ')[0]).sort(), ['t0', 't0', 't0', 't1', 't1', 't1']);
          // The events A read back by number are B's, every one of them, and none of its own.
          const readBack = read.filter(({ q }) => /FROM carrom_events WHERE seq = ANY/.test(q)).flatMap(({ p }) => (p[0] as number[]).map(Number));
          const seqsOf = (t: string) => events.filter((e) => e.startsWith(`${t} `)).map((e) => Number(e.split(' ')[1])).sort();
          assert.deepEqual(readBack.sort(), seqsOf('t1'));
        } finally {
          await feed.close();
        }
      });

      it('prepares the statements of its storing transactions, so that PostgreSQL parses each text once per connection', async () => {
        const { store } = await fresh();
        for (const r of matchOf('t0', 1, 76).slice(0, 3)) assert.equal((await store.store(r)).outcome, 'stored');
        // The pool hands back the connection used last: the one that stored the records.
        const held = await store.sql.transaction((tx) => tx.all("SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'carrom%'"));
        const texts = held.map((h) => String(h.statement));
        assert.ok(texts.some((t) => /INSERT INTO carrom_records/.test(t)), `prepared: ${JSON.stringify(texts)}`);
        assert.ok(texts.some((t) => /FOR UPDATE SKIP LOCKED/.test(t)));
        assert.equal(new Set(texts).size, texts.length, 'each text once');
      });

      it('runs each prepared statement with the plan made once for it, not planned again for each run\'s values', async () => {
        const { store } = await fresh();
        assert.deepEqual(await store.sql.all('SHOW plan_cache_mode'), [{ plan_cache_mode: 'force_generic_plan' }]);
        // A URL may still choose otherwise.
        const db = await engine.fresh();
        const other = await openStore(`${db}?options=-c%20plan_cache_mode%3Dauto`);
        stores.push(other);
        assert.deepEqual(await other.sql.all('SHOW plan_cache_mode'), [{ plan_cache_mode: 'auto' }]);
      });

      it("plans a batch's row locks and its look-up of the stored records once per connection, whatever the batch's size", async () => {
        const { store } = await fresh();
        // Batches of 3, 1 and 2 records (of distinct tables), one after the other: the pool hands each
        // transaction the connection released last.
        let counter = 0;
        for (const size of [3, 1, 2]) {
          counter++;
          const batch = Array.from({ length: size }, (_, t) => matchOf(`t${t}`, 1, 80 + t)[counter - 1]);
          assert.deepEqual((await Promise.all(batch.map((r) => store.store(r)))).map((o) => o.outcome), batch.map(() => 'stored'));
        }
        const held = await store.sql.transaction((tx) => tx.all("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'carrom%'"));
        const texts = held.map((h) => String(h.statement));
        assert.equal(texts.filter((t) => /FOR UPDATE SKIP LOCKED/.test(t)).length, 1, `prepared: ${JSON.stringify(texts)}`);
        assert.equal(texts.filter((t) => /WITH i \(n, t, c, k\)/.test(t)).length, 1, `prepared: ${JSON.stringify(texts)}`);
      });

      it("plans a batch's look-up of its stored records and their neighbours by the primary key, even while carrom_records is small, never reading the whole table", async () => {
        const { store } = await fresh();
        const records = (t: number) => matchOf(`t${t}`, 1, 90 + t);
        for (let t = 0; t < 3; t++) assert.equal((await store.store(records(t)[0])).outcome, 'stored');
        await Promise.all([records(0)[1], records(1)[1]].map((r) => store.store(r)));
        // The plan PostgreSQL keeps for the look-up on the connection that stored them (the pool hands
        // the transaction the one released last), made once for any values while the table held a few rows.
        await store.sql.transaction(async (tx) => {
          const [{ name }] = await tx.all("SELECT name FROM pg_prepared_statements WHERE statement LIKE 'WITH i (n, t, c, k)%'");
          const plan = (await tx.all(`EXPLAIN (COSTS OFF) EXECUTE ${String(name)}('{0,1}', '{t0,t1}', '{3,3}', '{NULL,NULL}')`)).map((r) => String(r['QUERY PLAN'])).join('\n');
          assert.match(plan, /Index Scan/);
          assert.doesNotMatch(plan, /Seq Scan/, plan);
        });
      });

      it("keeps a match's leaderboard rows in place as its records arrive: updated, never deleted and inserted again", async () => {
        const { store } = await fresh();
        const match = matchOf('t0', 1, 78).slice(0, 4);
        for (const r of match) assert.equal((await store.store(r)).outcome, 'stored');
        // The storing connection sends its table statistics within a second or so of its last transaction.
        const stats = async () => (await store.sql.all("SELECT n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del FROM pg_stat_user_tables WHERE relname = 'carrom_match_players'"))[0];
        const players = (await store.matches('t0'))[0].players.length;
        const written = players * match.length;
        await until('the statistics show every row written', async () => {
          const s = await stats();
          return Number(s.ins) + Number(s.upd) + Number(s.del) >= written;
        }, 15_000);
        const s = await stats();
        assert.deepEqual({ ins: Number(s.ins), upd: Number(s.upd), del: Number(s.del) }, { ins: players, upd: written - players, del: 0 });
        // And the leaderboard is the match's, as before.
        assert.deepEqual((await store.leaderboard()).map((p) => p.player).sort(), [...(await store.matches('t0'))[0].players].sort());
      });

      it("prepares a post's reads too (the stored record's signature, the table's secret), so that PostgreSQL plans them once per connection, not at every post", async () => {
        const { store } = await fresh();
        assert.equal((await store.store(matchOf('t0', 1, 77)[0])).outcome, 'stored');
        // Sequential reads on the pool go to the connection released last.
        for (let i = 0; i < 3; i++) {
          assert.equal(await store.signatureOf('t0', 2), null);
          assert.equal(await store.secretOf('t0', true), SECRET);
        }
        const held = await store.sql.all("SELECT statement FROM pg_prepared_statements WHERE name LIKE 'carrom%'");
        const texts = held.map((h) => String(h.statement));
        assert.ok(texts.some((t) => /SELECT signature FROM carrom_records/.test(t)), `prepared: ${JSON.stringify(texts)}`);
        assert.ok(texts.some((t) => /SELECT secret FROM carrom_tables/.test(t)), `prepared: ${JSON.stringify(texts)}`);
        assert.equal(new Set(texts).size, texts.length, 'each text once');
      });

      it("answers a record 503 whose table's row another process holds longer than a lock wait lasts, and stores the others", async () => {
        const db = await engine.fresh();
        const store = await openStore(db);
        stores.push(store);
        for (const t of ['t0', 't1']) await store.addTable(t, SECRET, '2026-01-01T00:00:00Z');
        const other = new pg.Client({ connectionString: db });
        await other.connect();
        try {
          await other.query('BEGIN');
          await other.query("SELECT id FROM carrom_tables WHERE id = 't0' FOR UPDATE");
          const [a, b] = [store.store(matchOf('t0', 1, 72)[0]), store.store(matchOf('t1', 1, 73)[0])];
          assert.equal((await b).outcome, 'stored');
          await assert.rejects(a, (e: Error) => e instanceof DatabaseUnavailable && /t0.*lock timeout/.test(e.message));
        } finally {
          await other.query('ROLLBACK');
          await other.end();
        }
        assert.equal((await store.store(matchOf('t0', 1, 72)[0])).outcome, 'stored');
      });

      it("compresses the bodies it stores with lz4 on PostgreSQL, or as the URL's options say", async () => {
        const last = matchOf('t0', 1, 11).at(-1)!;
        assert.ok(last.body.length > 4096, 'a body long enough to be compressed');
        const db = await engine.fresh();
        for (const [url, want] of [[db, 'lz4'], [`${db}?options=${encodeURIComponent('-c default_toast_compression=pglz')}`, 'pglz']]) {
          const store = await openStore(url);
          stores.push(store);
          await store.sql.run('DELETE FROM carrom_records');
          await store.addTable('t0', SECRET, '2026-01-01T00:00:00Z');
          await store.store(last);
          const [row] = await store.sql.all('SELECT pg_column_compression(body) AS how FROM carrom_records');
          assert.equal(row.how, want, url);
        }
      });
    }
  });
}
