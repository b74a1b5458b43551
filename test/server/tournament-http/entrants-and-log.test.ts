// The tournament's data as issue 28 §3 found it wrong, over real HTTP on loopback, on SQLite and
// PostgreSQL (docs/tournament.md §2, §3.1–§3.3, §4, §7): names compared as SoL compares them, an entrant
// removed before round 1 and withdrawn after it, an unchanged result logged once, a visitor's session read
// answered without a fault, the tournament's last round, and the standings saying which results they count.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../../server/index.ts';
import { api, eachEngine, organisedServer, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '6c'.repeat(32);

describe("the tournament's entrants, change log and standings over HTTP", function () {
  this.timeout(120_000);
  let server: ResultsServer;
  let url: string;
  let asha: LoggedIn;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': SECRET }), (o) => ({ server, url, asha } = o), () => {
    const create = async (body: Record<string, unknown> = {}) => (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], ...body })).json.tournament.id as number;
    const enter = (id: number, body: Record<string, unknown>) => api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, body);
    const entrants = async (id: number) => (await api(url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants as { id: string; name: string; seed: number; players: { name: string; firstName: string; lastName: string }[] }[];
    const actions = async (id: number) => ((await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes as { action: string }[]).map((c) => c.action);
    /** Every match of round n given a result by hand, a at 25, b at 10. */
    const finish = async (id: number, n: number) => {
      for (const m of (await api(url, null, 'GET', `/api/v1/tournaments/${id}/rounds/${n}`)).json.round.matches as { id: number; b: string | null }[]) {
        if (m.b !== null) assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${m.id}/result`, { a: 25, b: 10, reason: 'score sheet' })).status, 200);
      }
    };
    const drawAndPublish = async (id: number, n: number) => {
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/${n}/publish`)).status, 200);
    };

    it('takes names that differ only by inner spaces or case for one person, and keeps them joined, from the JSON interface and the CSV', async () => {
      const id = await create();
      const ok = await enter(id, { name: '  Asha   Rao ' });
      assert.equal(ok.status, 201, JSON.stringify(ok.json));
      assert.deepEqual([ok.json.entrant.name, ok.json.entrant.players[0].firstName, ok.json.entrant.players[0].lastName], ['Asha Rao', 'Asha', 'Rao']);
      const e1 = ok.json.entrant.id;
      for (const [name, said] of [['Asha  Rao', `Asha Rao is entered already (entrant ${e1})`], ['asha rao', `asha rao is entered already (entrant ${e1}, Asha Rao)`], ['ASHA\tRAO', `ASHA RAO is entered already (entrant ${e1}, Asha Rao)`]]) {
        const twice = await enter(id, { name });
        assert.deepEqual([twice.status, twice.json.error], [400, `name: ${said}`], name);
      }
      const split = await enter(id, { firstName: 'Ben  K.', lastName: 'Ode' });
      assert.deepEqual([split.json.entrant.name, split.json.entrant.players[0].firstName], ['Ben K. Ode', 'Ben K.']);
      // A name kept as typed by a server before names were joined is the same person's too.
      await server.store.sql.run('UPDATE carrom_entrants SET name = ? WHERE id = ?', ['Ben  K.  Ode', Number(split.json.entrant.id)]);
      assert.equal((await enter(id, { name: 'ben k. ode' })).status, 400);
      // A rename (before round 1) into another's name is refused alike.
      const dee = await enter(id, { name: 'Dee Mensah' });
      const renamed = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}/entrants/${dee.json.entrant.id}`, { name: 'asha  RAO' });
      assert.equal(renamed.status, 400, JSON.stringify(renamed.json));
      assert.deepEqual((await entrants(id)).map((e) => e.name), ['Asha Rao', 'Ben  K.  Ode', 'Dee Mensah']);

      const other = await create({ name: 'Second' });
      const csv = await api(url, asha, 'POST', `/api/v1/tournaments/${other}/entrants.csv`, 'name,club\nAsha Rao,Pune\n"Asha  Rao",Pune\n', { 'Content-Type': 'text/csv' });
      assert.deepEqual([csv.status, csv.json.error], [400, 'line 3: Asha Rao is entered already (line 2)']);
      const joined = await api(url, asha, 'POST', `/api/v1/tournaments/${other}/entrants.csv`, 'firstname,lastname\n"Chandra  S.", Iyer \n', { 'Content-Type': 'text/csv' });
      assert.equal(joined.status, 201, JSON.stringify(joined.json));
      assert.deepEqual([joined.json.entrants[0].name, joined.json.entrants[0].players[0].firstName], ['Chandra S. Iyer', 'Chandra S.']);
    });

    it('removes an entrant before round 1 (nothing of it in the standings or the exports), and keeps one who withdraws after it', async () => {
      const id = await create({ rounds: 2 });
      const ids: string[] = [];
      for (const name of ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Mistake']) ids.push((await enter(id, { name })).json.entrant.id);
      const eli = ids[4];
      const gone = await api(url, asha, 'DELETE', `/api/v1/tournaments/${id}/entrants/${ids[1]}`);
      assert.deepEqual([gone.status, gone.json], [200, { removed: Number(ids[1]) }]);
      assert.deepEqual((await entrants(id)).map((e) => [e.name, e.seed]), [['Asha Rao', 1], ['Chandra Iyer', 2], ['Dee Mensah', 3], ['Eli Mistake', 4]], 'the seeds close up');
      assert.equal((await api(url, asha, 'DELETE', `/api/v1/tournaments/${id}/entrants/${ids[1]}`)).status, 404);
      assert.equal((await enter(id, { name: 'Ben Ode' })).status, 201, 'a name removed can be entered again');

      // A draft of round 1 stands in the way; once round 1 is drawn, removal is refused and withdrawal keeps the entrant.
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
      const draft = await api(url, asha, 'DELETE', `/api/v1/tournaments/${id}/entrants/${eli}`);
      assert.deepEqual([draft.status, draft.json.error], [409, 'round 1 is a draft: discard it first, then remove Eli Mistake']);
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).status, 200);
      const late = await api(url, asha, 'DELETE', `/api/v1/tournaments/${id}/entrants/${eli}`);
      assert.deepEqual([late.status, late.json.error], [409, 'round 1 is drawn: Eli Mistake can only withdraw now (PATCH {"withdrawn": true}), the matches played stay']);
      await finish(id, 1);
      assert.equal((await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}/entrants/${eli}`, { withdrawn: true })).status, 200);
      await drawAndPublish(id, 2);
      await finish(id, 2);
      const standings = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/standings`)).json.standings as { name: string; withdrawn: boolean }[];
      assert.deepEqual(standings.map((s) => s.name).sort(), ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Mistake']);
      assert.equal(standings.find((s) => s.name === 'Eli Mistake')!.withdrawn, true);
      const log = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes as { action: string; target: { entrant?: number }; before: Record<string, unknown> }[];
      const removal = log.find((c) => c.action === 'remove')!;
      assert.deepEqual([removal.target, removal.before.name, removal.before.seed], [{ entrant: Number(ids[1]) }, 'Ben Ode', 2]);
      assert.equal(log.filter((c) => c.action === 'withdraw').length, 1);
    });

    it('leaves out of the standings and the exports one that a server before the removal withdrew before round 1', async () => {
      const id = await create({ rounds: 1 });
      const ids: string[] = [];
      for (const name of ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Mistake']) ids.push((await enter(id, { name })).json.entrant.id);
      // What the older server kept for "Withdraw" pressed before round 1.
      await server.store.sql.run('UPDATE carrom_entrants SET withdrawn_after = 0 WHERE id = ?', [Number(ids[4])]);
      await drawAndPublish(id, 1);
      await finish(id, 1);
      const round = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches as { b: string | null }[];
      assert.equal(round.filter((m) => m.b === null).length, 0, 'four in the draw: no bye');
      const standings = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/standings`)).json.standings as { name: string }[];
      assert.deepEqual(standings.map((s) => s.name).sort(), ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah']);
      const csv = await (await fetch(`${url}/api/v1/tournaments/${id}/standings.csv`)).text();
      assert.doesNotMatch(csv, /Eli/);
      const sol = await (await fetch(`${url}/api/v1/tournaments/${id}/export.sol`)).text();
      assert.doesNotMatch(sol, /Mistake/);
      assert.equal((JSON.parse(sol)[1].competitors as unknown[]).length, 4);
    });

    it('logs a result, a walkover and a replay once when the same is sent twice (a double click)', async () => {
      const id = await create({ rounds: 1 });
      for (const name of ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah']) await enter(id, { name });
      await drawAndPublish(id, 1);
      const [m1, m2] = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches as { id: number; table: string }[];
      const base = `/api/v1/tournaments/${id}/matches`;
      for (let i = 0; i < 2; i++) assert.equal((await api(url, asha, 'POST', `${base}/${m1.id}/result`, { a: 25, b: 10, reason: 'score sheet' })).status, 200);
      for (let i = 0; i < 2; i++) assert.equal((await api(url, asha, 'POST', `${base}/${m2.id}/replay`, { table: m1.table, reason: 'the board tilted' })).status, 200);
      for (let i = 0; i < 2; i++) assert.equal((await api(url, asha, 'POST', `${base}/${m2.id}/walkover`, { winner: 'b', reason: 'Chandra left' })).status, 200);
      assert.equal((await api(url, asha, 'POST', `${base}/${m1.id}/result`, { a: 25, b: 12, reason: 'added up again' })).status, 200);
      assert.deepEqual((await actions(id)).slice(-5), ['publish', 'result', 'replay', 'walkover', 'result'], 'each write that changed something, once');
    });

    it('answers a visitor\'s session read with no session, not a fault', async () => {
      const r = await api(url, null, 'GET', '/api/v1/session');
      assert.deepEqual([r.status, r.json], [200, { organiser: null }]);
      const mine = await api(url, asha, 'GET', '/api/v1/session');
      assert.deepEqual([mine.status, mine.json.organiser, typeof mine.json.csrf], [200, 'asha', 'string']);
    });

    it('gives the tournament\'s last round, and the standings say which results they count', async () => {
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${await create({ rounds: 3 })}`)).json.tournament.lastRound, 3);
      const ko = await create({ system: 'knockout' });
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${ko}`)).json.tournament.lastRound, null, 'nobody entered');
      for (const name of ['A a', 'B b', 'C c', 'D d', 'E e', 'F f']) await enter(ko, { name });
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${ko}`)).json.tournament.lastRound, 3, 'six padded to eight: three rounds');
      const league = await create({ system: 'all-play-all' });
      for (const name of ['A a', 'B b', 'C c', 'D d', 'E e']) await enter(league, { name });
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${league}`)).json.tournament.lastRound, 5);

      const id = await create({ rounds: 3 });
      for (const name of ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah']) await enter(id, { name });
      const counted = async () => (await api(url, null, 'GET', `/api/v1/tournaments/${id}/standings`)).json.counted;
      assert.deepEqual(await counted(), { complete: 0, partial: null });
      await drawAndPublish(id, 1);
      assert.deepEqual(await counted(), { complete: 0, partial: { round: 1, results: 0, matches: 2 } });
      await finish(id, 1);
      assert.deepEqual(await counted(), { complete: 1, partial: null });
      await drawAndPublish(id, 2);
      assert.deepEqual(await counted(), { complete: 1, partial: { round: 2, results: 0, matches: 2 } }, 'round 2 published: its results are not in yet');
      const m = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/rounds/2`)).json.round.matches[0];
      await api(url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${m.id}/result`, { a: 25, b: 3, reason: 'score sheet' });
      assert.deepEqual(await counted(), { complete: 1, partial: { round: 2, results: 1, matches: 2 } });
    });
  });
});
