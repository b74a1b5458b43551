// Every shot live as a spectator sees it (issue 34's end-to-end tests): chromium on a tournament's hall
// page while four tables play their drawn matches, real ones (the rules engine's random legal shots), each
// sending a signed shot message after every shot and its board's record at each board's end, as the
// table does (tools/bench/live-tables.ts, the live bench's tables). One table's network loses and
// reorders its shot messages (every third dropped, the next held back and sent after the one that follows
// it): its board still ends right on the server, in the hall and in an event stream's live log.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../server/index.ts';
import { playedMatch, playTable, type Fate, type Played, type TableRun } from '../../tools/bench/live-tables.ts';
import { stateOf } from '../../tools/results.ts';
import { until } from '../helpers/servers/answers.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { api, organisedServer, type LoggedIn } from '../helpers/tournament/organiser.ts';
import { readEvents } from '../helpers/servers/processes.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
declare const window: Record<string, unknown>;

const SECRET = '4d'.repeat(32);
const TABLES = ['hall-1', 'hall-2', 'hall-3', 'hall-4'];
const LOSSY = 'hall-3';
const PLAYERS = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Park', 'Fay Long', 'Gus Hall', 'Hana Sato'];
/** Every third message lost, the one after it late: a gap, then a message out of order. */
const lossy = (n: number): Fate => (n % 3 === 1 ? 'drop' : n % 3 === 2 ? 'late' : 'send');

type Shot = { table: string; seq: number; from?: number; lines?: string; held?: string; healed?: boolean };

describe('the hall in chromium while four tables play live, one of them on a lossy network', function () {
  this.timeout(240_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;
  let asha: LoggedIn;

  before(async () => (browser = await launchChromium()));
  after(async () => browser?.close());
  afterEach(async () => {
    await page?.close();
    await server?.close();
  });

  it("shows each table's score as its records end its boards, without a reload; the lossy table's board ends right everywhere", async () => {
    ({ server, asha } = await organisedServer(await ENGINES[0].fresh(), Object.fromEntries(TABLES.map((t) => [t, SECRET]))));
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Live open', date: '2026-12-01', rules: 'icf', tables: TABLES, rounds: 3 });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    const T = `/api/v1/tournaments/${made.json.tournament.id}`;
    const entered = await api(server.url, asha, 'POST', `${T}/entrants.csv`, `name,club\n${PLAYERS.map((p) => `${p},Pune`).join('\n')}\n`, { 'Content-Type': 'text/csv' });
    assert.equal(entered.status, 201, JSON.stringify(entered.json));
    const names = new Map<string, string>(entered.json.entrants.map((e: { id: string; name: string }) => [e.id, e.name]));
    assert.equal((await api(server.url, asha, 'POST', `${T}/rounds`)).status, 201);
    const published = await api(server.url, asha, 'POST', `${T}/rounds/1/publish`);
    assert.equal(published.status, 200, JSON.stringify(published.json));
    const drawn = published.json.round.matches as { id: number; table: string; a: string; b: string }[];

    // Each table's match: the draw's players and ids, two boards of a real match.
    const played = new Map<string, Played>(
      drawn.map((m, i) => [m.table, playedMatch(m.table, 11 + i, 2, { players: [names.get(m.a)!, names.get(m.b)!], ids: { tournament: made.json.tournament.id, round: 1, match: m.id } })]),
    );

    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/tournaments/${made.json.tournament.id}/hall`);
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 4);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    await page.evaluate(() => (window.marker = 'same page'));
    const stream = await readEvents(server.url);

    const runs = new Map<string, TableRun>(TABLES.map((t) => [t, { sent: new Map(), shots: 0, records: 0, refused: [], answers: [] }]));
    await Promise.all(TABLES.map((t, i) => playTable(server.url, SECRET, played.get(t)!, [40, 120], 30 * i, runs.get(t)!, t === LOSSY ? lossy : undefined)));
    for (const [t, run] of runs) assert.deepEqual(run.refused, [], `${t}: every message and record taken`);

    // The server: each table's two board records stored and attached to its drawn match.
    const round = await api(server.url, null, 'GET', `${T}/rounds/1`);
    for (const m of round.json.round.matches as { table: string; status: string }[]) assert.equal(m.status, 'playing', `${m.table}'s match is playing from its records`);
    const shots = () => stream.events.filter((e) => e.event === 'shot').map((e) => JSON.parse(e.data) as Shot);
    for (const t of TABLES) {
      const stored = await server.store.bodyOf(t, 2);
      assert.ok(stored, `${t}'s second board record stored`);
      const log = (JSON.parse(stored.body) as { log: string }).log;
      assert.equal(log, `${played.get(t)!.lines.join('\n')}\n`, `${t}: the stored record is the table's log`);
      const s = stateOf(log) as { match: { score: number[] }; board: { number: number } };
      const matches = (await api(server.url, null, 'GET', `/api/v1/matches/${t}`)).json.matches as { state: { match: { score: number[] } }; boards: unknown[] }[];
      assert.deepEqual([matches.length, matches[0].boards.length, matches[0].state.match.score], [1, 2, s.match.score], `${t} on the server`);

      // The hall: the score the records give, on the table's own card, and the board in play.
      await page.waitForFunction(([table, w]) => JSON.stringify(Array.from(document.querySelectorAll(`#hall-tables .card[data-table="${table}"] .score`)).map((e) => e.textContent)) === w, [t, JSON.stringify(s.match.score.map(String))] as const);
      assert.match((await page.textContent(`#hall-tables .card[data-table="${t}"] .what`))!, new RegExp(`board ${s.board.number} in play`), `${t} in the hall`);

      // An event stream's live log of the table: the record's, the lossy one's held then healed.
      await until(`the stream's live log of ${t} is its record's`, () => {
        let lines: string[] = [];
        for (const e of shots().filter((x) => x.table === t)) if (e.from !== undefined && e.lines !== undefined) lines = [...lines.slice(0, e.from), ...e.lines.slice(0, -1).split('\n')];
        return `${lines.join('\n')}\n` === log;
      }, 10_000);
      const mine = shots().filter((x) => x.table === t);
      assert.deepEqual(mine.map((e) => e.seq), mine.map((_, i) => i + 1), `${t}'s events numbered one more each`);
      if (t === LOSSY) assert.ok(mine.some((e) => e.held !== undefined) && mine.some((e) => e.healed), `${LOSSY}'s gap held, then healed: ${JSON.stringify(mine.map((e) => e.held ?? (e.healed ? 'healed' : e.from)))}`);
      else assert.deepEqual(mine.filter((e) => e.held !== undefined), [], `${t}: nothing held`);
    }
    assert.equal(await page.evaluate(() => window.marker), 'same page', 'no reload');
    stream.close();
  });
});
