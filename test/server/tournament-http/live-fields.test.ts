// A tournament's record on the live reads over real HTTP on loopback, on SQLite and PostgreSQL
// (docs/server.md §4, docs/tournament.md §5.4): the `record` event and `GET /api/v1/tables` carry the
// record's tournament, round and match as `assigned`, so that the hall can tell which drawn match a
// table's score is of; a record without them reads exactly as before, with no `assigned` at all.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord } from '../../../tools/results.ts';
import { until } from '../../helpers/servers/answers.ts';
import { api, eachEngine, organisedServer, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { readEvents } from '../../helpers/servers/processes.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '77'.repeat(32);
const PRESET = { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } } as const;
/** The `record` event's fields before tournaments (docs/server.md §4). */
const EVENT_FIELDS = ['counter', 'kind', 'madeAt', 'match', 'players', 'receivedAt', 'state', 'table'];

describe('the live reads carry the tournament match a record was played for', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  let asha: LoggedIn;
  eachEngine((db) => organisedServer(db, { 'hall-1': SECRET, 'hall-2': OTHER }), (o) => ({ server, asha } = o), () => {
    it('the record event and the tables read say the tournament, round and match; a record of no tournament has no such field', async () => {
      const url = server.url;
      const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'] })).json.tournament.id;
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\nChandra\nDee\n', { 'Content-Type': 'text/csv' })).status, 201);
      assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
      const round = (await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round;
      const drawn = round.matches.find((m: { table: string }) => m.table === 'hall-1');
      const ids = { tournament: id, round: 1, match: drawn.id };

      const stream = await readEvents(url);
      try {
        const [board] = matchRecords('hall-1', 1, 23, PRESET, ids);
        const [friendly] = matchRecords('hall-2', 1, 24, PRESET);
        assert.equal((await postRecord(url, 'hall-1', SECRET, board.body)).status, 201);
        assert.equal((await postRecord(url, 'hall-2', OTHER, friendly.body)).status, 201);
        await until('both records are on the stream', () => stream.events.filter((e) => e.event === 'record').length === 2);
        const [own, other] = stream.events.filter((e) => e.event === 'record').map((e) => JSON.parse(e.data));
        assert.equal(own.table, 'hall-1');
        assert.deepEqual(own.assigned, ids);
        assert.equal(typeof own.match, 'number', "the event's own match (the server's) is still there beside it");
        assert.deepEqual(Object.keys(other).sort(), EVENT_FIELDS, 'a record of no tournament: the event as it always was');

        const tables = (await api(url, null, 'GET', '/api/v1/tables')).json.tables;
        assert.deepEqual(tables.map((t: { table: string; assigned?: unknown }) => [t.table, t.assigned]), [['hall-1', ids], ['hall-2', undefined]]);
        assert.ok(!('assigned' in tables[1]), 'no assigned field for a record of no tournament');
        assert.equal(tables[0].match, own.match);
        // A page of the list reads the same.
        const paged = (await api(url, null, 'GET', '/api/v1/tables?limit=1')).json.tables;
        assert.deepEqual(paged[0].assigned, ids);
      } finally {
        stream.close();
      }
    });
  });
});
