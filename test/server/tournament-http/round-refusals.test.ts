// What an organiser's writes to a round are refused, over real HTTP on loopback, on SQLite and PostgreSQL
// (docs/tournament.md §3.3): each refusal with its status and the words that say what and where: a round
// that is not there, a swap of other than two entrants or of one who plays no match in the round, a rematch
// flag that is no boolean, a match that is not the round's, a draft thrown away once published, a Swiss's bracket, and the
// pairings and tables of a round that has started. One server for the file.
import assert from 'node:assert/strict';
import { api, eachEngine, organisedServer, type LoggedIn } from '../../helpers/tournament/organiser.ts';

interface M { id: number; a: string; b: string | null; table: string | null }

describe('a round’s writes refused, saying why', function () {
  this.timeout(120_000);
  let url: string;
  let asha: LoggedIn;
  eachEngine((db) => organisedServer(db, { 'hall-1': '5e'.repeat(32), 'hall-2': '5e'.repeat(32) }), (o) => ({ url, asha } = o), () => {
    it('refuses a round not there, a swap not of two of the round’s entrants, a rematch flag not a boolean, a match not the round’s, and a published round thrown away', async () => {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'] })).json.tournament.id;
      const r = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha Rao\nBen Ode\nChandra Iyer\nDee Mensah\n', { 'Content-Type': 'text/csv' });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const base = `/api/v1/tournaments/${id}`;
      const refused = async (method: string, path: string, body?: unknown) => {
        const a = await api(url, asha, method, `${base}${path}`, body);
        return [a.status, a.json.error];
      };
      assert.deepEqual(await refused('POST', '/rounds/1/publish'), [404, `tournament ${id} has no round 1`]);
      assert.deepEqual(await refused('GET', '/bracket'), [409, `tournament ${id} is a Swiss tournament: a bracket is a knockout's (see its standings)`]);
      const apa = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'League', date: '2026-12-01', rules: 'icf', system: 'all-play-all' })).json.tournament.id;
      const league = await api(url, null, 'GET', `/api/v1/tournaments/${apa}/bracket`);
      assert.deepEqual([league.status, league.json.error], [409, `tournament ${apa} is an all-play-all tournament: a bracket is a knockout's (see its standings)`]);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds`)).status, 201);
      const [m1, m2] = (await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches as M[];
      assert.deepEqual(await refused('GET', '/rounds/2'), [404, `tournament ${id} has no round 2`]);
      assert.deepEqual(await refused('POST', '/rounds/1/swap', { entrants: [m1.a, m2.a, m2.b] }), [400, 'entrants: two to swap, not 3']);
      assert.deepEqual(await refused('POST', '/rounds/1/swap', { entrants: [m1.a, '99999'] }), [404, 'entrants[1]: entrant 99999 plays no match in round 1']);
      assert.deepEqual(await refused('POST', '/rounds/1/swap', { entrants: [m1.a, m2.a], rematch: 'yes' }), [400, 'rematch: must be true or false, not "yes"']);
      assert.deepEqual(await refused('POST', '/rounds/1/move', { match: 99999, table: 'hall-2' }), [404, 'round 1 has no match 99999']);
      assert.equal((await api(url, asha, 'POST', `${base}/rounds/1/publish`)).status, 200);
      assert.deepEqual(await refused('DELETE', '/rounds/1'), [409, 'round 1 is published: it can no longer be thrown away']);
      // m1 started (a result by hand): neither its pairing nor its table changes, nor the other match's table onto it.
      assert.equal((await api(url, asha, 'POST', `${base}/matches/${m1.id}/result`, { a: 25, b: 3, reason: 'score sheet' })).status, 200);
      const started = `round 1 has started on table hall-1 (match ${m1.id}): its pairings can no longer change`;
      assert.deepEqual(await refused('POST', '/rounds/1/swap', { entrants: [m1.a, m2.a] }), [409, started]);
      assert.deepEqual(await refused('POST', '/rounds/1/move', { match: m2.id, table: 'hall-1' }), [409, started]);
      assert.deepEqual((await api(url, null, 'GET', `${base}/rounds/1`)).json.round.matches.map((m: M) => [m.id, m.table]), [[m1.id, 'hall-1'], [m2.id, 'hall-2']], 'nothing moved');
    });
  }, true);
});
