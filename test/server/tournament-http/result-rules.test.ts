// What a table's records and refusals, and an organiser's corrections, may and may not change in the
// draw, over real HTTP on loopback, on SQLite and PostgreSQL (docs/tournament.md §4, §5.3, §5.4): once the
// next round is drawn a match played again at its table no longer changes the result the draw depended on
// (a correction by hand does, once the draft is discarded, and is logged); a match in play cannot be
// refused, nor another table's match; a record of a round not yet published does not attach, nor one
// naming another round than its match's; a table that never asked with a signature (older firmware) has
// its records attached all the same; a match of one game gives its score, one of several games the games
// won; a result corrected by hand stays marked so when the table's later records agree with it, and
// through a second correction; a bye's result is not corrected by hand (409: it keeps the phantom score);
// a hand result of a walkover's score replaces the walkover. One server for the file: each test has its
// own tournament on two tables of its own.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../../server/index.ts';
import { nodeDigest } from '../../../hosts/simulator/sync.ts';
import { readAssignment, refusalText, type Read } from '../../../src/sync/assignment.ts';
import { formatLog } from '../../../src/rules/log.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { matchRecords, namedLog, playedBy, postRecord, recordBody, signature, stateOf, type TableRecord } from '../../../tools/results.ts';
import { api, askHeaders, assignedRecords, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

interface M { id: number; a: string; b: string | null; status: string; result: { a: number; b: number } | null; source: string | null; boards: unknown[]; corrected: boolean }
type Ids = { tournament: number; round: number; match: number };
const FOUR = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah'];

/** What a match's records say it ended, worked out from its last record: the games each side won where
 *  the rules play several, else the match's score (§5.4). */
function endingOf(records: readonly TableRecord[]): { a: number; b: number } {
  const m = (stateOf(records.at(-1)!.log) as { match: { over: boolean; score: number[]; games: { winner: number }[] } }).match;
  assert.ok(m.over, 'the records play the match to its end');
  if (m.games.length === 0) return { a: m.score[0], b: m.score[1] };
  return { a: m.games.filter((g) => g.winner === 0).length, b: m.games.filter((g) => g.winner === 1).length };
}

describe('what a table’s records may change in the draw', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, {}), (o) => ({ server, url, asha, clock } = o), () => {
    let made = 0;
    let asked = 0;
    /** A tournament of `entries` (four unless said) on two tables of its own (registered now), round 1
     *  drawn (a draft). */
    async function drawn(entries = FOUR): Promise<{ base: string; id: number; names: Map<string, string>; tables: [string, string]; secrets: [string, string] }> {
      made++;
      const tables: [string, string] = [`t${made}-1`, `t${made}-2`];
      const secrets: [string, string] = [(10 + 2 * made).toString(16).padStart(2, '0').repeat(32), (11 + 2 * made).toString(16).padStart(2, '0').repeat(32)];
      for (let i = 0; i < 2; i++) await server.store.addTable(tables[i], secrets[i], '2026-12-01T08:00:00.000Z');
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables })).json.tournament.id;
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, `name\n${entries.join('\n')}\n`, { 'Content-Type': 'text/csv' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const base = `/api/v1/tournaments/${id}`;
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      return { base, id, tables, secrets, names: new Map(r.json.entrants.map((e: { id: string; name: string }) => [e.id, e.name])) };
    }
    const publish = async (base: string) => assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);

    /** The table's question as it asks it (§5.1), its answer read as the table reads it. */
    async function ask(table: string, secret: string): Promise<Read> {
      const nonce = (++asked).toString(16).padStart(32, '0');
      const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders(table, secret, nonce, clock.now) });
      return readAssignment(await res.text(), res.headers.get('carrom-signature'), { table, secret, nonce, digest: nodeDigest });
    }
    const taken = (r: Read) => {
      assert.ok(r.ok, r.ok ? '' : r.reason);
      return r.answer;
    };
    async function refuse(table: string, secret: string, body: string) {
      const res = await fetch(`${url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': table, 'Carrom-Signature': signature(secret, body) }, body });
      return { status: res.status, json: (await res.json()) as { error?: string; refused?: boolean } };
    }
    const matches = async (base: string): Promise<M[]> => (await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches;
    async function post(table: string, secret: string, bodies: readonly string[]): Promise<void> {
      for (const body of bodies) assert.equal((await postRecord(url, table, secret, body)).status, 201);
    }
    const bodies = (records: readonly TableRecord[]) => records.map((r) => r.body);

    it('once the next round is drawn, the match played again at its table does not change its result; a correction by hand, after the draft is discarded, does and is logged', async () => {
      const { base, id, names, tables: [table, second], secrets: [secret, secondSecret] } = await drawn();
      await publish(base);
      const a = taken(await ask(table, secret)).assignment!;
      const ids: Ids = { tournament: id, round: 1, match: a.match };
      const played = assignedRecords(table, ids, 23, a.players);
      await post(table, secret, bodies(played));
      const first = endingOf(played);
      const [m1, m2] = await matches(base);
      assert.deepEqual([m1.source, m1.result], ['table', first]);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m2.id}/result`, { a: 9, b: 4, reason: 'score sheet' })).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201, 'round 2 drawn from round 1’s results');
      // The players start the match again at the table from its first board (another stored match of the
      // same assignment, its counters after the first's), and it ends otherwise.
      let seed = 24;
      while (JSON.stringify(endingOf(assignedRecords(table, ids, seed, a.players))) === JSON.stringify(first)) seed++;
      await post(table, secret, assignedRecords(table, ids, seed, a.players).map((r) => recordBody(table, r.counter + 100, r.kind, r.log, ids)));
      // The second table, which broke down and was scored by hand, delivers its match from its outbox now.
      const late = assignedRecords(second, { tournament: id, round: 1, match: m2.id }, 25, [names.get(m2.a)!, names.get(m2.b!)!]);
      await post(second, secondSecret, bodies(late));
      assert.notDeepEqual(endingOf(late), { a: 9, b: 4 });
      assert.deepEqual((await matches(base)).map((m) => [m.source, m.result]), [['table', first], ['hand', { a: 9, b: 4 }]], 'the results the draw depended on stand');
      assert.equal((await matches(base))[1].corrected, true, 'the hand result marked as differing from what its table played');
      const report = (await api(url, null, 'GET', `${base}/tables`)).json;
      assert.deepEqual(report.unattached.map((u: { match: number; reason: string }) => [u.match, u.reason]), [[a.match, `match ${a.match} has its result from other records already`]]);
      // A correction by hand is refused while round 2 is drawn …
      const other = { a: first.b, b: first.a };
      const refused = await api(url, asha, 'POST', `${base}/matches/${a.match}/result`, { ...other, reason: 'played again at the table' });
      assert.deepEqual([refused.status, refused.json], [409, { error: 'round 2 is drawn: delete its draft first, the draw depended on this result' }]);
      // … and taken, logged, once the draft is discarded.
      assert.equal((await api(url, asha, 'DELETE', `${base}/rounds/2`)).status, 200);
      const corrected = await api(url, asha, 'POST', `${base}/matches/${a.match}/result`, { ...other, reason: 'played again at the table' });
      assert.equal(corrected.status, 200, JSON.stringify(corrected.json));
      const [now] = await matches(base);
      assert.deepEqual([now.source, now.result, now.corrected], ['hand', other, true]);
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes;
      assert.deepEqual({ ...log.at(-1), seq: 0, at: '' }, {
        seq: 0, at: '', organiser: 'asha', action: 'result', target: { match: a.match },
        before: { result: first, source: 'table' }, after: { result: other, source: 'hand' }, reason: 'played again at the table',
      });
    });

    it('a match whose records have begun cannot be refused by its table: 409, and it stays in play', async () => {
      const { base, id, tables: [table], secrets: [secret] } = await drawn();
      await publish(base);
      const answer = taken(await ask(table, secret));
      const a = answer.assignment!;
      const [board] = assignedRecords(table, { tournament: id, round: 1, match: a.match }, 23, a.players);
      await post(table, secret, [board.body]);
      assert.equal((await matches(base))[0].status, 'playing');
      const late = await refuse(table, secret, refusalText({ table, counter: answer.counter, match: a.match, reason: 'wrong-table' }));
      assert.deepEqual([late.status, late.json], [409, { error: `match ${a.match} has started on table "${table}": it can no longer be refused` }]);
      assert.equal((await matches(base))[0].status, 'playing');
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string }[];
      assert.ok(!log.some((c) => c.action === 'refused'), 'no refusal logged');
      assert.equal(taken(await ask(table, secret)).assignment?.match, a.match, 'still the table’s match');
    });

    it('a table cannot refuse a match that is not its own assignment, even with its current counter', async () => {
      const { base, tables, secrets } = await drawn();
      await publish(base);
      const mine = taken(await ask(tables[0], secrets[0]));
      const theirs = taken(await ask(tables[1], secrets[1])).assignment!;
      const wrong = await refuse(tables[0], secrets[0], refusalText({ table: tables[0], counter: mine.counter, match: theirs.match, reason: 'wrong-table' }));
      assert.equal(wrong.status, 409, JSON.stringify(wrong.json));
      assert.match(wrong.json.error ?? '', new RegExp(`^counter ${mine.counter} \\(match ${theirs.match}\\) is not table "${tables[0]}"'s current assignment`));
      assert.deepEqual((await matches(base)).map((m) => m.status), ['assigned', 'assigned'], 'neither match refused');
    });

    it('a record naming a match of a round not yet published is stored but does not attach, and says why', async () => {
      const { base, id, names, tables: [table], secrets: [secret] } = await drawn();
      const [m1] = await matches(base);
      await post(table, secret, bodies(assignedRecords(table, { tournament: id, round: 1, match: m1.id }, 23, [names.get(m1.a)!, names.get(m1.b!)!])));
      assert.deepEqual((await matches(base)).map((m) => [m.status, m.result, m.boards.length]), [['waiting', null, 0], ['waiting', null, 0]]);
      const report = (await api(url, null, 'GET', `${base}/tables`)).json;
      assert.deepEqual(report.unattached.map((u: { table: string; round: number; match: number; reason: string }) => [u.table, u.round, u.match, u.reason]), [[table, 1, m1.id, 'round 1 is not published']]);
      // Published now, the match is still to be played: what came before its publish does not count.
      await publish(base);
      assert.deepEqual((await matches(base)).map((m) => [m.status, m.result]), [['waiting', null], ['waiting', null]]);
    });

    it('a match of one game gives the match’s score, every board counted; one of several games the games won', async () => {
      const { base, id, tables, secrets } = await drawn();
      await publish(base);
      const [one, several] = [taken(await ask(tables[0], secrets[0])).assignment!, taken(await ask(tables[1], secrets[1])).assignment!];
      // The first table plays the ICF's rules to one game of 9 points; the second the ICF's best of three.
      const oneGame = playedBy(tables[0], matchRecords(tables[0], 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9, gamesPerMatch: 1 } }), one.players, { tournament: id, round: 1, match: one.match });
      const threeGames = playedBy(tables[1], matchRecords(tables[1], 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }), several.players, { tournament: id, round: 1, match: several.match });
      await post(tables[0], secrets[0], bodies(oneGame));
      await post(tables[1], secrets[1], bodies(threeGames));
      const [m1, m2] = await matches(base);
      const game = (stateOf(oneGame.at(-1)!.log) as { match: { score: number[]; games: unknown[] } }).match;
      assert.deepEqual(game.games, [], 'one game: the rules keep no games');
      assert.ok(m1.boards.length >= 2 && Math.max(...game.score) >= 9, `a game of several boards to 9 points: ${m1.boards.length} boards, ${game.score.join('-')}`);
      assert.deepEqual([m1.source, m1.result], ['table', { a: game.score[0], b: game.score[1] }]);
      const won = endingOf(threeGames);
      assert.equal(Math.max(won.a, won.b), 2, JSON.stringify(won));
      assert.deepEqual([m2.source, m2.result], ['table', won]);
    });

    it('the records of a table that never asked with a signature (older firmware) attach to its waiting match; a record naming another round than its match’s does not', async () => {
      const { base, id, names, tables, secrets } = await drawn();
      await publish(base);
      const [m1, m2] = await matches(base);
      assert.deepEqual([m1.status, m2.status], ['waiting', 'waiting'], 'neither table has fetched its match');
      const players = (m: M) => [names.get(m.a)!, names.get(m.b!)!];
      const played = assignedRecords(tables[0], { tournament: id, round: 1, match: m1.id }, 23, players(m1));
      await post(tables[0], secrets[0], bodies(played));
      await post(tables[1], secrets[1], bodies(assignedRecords(tables[1], { tournament: id, round: 2, match: m2.id }, 23, players(m2))));
      const [now1, now2] = await matches(base);
      assert.deepEqual([now1.status, now1.source, now1.result], ['finished', 'table', endingOf(played)]);
      assert.deepEqual([now2.status, now2.result, now2.boards.length], ['waiting', null, 0]);
      const report = (await api(url, null, 'GET', `${base}/tables`)).json;
      assert.deepEqual(report.unattached.map((u: { match: number; reason: string }) => [u.match, u.reason]), [[m2.id, `match ${m2.id} is in round 1, not round 2`]]);
    });

    it('a result corrected by hand stays marked corrected when the table’s records come to agree with it later', async () => {
      const { base, id, tables: [table], secrets: [secret] } = await drawn();
      await publish(base);
      const a = taken(await ask(table, secret)).assignment!;
      const ids: Ids = { tournament: id, round: 1, match: a.match };
      // Seed 360's match is over after 75 events (0-3); its last shot is then taken back and played
      // again, and it ends 2-0 the other way: the table sends the records of each ending in turn.
      const m = randomMatch(360, { rules: 'it-torneo', mode: 'singles', clean: true, options: { matchTarget: 1, maxBoards: 1 } });
      const [first, again] = [namedLog(formatLog(m.header, m.events.slice(0, 75)), a.players), namedLog(formatLog(m.header, m.events), a.players)];
      await post(table, secret, [recordBody(table, 1, 'board', first, ids), recordBody(table, 2, 'match', first, ids)]);
      assert.deepEqual((await matches(base)).map((x) => [x.source, x.result, x.corrected])[0], ['table', { a: 0, b: 3 }, false]);
      // The referee saw the ending differently, and the organiser enters it: a correction of the table's.
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${a.match}/result`, { a: 2, b: 0, reason: 'the referee’s decision' })).status, 200);
      assert.deepEqual((await matches(base)).map((x) => [x.source, x.result, x.corrected])[0], ['hand', { a: 2, b: 0 }, true]);
      // The table's last word now says the same: the result was still corrected from what it reported.
      await post(table, secret, [recordBody(table, 3, 'board', again, ids), recordBody(table, 4, 'match', again, ids)]);
      assert.deepEqual((await matches(base)).map((x) => [x.source, x.result, x.corrected])[0], ['hand', { a: 2, b: 0 }, true]);
    });

    it('a bye’s result cannot be entered by hand nor made a walkover: it keeps the phantom score, which the standings count', async () => {
      const { base, names } = await drawn([...FOUR, 'Eli Sen']);
      await publish(base);
      const bye = (await matches(base)).find((m) => m.b === null)!;
      assert.deepEqual(bye.result, { a: 25, b: 0 });
      const refused = { error: `match ${bye.id} is a bye: its result is the phantom score` };
      const hand = await api(url, asha, 'POST', `${base}/matches/${bye.id}/result`, { a: 10, b: 0, reason: 'a typo' });
      assert.deepEqual([hand.status, hand.json], [409, refused]);
      const walkover = await api(url, asha, 'POST', `${base}/matches/${bye.id}/walkover`, { winner: 'a', reason: 'a typo' });
      assert.deepEqual([walkover.status, walkover.json], [409, refused]);
      assert.deepEqual((await matches(base)).find((m) => m.id === bye.id)!.result, { a: 25, b: 0 });
      const standings = (await api(url, null, 'GET', `${base}/standings`)).json.standings as { name: string; points: number; netscore: number; totscore: number; byes: number }[];
      assert.deepEqual(standings.filter((s) => s.byes === 1).map((s) => [s.name, s.points, s.netscore, s.totscore]), [[names.get(bye.a), 2, 25, 25]]);
    });

    it('a result corrected by hand stays corrected through a second correction; a hand result of a walkover’s score replaces the walkover, logged', async () => {
      const { base, id, tables: [table], secrets: [secret] } = await drawn();
      await publish(base);
      const a = taken(await ask(table, secret)).assignment!;
      const played = assignedRecords(table, { tournament: id, round: 1, match: a.match }, 23, a.players);
      await post(table, secret, bodies(played));
      const first = endingOf(played);
      const correct = async (match: number, result: { a: number; b: number }, reason: string) => {
        const r = await api(url, asha, 'POST', `${base}/matches/${match}/result`, { ...result, reason });
        assert.equal(r.status, 200, JSON.stringify(r.json));
        return (await matches(base)).find((m) => m.id === match)!;
      };
      assert.deepEqual((await correct(a.match, { a: first.b, b: first.a }, 'the referee’s decision')).corrected, true);
      const again = await correct(a.match, { a: 1, b: 1 }, 'the referee’s decision, read again');
      assert.deepEqual([again.source, again.result, again.corrected], ['hand', { a: 1, b: 1 }, true], 'still a correction of what the table reported');
      // The other match given as a walkover (25-0), then found played, 25-0 all the same: entered by hand.
      const [, m2] = await matches(base);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m2.id}/walkover`, { winner: 'a', reason: 'Chandra did not come' })).status, 200);
      const played2 = await correct(m2.id, { a: 25, b: 0 }, 'Chandra came: the match was played');
      assert.deepEqual([played2.source, played2.result, played2.corrected], ['hand', { a: 25, b: 0 }, false]);
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string; target: { match?: number }; after: unknown }[];
      assert.deepEqual(log.filter((c) => c.target.match === m2.id).map((c) => [c.action, c.after]), [
        ['walkover', { result: { a: 25, b: 0 }, source: 'walkover' }], ['result', { result: { a: 25, b: 0 }, source: 'hand' }],
      ]);
    });

    it('an organiser’s result, walkover or replay: refused on a draft, for a match not the tournament’s, onto a table not its own or one whose match is to finish; a result changing only one side’s score is a change, logged', async () => {
      const { base, id, tables: [t1, t2] } = await drawn();
      const [m1, m2] = await matches(base);
      const draft = { error: 'round 1 is a draft: publish it first' };
      for (const [what, body] of [['result', { a: 9, b: 3, reason: 'score sheet' }], ['walkover', { winner: 'a', reason: 'no show' }], ['replay', { table: t2, reason: 'tilted' }]] as const) {
        const r = await api(url, asha, 'POST', `${base}/matches/${m1.id}/${what}`, body);
        assert.deepEqual([r.status, r.json], [409, draft], what);
      }
      await publish(base);
      const none = await api(url, asha, 'POST', `${base}/matches/99999/result`, { a: 9, b: 3, reason: 'score sheet' });
      assert.deepEqual([none.status, none.json], [404, { error: `tournament ${id} has no match 99999` }]);
      const elsewhere = await api(url, asha, 'POST', `${base}/matches/${m1.id}/replay`, { table: 'nowhere', reason: 'tilted' });
      assert.deepEqual([elsewhere.status, elsewhere.json], [400, { error: `table: nowhere is not one of the tournament's tables (${t1}, ${t2})` }]);
      const busy = await api(url, asha, 'POST', `${base}/matches/${m1.id}/replay`, { table: t2, reason: 'tilted' });
      assert.deepEqual([busy.status, busy.json], [409, { error: `table ${t2} has match ${m2.id} of round 1 still to finish` }]);
      for (const result of [{ a: 9, b: 3 }, { a: 7, b: 3 }]) assert.equal((await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { ...result, reason: 'score sheet' })).status, 200);
      assert.deepEqual((await matches(base)).find((m) => m.id === m1.id)!.result, { a: 7, b: 3 });
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string; target: { match?: number }; after: unknown }[];
      assert.deepEqual(log.filter((c) => c.target.match === m1.id).map((c) => [c.action, c.after]), [
        ['result', { result: { a: 9, b: 3 }, source: 'hand' }], ['result', { result: { a: 7, b: 3 }, source: 'hand' }],
      ]);
    });
  }, true);
});
