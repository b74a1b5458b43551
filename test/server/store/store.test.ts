// The storage interface, the same suite on SQLite and on PostgreSQL: each record once, matches told
// apart by counters and logs, board rows from the newest record, the forward queue, reopening.
import assert from 'node:assert/strict';
import { openStore, type Store } from '../../../server/store/store.ts';
import { matchRecords, type TableRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

const SECRET = 'ab'.repeat(32);

for (const engine of ENGINES) {
  describe(`results store on ${engine.name}`, function () {
    this.timeout(60_000);
    let db: string;
    let store: Store;
    const first = matchRecords('t1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    const second = matchRecords('t1', first.length + 1, 12, { rules: 'pt-fpc', mode: 'doubles', options: { matchTarget: 9 } });

    beforeEach(async () => {
      db = await engine.fresh();
      store = await openStore(db);
      assert.equal(await store.addTable('t1', SECRET, '2026-01-01T00:00:00Z'), true);
    });
    afterEach(async () => store.close());

    it('registers a table once and keeps its secret', async () => {
      assert.equal(await store.addTable('t1', 'cd'.repeat(32), 'now'), false);
      assert.equal(await store.secretOf('t1'), SECRET);
      assert.equal(await store.secretOf('t2'), null);
    });

    it('stores a record once: the same body again is a duplicate, another body a conflict', async () => {
      assert.equal((await store.store(prepared(first[0]))).outcome, 'stored');
      assert.equal((await store.store(prepared(first[0]))).outcome, 'duplicate');
      const other = prepared(first[1]);
      other.record = { ...other.record, counter: first[0].counter };
      assert.equal((await store.store(other)).outcome, 'conflict');
      assert.equal(await store.recordCount(), 1);
    });

    it('keeps a match abandoned when its newest record says so, and reads an ordinary one as not', async () => {
      const last = prepared(first[0]);
      last.record = { ...last.record, abandoned: true };
      assert.equal((await store.store(last)).outcome, 'stored');
      assert.equal((await store.store(prepared(second[0]))).outcome, 'stored');
      assert.deepEqual((await store.matches('t1')).map((m) => [m.rules, m.over, m.abandoned]), [['icf', false, true], ['pt-fpc', false, false]]);
    });

    it('keeps two matches of one table apart, whatever order their records arrive in', async () => {
      const all = [...first, ...second];
      // Newest first, then the rest: every board record arrives after a later one.
      for (const r of all.slice().reverse()) assert.equal((await store.store(prepared(r))).outcome, 'stored');
      const matches = await store.matches('t1');
      assert.equal(matches.length, 2);
      assert.deepEqual(matches.map((m) => m.rules), ['icf', 'pt-fpc']);
      assert.deepEqual(matches.map((m) => m.counter), [first.at(-1)!.counter, second.at(-1)!.counter]);
      // Every board of each match has its row, from the newest record.
      const want = (recs: TableRecord[]) => prepared(recs.at(-1)!).rows.length;
      assert.deepEqual(matches.map((m) => m.boards.length), [want(first), want(second)]);
      assert.ok(matches.every((m) => m.boards.every((b) => b.counter === m.counter)));
      assert.equal(await store.recordCount(), all.length);
    });

    it('a lost board record loses no board row: the next record of the match carries every board', async () => {
      for (const r of first.filter((_, i) => i !== 1)) await store.store(prepared(r));
      const [m] = await store.matches('t1');
      assert.equal(m.boards.length, prepared(first.at(-1)!).rows.length);
      assert.equal(m.over, true);
    });

    it('an older record arriving late does not turn the match back', async () => {
      await store.store(prepared(first[2]));
      await store.store(prepared(first[0]));
      const [m] = await store.matches('t1');
      assert.equal(m.counter, first[2].counter);
      assert.equal(m.boards.length, 3);
      const [t] = await store.tables();
      assert.equal(Number(t.counter), first[2].counter);
    });

    it('two records of one table posted at once are both stored, in one match', async () => {
      const outcomes = await Promise.all(first.slice(0, 4).map((r) => store.store(prepared(r))));
      assert.deepEqual(outcomes.map((o) => o.outcome), ['stored', 'stored', 'stored', 'stored']);
      assert.equal((await store.matches('t1')).length, 1);
    });

    it('queues a record to forward in its own transaction, and retries it later', async () => {
      await store.store(prepared(first[0], true));
      assert.deepEqual(await store.dueForwards(Date.now(), 10), [{ table: 't1', counter: first[0].counter, attempts: 0 }]);
      await store.retryForward('t1', first[0].counter, 1, Date.now() + 60_000, '503');
      assert.deepEqual(await store.dueForwards(Date.now(), 10), []);
      assert.equal(await store.pendingForwards(), 1);
      await store.forwarded('t1', first[0].counter);
      assert.equal(await store.pendingForwards(), 0);
    });

    it('what is stored is there after the store is closed and opened again', async () => {
      await store.store(prepared(first[0]));
      await store.close();
      store = await openStore(db);
      assert.equal((await store.bodyOf('t1', first[0].counter))?.body, first[0].body);
      assert.equal((await store.store(prepared(first[0]))).outcome, 'duplicate');
    });
  });
}
