// Paging a table's matches (docs/server.md §4, "Paging what grows") while a delayed tournament's match is
// masked for the public (its newest records hidden: it reads as its newest record shown, with that
// record's counter): the public's pages, at every size, put together are its whole list, each match once,
// in its order, `next` the counter of each page's last; likewise while the match is not begun for the
// public (left out of its list). Real HTTP on loopback, on both databases.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, assignedRecords, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '2b'.repeat(32);
const MINUTE = 60_000;

interface Listed {
  id: number;
  counter: number;
}

for (const engine of ENGINES) {
  describe(`paging a table's matches while the delay masks one (${engine.name})`, function () {
    this.timeout(60_000);
    let server: ResultsServer;
    let clock: Clock;
    let asha: LoggedIn;
    afterEach(() => server?.close());

    for (const early of [2, 0]) it(`gives each match once, in the order the public sees, whatever the page size (${early ? 'the match as of its second board' : 'the match not begun for the public'})`, async () => {
      ({ server, clock, asha } = await organisedServer(await engine.fresh(), { 't-1': SECRET }));
      const url = server.url;
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['t-1'], rounds: 1, delay: 1 });
      const tournament = made.json.tournament.id as number;
      const base = `/api/v1/tournaments/${tournament}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      const [drawn] = (await api(url, asha, 'POST', `${base}/rounds/1/publish`)).json.round.matches;
      const post = async (records: { body: string }[]) => {
        for (const r of records) assert.equal((await postRecord(url, 't-1', SECRET, r.body)).status, 201);
      };
      // A friendly match, then the tournament's: two boards of it a delay ago, the rest now; then two
      // friendly ones, not delayed (no tournament's).
      const first = matchRecords('t-1', 1, 31, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      await post(first);
      const played = assignedRecords('t-1', { tournament, round: 1, match: drawn.id }, 23, ['Asha', 'Ben'], first.length + 1);
      assert.ok(played.length >= 4);
      await post(played.slice(0, early));
      clock.pass(2 * MINUTE);
      server.delay.wake();
      await post(played.slice(early));
      let next = first.length + played.length + 1;
      for (const seed of [41, 43]) {
        const friendly = matchRecords('t-1', next, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
        await post(friendly);
        next += friendly.length;
      }
      const list = async (who: LoggedIn | null, query = '') => (await api(url, who, 'GET', `/api/v1/matches/t-1${query}`)).json as { matches: Listed[]; next: number | null };
      const whole = (await list(null)).matches;
      const stored = (await list(asha)).matches;
      assert.equal(whole.length, early ? 4 : 3);
      if (early) assert.ok(whole[1].counter < stored[1].counter, 'the tournament match reads as of its newest record shown');
      assert.deepEqual(whole.map((m) => m.counter), [...whole.map((m) => m.counter)].sort((a, b) => a - b), 'in the order of the counters the public sees');
      for (const who of [null, asha]) {
        const all = who ? stored : whole;
        for (let limit = 1; limit <= 5; limit++) {
          const got: Listed[] = [];
          for (let after: number | null = null, pages = 0; ; pages++) {
            assert.ok(pages < 10, 'pages end');
            const page = await list(who, `?limit=${limit}${after === null ? '' : `&after=${after}`}`);
            got.push(...page.matches);
            if (page.next === null) break;
            assert.equal(page.next, page.matches[page.matches.length - 1].counter, "next: the page's last counter");
            after = page.next;
          }
          assert.deepEqual(got.map((m) => [m.id, m.counter]), all.map((m) => [m.id, m.counter]), `${who ? "the organiser's" : "the public's"} pages of ${limit}`);
        }
      }
    });
  });
}
