// The server's side of the table's next match over real HTTP on loopback (docs/tournament.md §5), on
// SQLite and PostgreSQL: a table asks and gets its match of the published round signed with its own
// secret (checked with the table's own readAssignment), a counter that grows only when the assignment
// changes; it refuses a match and the organiser sees it; its records attach to the draw, finish the match
// with the table's result and its boards, and the standings follow; an organiser's result stays.
import assert from 'node:assert/strict';
import { nodeDigest } from '../../../hosts/simulator/sync.ts';
import { readAssignment, refusalText, type Read } from '../../../src/sync/assignment.ts';
import { formatLog } from '../../../src/rules/log.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { namedLog, postRecord, recordBody, signature, stateOf, type TableRecord } from '../../../tools/results.ts';
import { api, askHeaders, assignedRecords, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '77'.repeat(32);

interface M { id: number; a: string; b: string | null; table: string | null; status: string; result: { a: number; b: number } | null; source: string | null; boards: unknown[]; corrected: boolean }

describe('the table’s next match served over HTTP: signed assignments, refusals, results attached to the draw', function () {
  this.timeout(120_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': OTHER }), (o) => ({ url, asha, clock } = o), () => {
    /** A tournament of four on hall-1 and hall-2, round 1 drawn (a draft). */
    async function drawn(): Promise<{ base: string; id: number; names: Map<string, string> }> {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1', 'hall-2'] })).json.tournament.id;
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha Rao\nBen Ode\nChandra Iyer\nDee Mensah\n', { 'Content-Type': 'text/csv' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const base = `/api/v1/tournaments/${id}`;
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      return { base, id, names: new Map(r.json.entrants.map((e: { id: string; name: string }) => [e.id, e.name])) };
    }

    /** The table's question, its answer read as the table reads it. */
    /** The table's question as it asks it, signed with `secret` and the server's time (§5.1), a new nonce each time. */
    let asked = 0;
    async function ask(table: string, secret: string, nonce = (++asked).toString(16).padStart(32, '0')): Promise<{ status: number; read: Read; body: string }> {
      const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders(table, secret, nonce, clock.now) });
      const body = await res.text();
      return { status: res.status, body, read: readAssignment(body, res.headers.get('carrom-signature'), { table, secret, nonce, digest: nodeDigest }) };
    }
    const taken = (r: Read) => {
      assert.ok(r.ok, r.ok ? '' : r.reason);
      return r.answer;
    };

    async function refuse(table: string, secret: string, body: string, signedWith = secret) {
      const res = await fetch(`${url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': table, 'Carrom-Signature': signature(signedWith, body) }, body });
      return { status: res.status, json: await res.json() };
    }
    const matches = async (base: string): Promise<M[]> => (await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches;

    it('refuses an ask or a refusal that is not well formed, saying what is wrong and where', async () => {
      const answer = async (path: string, init: RequestInit) => {
        const res = await fetch(`${url}${path}`, init);
        return [res.status, await res.json()];
      };
      const noTable = await answer('/api/v1/assignment', { headers: { 'Carrom-Nonce': '0'.repeat(32) } });
      assert.deepEqual(noTable, [400, { error: 'header Carrom-Table must name the table (1–40 characters of a-z, 0-9, -)' }]);
      assert.deepEqual(await answer('/api/v1/assignment', { headers: askHeaders('hall-1', SECRET, 'XYZ', clock.now) }), [400, { error: 'header Carrom-Nonce must be 32 lowercase hex digits' }]);
      const unknown = { error: 'unknown table "hall-9" (register it with carrom serve --add-table hall-9)' };
      assert.deepEqual(await answer('/api/v1/assignment', { headers: askHeaders('hall-9', SECRET, '1'.repeat(32), clock.now) }), [404, unknown]);
      assert.deepEqual(await answer('/api/v1/assignment', { method: 'POST', body: '' }), [405, { error: 'the next match is asked with GET' }]);
      assert.deepEqual(await answer('/api/v1/assignment/refusal', {}), [405, { error: 'a refusal is sent with POST' }]);
      const refusal = (body: string, headers: Record<string, string> = { 'Carrom-Signature': signature(SECRET, body) }, table = 'hall-1') =>
        answer('/api/v1/assignment/refusal', { method: 'POST', headers: { 'Carrom-Table': table, ...headers }, body });
      const good = { carromRefusal: 1, table: 'hall-1', counter: 0, match: 1, reason: 'wrong-table' };
      assert.deepEqual(await refusal(JSON.stringify(good), {}), [401, { error: 'header Carrom-Signature is missing' }]);
      assert.deepEqual(await refusal(JSON.stringify(good), { 'Carrom-Signature': 'sha256=xyz' }), [401, { error: 'header Carrom-Signature must be sha256=<64 lowercase hex digits>' }]);
      assert.deepEqual(await refusal(JSON.stringify({ ...good, table: 'hall-9' }), undefined, 'hall-9'), [404, unknown]);
      assert.deepEqual(await refusal(JSON.stringify({ ...good, reason: 'x'.repeat(4096) })), [413, { error: 'body over 4096 bytes' }]);
      const wrong: [unknown, string][] = [
        ['not JSON', 'body is not JSON'], [[good], 'body must be a JSON object'], [null, 'body must be a JSON object'],
        [{ ...good, carromRefusal: 2 }, 'field "carromRefusal" must be 1, not 2'], [{ ...good, carromRefusal: undefined }, 'field "carromRefusal" must be 1, not missing'],
        [{ ...good, table: 'hall-2' }, 'field "table" must be "hall-1", the header Carrom-Table'],
        [{ ...good, counter: -1 }, 'field "counter" must be a whole number'], [{ ...good, match: 1.5 }, 'field "match" must be a whole number'],
        [{ ...good, reason: '' }, 'field "reason" must be 1–40 characters'], [{ ...good, reason: 'x'.repeat(41) }, 'field "reason" must be 1–40 characters'],
        [{ ...good, reason: 7 }, 'field "reason" must be 1–40 characters'],
      ];
      for (const [body, error] of wrong) assert.deepEqual(await refusal(typeof body === 'string' ? body : JSON.stringify(body)), [400, { error }], JSON.stringify(body));
      // Well formed at the longest reason, and counter 0 and match 0 taken as numbers: only not hall-1's assignment.
      const [status] = await refusal(JSON.stringify({ ...good, counter: 0, match: 0, reason: 'x'.repeat(40) }));
      assert.equal(status, 409);
    });

    it('a table gets nothing before the publish, then its match signed with its secret; the counter moves only when the assignment does', async () => {
      const { base, id, names } = await drawn();
      const before = taken((await ask('hall-1', SECRET)).read);
      assert.deepEqual([before.assignment, before.counter], [null, 1], 'a draft is not served');
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      const got = await ask('hall-1', SECRET);
      const a = taken(got.read);
      assert.equal(a.counter, 2);
      const [m1] = await matches(base);
      assert.deepEqual(a.assignment, {
        tournament: id, name: 'Club open', round: 1, match: m1.id, label: 'R1 T1', rules: 'icf', options: { matchTarget: 9 }, mode: 'singles',
        players: [names.get(m1.a), names.get(m1.b!)], breaker: 0, publishedAt: a.assignment!.publishedAt,
      });
      assert.equal(m1.status, 'assigned', 'the organiser sees the table fetched it');
      assert.equal(taken((await ask('hall-1', SECRET, 'ab'.repeat(16))).read).counter, 2, 'the same assignment keeps its counter');
      assert.equal(taken((await ask('hall-2', OTHER)).read).assignment?.label, 'R1 T2');
      assert.deepEqual((await ask('hall-1', OTHER)).read, { ok: false, reason: 'bad signature' }, 'signed with hall-1’s own secret, no other');
      assert.equal((await ask('hall-1', SECRET, 'XYZ')).status, 400);
      assert.equal((await ask('hall-9', SECRET)).status, 404);
    });

    it('a refusal, signed, makes the match refused and logged for the organiser; a stale or unsigned one changes nothing', async () => {
      const { base } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-2', OTHER)).read);
      const body = refusalText({ table: 'hall-2', counter: a.counter, match: a.assignment!.match, reason: 'wrong-table' });
      assert.equal((await refuse('hall-2', OTHER, body, SECRET)).status, 401, 'another table’s key');
      const stale = await refuse('hall-2', OTHER, refusalText({ table: 'hall-2', counter: a.counter - 1, match: a.assignment!.match, reason: 'wrong-table' }));
      assert.equal(stale.status, 409, JSON.stringify(stale.json));
      assert.equal((await matches(base))[1].status, 'assigned');
      const done = await refuse('hall-2', OTHER, body);
      assert.deepEqual([done.status, done.json], [201, { refused: true }]);
      assert.equal((await matches(base))[1].status, 'refused');
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes;
      assert.deepEqual(log.at(-1), { seq: log.at(-1).seq, at: log.at(-1).at, table: 'hall-2', action: 'refused', target: { match: a.assignment!.match }, before: { status: 'assigned' }, after: { status: 'refused' }, reason: 'wrong-table' });
      assert.equal((await refuse('hall-2', OTHER, body)).status, 409, 'refused already: no longer its assignment');
      const after = taken((await ask('hall-2', OTHER)).read);
      assert.deepEqual([after.assignment, after.counter], [null, a.counter + 1], 'the refused match is not served again');
      // The organiser moves it to hall-1 (the two trade tables): each waits for its new table, which gets it.
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: a.assignment!.match, table: 'hall-1' })).status, 200);
      assert.deepEqual((await matches(base)).map((m) => [m.table, m.status]), [['hall-2', 'waiting'], ['hall-1', 'waiting']]);
      assert.equal(taken((await ask('hall-1', SECRET)).read).assignment?.match, a.assignment!.match);
    });

    /** A log as the table writes it for an assignment: its header names the draw's `players` in
     * capitals, as the table starts the match (src/app/screen/offer.ts). */
    /** The records of a whole match of `players` on `table`, each carrying the assignment's ids. */
    const recordsFor = (table: string, ids: { tournament: number; round: number; match: number }, seed: number, players: readonly string[]): TableRecord[] =>
      assignedRecords(table, ids, seed, players);

    it('the records of an assigned match make it playing, then finished with the table’s result and boards, and the standings count it', async () => {
      const { base, id } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-1', SECRET)).read).assignment!;
      const records = recordsFor('hall-1', { tournament: id, round: 1, match: a.match }, 23, a.players);
      assert.equal((await postRecord(url, 'hall-1', SECRET, records[0].body)).status, 201);
      let [m1] = await matches(base);
      assert.deepEqual([m1.status, m1.result, m1.boards.length], ['playing', null, 1]);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: m1.id, table: 'hall-2' })).status, 409, 'the round has started on hall-1');
      for (const r of records.slice(1)) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      [m1] = await matches(base);
      // The ICF plays best of three games: the result is the games each side won.
      const last = JSON.parse(records.at(-1)!.body).state.match as { games: { winner: number }[] };
      const won = (side: number) => last.games.filter((g) => g.winner === side).length;
      assert.ok(won(0) === 2 || won(1) === 2, 'the match was played to its end');
      assert.deepEqual([m1.status, m1.source, m1.result, m1.corrected], ['finished', 'table', { a: won(0), b: won(1) }, false]);
      const stored = (await (await fetch(`${url}/api/v1/matches/hall-1`)).json()) as { matches: { boards: { game: number; board: number }[] }[] };
      assert.deepEqual(m1.boards.map((x) => [(x as { game: number }).game, (x as { board: number }).board]), stored.matches[0].boards.map((x) => [x.game, x.board]), 'every board of the match, as the table reported it');
      assert.ok(m1.boards.length >= 2);
      const winner = won(0) > won(1) ? m1.a : m1.b;
      const standings = (await api(url, null, 'GET', `${base}/standings?round=1`)).json.standings as { id: string; points: number }[];
      assert.equal(standings.find((s) => s.id === winner)?.points, 2, 'the table’s result is in the standings');
      assert.equal(taken((await ask('hall-1', SECRET)).read).assignment, null, 'its match finished: nothing to play');
      // SoL's .sol carries the table's boards: the winner's coins are the loser's men left (§9.1).
      const sol = JSON.parse(await (await fetch(`${url}${base}/export.sol`)).text());
      const exported = sol[1].matches.find((x: { board: number }) => x.board === 1) as { boards: { number: number; coins1: number; coins2: number }[] };
      const rows = m1.boards as { winner: number | null; menLeft0: number | null; menLeft1: number | null }[];
      assert.deepEqual(exported.boards.map((b) => [b.number, b.coins1, b.coins2]), rows.map((r, i) => [i + 1, r.winner === 0 ? r.menLeft1 : 0, r.winner === 1 ? r.menLeft0 : 0]));
    });

    /** Seed 360's match is over after 75 events (0-3); then the last shot is taken back and played
     * again, and it ends 2-0 the other way. The table sends the records of each ending in turn. */
    function twoEndings(ids: { tournament: number; round: number; match: number }, players: readonly string[]): string[][] {
      const m = randomMatch(360, { rules: 'it-torneo', mode: 'singles', clean: true, options: { matchTarget: 1, maxBoards: 1 } });
      const first = namedLog(formatLog(m.header, m.events.slice(0, 75)), players);
      const again = namedLog(formatLog(m.header, m.events), players);
      assert.deepEqual([(stateOf(first) as { match: unknown }).match, (stateOf(again) as { match: unknown }).match].map((x) => (x as { score: number[] }).score), [[0, 3], [2, 0]]);
      return [[recordBody('hall-1', 1, 'board', first, ids), recordBody('hall-1', 2, 'match', first, ids)], [recordBody('hall-1', 3, 'board', again, ids), recordBody('hall-1', 4, 'match', again, ids)]];
    }

    it('a shot taken back after the match ended changes the result: the table’s newer match record counts, not its first', async () => {
      const { base, id } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-1', SECRET)).read).assignment!;
      for (const body of twoEndings({ tournament: id, round: 1, match: a.match }, a.players).flat()) assert.equal((await postRecord(url, 'hall-1', SECRET, body)).status, 201);
      const [m1] = await matches(base);
      assert.deepEqual([m1.status, m1.source, m1.result, m1.corrected], ['finished', 'table', { a: 2, b: 0 }, false]);
      const winner = (await api(url, null, 'GET', `${base}/standings?round=1`)).json.standings.find((s: { points: number }) => s.points === 2);
      assert.equal(winner.id, m1.a, 'the standings follow the table’s last word');
    });

    it('once the next round is drawn, a later ending at the table no longer changes the result: the draw depended on it', async () => {
      const { base, id } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-1', SECRET)).read).assignment!;
      const [first, again] = twoEndings({ tournament: id, round: 1, match: a.match }, a.players);
      for (const body of first) assert.equal((await postRecord(url, 'hall-1', SECRET, body)).status, 201);
      const [, m2] = await matches(base);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m2.id}/result`, { a: 9, b: 4, reason: 'score sheet' })).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201, 'round 2 drawn from 0-3');
      for (const body of again) assert.equal((await postRecord(url, 'hall-1', SECRET, body)).status, 201, 'stored all the same');
      const [m1] = await matches(base);
      assert.deepEqual([m1.status, m1.source, m1.result], ['finished', 'table', { a: 0, b: 3 }]);
    });

    it('the records of a pairing the table showed before a swap are stored but not attached to the match as swapped', async () => {
      const { base, id, names } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-1', SECRET)).read).assignment!;
      assert.deepEqual(a.players, ['Asha Rao', 'Ben Ode']);
      // The organiser swaps Ben and Chandra; hall-1's players had already started Asha v Ben.
      const eid = (name: string) => [...names].find(([, n]) => n === name)![0];
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/swap`, { entrants: [eid('Ben Ode'), eid('Chandra Iyer')] })).status, 200);
      for (const r of recordsFor('hall-1', { tournament: id, round: 1, match: a.match }, 23, a.players)) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      const [m1] = await matches(base);
      assert.deepEqual([m1.a, m1.b, m1.result, m1.boards.length], [eid('Asha Rao'), eid('Chandra Iyer'), null, 0], 'Asha v Ben’s result is not Asha v Chandra’s');
      // The table asks again and plays the match as it is now: that attaches.
      const now = taken((await ask('hall-1', SECRET)).read).assignment!;
      assert.deepEqual([now.match, now.players], [a.match, ['Asha Rao', 'Chandra Iyer']]);
      const again = recordsFor('hall-1', { tournament: id, round: 1, match: a.match }, 24, now.players).map((r) => recordBody('hall-1', r.counter + 100, r.kind, r.log, { tournament: id, round: 1, match: a.match }));
      for (const body of again) assert.equal((await postRecord(url, 'hall-1', SECRET, body)).status, 201);
      assert.equal((await matches(base))[0].source, 'table');
    });

    it('a record naming a match that is not the table’s is stored but not attached; an ill-typed id is a 400', async () => {
      const { base, id } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const [, m2] = await matches(base);
      const [r] = recordsFor('hall-1', { tournament: id, round: 1, match: m2.id }, 23, ['Chandra Iyer', 'Dee Mensah']);
      assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      assert.deepEqual((await matches(base)).map((m) => [m.status, m.boards.length]), [['waiting', 0], ['waiting', 0]]);
      const bad = await postRecord(url, 'hall-1', SECRET, JSON.stringify({ ...JSON.parse(r.body), counter: 2, round: '1' }));
      assert.deepEqual([bad.status, bad.json.error], [400, 'field "round" must be a positive integer when given']);
    });

    it('a result an organiser entered stays when the table’s records come later, and is shown corrected where they differ', async () => {
      const { base, id } = await drawn();
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      const a = taken((await ask('hall-1', SECRET)).read).assignment!;
      const hand = await api(url, asha, 'POST', `${base}/matches/${a.match}/result`, { a: 0, b: 0, reason: 'the referee’s decision' });
      assert.equal(hand.status, 200, JSON.stringify(hand.json));
      // The table had played on offline: its outbox delivers the whole match now.
      for (const r of recordsFor('hall-1', { tournament: id, round: 1, match: a.match }, 23, a.players)) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
      const [m1] = await matches(base);
      assert.deepEqual([m1.status, m1.source, m1.result, m1.corrected], ['finished', 'hand', { a: 0, b: 0 }, true]);
      assert.ok(m1.boards.length > 0, 'the table’s boards are shown beside it');
    });
  });
});
