// A table sends a record again when its acknowledgement was lost. Behind a load balancer the retry
// often reaches another process, whose replay thread has never seen the table's match: the very bytes
// stored are answered as a duplicate from the stored body, before the body is read or its log replayed.
import assert from 'node:assert/strict';
import { postRecord, type Admitted } from '../../../server/post.ts';
import { readRecord } from '../../../server/records/read-record.ts';
import { readOf } from '../../../server/records/storable.ts';
import { Replayer } from '../../../server/records/replay.ts';
import { sign } from '../../../server/common/sign.ts';
import { openStore, type Store } from '../../../server/store/store.ts';
import { matchRecords } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '5a'.repeat(32);

for (const engine of ENGINES) {
  describe(`a record sent again, on ${engine.name}`, function () {
    this.timeout(60_000);
    let store: Store;
    beforeEach(async () => {
      store = await openStore(await engine.fresh());
      await store.addTable('hall-1', SECRET, '2026-01-01T00:00:00Z');
    });
    afterEach(() => store.close());

    /** A process's posting: its own replayer (its thread's), counting the bodies it reads. */
    function process() {
      const replayer = new Replayer();
      const seen = { bodies: 0 };
      const post = (body: string) => {
        const raw = Buffer.from(body);
        const admitted: Admitted = { table: 'hall-1', signature: sign(SECRET, raw), secret: SECRET, headers: {} };
        const read = (table: string, b: Buffer) => (seen.bodies++, readOf(readRecord(replayer, table, b)));
        return postRecord(store, read, admitted, raw, () => new Date(), false, () => undefined);
      };
      return { post, seen, replayer };
    }

    it('is a duplicate (200) for a process that never saw its match, which neither reads nor replays it', async () => {
      const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } });
      const last = records.at(-1)!;
      const one = process();
      for (const r of records) assert.equal((await one.post(r.body)).status, 201);
      const other = process();
      assert.deepEqual(await other.post(last.body), { status: 200, body: { stored: false, duplicate: true } });
      assert.equal(other.seen.bodies, 0, 'the retry was read and its log replayed');
      assert.equal(other.replayer.work.folded, 0);
    });

    it('another body with a stored counter is still a conflict (409), and a new record is stored', async () => {
      const [first, second] = matchRecords('hall-1', 1, 11, { rules: 'icf', mode: 'singles' });
      const one = process();
      assert.equal((await one.post(first.body)).status, 201);
      const reused = second.body.replace(`"counter":${second.counter}`, `"counter":${first.counter}`);
      assert.equal((await one.post(reused)).status, 409);
      // A counter elsewhere than near the start (a key order of another sender) is found all the same.
      const moved = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(second.body) as object).sort(([a], [b]) => (a === 'counter' ? 1 : b === 'counter' ? -1 : 0))));
      assert.equal((await one.post(moved)).status, 201);
      assert.equal((await one.post(moved)).status, 200);
      assert.equal(await store.recordCount(), 2);
    });
  });
}
