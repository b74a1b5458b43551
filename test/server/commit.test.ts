// The group commit (server/commit.ts) when a batch fails: a record that cannot be stored fails alone,
// but the database itself failing (down, locked past the wait) is answered to the whole batch at once,
// not to one record after another, each after a wait of its own.
import assert from 'node:assert/strict';
import { GroupCommit, type Transact } from '../../server/commit.ts';
import { DatabaseUnavailable, type Sql } from '../../server/db/sql.ts';
import type { ToStore } from '../../server/storable.ts';
import type { NewRecord, StoreOutcome } from '../../server/store.ts';
import { matchRecords } from '../../tools/results.ts';
import { prepared } from '../helpers/prepared.ts';

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
