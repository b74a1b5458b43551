// Rounds over real HTTP on loopback (docs/tournament.md §3.3, §4, §7, §9), on SQLite and PostgreSQL: the
// core draws a draft, the organiser moves a match, swaps two pairings, throws the draft away and draws it
// again, publishes; results by hand and a walkover finish the round; the standings (worked by hand for
// five players) and the next round's draw follow; the CSVs and SoL's .sol are served from the core.
import assert from 'node:assert/strict';
import { api, askHeaders, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const PLAYERS = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Sato'];

interface M { id: number; board: number; a: string; b: string | null; table: string | null; breaker: string; status: string; result: { a: number; b: number } | null; source: string | null }

describe('rounds over HTTP: draw, move, swap, discard, publish, results, standings and exports', function () {
  this.timeout(120_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': SECRET, 'hall-3': SECRET }), (o) => ({ url, asha, clock } = o), () => {
    /** A tournament of `players` in seed order: its id and the entrants' ids by name. */
    async function tournament(players: string[], extra: Record<string, unknown>): Promise<{ id: number; ids: Map<string, string> }> {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', ...extra })).json.tournament.id;
      const csv = `name,club\n${players.map((p) => `${p},Pune`).join('\n')}\n`;
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, csv, { 'Content-Type': 'text/csv' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return { id, ids: new Map(r.json.entrants.map((e: { id: string; name: string }) => [e.name, e.id])) };
    }

    it('draws a Swiss round as a draft, moves, swaps, discards and draws the same again, publishes, and draws round 2 from the results', async () => {
      const { id, ids } = await tournament(PLAYERS, { tables: ['hall-1', 'hall-2'] });
      const [s1, s2, s3, s4, s5] = PLAYERS.map((p) => ids.get(p)!);
      const base = `/api/v1/tournaments/${id}`;
      assert.equal((await api(url, null, 'POST', `${base}/rounds`)).status, 401, 'a draw needs an organiser');
      const drawn = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(drawn.status, 201, JSON.stringify(drawn.json));
      assert.equal(drawn.json.round.status, 'draft');
      const first: M[] = drawn.json.round.matches;
      assert.deepEqual(first.map((m) => [m.board, m.a, m.b, m.table, m.breaker, m.status, m.result, m.source]), [
        [1, s1, s2, 'hall-1', 'a', 'waiting', null, null],
        [2, s3, s4, 'hall-2', 'a', 'waiting', null, null],
        [3, s5, null, null, 'a', 'finished', { a: 25, b: 0 }, 'bye'],
      ]);
      const early = await api(url, asha, 'POST', `${base}/matches/${first[0].id}/result`, { a: 25, b: 3, reason: 'x' });
      assert.equal(early.status, 409, 'no result on a draft');
      const moved = await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: first[0].id, table: 'hall-2' });
      assert.equal(moved.status, 200, JSON.stringify(moved.json));
      assert.deepEqual(moved.json.round.matches.map((m: M) => m.table), ['hall-2', 'hall-1', null], 'the match at hall-2 took hall-1');
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: first[0].id, table: 'hall-3' })).status, 400, 'hall-3 is not the tournament\'s');
      const swapped = await api(url, asha, 'POST', `${base}/rounds/1/swap`, { entrants: [s1, s3] });
      assert.equal(swapped.status, 200, JSON.stringify(swapped.json));
      assert.deepEqual(swapped.json.round.matches.map((m: M) => [m.a, m.b]), [[s3, s2], [s1, s4], [s5, null]]);
      const same = await api(url, asha, 'POST', `${base}/rounds/1/swap`, { entrants: [s1, s4] });
      assert.equal(same.status, 409, 'two of one match');
      assert.match(same.json.error, /^Asha Rao and Dee Mensah play each other in match \d+: there is nothing to swap$/, 'named, not by id');
      assert.equal((await api(url, asha, 'DELETE', `${base}/rounds/1`)).status, 200);
      assert.equal((await api(url, null, 'GET', `${base}/rounds/1`)).status, 404);
      const again = await api(url, asha, 'POST', `${base}/rounds`);
      assert.deepEqual(again.json.round.matches.map((m: M) => [m.a, m.b, m.table]), first.map((m) => [m.a, m.b, m.table]), 'the same state draws the same round');
      const published = await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      assert.equal(published.status, 200, JSON.stringify(published.json));
      assert.equal(published.json.round.status, 'published');
      assert.equal((await api(url, asha, 'DELETE', `${base}/rounds/1`)).status, 409, 'a published round stays');
      // Published once: again is a 409, and the log keeps its one `publish`.
      const twice = await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      assert.deepEqual([twice.status, twice.json], [409, { error: 'round 1 is published already' }]);
      assert.equal(((await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string }[]).filter((c) => c.action === 'publish').length, 1);
      const byeMove = await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: again.json.round.matches[2].id, table: 'hall-2' });
      assert.deepEqual([byeMove.status, byeMove.json], [400, { error: `match ${again.json.round.matches[2].id} is a bye: it has no table` }]);
      const notYet = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(notYet.status, 409);
      assert.equal(notYet.json.error, 'round 1 is not finished: Asha Rao v Ben Ode on table hall-1 has no result');

      const [m1, m2] = again.json.round.matches as M[];
      const hand = await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { a: 25, b: 13, reason: 'hall-1 lost its camera' });
      assert.equal(hand.status, 200, JSON.stringify(hand.json));
      assert.deepEqual([hand.json.match.result, hand.json.match.source, hand.json.match.status], [{ a: 25, b: 13 }, 'hand', 'finished']);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/swap`, { entrants: [s1, s3] })).status, 409, 'the round has started');
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m2.id}/walkover`, { winner: 'b' })).status, 400, 'a reason is required');
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m2.id}/walkover`, { winner: 'b', reason: 'Chandra did not come' })).status, 200);
      assert.equal((await api(url, null, 'GET', `${base}/rounds/1`)).json.round.status, 'finished');
      const notOurs = await api(url, asha, 'POST', `${base}/matches/${m1.id}/replay`, { table: 'hall-3', reason: 'x' });
      assert.equal(notOurs.status, 400, 'hall-3 is not the tournament\'s');
      const replayed = await api(url, asha, 'POST', `${base}/matches/${m1.id}/replay`, { table: 'hall-2', reason: 'the referee ordered it played again' });
      assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
      assert.deepEqual([replayed.json.match.table, replayed.json.match.result, replayed.json.match.status], ['hall-2', null, 'waiting']);
      assert.equal((await api(url, null, 'GET', `${base}/rounds/1`)).json.round.status, 'published', 'the round waits for the replay');
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { a: 25, b: 13, reason: 'the replay, on paper' })).status, 200);

      // Worked by hand: s1 25-13 s2, s3 0-25 s4 (walkover), s5 a bye (25-0). Points 2 for s1, s4, s5;
      // their Bucholz 0 (s2, s3 and the phantom have none); net s4 +25, s5 +25, s1 +12; totals 25 each, so
      // s4 before s5 by seed. Then s2 and s3 (Bucholz 2 each), s2's net -12 before s3's -25.
      const table = await api(url, null, 'GET', `${base}/standings`);
      assert.equal(table.json.round, 1);
      assert.deepEqual(table.json.standings.map((s: Record<string, unknown>) => [s.rank, s.id, s.points, s.bucholz, s.netscore, s.totscore]), [
        [1, s4, 2, 0, 25, 25], [2, s5, 2, 0, 25, 25], [3, s1, 2, 0, 12, 25], [4, s2, 0, 2, -12, 13], [5, s3, 0, 2, -25, 0],
      ]);
      const round2 = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(round2.status, 201, JSON.stringify(round2.json));
      assert.deepEqual(round2.json.round.matches.map((m: M) => [m.a, m.b, m.table]), [[s4, s5, 'hall-1'], [s1, s3, 'hall-2'], [s2, null, null]], 'no rematch, the bye to another, a new table where one is free');
      const frozen = await api(url, asha, 'PATCH', base, { system: 'knockout' });
      assert.equal(frozen.status, 409);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { a: 25, b: 20, reason: 'late' })).status, 409, 'round 2 is drawn on it');
      assert.deepEqual((await api(url, null, 'GET', `${base}/standings`)).json.standings.map((s: { id: string }) => s.id), [s4, s5, s1, s2, s3], 'a draft\'s bye does not count yet');

      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes.map((c: { action: string }) => c.action);
      assert.deepEqual(log, ['create', 'import', 'draw', 'move', 'swap', 'discard', 'draw', 'publish', 'result', 'walkover', 'replay', 'result', 'draw']);
      const walk = (await api(url, null, 'GET', `${base}/log`)).json.changes[9];
      assert.deepEqual([walk.organiser, walk.target, walk.before, walk.after, walk.reason], ['asha', { match: m2.id }, { result: null, source: null }, { result: { a: 0, b: 25 }, source: 'walkover' }, 'Chandra did not come']);

      const standingsCsv = await (await fetch(`${url}${base}/standings.csv?round=1`)).text();
      assert.equal(standingsCsv.split('\r\n')[0], 'rank,name,club,points,bucholz,netscore,totscore,played,won,drawn,lost,byes,withdrawn');
      assert.equal(standingsCsv.split('\r\n')[1], '1,Dee Mensah,Pune,2,0,25,25,1,1,0,0,0,');
      const pairings = (await (await fetch(`${url}${base}/pairings.csv?round=1`)).text()).split('\r\n');
      // The replay says so, as on every page: the table it was first played on, at the end of its line.
      const replayFrom = ((await api(url, null, 'GET', `${base}/log`)).json.changes as { action: string; before: { table: string } }[]).find((c) => c.action === 'replay')!.before.table;
      assert.equal(pairings[0], 'round,board,table,a,b,breaker,scoreA,scoreB,source,corrected,replayedFrom');
      assert.deepEqual(pairings.slice(1, 4), [`1,1,hall-2,Asha Rao,Ben Ode,Asha Rao,25,13,hand,,${replayFrom}`, '1,2,hall-2,Chandra Iyer,Dee Mensah,Chandra Iyer,0,25,walkover,,', '1,3,,Eli Sato,bye,,25,0,bye,,']);
      assert.equal((await fetch(`${url}${base}/pairings.csv?round=7`)).status, 400);
      const sol = JSON.parse(await (await fetch(`${url}${base}/export.sol`)).text());
      assert.equal(sol.length, 2);
      assert.deepEqual(sol[0].clubs, [{ description: 'carrom-results' }, { description: 'Pune' }]);
      assert.equal(sol[1].currentturn, 1, 'the draft of round 2 is not exported');
      assert.deepEqual(sol[1].matches.map((m: Record<string, unknown>) => [m.turn, m.score1, m.score2]), [[1, 25, 13], [1, 0, 25], [1, 25, 0]]);
    });

    it('refuses a swap that makes a rematch, naming the two and their round, and makes it when asked with "rematch": true', async () => {
      const { id, ids } = await tournament(PLAYERS, { tables: ['hall-1', 'hall-2'] });
      const [s1, s2, s3, s4, s5] = PLAYERS.map((p) => ids.get(p)!);
      const base = `/api/v1/tournaments/${id}`;
      const one = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${one[0].id}/result`, { a: 25, b: 13, reason: 'on paper' })).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${one[1].id}/walkover`, { winner: 'b', reason: 'Chandra did not come' })).status, 200);
      const two = await api(url, asha, 'POST', `${base}/rounds`);
      assert.deepEqual(two.json.round.matches.map((m: M) => [m.a, m.b]), [[s4, s5], [s1, s3], [s2, null]]);
      // s5 for s3 would pair s4 with s3 again: they met in round 1.
      const refused = await api(url, asha, 'POST', `${base}/rounds/2/swap`, { entrants: [s5, s3] });
      assert.equal(refused.status, 409);
      assert.equal(refused.json.error, 'the swap makes a rematch: Dee Mensah and Chandra Iyer met in round 1; swap with "rematch": true to pair them again all the same');
      assert.deepEqual((await api(url, null, 'GET', `${base}/rounds/2`)).json.round.matches.map((m: M) => [m.a, m.b]), [[s4, s5], [s1, s3], [s2, null]], 'nothing changed');
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/2/swap`, { entrants: [s5, s3], rematch: 'yes' })).status, 400);
      const made = await api(url, asha, 'POST', `${base}/rounds/2/swap`, { entrants: [s5, s3], rematch: true });
      assert.equal(made.status, 200, JSON.stringify(made.json));
      assert.deepEqual(made.json.round.matches.map((m: M) => [m.a, m.b]), [[s4, s3], [s1, s5], [s2, null]]);
      // A swap into the bye pairs nobody again: no rematch to refuse.
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/2/swap`, { entrants: [s2, s1] })).status, 200);
    });

    it('between rounds takes a withdrawal and a late entry: the next round draws the newcomer and not the one who left', async () => {
      const { id, ids } = await tournament(PLAYERS.slice(0, 4), { tables: ['hall-1', 'hall-2'] });
      const base = `/api/v1/tournaments/${id}`;
      const [s1, s2, s3, s4] = PLAYERS.slice(0, 4).map((p) => ids.get(p)!);
      const round1 = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      assert.equal((await api(url, asha, 'PATCH', `${base}/entrants/${s2}`, { withdrawn: true })).status, 409, 'not while round 1 is a draft');
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      for (const m of round1) assert.equal((await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a: 25, b: 10, reason: 'score sheet' })).status, 200);
      const out = await api(url, asha, 'PATCH', `${base}/entrants/${s2}`, { withdrawn: true });
      assert.deepEqual([out.status, out.json.entrant.withdrawnAfterRound], [200, 1]);
      const outAgain = await api(url, asha, 'PATCH', `${base}/entrants/${s2}`, { withdrawn: true });
      assert.deepEqual([outAgain.status, outAgain.json], [409, { error: 'Ben Ode withdrew after round 1 already' }]);
      assert.equal((await api(url, asha, 'PATCH', `${base}/entrants/${s3}`, { club: 'Goa' })).status, 409, 'only a withdrawal changes an entrant after round 1');
      const seeded = await api(url, asha, 'POST', `${base}/entrants`, { name: 'Eli Sato', seed: 1 });
      assert.deepEqual([seeded.status, seeded.json], [409, { error: 'seed: a late entry is seeded after the others' }]);
      const late = await api(url, asha, 'POST', `${base}/entrants`, { name: 'Eli Sato' });
      assert.equal(late.status, 201, JSON.stringify(late.json));
      assert.deepEqual([late.json.entrant.seed, late.json.entrant.enteredRound], [5, 2]);
      const round2 = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      const drawn = round2.flatMap((m) => [m.a, m.b]);
      assert.ok(!drawn.includes(s2), 'the withdrawn entrant is not drawn');
      assert.ok(drawn.includes(late.json.entrant.id), 'the late entry is');
      assert.deepEqual(round2.map((m) => [m.a, m.b]), [[s1, s3], [s4, late.json.entrant.id]], 'the two winners meet; the newcomer, with no points, meets the one left');
      const ko = await tournament(PLAYERS.slice(0, 4), { system: 'knockout', tables: ['hall-1', 'hall-2'] });
      await api(url, asha, 'POST', `/api/v1/tournaments/${ko.id}/rounds`);
      await api(url, asha, 'POST', `/api/v1/tournaments/${ko.id}/rounds/1/publish`);
      const koLate = await api(url, asha, 'POST', `/api/v1/tournaments/${ko.id}/entrants`, { name: 'Eli Sato' });
      assert.equal(koLate.status, 409);
      assert.equal(koLate.json.error, 'round 1 is drawn: a knockout cannot take late entries');
    });

    it('draws one round when six requests ask at once: the others are told the draft is there', async () => {
      const { id } = await tournament(PLAYERS, { tables: ['hall-1', 'hall-2'] });
      const both = await Promise.all([1, 2, 3, 4, 5, 6].map(() => api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)));
      assert.deepEqual(both.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
      for (const r of both.filter((x) => x.status === 409)) assert.equal(r.json.error, 'round 1 is a draft: publish or discard it first');
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.currentRound, 1);
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes.filter((c: { action: string }) => c.action === 'draw').length, 1);
    });

    it('runs a knockout of four to its final, refusing a drawn match and a round after the final', async () => {
      const { id, ids } = await tournament(PLAYERS.slice(0, 4), { system: 'knockout', tables: ['hall-1', 'hall-2'] });
      const base = `/api/v1/tournaments/${id}`;
      const [s1, s2, s3, s4] = PLAYERS.slice(0, 4).map((p) => ids.get(p)!);
      const play = async (n: number, scores: [number, number][]) => {
        const r = await api(url, asha, 'POST', `${base}/rounds`);
        assert.equal(r.status, 201, JSON.stringify(r.json));
        await api(url, asha, 'POST', `${base}/rounds/${n}/publish`);
        for (const [i, m] of (r.json.round.matches as M[]).entries()) {
          await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a: scores[i][0], b: scores[i][1], reason: 'score sheet' });
        }
        return r.json.round.matches as M[];
      };
      assert.deepEqual((await play(1, [[25, 3], [12, 12]])).map((m) => [m.a, m.b]), [[s1, s4], [s2, s3]], '1 v 4, 2 v 3');
      const drawn = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(drawn.status, 422);
      assert.match(drawn.json.error, /a knockout match needs a winner/);
      const [, second] = (await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches as M[];
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${second.id}/result`, { a: 12, b: 25, reason: 'the tie-break board' })).status, 200);
      assert.deepEqual((await play(2, [[25, 20]])).map((m) => [m.a, m.b]), [[s1, s3]], 'the final');
      assert.equal((await api(url, null, 'GET', base)).json.tournament.status, 'finished');
      const after = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(after.status, 422);
      assert.match(after.json.error, /^the knockout is over/);
    });

    it('an all-play-all is finished after its last round even when someone was removed before round 1', async () => {
      const { id, ids } = await tournament(PLAYERS.slice(0, 3), { system: 'all-play-all', tables: ['hall-1'] });
      const base = `/api/v1/tournaments/${id}`;
      assert.equal((await api(url, asha, 'DELETE', `${base}/entrants/${ids.get(PLAYERS[2])}`)).status, 200);
      const [m] = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a: 25, b: 7, reason: 'score sheet' });
      // Two in the field play one round: that was the last.
      const after = await api(url, asha, 'POST', `${base}/rounds`);
      assert.deepEqual([after.status, after.json.error], [422, 'the all-play-all is over: 2 entrants play 1 rounds']);
      assert.equal((await api(url, null, 'GET', base)).json.tournament.status, 'finished');
    });

    it('publishes a round with more matches than tables: a match without one waits, and goes to the first table that finishes, logged', async () => {
      const { id } = await tournament(PLAYERS.slice(0, 4), { tables: ['hall-1'] });
      const base = `/api/v1/tournaments/${id}`;
      const [first, second] = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      assert.deepEqual([first.table, second.table], ['hall-1', null]);
      const published = await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      assert.equal(published.status, 200, JSON.stringify(published.json));
      let nonce = 0;
      const ask = async (table: string) => {
        // Signed as a table signs it: only such an ask seats a waiting match (docs/tournament.md §5.1).
        const res = await fetch(`${url}/api/v1/assignment`, { headers: askHeaders(table, SECRET, String(++nonce).padStart(32, '0'), clock.now) });
        return JSON.parse(await res.text()).assignment as { match: number; label: string; players: string[] } | null;
      };
      assert.equal((await ask('hall-1'))?.match, first.id, 'the table plays its own match first');
      assert.equal((await ask('hall-2')), null, 'a table not in the tournament is given none');
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${first.id}/result`, { a: 25, b: 3, reason: 'sheet' })).status, 200);
      const next = await ask('hall-1');
      assert.deepEqual([next?.match, next?.label, next?.players], [second.id, 'R1 T1', ['Chandra Iyer', 'Dee Mensah']], 'the waiting match, on the table that finished');
      const round = (await api(url, null, 'GET', `${base}/rounds/1`)).json.round;
      assert.deepEqual(round.matches.map((m: M) => [m.table, m.status]), [['hall-1', 'finished'], ['hall-1', 'assigned']]);
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes as { table?: string; action: string; target: { match?: number }; before: unknown; after: unknown }[];
      const seated = log.find((c) => c.action === 'seat');
      assert.deepEqual(seated && [seated.table, seated.target, seated.before, seated.after], ['hall-1', { match: second.id }, { table: null }, { table: 'hall-1' }]);
    });

    it('refuses to take a table out of the tournament while a match of the round is still to finish there, naming it; its display keeps its number', async () => {
      const { id } = await tournament(PLAYERS.slice(0, 4), { tables: ['hall-1', 'hall-2', 'hall-3'] });
      const base = `/api/v1/tournaments/${id}`;
      const label = async () => {
        const res = await fetch(`${url}/api/v1/assignment`, { headers: { 'Carrom-Table': 'hall-1', 'Carrom-Nonce': '0'.repeat(32) } });
        return JSON.parse(await res.text()).assignment?.label;
      };
      const [first] = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      const draft = await api(url, asha, 'PATCH', base, { tables: ['hall-2', 'hall-3'] });
      assert.equal(draft.status, 409, 'a draft match on it too');
      assert.equal(draft.json.error, `tables: hall-1 has match ${first.id} of round 1 (Asha Rao v Ben Ode) still to finish: move it to another table first`);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      assert.equal(await label(), 'R1 T1');
      const published = await api(url, asha, 'PATCH', base, { tables: ['hall-2', 'hall-3'] });
      assert.equal(published.status, 409);
      assert.equal(published.json.error, draft.json.error);
      assert.deepEqual((await api(url, null, 'GET', base)).json.tournament.tables, ['hall-1', 'hall-2', 'hall-3'], 'nothing changed');
      assert.equal(await label(), 'R1 T1', 'not T0: the table is still the tournament\'s');
      assert.equal((await api(url, asha, 'PATCH', base, { tables: ['hall-1', 'hall-2'] })).status, 200, 'hall-3 holds no match');
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${first.id}/result`, { a: 25, b: 3, reason: 'by hand' })).status, 200);
      assert.equal((await api(url, asha, 'PATCH', base, { tables: ['hall-2'] })).status, 200, 'its match is finished');
    });

    it('gives the core\'s refusal as a 422, and a Swiss round after the last as a 409', async () => {
      const lone = await tournament(['Asha Rao'], { rounds: 1 });
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${lone.id}/rounds`);
      assert.equal(r.status, 422);
      assert.match(r.json.error, /1 active entrant/);
      const pair = await tournament(['Asha Rao', 'Ben Ode'], { rounds: 1, tables: ['hall-1'] });
      const base = `/api/v1/tournaments/${pair.id}`;
      const [m] = (await api(url, asha, 'POST', `${base}/rounds`)).json.round.matches as M[];
      await api(url, asha, 'POST', `${base}/rounds/1/publish`);
      await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a: 25, b: 0, reason: 'paper score sheet' });
      const over = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(over.status, 409);
      assert.equal(over.json.error, 'the tournament\'s 1 rounds are drawn');
      assert.equal((await api(url, null, 'GET', base)).json.tournament.status, 'finished');
    });

    it('refuses the .sol of a tournament where a pair meets a third time, which SoL cannot keep, saying who and when', async () => {
      // Two tables at once only: rounds 4 to 6 are rematches, round 7 a third meeting of every pair.
      const { id } = await tournament(PLAYERS.slice(0, 4), { rounds: 7, tables: ['hall-1', 'hall-2'] });
      const base = `/api/v1/tournaments/${id}`;
      for (let round = 1; round <= 7; round++) {
        const drawn = await api(url, asha, 'POST', `${base}/rounds`);
        assert.equal(drawn.status, 201, JSON.stringify(drawn.json));
        await api(url, asha, 'POST', `${base}/rounds/${round}/publish`);
        for (const m of drawn.json.round.matches as M[]) assert.equal((await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a: 25, b: round, reason: 'score sheet' })).status, 200);
        const sol = await fetch(`${url}${base}/export.sol`);
        assert.equal(sol.status, round < 7 ? 200 : 409, `after round ${round}`);
        if (round === 7) assert.match(((await sol.json()) as { error: string }).error, /^\w+ \w+ and \w+ \w+ meet a third time in round 7: SoL keeps/);
        else await sol.text();
      }
    });
  });
});
