// A table's last ask for its next match on the tables report (docs/tournament.md §5.5, §8.2), with a
// tournament's delay: a table asks at once after its match's last record and never in a match, so a
// fresh ask says that a match ended. The public sees an ask once it is the delay old (null before: the
// ask before it is not kept), an organiser at once. Real HTTP on loopback, on both databases.
import assert from 'node:assert/strict';
import { api, askHeaders, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '3d'.repeat(32);
const MINUTE = 60_000;

describe("a table's last ask on a delayed tournament's tables report", function () {
  this.timeout(60_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET }), (o) => ({ url, asha, clock } = o), () => {
    it('shows the public an ask only once it is the delay old; an organiser at once', async () => {
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'], delay: 1 });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const base = `/api/v1/tournaments/${made.json.tournament.id}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      const asked = clock.now.toISOString();
      const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, '1'.repeat(32), clock.now) });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('carrom-ask'), 'counted');
      const contact = async (who: LoggedIn | null) => {
        const report = (await api(url, who, 'GET', `${base}/tables`)).json;
        const [m] = [...report.notReported, ...report.playing] as { table: string; lastAskedAt: string | null; lastContact: string | null }[];
        assert.equal(m.table, 'hall-1');
        return [m.lastAskedAt, m.lastContact];
      };
      assert.deepEqual(await contact(asha), [asked, asked], "the organiser's: the ask");
      assert.deepEqual(await contact(null), [null, null], "the public's: none yet");
      clock.pass(MINUTE - 1);
      assert.deepEqual(await contact(null), [null, null], 'a millisecond before the delay is past');
      clock.pass(1);
      assert.deepEqual(await contact(null), [asked, asked], 'the delay past: the ask');
      // No delay: every ask at once, as before.
      assert.equal((await api(url, asha, 'PATCH', base, { delay: 0 })).status, 200);
      const again = clock.now.toISOString();
      assert.equal((await fetch(`${url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, '2'.repeat(32), clock.now) })).headers.get('carrom-ask'), 'counted');
      assert.deepEqual(await contact(null), [again, again]);
    });
  });
});
