// The store keeps the logs of the records it stored lately (server/store/recent-logs.ts), so that a record's
// match is found without reading its neighbour's body back and parsing it again: bounded in memory, and
// never taken for another body's log.
import assert from 'node:assert/strict';
import { RecentLogs } from '../../../server/store/recent-logs.ts';
import { openStore } from '../../../server/store/store.ts';
import { removeTable } from '../../../server/store/tables.ts';
import { matchRecords, type TableRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { prepared } from '../../helpers/databases/prepared.ts';

describe('the logs a store keeps of its recent records', () => {
  it('holds at most its capacity in characters, dropping the first kept first', () => {
    const logs = new RecentLogs(10_000);
    for (let c = 1; c <= 100; c++) logs.keep('t1', c, `sha256=${c}`, 'x'.repeat(1_000));
    assert.ok(logs.size.chars <= 10_000, `${logs.size.chars} characters kept`);
    assert.equal(logs.size.entries, 10);
    assert.equal(logs.get('t1', 1, 'sha256=1'), undefined);
    assert.equal(logs.get('t1', 100, 'sha256=100'), 'x'.repeat(1_000));
  });

  it('keeps no log larger than all it may hold, and replaces a record kept again', () => {
    const logs = new RecentLogs(100);
    logs.keep('t1', 1, 'sha256=1', 'y'.repeat(101));
    assert.deepEqual(logs.size, { entries: 0, chars: 0 });
    logs.keep('t1', 2, 'sha256=2', 'a'.repeat(50));
    logs.keep('t1', 2, 'sha256=2', 'b'.repeat(40));
    assert.deepEqual(logs.size, { entries: 1, chars: 40 });
  });

  it('gives a log only for the body it was kept with', () => {
    const logs = new RecentLogs();
    logs.keep('t1', 1, 'sha256=aa', 'the log');
    assert.equal(logs.get('t1', 1, 'sha256=aa'), 'the log');
    assert.equal(logs.get('t1', 1, 'sha256=bb'), undefined);
    assert.equal(logs.get('t2', 1, 'sha256=aa'), undefined);
  });
});

for (const engine of ENGINES) {
  describe(`a store on ${engine.name} that remembers the logs it stored`, function () {
    this.timeout(60_000);
    const signed = (r: TableRecord, tag: string) => ({ ...prepared(r), signature: `sha256=${tag}-${r.counter}` });

    it('a table removed with its records and added again numbers its records from 1: they make their own match, not the old one', async () => {
      const store = await openStore(await engine.fresh());
      try {
        await store.addTable('t1', 'ab'.repeat(32), '2026-01-01T00:00:00Z');
        const before = matchRecords('t1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, 3);
        for (const r of before) assert.equal((await store.store(signed(r, 'old'))).outcome, 'stored');
        assert.equal((await removeTable(store, 't1', true)).outcome, 'removed');
        await store.addTable('t1', 'ab'.repeat(32), '2026-01-02T00:00:00Z');
        // Another match, the same counters: each record's log begins with the one below it, none with the
        // old ones. Sent at once, they are stored in one transaction, before any of them is kept.
        const after = matchRecords('t1', 1, 12, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, 3);
        const outs = await Promise.all(after.map((r) => store.store(signed(r, 'new'))));
        assert.deepEqual(outs.map((o) => o.outcome), ['stored', 'stored', 'stored']);
        const matches = await store.matches('t1');
        assert.equal(matches.length, 1, `${matches.length} matches: ${matches.map((m) => m.counter).join(', ')}`);
        assert.equal(matches[0].counter, after.at(-1)!.counter);
      } finally {
        await store.close();
      }
    });
  });
}
