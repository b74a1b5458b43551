// The caps on what an organiser can ask (docs/tournament.md §3.5), over real HTTP on loopback against a
// `carrom serve` process, on SQLite and PostgreSQL: what is over them is refused with a 4xx naming the
// field and the cap, and nothing is stored; what is at them is imported and drawn while another client's
// reads (GET /api/v1/tables, what every hall and club page asks) go on being answered; a draw whose
// search would run for ever runs off the event loop and is stopped at its time cap.
//
// The reads' bound: the server aims at answering every read within 100 ms. This machine runs several
// test suites at once on two cores (load averages above 10 were seen while writing this), where a
// process can wait for a core for a few hundred ms with nothing of its own at fault; so each read must
// be answered within READ_BOUND (5 × the aim), and the median read within the 100 ms aim of the median
// read at rest, measured just before on the same machine (a loaded machine slows both alike; a server
// whose event loop the work holds slows only the reads during it: CI once saw a median of 192 ms while
// two other suites ran, with every read under the bound). What
// these tests guard against is a block of seconds (before the caps a draw held the event loop for as
// long as its search ran, which for the state below is without end), far over either.
import assert from 'node:assert/strict';
import { openStore } from '../../../server/store/store.ts';
import { addOrganiser } from '../../../server/tournament-http/organisers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, logIn, ORGANISER_PASSWORD, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { execute, serveProcess, type ServeProcess } from '../../helpers/servers/processes.ts';

const SECRET = '5e'.repeat(32);
const AIM_MS = 100;
const READ_BOUND_MS = 5 * AIM_MS;

/** An entry list of `n` players (with a club and a rating, as a federation's list has them). */
const entryList = (n: number): string => ['name,club,rating', ...Array.from({ length: n }, (_, i) => `Player Number ${i + 1},Club ${i % 40},${(i * 7919) % 2000}`)].join('\n');

/** GET /api/v1/tables one after another, every 10 ms, while `work` runs: every read's time, in ms. A read
 * not answered within 10 × READ_BOUND fails at once (a server blocked for good would hang the test). */
async function readsDuring<T>(url: string, work: () => Promise<T>): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let done = false;
  const reads = (async () => {
    while (!done) {
      const t0 = performance.now();
      let r: Response;
      try {
        r = await fetch(`${url}/api/v1/tables`, { signal: AbortSignal.timeout(10 * READ_BOUND_MS) });
        await r.arrayBuffer();
      } catch (e) {
        throw new Error(`GET /api/v1/tables was not answered within ${10 * READ_BOUND_MS} ms (${(e as Error).message})`);
      }
      times.push(performance.now() - t0);
      assert.equal(r.status, 200);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = work().finally(() => (done = true));
  await Promise.all([result, reads]);
  return { result: await result, times };
}

/** The median read at rest, now: what the reads during some work are compared with. */
async function restingMedian(url: string): Promise<number> {
  const { times } = await readsDuring(url, () => new Promise((resolve) => setTimeout(resolve, 300)));
  return median(times);
}

const median = (times: number[]): number => [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)];

function assertReadsFree(times: number[], atRest: number, what: string): void {
  const slowest = Math.max(...times);
  assert.ok(times.length >= 1, `${what}: no read was made`);
  assert.ok(slowest < READ_BOUND_MS, `${what}: a read took ${slowest.toFixed(0)} ms (bound ${READ_BOUND_MS} ms; ${times.length} reads, median ${median(times).toFixed(0)} ms)`);
  assert.ok(median(times) < atRest + AIM_MS, `${what}: the median read took ${median(times).toFixed(0)} ms, ${atRest.toFixed(0)} ms at rest (aim: within ${AIM_MS} ms of it)`);
}

const csvPost = (url: string, who: LoggedIn, id: number, csv: string) => api(url, who, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, csv, { 'Content-Type': 'text/csv' });

describe('caps on what an organiser can ask (docs/tournament.md §3.5)', function () {
  this.timeout(180_000);
  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let serve: ServeProcess | null = null;
      let db: string;
      let url: string;
      let asha: LoggedIn;
      beforeEach(async () => {
        db = await engine.fresh();
        const store = await openStore(db);
        for (const t of ['hall-1', 'hall-2']) await store.addTable(t, SECRET, '2026-12-01T08:00:00.000Z');
        await addOrganiser(store.sql, 'asha', ORGANISER_PASSWORD, '2026-12-01T08:00:00.000Z');
        await store.close();
        serve = await serveProcess(db);
        url = serve.url;
        asha = await logIn(url, 'asha', ORGANISER_PASSWORD);
      });
      afterEach(async () => {
        // A server whose event loop is held (the code before the caps) would not act on SIGTERM.
        if (serve && serve.exited() === null) serve.child.kill('SIGKILL');
        await serve?.stop();
        serve = null;
      });

      const tournament = async (body: Record<string, unknown> = {}): Promise<number> => {
        const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'National open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], ...body });
        assert.equal(made.status, 201, JSON.stringify(made.json));
        return made.json.tournament.id;
      };
      const entrants = async (id: number) => (await api(url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants as { id: string; seed: number }[];

      it('refuses an entry list, an entrant, a field, a draw and a round over the caps with a 4xx naming the field and the cap, storing nothing', async () => {
        const id = await tournament();
        const over = await csvPost(url, asha, id, entryList(1001));
        assert.equal(over.status, 413, JSON.stringify(over.json).slice(0, 300));
        assert.match(over.json.error, /^entrants\.csv: line 1002: more than 1000 entrants, the cap of a tournament/);
        const blank = await csvPost(url, asha, id, `name\n${'\n'.repeat(100_000)}Asha Rao\n`);
        assert.equal(blank.status, 413);
        assert.match(blank.json.error, /^entrants\.csv: the file has more than 2000 lines, the cap/);
        const club = await csvPost(url, asha, id, `name,club\nAsha Rao,${'C'.repeat(121)}\n`);
        assert.equal(club.status, 400);
        assert.match(club.json.error, /^line 2: club "C+…" is longer than 120 characters$/);
        assert.deepEqual(await entrants(id), [], 'nothing of a refused file is entered');

        assert.equal((await csvPost(url, asha, id, entryList(1000))).status, 201, 'the cap itself is taken');
        const one = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'Late Comer' });
        assert.equal(one.status, 409);
        assert.equal(one.json.error, 'entrants: the tournament has 1000 entrants, the cap is 1000 (docs/tournament.md §3.5)');

        const tables = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'X', date: '2026-12-01', rules: 'icf', tables: Array.from({ length: 501 }, (_, i) => `t${i}`) });
        assert.equal(tables.status, 400);
        assert.equal(tables.json.error, 'tables: 501 tables, the cap is 500 (docs/tournament.md §3.5)');
        const rounds = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { rounds: 100 });
        assert.equal(rounds.status, 400);
        assert.match(rounds.json.error, /^rounds: must be a whole number from 1 to 99/);

        // An all-play-all of 101 would need 101 rounds.
        const circle = await tournament({ system: 'all-play-all' });
        assert.equal((await csvPost(url, asha, circle, entryList(101))).status, 201);
        const drawCircle = await api(url, asha, 'POST', `/api/v1/tournaments/${circle}/rounds`);
        assert.equal(drawCircle.status, 422);
        assert.equal(drawCircle.json.error, 'entrants: an all-play-all of 101 entrants needs 101 rounds; the cap is 100 entrants, 99 rounds (docs/tournament.md §3.5)');

        // A field over the cap that a server before the caps kept (entered straight into its database):
        // its draw is refused, not attempted.
        const old = await tournament();
        const rows = Array.from({ length: 1500 }, (_, i) => `(${old}, 'Kept ${i + 1}', ${i + 1}, '[]', NULL, 1)`).join(', ');
        await execute(db, `INSERT INTO carrom_entrants (tournament_id, name, seed, players, withdrawn_after, entered_round) VALUES ${rows}`);
        const drawOld = await api(url, asha, 'POST', `/api/v1/tournaments/${old}/rounds`);
        assert.equal(drawOld.status, 422, JSON.stringify(drawOld.json).slice(0, 300));
        assert.equal(drawOld.json.error, 'entrants: the tournament has 1500 entrants, over the cap of 1000 (docs/tournament.md §3.5): remove some before drawing');
        assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${old}`)).json.tournament.currentRound, 0, 'no round was drawn');

        // 1,000 entrants after 20 rounds have played the cap's 10,000 matches: round 21 is refused.
        const full = await tournament({ rounds: 30 });
        assert.equal((await csvPost(url, asha, full, entryList(1000))).status, 201);
        const seeded = (await entrants(full)).sort((x, y) => x.seed - y.seed).map((e) => Number(e.id));
        const played = Array.from({ length: 20 }, (_, r) => r + 1);
        await execute(db, `INSERT INTO carrom_rounds (tournament_id, round, status, published_at) VALUES ${played.map((r) => `(${full}, ${r}, 'published', '2026-12-01T09:00:00.000Z')`).join(', ')}`);
        const pairs = played.flatMap((r) => Array.from({ length: 500 }, (_, k) => `(${full}, ${r}, ${k + 1}, ${seeded[2 * k]}, ${seeded[2 * k + 1]}, NULL, 'a', 'finished', 12, 3, 'hand', 0)`));
        await execute(db, `INSERT INTO carrom_tmatches (tournament_id, round, board, a, b, table_id, breaker, status, score_a, score_b, source, corrected) VALUES ${pairs.join(', ')}`);
        const drawFull = await api(url, asha, 'POST', `/api/v1/tournaments/${full}/rounds`);
        assert.equal(drawFull.status, 422, JSON.stringify(drawFull.json).slice(0, 300));
        assert.equal(drawFull.json.error, 'the round would take the tournament to 10500 matches, over the cap of 10000 (docs/tournament.md §3.5)');
        assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${full}`)).json.tournament.currentRound, 20, 'no round was drawn');
      });

      it('imports and draws a field at the cap while another client\'s reads are answered', async function () {
        // Once more on a miss: a median taken over the second or so of an import on the CI's throw-away
        // PostgreSQL missed the aim once (163 ms, 5 ms at rest) where four runs on the same machine met it
        // (a checkpoint of the cluster in that second, not the server). A server that holds the reads
        // while it imports misses it every time, and fails both tries.
        this.retries(1);
        const id = await tournament();
        let atRest = await restingMedian(url);
        const imported = await readsDuring(url, () => csvPost(url, asha, id, entryList(1000)));
        assert.equal(imported.result.status, 201, JSON.stringify(imported.result.json).slice(0, 300));
        assert.equal(imported.result.json.entrants.length, 1000);
        assertReadsFree(imported.times, atRest, 'importing 1000 entrants');
        atRest = await restingMedian(url);
        const drawn = await readsDuring(url, () => api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`));
        assert.equal(drawn.result.status, 201, JSON.stringify(drawn.result.json).slice(0, 300));
        assert.equal(drawn.result.json.round.matches.length, 500);
        assertReadsFree(drawn.times, atRest, 'drawing round 1 of 1000 entrants');
      });

      it('runs a draw that searches without end off the event loop, and stops it at its time cap with a 422', async () => {
        // 60 entrants, two groups: each of the 31 of group A has met each of the 29 of group B (31
        // rounds, the two A left over each round playing each other). Round 32 cannot be drawn without a
        // rematch (31 is odd: one A must meet a B again), and the search for a draw without one, SoL's
        // backtracking, tries the ways to pair A among themselves: more than any machine can.
        const id = await tournament();
        assert.equal((await csvPost(url, asha, id, entryList(60))).status, 201);
        const ids = (await entrants(id)).sort((x, y) => x.seed - y.seed).map((e) => Number(e.id));
        const [A, B] = [31, 29];
        const a = (k: number) => ids[k % A];
        const b = (j: number) => ids[A + j];
        const rounds: string[] = [];
        const matches: string[] = [];
        for (let r = 1; r <= A; r++) {
          rounds.push(`(${id}, ${r}, 'published', '2026-12-01T09:00:00.000Z')`);
          const pairs: [number, number][] = [...Array.from({ length: B }, (_, j) => [a(r + j), b(j)] as [number, number]), [a(r + B), a(r + B + 1)]];
          pairs.forEach(([x, y], i) => matches.push(`(${id}, ${r}, ${i + 1}, ${x}, ${y}, NULL, 'a', 'finished', 10, 10, 'hand', 0)`));
        }
        await execute(db, `INSERT INTO carrom_rounds (tournament_id, round, status, published_at) VALUES ${rounds.join(', ')}`);
        await execute(db, `INSERT INTO carrom_tmatches (tournament_id, round, board, a, b, table_id, breaker, status, score_a, score_b, source, corrected) VALUES ${matches.join(', ')}`);
        await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { rounds: 40 });

        const atRest = await restingMedian(url);
        const t0 = performance.now();
        const drawn = await readsDuring(url, () => api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`));
        const took = performance.now() - t0;
        assert.equal(drawn.result.status, 422, JSON.stringify(drawn.result.json).slice(0, 300));
        assert.match(drawn.result.json.error, /^the draw (searched for more than 10 s without finding a round|needed more than 256 MiB) and was stopped$/);
        assert.ok(took < 30_000, `the draw was answered after ${took.toFixed(0)} ms`);
        assertReadsFree(drawn.times, atRest, 'a draw searching for 10 s');
        // The server goes on: the tournament is as it was, and a draw elsewhere is made.
        assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.currentRound, 31);
        const other = await tournament();
        assert.equal((await csvPost(url, asha, other, entryList(8))).status, 201);
        assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${other}/rounds`)).status, 201);
      });
    });
  }
});
