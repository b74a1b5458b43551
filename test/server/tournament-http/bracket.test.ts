// A knockout's bracket, every system's final ranking and the organiser's view of the tables over real
// HTTP on loopback (docs/tournament.md §3.4, §5.5), on SQLite and PostgreSQL: a knockout of six (two
// byes) played to its final by hand results, the bracket carrying each winner forward and the ranking
// following the round each went out in; a Swiss ranking by its standings; the tables that have not
// reported, a refusal and the records that could not join the draw, each with when and why.
import assert from 'node:assert/strict';
import { postRecord, signature } from '../../../tools/results.ts';
import { api, askHeaders, assignedRecords, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const SIX = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Sato', 'Farah Khan'];
const NONCE = '0123456789abcdef'.repeat(2);

interface BracketMatch { board: number; a: string | null; b: string | null; from: [number, number] | null; winner: string | null; match: { id: number; result: { a: number; b: number } | null; source: string | null } | null }
interface Bracket { size: number; rounds: { round: number; drawn: boolean; matches: BracketMatch[] }[] }

describe('the knockout bracket, the final ranking and the tables not reported, over HTTP', function () {
  this.timeout(120_000);
  let url: string;
  let asha: LoggedIn;
  let clock: Clock;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': SECRET, 'hall-3': SECRET }), (o) => ({ url, asha, clock } = o), () => {
    async function tournament(players: string[], extra: Record<string, unknown>): Promise<{ base: string; ids: string[] }> {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club cup', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2', 'hall-3'], ...extra })).json.tournament.id;
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, `name\n${players.join('\n')}\n`, { 'Content-Type': 'text/csv' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      return { base: `/api/v1/tournaments/${id}`, ids: r.json.entrants.map((e: { id: string }) => e.id) };
    }
    const bracket = async (base: string): Promise<Bracket> => {
      const r = await api(url, null, 'GET', `${base}/bracket`);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      return r.json.bracket;
    };
    const shape = (b: Bracket) => b.rounds.map((r) => [r.round, r.drawn, r.matches.map((m) => [m.a, m.b, m.winner])]);
    async function drawAndPublish(base: string, n: number): Promise<{ id: number; a: string; b: string | null }[]> {
      const r = await api(url, asha, 'POST', `${base}/rounds`);
      assert.equal(r.status, 201, JSON.stringify(r.json));
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/${n}/publish`)).status, 200);
      return r.json.round.matches;
    }
    const result = async (base: string, match: number, a: number, b: number) =>
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${match}/result`, { a, b, reason: 'score sheet' })).status, 200);

    it('plays a knockout of six to its final: the byes go through, each winner is carried forward, the ranking follows the round each went out in', async () => {
      const { base, ids } = await tournament(SIX, { system: 'knockout' });
      const [s1, s2, s3, s4, s5, s6] = ids;
      // Before round 1: the bracket of eight, nothing drawn yet.
      assert.deepEqual(shape(await bracket(base)), [[1, false, [[null, null, null], [null, null, null], [null, null, null], [null, null, null]]], [2, false, [[null, null, null], [null, null, null]]], [3, false, [[null, null, null]]]]);

      const r1 = await drawAndPublish(base, 1);
      let b = await bracket(base);
      assert.equal(b.size, 8);
      assert.deepEqual(shape(b), [
        [1, true, [[s1, null, s1], [s2, null, s2], [s3, s6, null], [s4, s5, null]]],
        [2, false, [[s1, null, null], [s2, null, null]]],
        [3, false, [[null, null, null]]],
      ], 'the top two seeds have byes and are carried into round 2 at once');
      assert.deepEqual(b.rounds[1].matches.map((m) => m.from), [[1, 4], [2, 3]]);
      assert.deepEqual(b.rounds[0].matches[0].match?.result, { a: 25, b: 0 }, 'a bye is the phantom score');

      await result(base, r1[2].id, 12, 25); // Farah (6) beats Chandra (3)
      await result(base, r1[3].id, 25, 10); // Dee (4) beats Eli (5)
      const mid = await api(url, null, 'GET', `${base}/ranking`);
      assert.deepEqual(mid.json.ranking.map((p: { place: number; id: string; out: number | null }) => [p.place, p.id, p.out]), [
        [1, s1, null], [1, s2, null], [1, s4, null], [1, s6, null], [5, s3, 1], [5, s5, 1],
      ]);
      assert.equal(mid.json.final, false);

      // Round 2 drawn is a draft: the bracket still shows it to come, from round 1's winners.
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      b = await bracket(base);
      assert.deepEqual(shape(b)[1], [2, false, [[s1, s4, null], [s2, s6, null]]]);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/2/publish`)).status, 200);
      const r2 = (await api(url, null, 'GET', `${base}/rounds/2`)).json.round.matches;
      assert.deepEqual(r2.map((m: { a: string; b: string }) => [m.a, m.b]), [[s1, s4], [s2, s6]], 'the draw is the bracket the page showed');
      await result(base, r2[0].id, 25, 3);
      await result(base, r2[1].id, 20, 25);
      const [final] = await drawAndPublish(base, 3);
      assert.deepEqual(shape(await bracket(base))[2], [3, true, [[s1, s6, null]]]);
      await result(base, final.id, 24, 25);

      b = await bracket(base);
      assert.deepEqual(b.rounds.map((r) => r.matches.map((m) => m.winner)), [[s1, s2, s6, s4], [s1, s6], [s6]]);
      const ranking = await api(url, null, 'GET', `${base}/ranking`);
      assert.equal(ranking.status, 200);
      assert.deepEqual([ranking.json.system, ranking.json.final, ranking.json.round], ['knockout', true, 3]);
      // Farah won the final; Asha lost it; Ben and Dee lost the semi-finals (a shared third place, by
      // seed); Chandra and Eli lost in round 1 (a shared fifth).
      assert.deepEqual(ranking.json.ranking.map((p: { place: number; name: string; out: number | null }) => [p.place, p.name, p.out]), [
        [1, 'Farah Khan', null], [2, 'Asha Rao', 3], [3, 'Ben Ode', 2], [3, 'Dee Mensah', 2], [5, 'Chandra Iyer', 1], [5, 'Eli Sato', 1],
      ]);
      const over = await api(url, asha, 'POST', `${base}/rounds`);
      assert.deepEqual([over.status, over.json.error], [422, 'the knockout is over: Farah Khan won the final in round 3'], 'named, not by id');
    });

    it('names the entrants of a drawn knockout match by name when the next round is refused', async () => {
      const { base } = await tournament(SIX.slice(0, 2), { system: 'knockout' });
      const [m] = await drawAndPublish(base, 1);
      await result(base, m.id, 12, 12);
      const r = await api(url, asha, 'POST', `${base}/rounds`);
      assert.deepEqual([r.status, r.json.error], [422, 'round 1: Asha Rao v Ben Ode ended 12-12, a draw: a knockout match needs a winner (correct the result)']);
      assert.equal((await api(url, null, 'GET', `${base}/bracket`)).json.bracket.rounds[0].matches[0].winner, null, 'a draw sends nobody through');
    });

    it('ranks a Swiss tournament by its standings after the last round, final once every result is in; it has no bracket', async () => {
      const { base, ids } = await tournament(SIX.slice(0, 4), { rounds: 1 });
      const [m1, m2] = await drawAndPublish(base, 1);
      await result(base, m1.id, 25, 10);
      assert.equal((await api(url, null, 'GET', `${base}/ranking`)).json.final, false, 'a match is still to finish');
      await result(base, m2.id, 5, 25);
      const r = await api(url, null, 'GET', `${base}/ranking`);
      const standings = (await api(url, null, 'GET', `${base}/standings`)).json.standings as { rank: number; id: string; points: number; bucholz: number }[];
      assert.equal(r.json.final, true);
      assert.deepEqual(r.json.ranking.map((p: { place: number; id: string; points: number }) => [p.place, p.id, p.points]), standings.map((s) => [s.rank, s.id, s.points]));
      assert.deepEqual(r.json.ranking.map((p: { id: string }) => p.id), [ids[3], ids[0], ids[1], ids[2]], 'the two winners by net score (Dee 20, Asha 15), then the losers (Ben −15, Chandra −20)');
      const no = await api(url, null, 'GET', `${base}/bracket`);
      assert.equal(no.status, 409);
      assert.match(no.json.error, /is a Swiss tournament: a bracket is a knockout's/);
      assert.equal((await api(url, null, 'GET', '/api/v1/tournaments/999/bracket')).status, 404);
    });

    it('shows the organiser the tables that have not reported, with the time since the publish and their last contact, a refusal and the records that could not attach', async () => {
      const { base } = await tournament(SIX.slice(0, 4), { tables: ['hall-1', 'hall-2'] });
      const tid = Number(base.split('/').pop());
      const [m1, m2] = await drawAndPublish(base, 1);
      const published = clock.now.toISOString();
      const tables = async () => (await api(url, null, 'GET', `${base}/tables`)).json;
      clock.pass(5 * 60_000);
      // As a table asks: signed, with its time (docs/tournament.md §5.1); only such an ask is its last contact.
      const ask = (table: string) => fetch(`${url}/api/v1/assignment`, { headers: askHeaders(table, SECRET, NONCE, clock.now) });
      assert.equal((await ask('hall-1')).status, 200);
      const askedAt = clock.now.toISOString();
      clock.pass(2 * 60_000);
      let t = await tables();
      assert.equal(t.now, clock.now.toISOString());
      assert.deepEqual(t.notReported.map((x: Record<string, unknown>) => [x.match, x.table, x.status, x.publishedAt, x.sincePublished, x.lastAskedAt, x.lastRecordAt, x.lastContact]), [
        [m1.id, 'hall-1', 'assigned', published, 420, askedAt, null, askedAt],
        [m2.id, 'hall-2', 'waiting', published, 420, null, null, null],
      ]);
      assert.deepEqual([t.playing, t.refused, t.unattached], [[], [], []]);

      // hall-1 reports its first board: it is in play, no longer "not reported".
      const ids = (match: number) => ({ tournament: tid, round: 1, match });
      // Played by the match's entrants, as a table starts it from its assignment (§5.4).
      const entrants = (await api(url, null, 'GET', `${base}/entrants`)).json.entrants as { id: string; name: string }[];
      const nameOf = (id: string | null) => entrants.find((e) => e.id === id)!.name;
      const players = (match: number) => { const m = [m1, m2].find((x) => x.id === match) ?? m1; return [nameOf(m.a), nameOf(m.b)]; };
      const records = (table: string, match: number, seed: number) => assignedRecords(table, ids(match), seed, players(match)).map((r) => r.body);
      assert.equal((await postRecord(url, 'hall-1', SECRET, records('hall-1', m1.id, 23)[0])).status, 201);
      const recordAt = clock.now.toISOString();
      t = await tables();
      assert.deepEqual(t.notReported.map((x: { table: string }) => x.table), ['hall-2']);
      assert.deepEqual(t.playing.map((x: Record<string, unknown>) => [x.match, x.table, x.status, x.lastRecordAt, x.matchRecordAt]), [[m1.id, 'hall-1', 'playing', recordAt, recordAt]]);

      // hall-2 fetches and refuses its match; its players then play it anyway: those records cannot attach.
      const second = JSON.parse(await (await ask('hall-2')).text()) as { counter: number };
      clock.pass(60_000);
      const refusal = JSON.stringify({ carromRefusal: 1, table: 'hall-2', counter: second.counter, match: m2.id, reason: 'wrong-table' });
      const refused = await fetch(`${url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': 'hall-2', 'Carrom-Signature': signature(SECRET, refusal) }, body: refusal });
      assert.equal(refused.status, 201);
      const refusedAt = clock.now.toISOString();
      assert.equal((await postRecord(url, 'hall-2', SECRET, records('hall-2', m2.id, 24)[0])).status, 201);
      // hall-3 is not the tournament's: a record naming hall-1's match, and one naming no match at all.
      assert.equal((await postRecord(url, 'hall-3', SECRET, records('hall-3', m1.id, 25)[0])).status, 201);
      const nowhere = JSON.parse(records('hall-3', 99999, 26)[0]);
      assert.equal((await postRecord(url, 'hall-3', SECRET, JSON.stringify({ ...nowhere, counter: 50 }))).status, 201);
      t = await tables();
      assert.deepEqual(t.notReported, [], 'a refused match is listed as refused');
      assert.deepEqual(t.refused.map((x: Record<string, unknown>) => [x.match, x.table, x.at, x.reason, x.status, x.tableNow]), [[m2.id, 'hall-2', refusedAt, 'wrong-table', 'refused', 'hall-2']]);
      assert.deepEqual(t.unattached.map((x: Record<string, unknown>) => [x.table, x.counter, x.round, x.match, x.reason]), [
        ['hall-2', 1, 1, m2.id, `table hall-2 refused match ${m2.id}`],
        ['hall-3', 1, 1, m1.id, `match ${m1.id} is on table hall-1, not hall-3 (moved or replayed)`],
        ['hall-3', 50, 1, 99999, `tournament ${tid} has no match 99999`],
      ]);

      // The organiser adds hall-3 to the tournament and moves the refused match there: the refusal stays
      // listed, with where the match is now, and the match waits for hall-3.
      assert.equal((await api(url, asha, 'PATCH', base, { tables: ['hall-1', 'hall-2', 'hall-3'] })).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/move`, { match: m2.id, table: 'hall-3' })).status, 200);
      t = await tables();
      assert.deepEqual(t.refused.map((x: Record<string, unknown>) => [x.match, x.status, x.tableNow]), [[m2.id, 'waiting', 'hall-3']]);
      assert.deepEqual(t.notReported.map((x: Record<string, unknown>) => [x.match, x.table, x.status]), [[m2.id, 'hall-3', 'waiting']]);
      // hall-3's later record of that match attaches now: the refusal's records stay listed, the
      // attached one is no longer.
      assert.equal((await postRecord(url, 'hall-3', SECRET, JSON.stringify({ ...JSON.parse(records('hall-3', m2.id, 27)[0]), counter: 60 }))).status, 201);
      t = await tables();
      assert.deepEqual(t.unattached.map((x: { table: string; counter: number }) => [x.table, x.counter]), [['hall-2', 1], ['hall-3', 1], ['hall-3', 50]]);
      assert.deepEqual(t.playing.map((x: { match: number }) => x.match), [m1.id, m2.id]);
      assert.equal((await api(url, null, 'GET', '/api/v1/tournaments/999/tables')).status, 404);
    });
  });
});
