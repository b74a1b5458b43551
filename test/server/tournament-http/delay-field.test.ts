// A tournament's `delay` (docs/tournament.md §3.1, §8.2) over the HTTP interface: 0 unless set, 0 to 60
// whole minutes (anything else a 400 that says so), changed at any time, even mid-tournament, in the
// change log like every change; and applied to the public's reads at once on the process that took it.
import assert from 'node:assert/strict';
import { api, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { assignedRecords } from '../../helpers/tournament/organiser.ts';
import { postRecord } from '../../../tools/results.ts';

const SECRET = '3b'.repeat(32);

describe("a tournament's delay on the HTTP interface", function () {
  this.timeout(30_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine(
    (db) => organisedServer(db, { 't-1': SECRET }),
    (made) => ({ url, asha, clock } = made),
    () => {
      it('is 0 unless set, takes 0 to 60 whole minutes, and refuses anything else saying what and where', async () => {
        const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Open', date: '2026-12-01', rules: 'icf' });
        assert.equal(made.json.tournament.delay, 0);
        const id = made.json.tournament.id;
        for (const bad of [61, -1, 1.5, '5', null]) {
          const r = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { delay: bad });
          assert.equal(r.status, 400, JSON.stringify(bad));
          assert.match(r.json.error, /^delay: must be a whole number from 0 to 60, not /);
        }
        assert.equal((await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Open', date: '2026-12-01', rules: 'icf', delay: 60 })).json.tournament.delay, 60);
        assert.equal((await api(url, null, 'PATCH', `/api/v1/tournaments/${id}`, { delay: 5 })).status, 401, 'an organiser sets it');
        const log = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes;
        assert.equal(log.length, 1, 'the refusals changed nothing');
      });

      it('changes mid-tournament: lengthened, the public sees less at once; shortened, more', async () => {
        const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Open', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['t-1'], rounds: 1 })).json.tournament.id;
        assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
        assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
        const [drawn] = (await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round.matches;
        const [first] = assignedRecords('t-1', { tournament: id, round: 1, match: drawn.id }, 23, ['Asha', 'Ben']);
        assert.equal((await postRecord(url, 't-1', SECRET, first.body)).status, 201);
        clock.pass(3 * 60_000);
        const counter = async () => (await api(url, null, 'GET', '/api/v1/tables')).json.tables[0].counter;
        assert.equal(await counter(), 1, 'no delay: the record shows');
        const patch = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { delay: 5 });
        assert.equal(patch.status, 200);
        assert.equal(await counter(), null, 'lengthened to 5 minutes: the 3-minute-old record is held back again');
        assert.equal((await api(url, asha, 'GET', '/api/v1/tables')).json.tables[0].counter, 1, 'the organiser sees it');
        assert.equal((await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { delay: 2 })).status, 200);
        assert.equal(await counter(), 1, 'shortened to 2: out again');
        const log = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes as { before: { delay?: number }; after: { delay?: number } }[];
        assert.deepEqual(log.filter((c) => c.before.delay !== undefined).map((c) => [c.before.delay, c.after.delay]).sort(), [[0, 5], [5, 2]].sort());
      });
    },
  );
});
