// The simulated table asks for its next match (docs/tournament.md §5.1) as hosts/simulator/main.ts builds
// it: a SimTable with sync settings and no transport of the test's own, so that its requests go through
// the simulator's real Wi-Fi wrapper and Node's fetch, over HTTP on loopback. Issue 28: the wrapper passed
// on `post` only, and the table never asked. Here a server on loopback sees every request the table makes.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { MenuScreen } from '../../src/view/screen.ts';
import type { Assignment } from '../../src/sync/assignment.ts';
import { SimTable, TICK_US } from '../../hosts/simulator/table.ts';
import { header } from '../../tools/script.ts';
import { until } from '../helpers/servers/answers.ts';
import { SECRET, assignmentServer } from '../helpers/sync.ts';

const DRAW: Assignment = { tournament: 3, name: 'Club open', round: 1, match: 12, label: 'R1 T1', rules: 'icf', options: {}, mode: 'singles', players: ['CHITRA', 'DEV'], breaker: 0, publishedAt: '2026-12-01T10:02:00.000Z' };

describe('the simulated table asks for its match (through the simulator’s own transport)', () => {
  let server: Server;
  let base = '';
  /** Every request the table made: "GET /api/v1/assignment", "POST /api/v1/records", … */
  const seen: string[] = [];
  const asked = () => seen.filter((r) => r === 'GET /api/v1/assignment').length;

  before(async () => {
    ({ server, base } = await assignmentServer(DRAW, seen));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A few ticks of the table's own time (well under the 30 s between its routine questions). */
  const ticks = (sim: SimTable, n = 5) => sim.advanceTo(sim.now + n * TICK_US);
  /** A button pressed and let go, as POST /api/button does. */
  const press = (sim: SimTable, name: 'up' | 'down' | 'select') => {
    sim.button(name, true);
    sim.advanceTo(sim.now + 60_000);
    sim.button(name, false);
    sim.advanceTo(sim.now + 40_000);
  };
  const menu = (sim: SimTable) => sim.app.screen() as MenuScreen;
  const choose = (sim: SimTable, label: string) => {
    const at = menu(sim).items.indexOf(label);
    assert.ok(at >= 0, `${label} in ${menu(sim).items.join(', ')}`);
    while (menu(sim).selected !== at) press(sim, 'down');
    press(sim, 'select');
  };

  it('asks GET /api/v1/assignment at boot, after Wi-Fi off and on, and at SYNC › RETRY NOW', async () => {
    const sim = new SimTable({ match: header('icf'), sync: { settings: { server: base, table: 'hall-1', secret: SECRET } } });
    ticks(sim);
    await until('the table asked at boot', () => asked() === 1);
    // The answer takes effect at the table's next tick at rest: the start screen offers the match.
    await until('the table offers the match it was given', () => (ticks(sim, 1), sim.app.offered !== null));
    assert.deepEqual(sim.app.offered?.players, ['CHITRA', 'DEV']);

    sim.setWifi(false);
    ticks(sim);
    sim.setWifi(true);
    ticks(sim);
    await until('the table asked again once Wi-Fi was back', () => asked() === 2);

    press(sim, 'down'); // with a match offered, UP or DOWN opens the menu (SELECT would start the match)
    assert.ok(Array.isArray(menu(sim).items), 'DOWN opened the menu');
    choose(sim, 'SYNC');
    choose(sim, 'RETRY NOW');
    ticks(sim);
    await until('the table asked again at RETRY NOW', () => asked() === 3);
    assert.ok(sim.now < 30_000_000, `all within the table's first 30 s (${sim.now} µs): not its routine question`);
    assert.deepEqual(seen, ['GET /api/v1/assignment', 'GET /api/v1/assignment', 'GET /api/v1/assignment'], 'nothing else asked, nothing while Wi-Fi was off');
  });
});
