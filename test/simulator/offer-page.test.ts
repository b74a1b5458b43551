// The simulator page while the display offers a tournament's match (docs/tournament.md §5.2): the page
// shows the offered match's names, what the buttons do and who breaks, not the last match's players at
// 0–0. Names come from the tournament's server, so the page writes them as text, never as HTML.
// The table asks a real server on loopback through the simulator's own transport, as fetches-match does.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable, TICK_US } from '../../hosts/simulator/table.ts';
import type { Assignment } from '../../src/sync/assignment.ts';
import { header } from '../../tools/script.ts';
import { until } from '../helpers/servers/answers.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';
import { SECRET, assignmentServer } from '../helpers/sync.ts';

const DRAW: Assignment = { tournament: 3, name: 'Club open', round: 1, match: 12, label: 'R1 T1', rules: 'icf', options: {}, mode: 'singles', players: ['CHITRA <b>RAO</b>', 'DEV'], breaker: 1, publishedAt: '2026-12-01T10:02:00.000Z' };

describe('simulator page: a match offered by the tournament', function () {
  this.timeout(90_000);
  let results: Server;
  let page: Page;
  let browser: Browser;
  let simulator: Server;
  let sim: SimTable;

  before(async () => {
    const { server, base } = await assignmentServer(DRAW);
    results = server;
    // The simulator's last match was Asha v Ben; the tournament's next is Chitra v Dev.
    sim = new SimTable({ match: { ...header('icf'), players: ['ASHA', 'BEN'] }, sync: { settings: { server: base, table: 'hall-1', secret: SECRET } } });
    await until('the display offers the match', () => (sim.advanceTo(sim.now + TICK_US), sim.app.offered !== null));
    simulator = await serve(sim, 0);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 850 } });
    await page.goto(`http://127.0.0.1:${(simulator.address() as AddressInfo).port}/`);
    await page.waitForSelector('#score tr');
  });
  after(async () => {
    await browser?.close();
    simulator?.close();
    await new Promise<void>((resolve) => results.close(() => resolve()));
  });

  const cells = () => page.locator('#score td').allTextContents();

  it('shows the offered names as text, no score, and what the buttons do', async () => {
    await until('the score table shows the offered names', async () => (await cells()).includes('DEV'));
    assert.deepEqual(await cells(), ['CHITRA <b>RAO</b>', '—', '—', 'DEV', '—', '—']);
    assert.equal(await page.locator('#score b').count(), 0, 'a name is text, not markup');
    assert.equal(await page.locator('#score tr.turn').count(), 0, 'nobody to shoot before the match starts');
    assert.match((await page.locator('#match').textContent()) ?? '', /^Club open · icf · singles · offered: R1 T1$/);
    assert.match((await page.locator('#left').textContent()) ?? '', /offers this table its match R1 T1; DEV breaks\. Press ● to start it, hold ● to refuse it/);
  });

  it('once SELECT starts it, the match is the offered one with its score', async () => {
    sim.button('select', true);
    sim.advanceTo(sim.now + 60_000);
    sim.button('select', false);
    sim.advanceTo(sim.now + 40_000);
    assert.equal(sim.app.offered, null, 'the offer is taken');
    await until('the page shows the started match', async () => (await cells()).includes('0'));
    assert.deepEqual(await cells(), ['CHITRA <B>RAO</B>', 'black', '0', 'DEV', 'white', '0']);
    assert.equal(await page.locator('#score tr.turn td').first().textContent(), 'DEV', 'the breaker shoots first');
    assert.doesNotMatch((await page.locator('#match').textContent()) ?? '', /offered/);
  });
});
