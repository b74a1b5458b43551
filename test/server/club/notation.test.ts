// A match's carrom notation served over real HTTP on loopback, on SQLite and PostgreSQL (docs/server.md §4,
// docs/notation.md): GET /matches/<id>/notation answers text/plain in UTF-8, the notation of the match's
// newest record's log with the server's tags (the table, the date, the tournament's name and round for a
// tournament's match), which reads back into that very log; an unknown match is a 404.
import assert from 'node:assert/strict';
import type { ResultsServer } from '../../../server/index.ts';
import { readNotation } from '../../../src/notation/index.ts';
import { parseLog } from '../../../src/rules/index.ts';
import { matchRecords, playedBy, postRecord } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, organisedServer, type LoggedIn } from '../../helpers/tournament/organiser.ts';

const SECRET = '6d'.repeat(32);
const OTHER = '4a'.repeat(32);
const PRESET = { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } } as const;

describe('a match in the carrom notation, served', function () {
  this.timeout(120_000);
  for (const engine of ENGINES) {
    describe(engine.name, () => {
      let server: ResultsServer;
      let asha: LoggedIn;
      beforeEach(async () => {
        ({ server, asha } = await organisedServer(await engine.fresh(), { 'hall-1': SECRET, 'hall-2': OTHER }));
      });
      afterEach(() => server.close());

      it('GET /matches/<id>/notation: the whole match so far, with the server\'s tags, that reads back into its log', async () => {
        const url = server.url;
        // A tournament's match on hall-1 (its records say which), a friendly one on hall-2 with names to escape.
        const id = (await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Club "open"', date: '2026-11-28', rules: 'icf', tables: ['hall-1', 'hall-2'] })).json.tournament.id;
        assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\nChandra\nDee\n', { 'Content-Type': 'text/csv' })).status, 201);
        assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
        const round = (await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round;
        const drawn = round.matches.find((m: { table: string }) => m.table === 'hall-1');
        const tournament = matchRecords('hall-1', 1, 23, PRESET, { tournament: id, round: 1, match: drawn.id });
        const friendly = playedBy('hall-2', matchRecords('hall-2', 1, 24, PRESET), ['Zoë "Z" Ångström', 'Ben\\Bo'], {});
        // Two records of the tournament's match: the notation is of the newest.
        for (const r of tournament.slice(0, 2)) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
        for (const r of friendly) assert.equal((await postRecord(url, 'hall-2', OTHER, r.body)).status, 201);

        const matches = async (table: string) => (await api(url, null, 'GET', `/api/v1/matches/${table}`)).json.matches as { id: number }[];
        const [own] = await matches('hall-1');
        const [other] = await matches('hall-2');

        const answer = await fetch(`${url}/matches/${own.id}/notation`);
        assert.equal(answer.status, 200);
        assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
        assert.equal(answer.headers.get('content-disposition'), `inline; filename="match-${own.id}.cn"`);
        const text = await answer.text();
        assert.match(text, new RegExp(`^\\[Event "Club \\\\"open\\\\""\\]\\n\\[Date "2026\\.11\\.28"\\]\\n\\[Round "1"\\]\\n\\[Table "hall-1"\\]\\n\\[Match "${own.id}"\\]\\n`));
        const read = readNotation(text);
        assert.ok(read.ok, read.ok ? '' : `${read.error.line}:${read.error.column}: ${read.error.reason}`);
        const log = parseLog(tournament[1].log);
        assert.ok(log.ok);
        assert.deepEqual(read.value.header, log.value.header);
        assert.deepEqual(read.value.events, log.value.events.map((e) => e.event), 'the events of the newest record, every one');

        // The next record of the match: the notation asked again has its events (nothing kept from before).
        for (const r of tournament.slice(2, 3)) assert.equal((await postRecord(url, 'hall-1', SECRET, r.body)).status, 201);
        const longer = readNotation(await (await fetch(`${url}/matches/${own.id}/notation`)).text());
        assert.ok(longer.ok);
        const third = parseLog(tournament[2].log);
        assert.ok(third.ok);
        assert.deepEqual(longer.value.events, third.value.events.map((e) => e.event));
        assert.ok(longer.value.events.length > read.value.events.length);
        // Asked twice, the same text.
        assert.equal(await (await fetch(`${url}/matches/${own.id}/notation`)).text(), await (await fetch(`${url}/matches/${own.id}/notation`)).text());

        // A match of no tournament: the day its first record came (the server's clock), no event or round.
        const friendlyText = await (await fetch(`${url}/matches/${other.id}/notation`)).text();
        assert.match(friendlyText, new RegExp(`^\\[Event "\\?"\\]\\n\\[Date "2026\\.12\\.01"\\]\\n\\[Round "\\?"\\]\\n\\[Table "hall-2"\\]\\n\\[Match "${other.id}"\\]\\n`));
        const back = readNotation(friendlyText);
        assert.ok(back.ok);
        assert.deepEqual(back.value.header.players, ['ZOË "Z" ÅNGSTRÖM', 'BEN\\BO'], 'in capitals, as playedBy has a table write them');
        const whole = parseLog(friendly[friendly.length - 1].log);
        assert.ok(whole.ok);
        assert.deepEqual(back.value.events, whole.value.events.map((e) => e.event));
        assert.match(friendlyText, /\[Result "(A|B)"\]/, 'the whole match, over');
      });

      it('an unknown match is a 404 in text; a path that is no match id is the JSON 404 of any unknown path', async () => {
        const none = await fetch(`${server.url}/matches/99/notation`);
        assert.equal(none.status, 404);
        assert.equal(none.headers.get('content-type'), 'text/plain; charset=utf-8');
        assert.equal(await none.text(), 'no match 99\n');
        const bad = await fetch(`${server.url}/matches/x1/notation`);
        assert.equal(bad.status, 404);
        assert.deepEqual(await bad.json(), { error: 'nothing at /matches/x1/notation' });
      });
    });
  }
});
