// The group commit (server/store/commit.ts): when a batch fails, a record that cannot be stored fails alone,
// but the database itself failing (down, locked past the wait) is answered to the whole batch at once,
// not to one record after another, each after a wait of its own. A batch holds MAX_BATCH records at
// most. And a table's records are stored in the order they came: on SQLite and on PostgreSQL, none goes
// into a second batch while its table's first batch is being written (the test holds that write open).
import assert from 'node:assert/strict';
import { GroupCommit, MAX_BATCH, type Transact } from '../../../server/store/commit.ts';
import { sqliteFiles } from '../../../server/db/sqlite.ts';
import { DatabaseUnavailable, type Sql } from '../../../server/db/sql.ts';
import { SqliteWriter } from '../../../server/store/sqlite-writer.ts';
import { unpacked, type ToStore } from '../../../server/records/storable.ts';
import { storeBatch } from '../../../server/store/store-batch.ts';
import { openStore, type NewRecord, type Store, type StoreOutcome } from '../../../server/store/store.ts';
import { matchRecords } from '../../../tools/results.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

/** One record of each of `n` tables. */
const records = (n: number): NewRecord[] =>
  Array.from({ length: n }, (_, t) => prepared(matchRecords(`t${t}`, 1, 11 + t, { rules: 'icf', mode: 'singles', options: { matchTarget: 5 } })[0]));

/** Where the transactions go: `fails(batch)` says what the database does with each; the batches tried are kept. */
function database(fails: (batch: readonly ToStore[]) => Error | null) {
  const tried: string[][] = [];
  const transact: Transact = async (batch) => {
    tried.push(batch.map((r) => r.record.table));
    const e = fails(batch);
    if (e) throw e;
    return { outs: batch.map((): StoreOutcome => ({ outcome: 'stored', matchId: 1 })), statements: 1 };
  };
  return { tried, transact };
}

const settled = (ps: Promise<StoreOutcome>[]) => Promise.allSettled(ps);
// Not used when the transactions go to `transact`.
const noSql = {} as Sql;

describe('the group commit when a batch fails', () => {
  it('answers every record of a batch unavailable once one record alone meets the database unavailable too, not each after its own wait', async () => {
    const db = database(() => new DatabaseUnavailable('the SQLite database is locked by another process (SQLITE_BUSY)'));
    const group = new GroupCommit(noSql, async () => [], 1, { transact: db.transact });
    const answers = await settled(records(6).map((r) => group.store(r)));
    assert.deepEqual(answers.map((a) => a.status), Array(6).fill('rejected'));
    assert.ok(answers.every((a) => a.status === 'rejected' && a.reason instanceof DatabaseUnavailable), 'each is told the database is unavailable (503)');
    // The batch, then its first record alone: the database is the fault, the others are not tried.
    assert.deepEqual(db.tried, [['t0', 't1', 't2', 't3', 't4', 't5'], ['t0']]);
  });

  it('stores the others when one record of the batch cannot be stored, that one failing alone', async () => {
    const bad = new Error('a record the database refuses');
    const db = database((batch) => (batch.some((r) => r.record.table === 't2') ? bad : null));
    const group = new GroupCommit(noSql, async () => [], 1, { transact: db.transact });
    const answers = await settled(records(4).map((r) => group.store(r)));
    assert.deepEqual(answers.map((a) => a.status), ['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    assert.equal((answers[2] as PromiseRejectedResult).reason, bad);
    assert.deepEqual(db.tried, [['t0', 't1', 't2', 't3'], ['t0'], ['t1'], ['t2'], ['t3']]);
  });

  it('goes on one by one when the batch met the database unavailable but a record alone is stored (the fault had passed)', async () => {
    let first = true;
    const db = database(() => (first ? ((first = false), new DatabaseUnavailable('PostgreSQL is unavailable: Connection terminated')) : null));
    const group = new GroupCommit(noSql, async () => [], 1, { transact: db.transact });
    const answers = await settled(records(3).map((r) => group.store(r)));
    assert.deepEqual(answers.map((a) => a.status), ['fulfilled', 'fulfilled', 'fulfilled']);
    assert.deepEqual(db.tried, [['t0', 't1', 't2'], ['t0'], ['t1'], ['t2']]);
  });
});

describe('the group commit’s batches', () => {
  it(`holds ${MAX_BATCH} records at most: ${MAX_BATCH} go in one batch, one more splits`, async () => {
    for (const [n, batches] of [[MAX_BATCH, [MAX_BATCH]], [MAX_BATCH + 1, [MAX_BATCH, 1]]] as const) {
      const db = database(() => null);
      const group = new GroupCommit(noSql, async () => [], 1, { transact: db.transact });
      const answers = await settled(records(n).map((r) => group.store(r)));
      assert.ok(answers.every((a) => a.status === 'fulfilled'));
      assert.deepEqual(db.tried.map((b) => b.length), batches, `${n} records at once`);
      assert.deepEqual(db.tried.flat(), records(n).map((r) => r.record.table), 'in the order they came');
    }
  });
});

for (const engine of ENGINES) {
  describe(`the group commit on ${engine.name}: a table's records in the order they came`, function () {
    this.timeout(60_000);
    let store: Store;
    let writer: SqliteWriter | null = null;
    beforeEach(async () => {
      store = await openStore(await engine.fresh());
      for (const t of ['hall-a', 'hall-b']) await store.addTable(t, '5d'.repeat(32), '2026-12-07T10:00:00.000Z');
    });
    afterEach(async () => {
      await writer?.close();
      writer = null;
      await store.close();
    });

    it('stores none of a table’s records in a second batch while its first batch is being written; another table’s go on meanwhile', async () => {
      // The first batch's write is held open by the test; every later one goes through.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const tried: string[][] = [];
      const gate = async (rs: readonly ToStore[]) => {
        tried.push(rs.map(unpacked).map((r) => `${r.record.table} ${r.record.counter}`));
        if (tried.length === 1) await held;
      };
      // As the server runs them: on SQLite in its writer thread, on PostgreSQL in a transaction here
      // (whose rows of the batch's tables are locked before the records are written).
      let group: GroupCommit;
      if (engine.name === 'sqlite') {
        const w = new SqliteWriter(sqliteFiles.get(store.sql)!);
        writer = w;
        group = new GroupCommit(store.sql, async () => [], 2, { transact: async (rs) => (await gate(rs), w.store(rs)) });
      } else group = new GroupCommit(store.sql, async (tx, rs) => (await gate(rs), storeBatch(tx, rs.map(unpacked))), 2);

      const [a1, a2] = matchRecords('hall-a', 1, 31, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).map((r) => prepared(r));
      const [b1] = matchRecords('hall-b', 1, 32, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).map((r) => prepared(r));
      const first = group.store(a1);
      await until('the first batch is being written', () => tried.length === 1);
      // Both arrive while it is: hall-a's next must wait for it, hall-b's need not.
      const second = group.store(a2);
      const other = group.store(b1);
      assert.equal((await other).outcome, 'stored');
      assert.deepEqual(tried, [['hall-a 1'], ['hall-b 1']], 'hall-b’s record went in a batch of its own');
      release();
      assert.deepEqual([(await first).outcome, (await second).outcome], ['stored', 'stored']);
      assert.deepEqual(tried, [['hall-a 1'], ['hall-b 1'], ['hall-a 2']]);
      assert.equal(group.counts.held, 0, 'no record was tried and left out for its table’s row');
      // Stored in that order: the records' events, as a page gets them.
      const events = await store.sql.all('SELECT data FROM carrom_events ORDER BY seq');
      const stored = events.map((e) => JSON.parse(String(e.data)) as { table: string; counter: number }).map((e) => `${e.table} ${e.counter}`);
      assert.deepEqual(stored, ['hall-b 1', 'hall-a 1', 'hall-a 2']);
    });
  });
}
