// Tournaments and their entrants over real HTTP on loopback (docs/tournament.md §3.1, §3.2, §4), on
// SQLite and PostgreSQL: created with the contract's defaults, checked field by field, changed with the
// change log keeping who, when, before and after; the entry list from a CSV (refused whole at its first
// bad line), single entries, doubles teams and withdrawals.
import assert from 'node:assert/strict';
import { api, eachEngine, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);

describe('tournaments and entrants over HTTP', function () {
  this.timeout(120_000);
  let clock: Clock;
  let url: string;
  let asha: LoggedIn;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': SECRET, 'hall-3': SECRET }), (o) => ({ clock, url, asha } = o), () => {
    it('creates a tournament with the contract\'s defaults, and refuses a field that does not hold, naming it, the same on both databases', async () => {
      const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2', 'hall-3'] });
      assert.equal(made.status, 201, JSON.stringify(made.json));
      const id = made.json.tournament.id;
      assert.ok(Number.isInteger(id) && id > 0);
      assert.deepEqual(made.json, { tournament: {
        id, name: 'Club open', date: '2026-12-01', rules: 'icf', options: {}, mode: 'singles', system: 'swiss', couplings: 'serial', rounds: 5, phantomScore: 25,
        tables: ['hall-1', 'hall-2', 'hall-3'], club: 'carrom-results', championship: 'Club open', delay: 0, status: 'registration', currentRound: 0, lastRound: 5,
      } });
      const refused: [Record<string, unknown>, RegExp][] = [
        [{ date: '2026-12-01', rules: 'icf' }, /^name: missing$/],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2', 'hall-9'] }, /^tables\[2\]: hall-9 is not a registered table$/],
        [{ name: 'X', date: '2026-12-01', rules: 'no-such-rules' }, /^rules: /],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', options: { matchTarget: 'lots' } }, /^rules: /],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', rounds: 0 }, /^rounds: must be a whole number from 1/],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', phantomScore: 26 }, /^phantomScore: must be a whole number from 1 to 25/],
        [{ name: 'X', date: '2026-02-30', rules: 'icf' }, /^date: must be a day as YYYY-MM-DD/],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', sytem: 'knockout' }, /^sytem: unknown field/],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', system: 'round-robin' }, /^system: must be one of swiss, knockout, all-play-all/],
        // Text neither database keeps as sent: a NUL (PostgreSQL refuses it, SQLite keeps it) or half a surrogate pair.
        [{ name: 'Club\u0000open', date: '2026-12-01', rules: 'icf' }, /^name: holds a NUL character or a lone surrogate$/],
        [{ name: 'X', date: '2026-12-01', rules: 'icf', championship: 'Open\ud800' }, /^championship: holds a NUL character or a lone surrogate$/],
      ];
      for (const [body, error] of refused) {
        const r = await api(url, asha, 'POST', '/api/v1/tournaments', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.match(r.json.error, error);
      }
      const notJson = await api(url, asha, 'POST', '/api/v1/tournaments', '{"name":', { 'Content-Type': 'application/json' });
      assert.equal(notJson.status, 400);
      assert.match(notJson.json.error, /^the body is not JSON/);
      assert.equal((await api(url, null, 'GET', '/api/v1/tournaments')).json.tournaments.length, 1, 'only the good one was made');
      assert.equal((await api(url, null, 'GET', '/api/v1/tournaments/999')).status, 404);
    });

    it('lists tournaments newest date first, and logs a change with who, when, before and after', async () => {
      const older = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Autumn cup', date: '2026-10-04', rules: 'icf' })).json.tournament.id;
      const newer = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', system: 'knockout' })).json.tournament.id;
      const listed = await api(url, null, 'GET', '/api/v1/tournaments');
      assert.deepEqual(listed.json.tournaments, [
        { id: newer, name: 'Club open', date: '2026-12-01', system: 'knockout', status: 'registration', currentRound: 0 },
        { id: older, name: 'Autumn cup', date: '2026-10-04', system: 'swiss', status: 'registration', currentRound: 0 },
      ]);
      clock.pass(60_000);
      const changed = await api(url, asha, 'PATCH', `/api/v1/tournaments/${older}`, { name: 'Autumn open', tables: ['hall-2'] });
      assert.equal(changed.status, 200, JSON.stringify(changed.json));
      assert.equal(changed.json.tournament.name, 'Autumn open');
      const log = (await api(url, null, 'GET', `/api/v1/tournaments/${older}/log`)).json.changes;
      assert.equal(log.length, 2);
      assert.deepEqual({ ...log[0], after: undefined }, { seq: 1, at: '2026-12-01T09:00:00.000Z', organiser: 'asha', action: 'create', target: {}, before: {}, after: undefined, reason: null });
      assert.equal(log[0].after.name, 'Autumn cup');
      assert.deepEqual(log[1], { seq: 2, at: '2026-12-01T09:01:00.000Z', organiser: 'asha', action: 'update', target: {}, before: { name: 'Autumn cup', tables: [] }, after: { name: 'Autumn open', tables: ['hall-2'] }, reason: null });
    });

    it('imports the entry list from a CSV seeded by rating, refuses a bad file whole naming its line, and takes late entries one by one', async () => {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf' })).json.tournament.id;
      const bad = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name;club;rating\nAsha Rao;Pune;1500\nBen Ode;Lagos\n', { 'Content-Type': 'text/csv' });
      assert.equal(bad.status, 400);
      assert.equal(bad.json.error, 'line 3: 2 columns, the header has 3');
      // A NUL that PostgreSQL would refuse and SQLite keep: the same 400 on both.
      const nul = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name;club;rating\nAsha Rao;Pune;1500\nBen\u0000Ode;Lagos;1400\n', { 'Content-Type': 'text/csv' });
      assert.equal(nul.status, 400, JSON.stringify(nul.json));
      assert.equal(nul.json.error, 'line 3: holds a NUL character');
      assert.deepEqual((await api(url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants, [], 'nothing of the file was kept');
      const csv = 'name,club,nationality,rating\nAsha Rao,Pune,ind,1500\nBen Ode,Lagos,NGA,1710\nChandra Iyer,,,\n';
      const ok = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, csv, { 'Content-Type': 'text/csv' });
      assert.equal(ok.status, 201, JSON.stringify(ok.json));
      assert.deepEqual(ok.json.entrants.map((e: { name: string; seed: number }) => [e.seed, e.name]), [[1, 'Ben Ode'], [2, 'Asha Rao'], [3, 'Chandra Iyer']]);
      assert.deepEqual(ok.json.entrants[1].players, [{ name: 'Asha Rao', firstName: 'Asha', lastName: 'Rao', club: 'Pune', nationality: 'IND', rating: 1500 }]);
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, csv, { 'Content-Type': 'text/csv' })).status, 409, 'the list is given once');
      const dee = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'Dee Mensah', club: 'Accra' });
      assert.equal(dee.status, 201, JSON.stringify(dee.json));
      assert.deepEqual(dee.json.entrant, { id: dee.json.entrant.id, name: 'Dee Mensah', seed: 4, players: [{ name: 'Dee Mensah', firstName: 'Dee', lastName: 'Mensah', club: 'Accra', nationality: null, rating: null }], withdrawn: false, withdrawnAfterRound: null, enteredRound: 1 });
      const seeded1 = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'Femi Ade', seed: 7 });
      assert.deepEqual([seeded1.status, seeded1.json.entrant?.seed], [201, 7], JSON.stringify(seeded1.json));
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'Gita Bose', seed: 7 })).json.error, 'seed: 7 is taken');
      const twice = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'asha rao' });
      assert.equal(twice.status, 400);
      assert.match(twice.json.error, /^name: asha rao is entered already/);
      const noName = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { club: 'Pune' });
      assert.equal(noName.status, 400);
      assert.match(noName.json.error, /^entrant\.name: must be text/);
      // Before round 1 one entered by mistake is removed, not withdrawn: nothing of Dee stays but the log.
      const early = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}/entrants/${dee.json.entrant.id}`, { withdrawn: true });
      assert.deepEqual([early.status, early.json.error], [409, `no round is drawn yet: remove Dee Mensah instead (DELETE /api/v1/tournaments/${id}/entrants/${dee.json.entrant.id}); a withdrawal is for one who has played`]);
      const out = await api(url, asha, 'DELETE', `/api/v1/tournaments/${id}/entrants/${dee.json.entrant.id}`);
      assert.deepEqual([out.status, out.json], [200, { removed: Number(dee.json.entrant.id) }]);
      const seeded = await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}/entrants/${ok.json.entrants[2].id}`, { seed: 9, club: 'Chennai' });
      assert.equal(seeded.status, 200, JSON.stringify(seeded.json));
      assert.deepEqual([seeded.json.entrant.seed, seeded.json.entrant.players[0].club, seeded.json.entrant.players[0].lastName], [9, 'Chennai', 'Iyer']);
      // An entrant is not read on its own: its path is there for PATCH and DELETE (405, server/common/public-reads.ts).
      assert.equal((await api(url, null, 'GET', `/api/v1/tournaments/${id}/entrants/1`)).status, 405);
      const log = (await api(url, null, 'GET', `/api/v1/tournaments/${id}/log`)).json.changes;
      assert.deepEqual(log.map((c: { action: string; target: unknown }) => [c.action, c.target]), [
        ['create', {}], ['import', {}], ['enter', { entrant: Number(dee.json.entrant.id) }], ['enter', { entrant: Number(seeded1.json.entrant.id) }], ['remove', { entrant: Number(dee.json.entrant.id) }], ['update', { entrant: Number(ok.json.entrants[2].id) }],
      ]);
      assert.deepEqual([log[4].before.name, log[4].before.seed, log[4].after], ['Dee Mensah', 4, {}]);
    });

    it('enters a doubles team as its two players, joined by " & "', async () => {
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Pairs', date: '2026-12-01', rules: 'icf', mode: 'doubles' })).json.tournament.id;
      const one = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { name: 'Asha Rao' });
      assert.equal(one.status, 400);
      assert.equal(one.json.error, 'players: doubles needs 2 players, not 1');
      const team = await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants`, { players: [{ name: 'Asha Rao', rating: 1500 }, { firstName: 'Ben', lastName: 'Ode', nationality: 'NGA' }] });
      assert.equal(team.status, 201, JSON.stringify(team.json));
      assert.equal(team.json.entrant.name, 'Asha Rao & Ben Ode');
      assert.deepEqual(team.json.entrant.players[1], { name: 'Ben Ode', firstName: 'Ben', lastName: 'Ode', club: null, nationality: 'NGA', rating: null });
    });
  });
});
