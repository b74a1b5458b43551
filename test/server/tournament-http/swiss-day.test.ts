// A whole Swiss tournament end to end over HTTP on loopback (docs/tournament.md; issue 20 §5): 16 players,
// 5 rounds, 8 simulated tables, each the real table app asking a `carrom serve` process for its next
// match, starting it with one press and playing it by script. On the way: a walkover, a table that goes
// offline mid-round (its records wait in its outbox and arrive later), a withdrawal, a late entry and a
// result corrected by hand. After every round: everybody plays once or has the bye (25–0, SoL's
// phantom), nobody meets twice, each table's result is attached to its match, and the standings are in
// the order and with the tie-breaks docs/tournament.md §7 states.
import assert from 'node:assert/strict';
import { openStore } from '../../../server/store.ts';
import { addOrganiser } from '../../../server/tournament-http/organisers.ts';
import { ENGINES } from '../../helpers/databases.ts';
import { QUICK, hallTable, playOffer, setOnline, until, type HallTable } from '../../helpers/hall.ts';
import { ORGANISER_PASSWORD, api, logIn, type LoggedIn } from '../../helpers/organiser.ts';
import { serveProcess, type ServeProcess } from '../../helpers/processes.ts';
import { checkStandings, meetings, type DayMatch, type DayRound } from '../../helpers/tournament-checks.ts';

const PLAYERS = [
  'Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Sato', 'Farid Khan', 'Gita Das', 'Hugo Moretti',
  'Ines Ruiz', 'Jai Patel', 'Kofi Boateng', 'Lena Vogel', 'Mira Sen', 'Nico Russo', 'Omar Aziz', 'Pia Larsen',
];
const TABLES = Array.from({ length: 8 }, (_, i) => `hall-${i + 1}`);
const secretOf = (i: number) => (i + 16).toString(16).padStart(2, '0').repeat(32);

describe('a Swiss tournament day end to end: 16 players, 5 rounds, 8 tables that get their matches and report them', function () {
  this.timeout(300_000);
  let serve: ServeProcess | null = null;
  after(async () => serve?.stop());

  it('runs five rounds through a walkover, a table offline mid-round, a withdrawal, a late entry and a correction by hand', async () => {
    const db = await ENGINES[0].fresh();
    const store = await openStore(db);
    for (const [i, id] of TABLES.entries()) await store.addTable(id, secretOf(i), '2026-12-01T08:00:00.000Z');
    await addOrganiser(store.sql, 'asha', ORGANISER_PASSWORD, '2026-12-01T08:00:00.000Z');
    await store.close();
    serve = await serveProcess(db);
    const url = serve.url;
    const who: LoggedIn = await logIn(url, 'asha', ORGANISER_PASSWORD);
    const created = await api(url, who, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'it-torneo', options: QUICK, rounds: 5, tables: TABLES });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const id: number = created.json.tournament.id;
    const base = `/api/v1/tournaments/${id}`;
    const names = new Map<string, string>();
    for (const name of PLAYERS) {
      const r = await api(url, who, 'POST', `${base}/entrants`, { name });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      names.set(r.json.entrant.id, name);
    }
    const tables: HallTable[] = TABLES.map((t, i) => hallTable(url, t, secretOf(i), 100 + i));
    const table = (tid: string) => tables.find((t) => t.id === tid)!;
    const rounds: DayRound[] = [];
    const round = async (n: number): Promise<DayRound> => (await api(url, null, 'GET', `${base}/rounds/${n}`)).json.round;
    /** Every entrant in play for round n, by id: the withdrawn left out, the late entry counted from its round. */
    let active = new Set(names.keys());

    /** Draws and publishes round n, and checks the draw: everybody in play once, no rematch, one bye at most. */
    async function drawAndPublish(n: number): Promise<DayRound> {
      const drawn = await api(url, who, 'POST', `${base}/rounds`);
      assert.equal(drawn.status, 201, JSON.stringify(drawn.json));
      const published = await api(url, who, 'POST', `${base}/rounds/${n}/publish`);
      assert.equal(published.status, 200, JSON.stringify(published.json));
      const r: DayRound = published.json.round;
      const seen = r.matches.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
      assert.deepEqual([...seen].sort(), [...active].sort(), `round ${n}: everybody in play plays once, nobody else`);
      const byes = r.matches.filter((m) => m.b === null);
      assert.equal(byes.length, active.size % 2, `round ${n}: a bye only for an odd number`);
      for (const bye of byes) {
        assert.deepEqual([bye.result, bye.source, bye.table], [{ a: 25, b: 0 }, 'bye', null], `round ${n}: the bye is SoL's phantom, 25-0, at no table`);
        assert.ok(!rounds.some((p) => p.matches.some((m) => m.b === null && m.a === bye.a)), `round ${n}: ${names.get(bye.a)} has had the bye before`);
      }
      const met = meetings(rounds);
      for (const m of r.matches) if (m.b !== null) assert.ok(!met.has([m.a, m.b].sort().join(' v ')), `round ${n}: ${names.get(m.a)} v ${names.get(m.b)} is a rematch`);
      const atTables = r.matches.filter((m) => m.b !== null).map((m) => m.table);
      assert.equal(new Set(atTables).size, atTables.length, `round ${n}: one match a table`);
      for (const tid of atTables) assert.ok(tid !== null && TABLES.includes(tid), `round ${n}: a match at ${tid}`);
      return r;
    }

    /** Every table of round n with a match to play (but `skip`'s) waits for its offer, checks it against
     * the draw, and plays it; `offline` loses Wi-Fi once its match has started. */
    async function playRound(n: number, r: DayRound, o: { skip?: number[]; offline?: string } = {}): Promise<DayMatch[]> {
      const toPlay = r.matches.filter((m) => m.b !== null && !(o.skip ?? []).includes(m.id));
      const pending = new Map(toPlay.map((m) => [m.table!, m]));
      await until(tables, () => {
        for (const [tid, m] of pending) {
          const offer = table(tid).t.app.offered;
          if (offer?.match !== m.id) continue;
          assert.deepEqual([offer.tournament, offer.round, offer.label, offer.players, offer.breaker], [id, n, `R${n} T${TABLES.indexOf(tid) + 1}`, [names.get(m.a), names.get(m.b!)], m.breaker === 'a' ? 0 : 1]);
          if (tid === o.offline) setOnline(table(tid), false);
          playOffer(table(tid), offer, n * 1000 + m.board * 10);
          pending.delete(tid);
        }
        return pending.size === 0;
      }, `round ${n}: every table's offer`);
      return toPlay;
    }

    /** Waits until the round's played matches are finished on the server and their tables' outboxes
     * are empty (a shot taken back after the end sends the match again), but those at `unreported`. */
    async function reported(n: number, played: DayMatch[], unreported: string[] = []): Promise<DayRound> {
      const wanted = played.filter((m) => !unreported.includes(m.table!));
      let r = await round(n);
      await until(tables, async () => {
        if (!wanted.every((m) => table(m.table!).sync.view().queued === 0)) return false;
        r = await round(n);
        return wanted.every((w) => r.matches.find((m) => m.id === w.id)!.status === 'finished');
      }, `round ${n}: the tables' results`);
      return r;
    }

    /** The checks after round n: each table's own result attached to its match, and the standings. */
    async function checkRound(n: number, r: DayRound, played: DayMatch[]): Promise<void> {
      assert.equal(r.status, 'finished', `round ${n} has every result`);
      for (const p of played) {
        const m = r.matches.find((x) => x.id === p.id)!;
        const t = table(m.table!);
        assert.equal(t.played?.match, m.id, `round ${n}: ${m.table} played match ${m.id}`);
        assert.deepEqual([m.source, m.result], ['table', t.played!.result], `round ${n}: ${m.table}'s own result is the match's`);
        assert.ok(m.boards.length > 0, `round ${n}: ${m.table}'s boards are attached`);
      }
      rounds[n - 1] = r;
      const s = await api(url, null, 'GET', `${base}/standings?round=${n}`);
      assert.equal(s.status, 200, JSON.stringify(s.json));
      checkStandings(s.json.standings, rounds, [...names.keys()], 25, `after round ${n}`);
    }

    // Round 1: the player at hall-8 does not come; the organiser gives the walkover once hall-8 shows it.
    const r1 = await drawAndPublish(1);
    const absent = r1.matches.find((m) => m.table === 'hall-8')!;
    await until(tables, () => table('hall-8').t.app.offered?.match === absent.id, 'hall-8 shows its match');
    const wo = await api(url, who, 'POST', `${base}/matches/${absent.id}/walkover`, { winner: 'a', reason: `${names.get(absent.b!)} did not come` });
    assert.equal(wo.status, 200, JSON.stringify(wo.json));
    assert.deepEqual([wo.json.match.result, wo.json.match.source], [{ a: 25, b: 0 }, 'walkover']);
    const played1 = await playRound(1, r1, { skip: [absent.id] });
    await until(tables, () => table('hall-8').t.app.offered === null, 'hall-8 no longer offers the match given as a walkover');
    await checkRound(1, await reported(1, played1), played1);

    // Round 2: hall-3 loses Wi-Fi once its match has begun, and plays on.
    const r2 = await drawAndPublish(2);
    const played2 = await playRound(2, r2, { offline: 'hall-3' });
    const waiting = await reported(2, played2, ['hall-3']);
    const late = waiting.matches.find((m) => m.table === 'hall-3')!;
    assert.equal(late.result, null, 'hall-3 has not reported');
    assert.notEqual(late.status, 'finished');
    assert.equal(waiting.status, 'published', 'the round is not finished while hall-3 has not reported');
    assert.ok(table('hall-3').sync.view().queued > 0, 'hall-3 keeps its records in its outbox');
    const early = await api(url, who, 'POST', `${base}/rounds`);
    assert.equal(early.status, 409);
    assert.equal(early.json.error, `round 2 is not finished: ${names.get(late.a)} v ${names.get(late.b!)} on table hall-3 has no result`);
    setOnline(table('hall-3'), true);
    await until(tables, () => table('hall-3').sync.view().queued === 0, 'hall-3 delivers its outbox');
    await checkRound(2, await reported(2, played2), played2);

    // Between rounds 2 and 3: the last seed withdraws; 15 are left, and one has the bye.
    const leaving = [...names.keys()].find((e) => names.get(e) === 'Pia Larsen')!;
    const withdrawn = await api(url, who, 'PATCH', `${base}/entrants/${leaving}`, { withdrawn: true });
    assert.equal(withdrawn.status, 200, JSON.stringify(withdrawn.json));
    assert.equal(withdrawn.json.entrant.withdrawnAfterRound, 2);
    active.delete(leaving);
    const r3 = await drawAndPublish(3);
    const played3 = await playRound(3, r3);
    await checkRound(3, await reported(3, played3), played3);

    // Between rounds 3 and 4: a late entry, with no points, drawn from round 4 on.
    const entered = await api(url, who, 'POST', `${base}/entrants`, { name: 'Quinn Late' });
    assert.equal(entered.status, 201, JSON.stringify(entered.json));
    assert.equal(entered.json.entrant.enteredRound, 4);
    names.set(entered.json.entrant.id, 'Quinn Late');
    active = new Set([...active, entered.json.entrant.id]);
    const r4 = await drawAndPublish(4);
    const played4 = await playRound(4, r4);
    const done4 = await reported(4, played4);
    await checkRound(4, done4, played4);

    // The referee's decision on board 1 of round 4: the result is corrected by hand, the other way round.
    const reversed = done4.matches.find((m) => m.board === 1)!;
    const hand = { a: reversed.result!.b, b: reversed.result!.a };
    const fixed = await api(url, who, 'POST', `${base}/matches/${reversed.id}/result`, { ...hand, reason: 'referee: the last board was a foul' });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.json));
    assert.deepEqual([fixed.json.match.result, fixed.json.match.source, fixed.json.match.corrected], [hand, 'hand', true], 'shown as corrected by hand');
    const log = (await api(url, null, 'GET', `${base}/log`)).json.changes;
    assert.deepEqual(log.at(-1), { ...log.at(-1), organiser: 'asha', action: 'result', target: { match: reversed.id }, before: { result: reversed.result, source: 'table' }, after: { result: hand, source: 'hand' } });
    await checkRound(4, await round(4), played4.filter((m) => m.id !== reversed.id));

    const r5 = await drawAndPublish(5);
    const played5 = await playRound(5, r5);
    await checkRound(5, await reported(5, played5), played5);

    const t = (await api(url, null, 'GET', base)).json.tournament;
    assert.deepEqual([t.status, t.currentRound], ['finished', 5]);
    const sixth = await api(url, who, 'POST', `${base}/rounds`);
    assert.deepEqual([sixth.status, sixth.json.error], [409, "the tournament's 5 rounds are drawn"]);
    await until(tables, () => tables.every((x) => x.t.app.offered === null), 'no table offers a match once the day is over');
  });
});
