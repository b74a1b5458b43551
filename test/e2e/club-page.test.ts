// The club page in Debian's chromium (playwright-core) while `npm start` runs: the simulator as a child
// process with its local results server (hosts/simulator/main.ts, as `npm start` starts it, on free
// ports and a temporary database). The club page is open before the board; one board played through
// the simulator's API shows up on it live, without a reload; the table's page shows the board's row.
// The screenshot it takes (.tmp/club-page.png) is the one in docs/club-page.png.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ENGINES } from '../helpers/databases/databases.ts';
import { npmStart, ONE_BOARD, shot, type Running } from './simulator-process.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null; scrollWidth: number; clientWidth: number }> };
declare const window: Record<string, unknown>;
declare function getComputedStyle(el: unknown, pseudo?: string): { content: string };

const CHROMIUM = '/usr/bin/chromium';
const CLUB = /club page: +(http:\/\/127\.0\.0\.1:\d+)\//;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('the club page in a browser while the simulator plays (npm start)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let run: Running;
  let club: string;

  before(async () => {
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
    [browser, run] = await Promise.all([chromium.launch({ executablePath: CHROMIUM, args: ARGS }), npmStart(['--results-port', '0', '--results-db', await ENGINES[0].fresh()], [CLUB])]);
    club = CLUB.exec(run.out())![1];
    page = await browser.newPage({ viewport: { width: 760, height: 250 } });
  });
  after(async () => {
    await browser?.close();
    await run?.stop();
  });

  const scores = () => page.evaluate(() => Array.from(document.querySelectorAll('#table-sim-1 .score')).map((e) => e.textContent));
  const cardSays = () => page.textContent('#table-sim-1 .what');

  it('a board played on the simulator appears on the open club page live; its row on the table\'s page', async () => {
    await page.goto(`${club}/`);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    assert.equal(await cardSays(), 'No result yet.', 'the table is registered, with nothing played yet');
    await page.evaluate(() => (window.marker = 'same page'));

    for (const drops of ONE_BOARD.slice(0, -1)) await shot(run.sim, drops);
    await page.waitForTimeout(500);
    assert.equal(await cardSays(), 'No result yet.', 'no record before the board ends');
    await shot(run.sim, ONE_BOARD.at(-1)!);

    await page.waitForFunction(() => /1 board played/.test(document.querySelector('#table-sim-1 .what')?.textContent ?? ''), undefined, { timeout: 30_000 });
    assert.deepEqual(await scores(), ['12', '0']);
    assert.equal(await cardSays(), '1 board played, board 2 in play');
    assert.match((await page.textContent('#table-sim-1'))!, /Asha\s*12\s*Ben\s*0/);
    assert.equal(await page.evaluate(() => window.marker), 'same page', 'no reload');
    mkdirSync('.tmp', { recursive: true });
    await page.waitForTimeout(3200); // the card's "fresh" highlight fades first
    await page.screenshot({ path: '.tmp/club-page.png' });

    await page.click('#table-sim-1 h2 a');
    await page.waitForSelector('table.boards tr td');
    const rows = await page.evaluate(() => Array.from(document.querySelectorAll('table.boards tr')).map((tr) => tr.textContent));
    assert.equal(rows.length, 2, 'a header and the one board');
    const cells = await page.evaluate(() => Array.from(document.querySelectorAll('table.boards tr:nth-child(2) td')).map((td) => td.textContent));
    // Board, game, breaker, winner, points, queen, men left (Asha's–Ben's), turns, shots.
    assert.deepEqual(cells, ['1', '1', 'Asha', 'Asha', '12', 'Asha', '0–9', '1', '4']);
    assert.match((await page.textContent('section.match h2'))!, /^Asha v Ben — 12–0$/);
  });

  it('on a phone (360×740) the table\'s page and the leaderboard fit their columns in its width (after the board above)', async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true });
    /** Each wide table's overflow: how many pixels of its columns are out of sight. */
    const hidden = () => phone.evaluate(() => Array.from(document.querySelectorAll('.wide')).map((w) => w.scrollWidth - w.clientWidth));
    try {
      await phone.goto(`${club}/tables/sim-1`);
      await phone.waitForSelector('table.boards tr td');
      assert.deepEqual(await hidden(), [0], 'the boards table: every column in sight');
      // Each value is under its column's name (a row is a card there).
      const labels = await phone.evaluate(() => Array.from(document.querySelectorAll('table.boards tr:nth-child(2) td')).map((td) => getComputedStyle(td, '::before').content));
      assert.deepEqual(labels, ['Board', 'Game', 'Breaker', 'Winner', 'Points', 'Queen', 'Men left', 'Turns', 'Shots'].map((l) => `"${l}"`));
      await phone.goto(`${club}/leaderboard`);
      await phone.waitForSelector('#standings tbody tr td');
      assert.deepEqual(await hidden(), [0], 'the leaderboard: every column in sight');
    } finally {
      await phone.close();
    }
  });

  it('NEW MATCH › START asks before throwing a match away; the club page then shows it abandoned', async () => {
    // Board 2 is under way (the first test's board is over): Ben breaks and pockets nothing.
    const button = async (name: string) => {
      const r = await fetch(`${run.sim}/api/button`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ button: name }) });
      return ((await r.json()) as { screen: { kind: string; title?: string; items?: string[]; selected?: number } }).screen;
    };
    const choose = async (label: string) => {
      let s = ((await (await fetch(`${run.sim}/api/snapshot`)).json()) as { screen: Awaited<ReturnType<typeof button>> }).screen;
      for (let i = 0; i < 30 && s.items?.[s.selected!] !== label; i++) s = await button('down');
      assert.equal(s.items?.[s.selected!], label, `${label} in ${s.items?.join(', ')}`);
      return button('select');
    };
    await shot(run.sim, []);
    await button('select');
    await choose('NEW MATCH');
    const asked = await choose('START');
    assert.equal(asked.kind, 'menu');
    assert.equal(asked.title, 'ABANDON MATCH?', 'START asks first, as UNDO does');
    assert.deepEqual(asked.items, ['YES, ABANDON IT', 'BACK']);
    const done = await button('select');
    assert.equal(done.kind, 'play');

    await page.goto(`${club}/`);
    await page.waitForFunction(() => /abandoned/.test(document.querySelector('#table-sim-1 .what')?.textContent ?? ''), undefined, { timeout: 30_000 });
    assert.equal(await cardSays(), 'Match abandoned after 1 board');
    await page.goto(`${club}/tables/sim-1`);
    await page.waitForSelector('section.match h2');
    assert.match((await page.textContent('section.match h2'))!, /^Asha v Ben — 12–0 \(abandoned\)$/);
  });
});
