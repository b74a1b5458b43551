// The forward queue's claim, on SQLite and on PostgreSQL: two stores on one database (two processes)
// claiming at once get disjoint entries; a claim holds until its time, then the entry is due again.
import assert from 'node:assert/strict';
import { openStore, type Store } from '../../../server/store/store.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { execute } from '../../helpers/servers/processes.ts';

for (const engine of ENGINES) {
  describe(`forward queue claims on ${engine.name}`, function () {
    this.timeout(60_000);
    let one: Store;
    let two: Store;
    beforeEach(async () => {
      const db = await engine.fresh();
      one = await openStore(db);
      two = await openStore(db);
      await one.addTable('hall-1', 'ab'.repeat(32), 'x');
      // Queue entries as stored records leave them (the records themselves do not matter to the claim).
      const values = Array.from({ length: 30 }, (_, i) => `('hall-1', ${i + 1}, 0, 0)`).join(', ');
      await execute(db, `INSERT INTO carrom_forward (table_id, counter, attempts, next_at) VALUES ${values}`);
    });
    afterEach(async () => {
      await one.close();
      await two.close();
    });

    it('gives each entry to one claimer, and again to whoever claims once the claim has run out', async () => {
      const claims = await Promise.all([one.claimForwards(1000, 10, 5000), two.claimForwards(1000, 10, 5000), one.claimForwards(1000, 10, 5000), two.claimForwards(1000, 10, 5000)]);
      const got = claims.flat().map((d) => d.counter);
      assert.equal(got.length, 30, 'every due entry claimed');
      assert.equal(new Set(got).size, 30, 'none claimed twice');
      assert.deepEqual(await two.claimForwards(4999, 10, 9000), [], 'all held until 5000');
      const again = await two.claimForwards(5000, 50, 9000);
      assert.equal(again.length, 30, 'due again once the claims ran out');
    });
  });
}
