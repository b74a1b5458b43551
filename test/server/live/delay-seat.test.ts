// Issue 34: the traces of a table's ask in a delayed tournament's draw. A table asks for its next match at
// once after its match's last record (never in a match), so the ask's traces say that match ended: the
// next match `assigned`, a waiting match seated on the table (more matches than tables) and the table's
// `seat` entry in the change log. The public sees none of them before the delay is past (to the
// millisecond), an organiser at once. Real HTTP on loopback, on both databases (server/live/delay-rows.ts).
import assert from 'node:assert/strict';
import { refusalText } from '../../../src/sync/assignment.ts';
import { postRecord, signature } from '../../../tools/results.ts';
import { api, askHeaders, assignedRecords, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const MINUTE = 60_000;

interface Drawn {
  id: number;
  table: string | null;
  status: string;
  a: string;
  b: string;
}

describe("a table's ask on a delayed tournament's draw and log", function () {
  this.timeout(60_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET }), (o) => ({ url, asha, clock } = o), () => {
    it("shows the public the next match assigned and seated, and the seat's entry, only once the delay is past; an organiser at once", async () => {
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'], delay: 1 });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const tournament = made.json.tournament.id as number;
      const base = `/api/v1/tournaments/${tournament}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\nChitra\nDev\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      const drawn = (await api(url, asha, 'POST', `${base}/rounds/1/publish`)).json.round.matches as Drawn[];
      const names = new Map(((await api(url, asha, 'GET', `${base}/entrants`)).json.entrants as { id: number | string; name: string }[]).map((e) => [String(e.id), e.name]));
      const [first, second] = drawn;
      assert.deepEqual([first.table, second.table], ['hall-1', null], 'more matches than tables: the second waits for a table');

      // The table fetches its first match, plays it to its end a delay later and more, and asks at once.
      const ask = async (nonce: string) => {
        const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, nonce.repeat(32), clock.now) });
        assert.equal(res.headers.get('carrom-ask'), 'counted');
        return JSON.parse(await res.text()) as { assignment: { match: number } | null };
      };
      assert.equal((await ask('1')).assignment?.match, first.id);
      clock.pass(2 * MINUTE);
      const records = assignedRecords('hall-1', { tournament, round: 1, match: first.id }, 23, [names.get(first.a)!, names.get(first.b)!]);
      for (const r of records) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      assert.equal((await ask('2')).assignment?.match, second.id, 'the free table is given the waiting match');

      /** What `who` reads of it: the round's two matches, the tables report's, the log's table entries. */
      const read = async (who: LoggedIn | null) => {
        const round = (await api(url, who, 'GET', `${base}/rounds/1`)).json.round.matches as Drawn[];
        const report = (await api(url, who, 'GET', `${base}/tables`)).json as { notReported: Drawn[]; playing: Drawn[] };
        const log = (await api(url, who, 'GET', `${base}/log`)).json.changes as { seq: number; table?: string; action: string }[];
        const open = [...report.notReported, ...report.playing].map((m) => ({ match: (m as unknown as { match: number }).match, table: m.table, status: m.status }));
        return {
          round: round.map((m) => ({ id: m.id, table: m.table, status: m.status })),
          open,
          seats: log.filter((c) => c.table !== undefined).map((c) => `${c.action} by ${c.table}`),
          seqs: log.map((c) => c.seq),
        };
      };
      const organiser = await read(asha);
      assert.deepEqual(organiser.round, [{ id: first.id, table: 'hall-1', status: 'finished' }, { id: second.id, table: 'hall-1', status: 'assigned' }], "the organiser's round: at once");
      assert.deepEqual(organiser.open, [{ match: second.id, table: 'hall-1', status: 'assigned' }]);
      assert.deepEqual(organiser.seats, ['seat by hall-1']);
      // The public's: the first match as its first fetch left it (its records held), the second waiting
      // for a table, no seat: from now to a millisecond before the delay is past.
      const held = {
        round: [{ id: first.id, table: 'hall-1', status: 'assigned' }, { id: second.id, table: null, status: 'waiting' }],
        open: [{ match: first.id, table: 'hall-1', status: 'assigned' }, { match: second.id, table: null, status: 'waiting' }],
        seats: [],
        seqs: organiser.seqs.slice(0, -1),
      };
      assert.deepEqual(await read(null), held, "the public's, at once");
      clock.pass(MINUTE - 1);
      assert.deepEqual(await read(null), held, "the public's, a millisecond before the delay is past");
      clock.pass(1);
      assert.deepEqual(await read(null), organiser, "the public's, the delay past: the organiser's");
    });

    it("holds back the next match's `assigned` even in a tournament with no delay, while the match before it is held", async () => {
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'], delay: 1 });
      const tournament = made.json.tournament.id as number;
      const base = `/api/v1/tournaments/${tournament}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      const [played] = (await api(url, asha, 'POST', `${base}/rounds/1/publish`)).json.round.matches as Drawn[];
      const ask = async (nonce: string) => {
        const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, nonce.repeat(32), clock.now) });
        assert.equal(res.headers.get('carrom-ask'), 'counted');
        return JSON.parse(await res.text()) as { assignment: { match: number } | null };
      };
      assert.equal((await ask('1')).assignment?.match, played.id);
      // A second tournament on the same table, live (no delay), published while the first's match is on.
      const live = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Live', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'] });
      const other = `/api/v1/tournaments/${live.json.tournament.id}`;
      assert.equal((await api(url, asha, 'POST', `${other}/entrants.csv`, 'name\nChitra\nDev\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${other}/rounds`)).status, 201);
      const [next] = (await api(url, asha, 'POST', `${other}/rounds/1/publish`)).json.round.matches as Drawn[];
      clock.pass(2 * MINUTE);
      for (const r of assignedRecords('hall-1', { tournament, round: 1, match: played.id }, 23, ['Asha', 'Ben'])) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      assert.equal((await ask('2')).assignment?.match, next.id, "the table is given the live tournament's match");
      const status = async (who: LoggedIn | null) => ((await api(url, who, 'GET', `${other}/rounds/1`)).json.round.matches as Drawn[]).map((m) => [m.table, m.status]);
      assert.deepEqual(await status(asha), [['hall-1', 'assigned']], "the organiser's: at once");
      assert.deepEqual(await status(null), [['hall-1', 'waiting']], "the public's: not while the delayed match's end is held");
      clock.pass(MINUTE - 1);
      assert.deepEqual(await status(null), [['hall-1', 'waiting']], 'a millisecond before the delay is past');
      clock.pass(1);
      assert.deepEqual(await status(null), [['hall-1', 'assigned']], 'the delay past');
    });

    it("shows the public a table's refusal (which dates the ask it follows) only once the delay is past", async () => {
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'], delay: 1 });
      const base = `/api/v1/tournaments/${made.json.tournament.id}`;
      assert.equal((await api(url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      const asked = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, '1'.repeat(32), clock.now) });
      const served = JSON.parse(await asked.text()) as { counter: number; assignment: { match: number } };
      clock.pass(2 * MINUTE);
      const body = refusalText({ table: 'hall-1', counter: served.counter, match: served.assignment.match, reason: 'wrong-table' });
      const res = await fetch(`${url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': 'hall-1', 'Carrom-Signature': signature(SECRET, body) }, body });
      assert.equal(res.status, 201, await res.text());
      const read = async (who: LoggedIn | null) => ({
        status: ((await api(url, who, 'GET', `${base}/rounds/1`)).json.round.matches as Drawn[]).map((m) => m.status),
        refused: ((await api(url, who, 'GET', `${base}/tables`)).json.refused as { match: number }[]).map((r) => r.match),
        log: ((await api(url, who, 'GET', `${base}/log`)).json.changes as { action: string }[]).map((c) => c.action),
      });
      const organiser = await read(asha);
      assert.deepEqual(organiser, { status: ['refused'], refused: [served.assignment.match], log: ['create', 'import', 'draw', 'publish', 'refused'] });
      const held = { status: ['assigned'], refused: [], log: ['create', 'import', 'draw', 'publish'] };
      assert.deepEqual(await read(null), held, "the public's, at once");
      clock.pass(MINUTE - 1);
      assert.deepEqual(await read(null), held, 'a millisecond before the delay is past');
      clock.pass(1);
      assert.deepEqual(await read(null), organiser, 'the delay past');
    });
  });
});
