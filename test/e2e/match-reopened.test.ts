// The players take back the last shot of a finished match from the table's menu (UNDO SHOT › YES, UNDO
// at the match-over screen) and play it again: the simulated table (the real firmware on Node) sends a
// board and a match record whose log goes on from its first `match` record's, and the real results
// server (`carrom serve`, in-process, on SQLite and on PostgreSQL) lists the match once, as of its
// newest record, in /api/v1/matches, the leaderboard, the export and the events feed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import type { SimTable } from '../../hosts/simulator/table.ts';
import type { ResultsServer } from '../../server/index.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { csvRows, getJson, realServer } from './helpers.ts';
import { Rig } from './rig.ts';

const SECRET = '5e'.repeat(32);
const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
if (!log.ok) throw new Error('fixture');
const match = log.value.header;
const readings = generateTrace(match, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference).readings;

/** A short press of a button, as a player makes it. */
function press(sim: SimTable, name: 'up' | 'down' | 'select'): void {
  sim.button(name, true);
  sim.advanceTo(sim.now + 60_000);
  sim.button(name, false);
  sim.advanceTo(sim.now + 40_000);
}

/** Down the open menu to the item, then select it. */
function choose(sim: SimTable, label: string): void {
  for (let i = 0; i < 40; i++) {
    const s = sim.app.screen();
    assert.equal(s.kind, 'menu', `looking for ${label}`);
    if (s.kind === 'menu' && s.items[s.selected] === label) return press(sim, 'select');
    press(sim, 'down');
  }
  assert.fail(`no ${label} in the menu`);
}

/** The match's last shot played again at the table: its readings (the striker placed and struck from
 * the same seat, the same pieces down the same pockets) from now on. */
function lastShotAgain(sim: SimTable): void {
  const strike = readings.findLastIndex((r) => r.kind === 'strip' && r.mm === null);
  const placed = readings.findLastIndex((r, i) => i < strike && r.kind === 'strip' && r.mm !== null);
  const shift = sim.now + 1_000_000 - readings[placed].t;
  sim.readings(readings.slice(placed).map((r) => ({ ...r, t: r.t + shift }) as Reading));
  sim.settle();
}

type Listed = { matches: { id: number; counter: number; over: boolean; boards: { game: number; board: number }[] }[] };

for (const engine of ENGINES) {
  describe(`a finished match whose last shot is taken back and played again (${engine.name})`, function () {
    this.timeout(120_000);
    let server: ResultsServer;
    beforeEach(async () => {
      ({ server } = await realServer(await engine.fresh()));
      await server.store.addTable('hall-1', SECRET, new Date().toISOString());
    });
    afterEach(() => server.close());

    it('is listed once, over, with its boards each once; the leaderboard counts it once', async () => {
      const rig = new Rig(match, { server: server.url, table: 'hall-1', secret: SECRET });
      await rig.play(readings);
      const first = await getJson<Listed>(`${server.url}/api/v1/matches/hall-1`);
      assert.equal(first.matches.length, 1);
      assert.equal(first.matches[0].over, true);
      const sent = first.matches[0].counter;

      const sim = rig.sim;
      press(sim, 'select');
      choose(sim, 'UNDO SHOT');
      choose(sim, 'YES, UNDO');
      sim.settle();
      assert.equal(sim.app.state.match.over, false, 'the match goes on at the table');
      lastShotAgain(sim);
      assert.equal(sim.app.state.match.over, true, 'over again');
      assert.ok(await rig.pump());

      const whole = sim.app.fullLog()!;
      const newest = await server.store.bodyOf('hall-1', sent + 2);
      assert.equal(JSON.parse(newest!.body).kind, 'match', 'the table sent a board and a match record more');
      assert.ok(whole.startsWith(JSON.parse((await server.store.bodyOf('hall-1', sent))!.body).log), 'their log goes on from the first match record\'s');
      const listed = await getJson<Listed>(`${server.url}/api/v1/matches/hall-1`);
      assert.deepEqual(listed.matches.map((m) => [m.counter, m.over]), [[sent + 2, true]], 'one match, as of its newest record');
      assert.equal(JSON.parse(newest!.body).log, whole);
      const boards = (l: Listed) => l.matches[0].boards.map((b) => `${b.game}/${b.board}`);
      assert.deepEqual(boards(listed), boards(first), 'the same boards, the last one played again');
      const rows = (await csvRows(server.url)).filter((r) => r.table === 'hall-1');
      assert.equal(rows.length, listed.matches[0].boards.length, 'the export: a row per board');
      assert.equal(new Set(rows.map((r) => `${r.game}/${r.board}`)).size, rows.length, 'each board once');
      const board = await getJson<{ players: { player: string; matches: number; matchesWon: number }[] }>(`${server.url}/api/v1/leaderboard`);
      assert.deepEqual(board.players.map((p) => p.matches), match.players.map(() => 1), 'each player played one match');
      assert.equal(board.players.reduce((a, p) => a + p.matchesWon, 0), 1, 'one match won');
      const feed = (await server.store.eventsAfter(0, 100)) ?? [];
      assert.equal(feed.length, sent + 2);
      assert.deepEqual([...new Set(feed.map((e) => (JSON.parse(e.data) as { match: number }).match))], [listed.matches[0].id], 'every event names that match');
    });
  });
}
