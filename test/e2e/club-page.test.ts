// The club page in Debian's chromium (playwright-core) while `npm start` runs: the simulator as a child
// process with its local results server (hosts/simulator/main.ts, as `npm start` starts it, on free
// ports and a temporary database). The club page is open before the board; one board played through
// the simulator's API shows up on it live, without a reload; the table's page shows the board's row.
// The screenshot it takes (.tmp/club-page.png) is the one in docs/club-page.png.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ENGINES } from '../helpers/databases.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
declare const window: Record<string, unknown>;

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** `npm start` on free ports: resolves with the simulator's and the club page's addresses once both are said. */
function npmStart(db: string): Promise<{ child: ChildProcess; sim: string; club: string; out: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'hosts/simulator/main.ts', '--port', '0', '--results-port', '0', '--results-db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      const sim = /carrom simulator: http:\/\/localhost:(\d+)\//.exec(out);
      const club = /club page: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (sim && club) resolve({ child, sim: `http://127.0.0.1:${sim[1]}`, club: club[1], out: () => out });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
  });
}

describe('the club page in a browser while the simulator plays (npm start)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let run: Awaited<ReturnType<typeof npmStart>>;

  before(async () => {
    assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
    [browser, run] = await Promise.all([chromium.launch({ executablePath: CHROMIUM, args: ARGS }), npmStart(await ENGINES[0].fresh())]);
    page = await browser.newPage({ viewport: { width: 760, height: 250 } });
  });
  after(async () => {
    await browser?.close();
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await new Promise((r) => run.child.once('exit', r));
    }
  });

  /** One shot through the simulator's API, as a script drives it: place, strike, pockets, settle. */
  async function shot(drops: [number, string][]): Promise<void> {
    const post = async (what: string, body: object) => {
      const r = await fetch(`${run.sim}/api/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      assert.equal(r.status, 200, `${what}: ${await r.text()}`);
    };
    await post('place', { seat: 0, mm: 265 });
    await post('strike', { seat: 0 });
    for (const [pocket, piece] of drops) await post('drop', { pocket, piece });
    await post('settle', {});
  }
  const scores = () => page.evaluate(() => Array.from(document.querySelectorAll('#table-sim-1 .score')).map((e) => e.textContent));
  const cardSays = () => page.textContent('#table-sim-1 .what');

  it('a board played on the simulator appears on the open club page live; its row on the table\'s page', async () => {
    await page.goto(`${run.club}/`);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    assert.equal(await cardSays(), 'No result yet.', 'the table is registered, with nothing played yet');
    await page.evaluate(() => (window.marker = 'same page'));

    // Asha (white, breaking) clears the board: three whites, the queen, its cover, then the last five.
    await shot([[2, 'white'], [2, 'white'], [3, 'white']]);
    await shot([[1, 'queen']]);
    await shot([[0, 'white']]);
    await page.waitForTimeout(500);
    assert.equal(await cardSays(), 'No result yet.', 'no record before the board ends');
    await shot([[0, 'white'], [1, 'white'], [2, 'white'], [3, 'white'], [0, 'white']]);

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
});
