// A whole Swiss tournament end to end over HTTP on loopback (docs/tournament.md; issue 20 §5): 16 players,
// 5 rounds, 8 simulated tables, each the real table app asking a `carrom serve` process for its next
// match, starting it with one press and playing it by script. On the way: a walkover, a table that goes
// offline mid-round (its records wait in its outbox and arrive later), a withdrawal, a match refused at
// the wrong table and moved to a free one, a late entry, a result corrected by hand, and a table whose
// power fails mid-match. After every round: everybody plays once or has the bye (25–0, SoL's
// phantom), nobody meets twice, each table's result is attached to its match, and the standings are in
// the order and with the tie-breaks docs/tournament.md §7 states.
import assert from 'node:assert/strict';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { TournamentDay, secretOf } from '../../helpers/tournament/day.ts';
import { QUICK, setOnline, until } from '../../helpers/tournament/hall.ts';
import { api, organisedServer } from '../../helpers/tournament/organiser.ts';
import { press } from '../../helpers/table.ts';
import { checkStandings, meetings, type DayRound, type StandingRow } from '../../helpers/tournament/tournament-checks.ts';

const PLAYERS = [
  'Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Sato', 'Farid Khan', 'Gita Das', 'Hugo Moretti',
  'Ines Ruiz', 'Jai Patel', 'Kofi Boateng', 'Lena Vogel', 'Mira Sen', 'Nico Russo', 'Omar Aziz', 'Pia Larsen',
];
const TABLES = Array.from({ length: 8 }, (_, i) => `hall-${i + 1}`);

describe('a Swiss tournament day end to end: 16 players, 5 rounds, 8 tables that get their matches and report them', function () {
  this.timeout(300_000);
  for (const engine of ENGINES) {
    let day: TournamentDay | null = null;
    afterEach(async () => day?.stop());

    it(`runs five rounds through a walkover, a table offline mid-round, a withdrawal, a refusal at the wrong table, a late entry, a correction by hand and a power cut (${engine.name})`, async () => {
      const d = (day = await TournamentDay.open(await engine.fresh(), TABLES, { name: 'Club open', rules: 'it-torneo', options: QUICK, rounds: 5 }, PLAYERS));
      const { url, who, base, names } = d;
      const rounds: DayRound[] = [];
      /** Every entrant in play, by id: the withdrawn left out, the late entry in from its round. */
      const active = new Set(names.keys());

      /** The Swiss draw of round n: everybody in play once, no rematch, the bye (25-0, SoL's phantom,
       * at no table) only for an odd number and never twice to one entrant. */
      function checkDraw(n: number, r: DayRound): void {
        const seen = r.matches.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
        assert.deepEqual([...seen].sort(), [...active].sort(), `round ${n}: everybody in play plays once, nobody else`);
        const before = rounds.slice(0, n - 1);
        const byes = r.matches.filter((m) => m.b === null);
        assert.equal(byes.length, active.size % 2, `round ${n}: a bye only for an odd number`);
        for (const bye of byes) {
          assert.deepEqual([bye.result, bye.source, bye.table], [{ a: 25, b: 0 }, 'bye', null], `round ${n}: the bye is SoL's phantom, 25-0, at no table`);
          assert.ok(!before.some((p) => p.matches.some((m) => m.b === null && m.a === bye.a)), `round ${n}: ${names.get(bye.a)} has had the bye before`);
        }
        const met = meetings(before);
        for (const m of r.matches) if (m.b !== null) assert.ok(!met.has([m.a, m.b].sort().join(' v ')), `round ${n}: ${names.get(m.a)} v ${names.get(m.b)} is a rematch`);
      }

      /** After round n: its draw, and the standings (§7) worked out again from every round's results. */
      async function checkRound(n: number, r: DayRound): Promise<void> {
        checkDraw(n, r);
        rounds[n - 1] = r;
        const s = await api(url, null, 'GET', `${base}/standings?round=${n}`);
        assert.equal(s.status, 200, JSON.stringify(s.json));
        checkStandings(s.json.standings, rounds, [...names.keys()], 25, `after round ${n}`);
      }

      // Round 1: the player at hall-8 does not come; the organiser gives the walkover once hall-8 shows it.
      const r1 = await d.drawAndPublish(1);
      const absent = r1.matches.find((m) => m.table === 'hall-8')!;
      await until(d.tables, () => d.table('hall-8').t.app.offered?.match === absent.id, 'hall-8 shows its match');
      const wo = await api(url, who, 'POST', `${base}/matches/${absent.id}/walkover`, { winner: 'a', reason: `${names.get(absent.b!)} did not come` });
      assert.equal(wo.status, 200, JSON.stringify(wo.json));
      assert.deepEqual([wo.json.match.result, wo.json.match.source], [{ a: 25, b: 0 }, 'walkover']);
      const played1 = await d.playRound(1, r1, { skip: [absent.id] });
      await until(d.tables, () => d.table('hall-8').t.app.offered === null, 'hall-8 no longer offers the match given as a walkover');
      const done1 = await d.reported(1, played1);
      d.checkPlayed(1, done1, played1);
      await checkRound(1, done1);

      // Round 2: hall-3 loses Wi-Fi once its match has begun, and plays on.
      const r2 = await d.drawAndPublish(2);
      const played2 = await d.playRound(2, r2, { offline: 'hall-3' });
      const waiting = await d.reported(2, played2, ['hall-3']);
      const late = waiting.matches.find((m) => m.table === 'hall-3')!;
      assert.deepEqual([late.result, late.status === 'finished'], [null, false], 'hall-3 has not reported');
      assert.equal(waiting.status, 'published', 'the round is not finished while hall-3 has not reported');
      assert.ok(d.table('hall-3').sync.view().queued > 0, 'hall-3 keeps its records in its outbox');
      const early = await api(url, who, 'POST', `${base}/rounds`);
      assert.deepEqual([early.status, early.json.error], [409, `round 2 is not finished: ${names.get(late.a)} v ${names.get(late.b!)} on table hall-3 has no result`]);
      setOnline(d.table('hall-3'), true);
      const done2 = await d.reported(2, played2);
      d.checkPlayed(2, done2, played2);
      await checkRound(2, done2);

      // Between rounds 2 and 3: the last seed withdraws; 15 are left, and one has the bye.
      const leaving = d.idOf('Pia Larsen');
      const withdrawn = await api(url, who, 'PATCH', `${base}/entrants/${leaving}`, { withdrawn: true });
      assert.equal(withdrawn.status, 200, JSON.stringify(withdrawn.json));
      assert.equal(withdrawn.json.entrant.withdrawnAfterRound, 2);
      active.delete(leaving);
      // Round 3: seven matches, a table free. The players at board 1's table are at the wrong one: a
      // long press refuses the match, the organiser sees it and moves it to the free table.
      const r3 = await d.drawAndPublish(3);
      const wrong = r3.matches[0];
      const free = TABLES.find((tid) => !r3.matches.some((m) => m.table === tid))!;
      await until(d.tables, () => d.table(wrong.table!).t.app.offered?.match === wrong.id, `${wrong.table} shows its match`);
      press(d.table(wrong.table!).t, 'select', true);
      await until(d.tables, async () => (await d.round(3)).matches[0].status === 'refused', 'the refusal reaches the server');
      const refusal = (await api(url, null, 'GET', `${base}/log`)).json.changes.at(-1);
      assert.deepEqual([refusal.table, refusal.action, refusal.target, refusal.reason], [wrong.table, 'refused', { match: wrong.id }, 'wrong-table']);
      const moved = await api(url, who, 'POST', `${base}/rounds/3/move`, { match: wrong.id, table: free });
      assert.equal(moved.status, 200, JSON.stringify(moved.json));
      assert.deepEqual([moved.json.round.matches[0].table, moved.json.round.matches[0].status], [free, 'waiting']);
      const played3 = await d.playRound(3, moved.json.round);
      await until(d.tables, () => d.table(wrong.table!).t.app.offered === null, `${wrong.table} no longer offers the match it refused`);
      const done3 = await d.reported(3, played3);
      d.checkPlayed(3, done3, played3);
      await checkRound(3, done3);

      // Between rounds 3 and 4: a late entry, with no points, drawn from round 4 on.
      const entered = await d.enter('Quinn Late');
      assert.equal(entered.enteredRound, 4);
      active.add(entered.id);
      const done4 = await d.playWhole(4);
      await checkRound(4, done4);

      // The referee's decision on board 1 of round 4: the result is corrected by hand, the other way round.
      const reversed = done4.matches.find((m) => m.board === 1)!;
      const hand = { a: reversed.result!.b, b: reversed.result!.a };
      assert.notDeepEqual(hand, reversed.result, 'the table gave it a winner');
      const fixed = await api(url, who, 'POST', `${base}/matches/${reversed.id}/result`, { ...hand, reason: 'referee: the last board was a foul' });
      assert.equal(fixed.status, 200, JSON.stringify(fixed.json));
      assert.deepEqual([fixed.json.match.result, fixed.json.match.source, fixed.json.match.corrected], [hand, 'hand', true], 'shown as corrected by hand');
      const log = (await api(url, null, 'GET', `${base}/log`)).json.changes;
      assert.deepEqual(log.at(-1), { ...log.at(-1), organiser: 'asha', action: 'result', target: { match: reversed.id }, before: { result: reversed.result, source: 'table' }, after: { result: hand, source: 'hand' } });
      await checkRound(4, await d.round(4));

      // Round 5: hall-6 loses power half way through its match, and plays on after the reboot.
      const r5 = await d.drawAndPublish(5);
      const played5 = await d.playRound(5, r5, { powerCut: 'hall-6' });
      const done5 = await d.reported(5, played5);
      d.checkPlayed(5, done5, played5);
      await checkRound(5, done5);
      const t = (await api(url, null, 'GET', base)).json.tournament;
      assert.deepEqual([t.status, t.currentRound], ['finished', 5]);
      const sixth = await api(url, who, 'POST', `${base}/rounds`);
      assert.deepEqual([sixth.status, sixth.json.error], [409, "the tournament's 5 rounds are drawn"]);
      await until(d.tables, () => d.tables.every((x) => x.t.app.offered === null), 'no table offers a match once the day is over');

      // SoL's .sol has the day whole: every competitor (the one who withdrew retired), every match of
      // the five rounds with its result, the tables' boards, and the final points.
      const [shared, tourney] = JSON.parse(await (await fetch(`${url}${base}/export.sol`)).text());
      const nameOf = (c: { players: number[] }) => c.players.map((i) => shared.players[i - 1]).map((p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`)[0];
      assert.deepEqual(tourney.competitors.map(nameOf).sort(), [...names.values()].sort());
      assert.deepEqual(tourney.competitors.filter((c: { retired?: boolean }) => c.retired).map(nameOf), ['Pia Larsen']);
      const final = new Map((await api(url, null, 'GET', `${base}/standings`)).json.standings.map((r: StandingRow) => [r.name, r.points]));
      for (const c of tourney.competitors) assert.equal(c.points, final.get(nameOf(c)), `${nameOf(c)}'s points in the .sol`);
      const exported = tourney.matches.map((m: { competitor1: number; competitor2: number | null; turn: number; board: number; score1: number; score2: number; boards?: unknown[] }) =>
        [m.turn, m.board, nameOf(tourney.competitors[m.competitor1 - 1]), m.competitor2 === null ? null : nameOf(tourney.competitors[m.competitor2 - 1]), m.score1, m.score2, (m.boards ?? []).length > 0]);
      const served = rounds.flatMap((r) => r.matches.map((m) => [r.round, m.board, names.get(m.a), m.b === null ? null : names.get(m.b), m.result!.a, m.result!.b, m.boards.length > 0]));
      assert.deepEqual(exported, served, 'the .sol has every match as served');

      // The CSVs: the final standings in the served order (the withdrawn marked), round 1's walkover
      // and round 3's bye as such.
      const csvRows = async (path: string) => (await (await fetch(`${url}${base}/${path}`)).text()).trim().split('\r\n').map((l) => l.split(','));
      const standingsCsv = await csvRows('standings.csv?round=5');
      const finalRows = (await api(url, null, 'GET', `${base}/standings`)).json.standings as StandingRow[];
      assert.deepEqual(standingsCsv.slice(1).map((r) => [r[1], r[3], r[12]]), finalRows.map((r) => [r.name, String(r.points), r.name === 'Pia Larsen' ? 'yes' : '']));
      const woRow = (await csvRows('pairings.csv?round=1')).find((r) => r[3] === names.get(absent.a));
      assert.deepEqual(woRow && [woRow[4], woRow[6], woRow[7], woRow[8]], [names.get(absent.b!), '25', '0', 'walkover']);
      const byeRow = (await csvRows('pairings.csv?round=3')).find((r) => r[4] === 'bye');
      assert.deepEqual(byeRow && [byeRow[2], byeRow[6], byeRow[7], byeRow[8]], ['', '25', '0', 'bye']);
    });
  }
});

// Six players, three rounds, the results chosen here and entered by hand, the pairings and standings
// worked out on paper as docs/tournament.md §6.1 (serial) and §7 say. Points: 2 a win, 1 a draw. Net:
// the margins won minus those lost. Total: the points scored. Bucholz: the opponents' points after the
// round the standings are for. Each tie-break decides somewhere: Bucholz, net, total and the seed.
describe('a Swiss tournament of six over three rounds: the draw and the standings as worked out by hand', function () {
  this.timeout(120_000);
  for (const engine of ENGINES) {
    it(`pairs by points and tie-breaks and ranks as the paper does (${engine.name})`, async () => {
      const tablesOf = { 'hall-1': secretOf(0), 'hall-2': secretOf(1), 'hall-3': secretOf(2) };
      const { server, asha } = await organisedServer(await engine.fresh(), tablesOf);
      try {
        const url = server.url;
        const t = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Six', date: '2026-12-01', rules: 'icf', rounds: 3, tables: Object.keys(tablesOf) });
        const base = `/api/v1/tournaments/${t.json.tournament.id}`;
        const ids = new Map<string, string>();
        for (const name of ['Asha', 'Ben', 'Chandra', 'Dee', 'Eli', 'Farid']) ids.set(name, (await api(url, asha, 'POST', `${base}/entrants`, { name })).json.entrant.id);
        const nameOf = new Map([...ids].map(([n, id]) => [id, n]));

        /** Draws and publishes the round, checks its pairings (a v b, a the higher placed), enters the
         * results (`a-b`) by hand, and checks the standings: [name, points, Bucholz, net, total]. */
        async function round(n: number, pairs: [string, string, string][], table: [string, number, number, number, number][]): Promise<void> {
          assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
          const r = (await api(url, asha, 'POST', `${base}/rounds/${n}/publish`)).json.round as DayRound;
          assert.deepEqual(r.matches.map((m) => [nameOf.get(m.a), nameOf.get(m.b!)]), pairs.map(([a, b]) => [a, b]), `round ${n}'s pairings`);
          for (const [i, m] of r.matches.entries()) {
            const [a, b] = pairs[i][2].split('-').map(Number);
            const done = await api(url, asha, 'POST', `${base}/matches/${m.id}/result`, { a, b, reason: 'score sheet' });
            assert.equal(done.status, 200, JSON.stringify(done.json));
          }
          const s = (await api(url, null, 'GET', `${base}/standings?round=${n}`)).json.standings as StandingRow[];
          assert.deepEqual(s.map((x) => [x.name, x.points, x.bucholz, x.netscore, x.totscore]), table, `the standings after round ${n}`);
        }

        // Round 1 in seed order. Asha and Dee: 2 points, Bucholz 0 (Ben's and Chandra's 0), net +13
        // each; the total breaks it, 25 against 23. Eli and Farid drew 18-18: 1 point, Bucholz 1, net 0,
        // total 18 each: the seed. Ben and Chandra: 0, Bucholz 2, net -13; the total again, 12 against 10.
        await round(1, [['Asha', 'Ben', '25-12'], ['Chandra', 'Dee', '10-23'], ['Eli', 'Farid', '18-18']], [
          ['Asha', 2, 0, 13, 25], ['Dee', 2, 0, 13, 23], ['Eli', 1, 1, 0, 18], ['Farid', 1, 1, 0, 18], ['Ben', 0, 2, -13, 12], ['Chandra', 0, 2, -13, 10],
        ]);
        // Round 2, serial: Asha meets Dee; Eli has met Farid, so Eli meets Ben; Farid meets Chandra.
        // Dee 4 (Bucholz Chandra 2 + Asha 2 = 4, net 13+16 = 29, total 23+25 = 48); Eli 3 (Farid 1 +
        // Ben 0 = 1, net 0+25, total 18+25 = 43); on 2, Chandra (Dee 4 + Farid 1 = 5, net -13+8 = -5,
        // total 10+22 = 32) before Asha (Ben 0 + Dee 4 = 4, net 13-16 = -3, total 25+9 = 34) by Bucholz;
        // Farid 1 (Eli 3 + Chandra 2 = 5, net 0-8, total 18+14 = 32); Ben 0 (Asha 2 + Eli 3 = 5, net
        // -13-25 = -38, total 12+0).
        await round(2, [['Asha', 'Dee', '9-25'], ['Eli', 'Ben', '25-0'], ['Farid', 'Chandra', '14-22']], [
          ['Dee', 4, 4, 29, 48], ['Eli', 3, 1, 25, 43], ['Chandra', 2, 5, -5, 32], ['Asha', 2, 4, -3, 34], ['Farid', 1, 5, -8, 32], ['Ben', 0, 5, -38, 12],
        ]);
        // Round 3, serial: Dee meets Eli; Chandra has met Dee and Farid, so Chandra meets Asha; Farid
        // meets Ben. Dee and Eli draw. Final points: Dee 2+2+1 = 5, Eli 1+2+1 = 4, Asha 2+0+2 = 4,
        // Chandra 0+2+0 = 2, Farid 1+0+1 = 2, Ben 0+0+1 = 1. Bucholz: Dee Chandra 2 + Asha 4 + Eli 4 =
        // 10; Eli Farid 2 + Ben 1 + Dee 5 = 8; Asha Ben 1 + Dee 5 + Chandra 2 = 8; Chandra Dee 5 + Farid
        // 2 + Asha 4 = 11; Farid Eli 4 + Chandra 2 + Ben 1 = 7; Ben Asha 4 + Eli 4 + Farid 2 = 10. Net:
        // Dee 29+0, Eli 25+0, Asha -3+22 = 19, Chandra -5-22 = -27, Farid -8+0, Ben -38+0. Total: Dee
        // 48+21 = 69, Eli 43+21 = 64, Asha 34+25 = 59, Chandra 32+3 = 35, Farid 32+16 = 48, Ben 12+16 =
        // 28. So Eli before Asha on 4 points and Bucholz 8 by the net score, 25 against 19; Chandra
        // before Farid on 2 points by Bucholz, 11 against 7.
        await round(3, [['Dee', 'Eli', '21-21'], ['Chandra', 'Asha', '3-25'], ['Farid', 'Ben', '16-16']], [
          ['Dee', 5, 10, 29, 69], ['Eli', 4, 8, 25, 64], ['Asha', 4, 8, 19, 59], ['Chandra', 2, 11, -27, 35], ['Farid', 2, 7, -8, 48], ['Ben', 1, 10, -38, 28],
        ]);
        assert.equal((await api(url, null, 'GET', base)).json.tournament.status, 'finished');
      } finally {
        await server.close();
      }
    });
  }
});
