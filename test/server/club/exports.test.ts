// The exports a tournament organiser downloads, over HTTP on SQLite and PostgreSQL: the CSV read back by
// a real CSV parser (Python's csv module) with "," and with ";" as the separator, as spreadsheets of the
// locales we ship read it; names that look like formulas stay text; the columns after the contract's
// thirteen; the JSON export's player list; the leaderboard of a doubles match.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, recordBody, type TableRecord } from '../../../tools/results.ts';
import { readCsv } from '../../helpers/csv.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '3c'.repeat(32);

/** The same match with other player names, signed again: a table whose players typed these names. */
function named(records: TableRecord[], players: string[], madeAt: (i: number) => string | null = () => null): TableRecord[] {
  return records.map((r, i) => {
    const [head, ...rest] = r.log.split('\n');
    const log = [JSON.stringify({ ...JSON.parse(head), players }), ...rest].join('\n');
    return { ...r, log, body: recordBody(JSON.parse(r.body).table, r.counter, r.kind, log, { madeAt: madeAt(i) }) };
  });
}

const doubles = (table: string) => matchRecords(table, 1, 12, { rules: 'pt-fpc', mode: 'doubles', options: { matchTarget: 9 } });
const singles = (table: string) => matchRecords(table, 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
const FORMULA = /^[=+\-@\t\r]/;

for (const engine of ENGINES) {
  describe(`exports on ${engine.name}`, function () {
    this.timeout(60_000);
    let server: ResultsServer;
    let clock = Date.parse('2026-12-01T18:00:00.000Z');
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await engine.fresh(), mdns: false, now: () => new Date(clock) });
      for (const t of ['hall-1', 'hall-2', 'hall-3']) await server.store.addTable(t, SECRET, '2026-12-01T17:00:00.000Z');
    });
    afterEach(async () => server.close());

    async function post(records: TableRecord[]) {
      for (const r of records) {
        clock += 60_000;
        const table = JSON.parse(r.body).table as string;
        assert.equal((await postRecord(server.url, table, SECRET, r.body)).status, 201);
      }
    }
    const csv = async () => (await (await fetch(`${server.url}/api/v1/export.csv`)).text());

    it('players named like formulas stay text in every cell, whether the spreadsheet splits on "," or on ";"', async () => {
      const names = {
        'hall-1': ['Asha', "=cmd|' /C calc'!A0", '@SUM(1)', 'Bo "Q"'],
        'hall-2': ['=HYPERLINK("http://x.example/","win")', 'Smith, J.'],
        'hall-3': ['-2+3', 'x;=1+1'],
      };
      await post(named(doubles('hall-1'), names['hall-1']));
      await post(named(singles('hall-2'), names['hall-2']));
      await post(named(singles('hall-3'), names['hall-3']));
      const text = await csv();
      const [head, ...rows] = readCsv(text, ',');
      const at = (row: string[], column: string) => row[head.indexOf(column)];
      assert.ok(rows.length > 0);
      for (const row of rows) {
        assert.equal(row.length, head.length, 'a name holding "," or a quote does not shift the columns');
        const want = {
          'hall-1': "Asha;'=cmd|' /C calc'!A0;'@SUM(1);Bo \"Q\"",
          'hall-2': '\'=HYPERLINK("http://x.example/","win");Smith, J.',
          'hall-3': "'-2+3;x;'=1+1",
        }[at(row, 'table') as 'hall-1'];
        assert.equal(at(row, 'players'), want);
        for (const c of ['breakerName', 'winnerName', 'queenName']) assert.doesNotMatch(at(row, c), FORMULA, c);
      }
      // A spreadsheet of a ";" locale splits every line on ";", quotes or not: no piece may begin a formula.
      for (const row of readCsv(text, ';')) for (const c of row) assert.doesNotMatch(c, FORMULA, JSON.stringify(c));
      // The JSON export holds the names as typed, as a list.
      const json = (await (await fetch(`${server.url}/api/v1/export.json`)).json()) as { boards: { table: keyof typeof names; players: string[]; breaker: number; breakerName: string }[] };
      for (const b of json.boards) {
        assert.deepEqual(b.players, names[b.table]);
        assert.equal(b.breakerName, names[b.table][b.breaker]);
      }
    });

    it('after the contract\'s 13 columns: when each board arrived and was made, and who broke, won and took the queen, by name', async () => {
      const made = (i: number) => `2026-12-01T19:0${i}:00+01:00`;
      const records = named(doubles('hall-1'), ['Asha', 'Ben', 'Cleo', 'Dev'], made);
      const arrived: string[] = [];
      for (const r of records) {
        clock += 60_000;
        arrived.push(new Date(clock).toISOString());
        assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      }
      const [head, ...rows] = readCsv(await csv(), ',');
      assert.deepEqual(head.slice(0, 13), ['table', 'counter', 'rules', 'mode', 'players', 'game', 'board', 'breaker', 'winner', 'points', 'queen', 'menLeft0', 'menLeft1']);
      assert.deepEqual(head.slice(13), ['turns', 'shots', 'colour0', 'colour1', 'match', 'receivedAt', 'madeAt', 'breakerName', 'winnerName', 'queenName']);
      const side = ['Asha & Cleo', 'Ben & Dev'];
      const players = ['Asha', 'Ben', 'Cleo', 'Dev'];
      // One record per board: board k first arrived with record k, not with the match's newest.
      assert.equal(rows.length, records.filter((r) => r.kind === 'board').length);
      rows.forEach((row, k) => {
        const v = Object.fromEntries(head.map((c, i) => [c, row[i]]));
        assert.equal(v.counter, String(records.at(-1)!.counter), 'the row comes from the newest record');
        assert.equal(v.receivedAt, arrived[k], `board ${k + 1} arrived with record ${k + 1}`);
        assert.equal(v.madeAt, made(k));
        assert.equal(v.breakerName, players[Number(v.breaker)]);
        assert.equal(v.winnerName, v.winner === '' ? '' : side[Number(v.winner)]);
        assert.equal(v.queenName, v.queen === '' ? '' : side[Number(v.queen)]);
      });
    });

    it('the leaderboard credits doubles partners together: players 0 and 2, and 1 and 3', async () => {
      const records = doubles('hall-1');
      await post(records);
      const [m] = ((await (await fetch(`${server.url}/api/v1/matches/hall-1`)).json()) as { matches: { over: boolean; state: { match: { winner: number } }; boards: { winner: number | null; points: number }[] }[] }).matches;
      assert.equal(m.over, true);
      const won = (s: number) => m.boards.filter((b) => b.winner === s);
      assert.ok(won(0).length > 0 && won(1).length > 0, 'each side won a board: the fixture tells the sides apart');
      const lb = ((await (await fetch(`${server.url}/api/v1/leaderboard`)).json()) as { players: Record<string, number | string>[] }).players;
      const of = (name: string) => lb.find((p) => p.player === name)!;
      for (const [player, s] of [['Asha', 0], ['Cleo', 0], ['Ben', 1], ['Dev', 1]] as const) {
        assert.deepEqual(of(player), {
          player,
          matches: 1,
          matchesWon: m.state.match.winner === s ? 1 : 0,
          boards: m.boards.length,
          boardsWon: won(s).length,
          points: won(s).reduce((n, b) => n + b.points, 0),
        });
      }
    });
  });
}
