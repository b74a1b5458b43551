// A dip into a pocket whose lower beam the table has not yet seen work (issue 30): the simulator's table
// asks as the device does (P2: PIECE IN? SELECT on its display), and its page says the question in the
// table's language; the players answer with the buttons from the page, and the piece is counted.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { serve, snapshotOf } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

/** A white dips 50 ms into pocket 2 at `at` µs, read as it blocks the upper beam; the lower beam never blocks. */
const dip = (at: number): Reading[] => [
  { t: at, kind: 'beam', pocket: 2, beam: 0, blocked: true },
  { t: at + 2500, kind: 'colour', pocket: 2, rgb: [0.36, 0.34, 0.3] },
  { t: at + 50_000, kind: 'beam', pocket: 2, beam: 0, blocked: false },
];

describe('simulator: the table asks whether a piece went in (issue 30)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let server: Server;
  let sim: SimTable;
  let page: Page;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    sim = new SimTable({ match: { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} }, seed: 7 });
    server = await serve(sim, 0);
    const a = server.address();
    page = await browser.newPage({ viewport: { width: 1100, height: 850 } });
    await page.goto(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`);
    await page.waitForSelector('#score tr');
  });
  afterEach(async () => {
    await page?.close();
    server.close();
  });

  it('a first dip is no piece: the display and the page ask, and YES counts it', async () => {
    sim.place(0, 265);
    sim.strike(0);
    sim.readings(dip(sim.now + 600_000));
    sim.settle();
    const snap = snapshotOf(sim);
    assert.deepEqual(snap.questions, [2]);
    assert.equal((snap.screen as { line: string }).line, 'P2: PIECE IN? SELECT');
    assert.equal(sim.app.state.board.onBoard.white, 9, 'not counted');
    await page.waitForFunction(() => (globalThis as unknown as { document: { getElementById(id: string): { textContent: string } } }).document.getElementById('notes').textContent.includes('pocket 2'));
    const notes = await page.locator('#notes').textContent();
    assert.match(notes ?? '', /Something dipped into pocket 2 and the table cannot tell whether it went in/);
    // The buttons: ● opens the menu, its first item is the question; ● opens it, ● answers YES.
    for (let i = 0; i < 3; i++) {
      sim.button('select', true);
      sim.advanceTo(sim.now + 60_000);
      sim.button('select', false);
      sim.advanceTo(sim.now + 40_000);
    }
    assert.equal(sim.app.state.board.onBoard.white, 8, 'counted');
    assert.deepEqual(snapshotOf(sim).questions, []);
  });
});
