// A knockout, an all-play-all and a doubles Swiss end to end over HTTP on loopback (docs/tournament.md
// §6.2, §6.3, and §5.1's order of a doubles match's players), as the Swiss day does it (swiss-day.test.ts):
// simulated tables, each the real table app, ask a `carrom serve` process for their matches, play them by
// script and report them; the organiser only draws and publishes.
import assert from 'node:assert/strict';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { TournamentDay } from '../../helpers/tournament/day.ts';
import { QUICK, playOffer, setOnline, until } from '../../helpers/tournament/hall.ts';
import { api } from '../../helpers/tournament/organiser.ts';
import { checkStandings, meetings, type DayMatch, type DayRound } from '../../helpers/tournament/tournament-checks.ts';

const TABLES = ['hall-1', 'hall-2'];

/** Who went through: the bye's entrant, or the one with more points (a knockout match has a winner). */
const winnerOf = (m: DayMatch): string => (m.b === null || m.result!.a > m.result!.b ? m.a : m.b);

describe('a knockout, an all-play-all and doubles end to end: the tables play every round the server draws', function () {
  this.timeout(300_000);
  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let day: TournamentDay | null = null;
      afterEach(async () => day?.stop());

      it('a knockout of six: the top seeds have the byes, the winners meet as the seeded bracket says, the final replayed at another table', async () => {
        const players = ['Asha', 'Ben', 'Cleo', 'Dev', 'Esha', 'Farid'];
        const d = (day = await TournamentDay.open(await engine.fresh(), TABLES, { name: 'Cup', rules: 'it-torneo', options: QUICK, system: 'knockout' }, players));
        const seed = (name: string) => d.idOf(name);
        const pairs = (r: DayRound) => r.matches.map((m) => [m.a, m.b]);

        // Round 1 of a bracket of 8: 1 and 2 have the byes, 3 v 6, 4 v 5 at the tables.
        const r1 = await d.playWhole(1);
        assert.deepEqual(pairs(r1), [[seed('Asha'), null], [seed('Ben'), null], [seed('Cleo'), seed('Farid')], [seed('Dev'), seed('Esha')]]);
        for (const bye of r1.matches.slice(0, 2)) assert.deepEqual([bye.result, bye.source, bye.table], [{ a: 25, b: 0 }, 'bye', null]);
        const late = await api(d.url, d.who, 'POST', `${d.base}/entrants`, { name: 'Gita' });
        assert.equal(late.status, 409, 'a knockout takes no late entry');
        // Round 2: the winners in board order, the first table's against the last's.
        const [w1, w2, w3, w4] = r1.matches.map(winnerOf);
        const r2 = await d.playWhole(2);
        assert.deepEqual(pairs(r2), [[w1, w4], [w2, w3]]);
        // The final: its table misreads it (it plays on offline), the referee has it replayed at the other.
        const drawn3 = await d.drawAndPublish(3);
        assert.deepEqual(pairs(drawn3), [r2.matches.map(winnerOf)]);
        const final = drawn3.matches[0];
        const broken = d.table(final.table!);
        const other = TABLES.find((x) => x !== final.table)!;
        await until(d.tables, () => broken.t.app.offered?.match === final.id, `${broken.id} shows the final`);
        setOnline(broken, false);
        playOffer(broken, broken.t.app.offered!, 7);
        const replayed = await api(d.url, d.who, 'POST', `${d.base}/matches/${final.id}/replay`, { table: other, reason: `${broken.id} misread the queen` });
        assert.equal(replayed.status, 200, JSON.stringify(replayed.json));
        assert.deepEqual([replayed.json.match.table, replayed.json.match.status, replayed.json.match.result], [other, 'waiting', null]);
        const played3 = await d.playRound(3, await d.round(3));
        const r3 = await d.reported(3, played3);
        d.checkPlayed(3, r3, played3);
        // The broken table's records come in at last: stored, but the final's result stays the replay's.
        assert.ok(broken.sync.view().queued > 0, `${broken.id} kept the final's records in its outbox`);
        setOnline(broken, true);
        await until(d.tables, () => broken.sync.view().queued === 0, `${broken.id} delivers its outbox`);
        const kept = (await d.round(3)).matches[0];
        assert.deepEqual([kept.table, kept.source, kept.result, kept.boards], [other, 'table', r3.matches[0].result, r3.matches[0].boards], 'the replay gives the result');
        const champion = winnerOf(r3.matches[0]);
        const finalist = [r3.matches[0].a, r3.matches[0].b].find((x) => x !== champion);

        const t = (await api(d.url, null, 'GET', d.base)).json.tournament;
        assert.deepEqual([t.status, t.currentRound], ['finished', 3]);
        const after = await api(d.url, d.who, 'POST', `${d.base}/rounds`);
        assert.deepEqual([after.status, after.json.error], [422, `the knockout is over: ${d.names.get(champion!)} won the final in round 3`]);
        const standings = (await api(d.url, null, 'GET', `${d.base}/standings`)).json.standings;
        checkStandings(standings, [r1, r2, r3], [...d.names.keys()], 25, 'after the final');
        assert.deepEqual(standings.slice(0, 2).map((s: { id: string }) => s.id), [champion, finalist], 'the winner of the final first, the finalist second');
        await until(d.tables, () => d.tables.every((x) => x.t.app.offered === null), 'no table offers a match once the cup is won');
      });

      it('a doubles Swiss of four teams: each table starts its match with the four players in the log’s order, and the team’s result is its side’s', async () => {
        const teams = [['Asha', 'Ben'], ['Cleo', 'Dev'], ['Esha', 'Farid'], ['Gita', 'Hugo']];
        const d = (day = await TournamentDay.open(await engine.fresh(), TABLES, { name: 'Pairs', rules: 'pt-fpc', options: QUICK, mode: 'doubles', rounds: 2 }, teams));
        assert.deepEqual([...d.names.values()], ['Asha & Ben', 'Cleo & Dev', 'Esha & Farid', 'Gita & Hugo']);
        const r1 = await d.playWhole(1);
        for (const m of r1.matches) {
          const h = d.table(m.table!).t.app.header;
          assert.deepEqual([h.mode, h.players], ['doubles', d.matchPlayers(m).map((p) => p.toUpperCase())], `${m.table} plays the two teams`);
        }
        const r2 = await d.playWhole(2);
        assert.equal(meetings([r1, r2]).size, 4, 'no team meets another twice');
        checkStandings((await api(d.url, null, 'GET', `${d.base}/standings`)).json.standings, [r1, r2], [...d.names.keys()], 25, 'after round 2');
        assert.equal((await api(d.url, null, 'GET', d.base)).json.tournament.status, 'finished');
      });

      it('an all-play-all of four (a fifth removed before round 1, a fourth after it): everybody meets everybody once, the withdrawn’s matches are byes', async () => {
        const players = ['Asha', 'Ben', 'Cleo', 'Dev', 'Esha'];
        const d = (day = await TournamentDay.open(await engine.fresh(), TABLES, { name: 'League', rules: 'it-torneo', options: QUICK, system: 'all-play-all' }, players));
        const out = await api(d.url, d.who, 'DELETE', `${d.base}/entrants/${d.idOf('Esha')}`);
        assert.equal(out.status, 200, JSON.stringify(out.json));
        d.names.delete(d.idOf('Esha'));
        const field = ['Asha', 'Ben', 'Cleo', 'Dev'].map((n) => d.idOf(n));

        const r1 = await d.playWhole(1);
        assert.equal(r1.matches.filter((m) => m.b !== null).length, 2, 'round 1: the four at the two tables');
        const late = await api(d.url, d.who, 'POST', `${d.base}/entrants`, { name: 'Gita' });
        assert.equal(late.status, 409, 'an all-play-all takes no late entry');
        // Dev withdraws after round 1: his two matches still to come are byes for the opponents.
        assert.equal((await api(d.url, d.who, 'PATCH', `${d.base}/entrants/${d.idOf('Dev')}`, { withdrawn: true })).status, 200);
        const r2 = await d.playWhole(2);
        const r3 = await d.playWhole(3);
        const rounds = [r1, r2, r3];
        for (const r of [r2, r3]) {
          const byes = r.matches.filter((m) => m.b === null);
          assert.equal(byes.length, 1, `round ${r.round}: Dev's match is a bye`);
          assert.deepEqual([byes[0].result, byes[0].source], [{ a: 25, b: 0 }, 'bye']);
          assert.ok(!r.matches.some((m) => m.a === d.idOf('Dev') || m.b === d.idOf('Dev')), `round ${r.round}: Dev plays no more`);
        }
        // Every pair of the four meets once: at a table, or (Dev's) as the bye.
        const met = meetings(rounds);
        const byeOf = new Set(rounds.slice(1).flatMap((r) => r.matches.filter((m) => m.b === null).map((m) => m.a)));
        for (const [i, x] of field.entries()) {
          for (const y of field.slice(i + 1)) {
            const dev = x === d.idOf('Dev') || y === d.idOf('Dev');
            assert.ok(met.has([x, y].sort().join(' v ')) || (dev && byeOf.has(x === d.idOf('Dev') ? y : x)), `${d.names.get(x)} and ${d.names.get(y)} meet`);
          }
        }
        assert.equal(met.size, 4, 'four meetings at the tables, none twice: two in round 1, one in each of rounds 2 and 3');
        checkStandings((await api(d.url, null, 'GET', `${d.base}/standings`)).json.standings, rounds, [...d.names.keys()], 25, 'after round 3');

        const t = (await api(d.url, null, 'GET', d.base)).json.tournament;
        assert.deepEqual([t.status, t.currentRound], ['finished', 3], 'the last round of the four is played: the league is over');
        const after = await api(d.url, d.who, 'POST', `${d.base}/rounds`);
        assert.deepEqual([after.status, after.json.error], [422, 'the all-play-all is over: 4 entrants play 3 rounds']);
      });
    });
  }
});
