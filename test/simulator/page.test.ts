// The simulator page for anyone, in Debian's chromium: the device's buttons from the keyboard and by
// touch on a phone, a press begun elsewhere not taken for a long press, the striker on its baseline
// kept by the simulator (a reload and a second tab show it), Strike with none placed explained, and a
// layout that stays put as snapshots arrive. Every page here must log no error and fail no request.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ownHostNames } from '../../hosts/simulator/host-names.ts';
import { LIMITS, serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

// The page's globals, for the functions that run inside the browser.
declare const document: { getElementById(id: string): { getBoundingClientRect(): { x: number; y: number; width: number; height: number } } | null; documentElement: { scrollWidth: number; clientWidth: number } };
declare const window: { innerWidth: number };
declare function matchMedia(q: string): { matches: boolean };
declare function getComputedStyle(el: TargetElement): { display: string; visibility: string };
interface TargetElement {
  tagName: string;
  id: string;
  closest(s: string): TargetElement | null;
  getBoundingClientRect(): { width: number; height: number };
}

const PANELS = ['table-side', 'table', 'pieces', 'shot', 'message', 'left', 'notes', 'warnings', 'device-side', 'display', 'buttons', 'score', 'faults', 'log'];
const DESKTOP = { viewport: { width: 1100, height: 850 } };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

describe('simulator page for anyone (keys, touch, reload, layout)', function () {
  this.timeout(90_000);
  let browser: Browser;
  let server: Server;
  let sim: SimTable;
  let url: string;
  /** Every page opened in a test, with what went wrong on it. */
  let pages: { page: Page; problems: string[]; buttons: unknown[] }[];

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    sim = new SimTable({ match: { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} }, seed: 7 });
    server = await serve(sim, 0);
    const a = server.address();
    url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`;
    pages = [];
  });
  afterEach(async function () {
    const problems = pages.flatMap((p) => p.problems);
    await Promise.all(pages.map((p) => p.page.context().close()));
    server.close();
    if (this.currentTest?.state === 'passed') assert.deepEqual(problems, [], 'no console errors, no failed requests');
  });

  /** A page in a fresh browser context, watched for console errors and failed requests. */
  async function open(options: BrowserContextOptions = DESKTOP, load = true): Promise<Page> {
    const page = await (await browser.newContext(options)).newPage();
    const watched = { page, problems: [] as string[], buttons: [] as unknown[] };
    page.on('console', (m) => void (m.type() === 'error' && watched.problems.push(`console error: ${m.text()}`)));
    page.on('pageerror', (e) => void watched.problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => void (r.failure()?.errorText !== 'net::ERR_ABORTED' && watched.problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`)));
    page.on('response', (r) => void (r.status() >= 400 && watched.problems.push(`${r.status()} ${r.url()}`)));
    page.on('request', (r) => void (r.url().endsWith('/api/button') && watched.buttons.push(r.postDataJSON())));
    pages.push(watched);
    if (load) {
      await page.goto(url);
      await page.waitForSelector('#score tr');
    }
    return page;
  }
  const buttons = (page: Page) => pages.find((p) => p.page === page)!.buttons;
  const answered = (page: Page, api: string, act: Promise<unknown>) => Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/${api}`)), act]);
  const boxes = (page: Page) =>
    page.evaluate((ids) => ids.map((id) => {
      const r = document.getElementById(id)!.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height];
    }), PANELS);
  /** The panels in the same place and of the same size, to a pixel (text lines differ by a fraction). */
  function samePlaces(now: number[][], before: number[][]) {
    const moved = PANELS.filter((_, i) => now[i].some((v, k) => Math.abs(v - before[i][k]) >= 1));
    assert.deepEqual(moved.map((id) => `${id}: ${before[PANELS.indexOf(id)].join(',')} → ${now[PANELS.indexOf(id)].join(',')}`), []);
  }

  it('the buttons work from the keyboard: ↑ ↓, Enter or Space, held for back', async () => {
    const page = await open();
    await answered(page, 'button', page.keyboard.press('Enter'));
    assert.equal(sim.app.screen().kind, 'menu');
    await answered(page, 'button', page.keyboard.press('ArrowDown'));
    await answered(page, 'button', page.keyboard.press('ArrowUp'));
    await page.keyboard.down('Enter');
    await page.waitForTimeout(800);
    await answered(page, 'button', page.keyboard.up('Enter'));
    assert.equal(sim.app.screen().kind, 'play', 'held: back out of the menu');
    await page.focus('#btn-select');
    await answered(page, 'button', page.keyboard.press(' '));
    assert.equal(sim.app.screen().kind, 'menu');
    assert.deepEqual(buttons(page), [
      { button: 'select', long: false },
      { button: 'down', long: false },
      { button: 'up', long: false },
      { button: 'select', long: true },
      { button: 'select', long: false },
    ]);
  });

  it('a press that starts elsewhere is no press, and no long press', async () => {
    const page = await open();
    // The mouse goes down on the header, moves onto ●, and comes up there long after.
    await page.hover('#clock');
    await page.mouse.down();
    await page.hover('#btn-select');
    await page.waitForTimeout(800);
    await page.mouse.up();
    // A key held on another control, released once ● has the focus.
    await page.focus('#pieces input');
    await page.keyboard.down(' ');
    await page.focus('#btn-select');
    await page.waitForTimeout(800);
    await page.keyboard.up(' ');
    // Pressed on ▲, let go on ▼.
    await page.hover('#btn-up');
    await page.mouse.down();
    await page.hover('#btn-down');
    await page.mouse.up();
    await answered(page, 'button', page.click('#btn-down')); // a real click, after all of that
    assert.deepEqual(buttons(page), [{ button: 'down', long: false }]);
  });

  it('works on a phone: fits its width, taps place, strike and press', async () => {
    const page = await open(PHONE);
    assert.equal(await page.evaluate(() => window.innerWidth), 390, 'the viewport is the phone’s width, not a desktop page zoomed out');
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    assert.ok(width[0] <= width[1], `no sideways scrolling: ${width.join(' > ')}`);
    await answered(page, 'place', page.tap('#base-0'));
    await answered(page, 'strike', page.tap('#strike'));
    await answered(page, 'button', page.tap('#btn-select'));
    assert.equal(sim.app.screen().kind, 'menu');
    // A finger held on ● (touch events through the DevTools protocol: a tap cannot be held).
    const box = (await page.locator('#btn-select').boundingBox())!;
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await page.waitForTimeout(800);
    await answered(page, 'button', cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }));
    assert.equal(sim.app.screen().kind, 'play', 'held: back out of the menu');
    assert.deepEqual(buttons(page), [
      { button: 'select', long: false },
      { button: 'select', long: true },
    ]);
    assert.deepEqual(sim.strips, [null, null, null, null]);
  });

  /** Every target a pointer can hit on the page, as [name, width, height]: links, buttons, selects, the
   *  baselines and pockets (role=button), and each radio or check box with its label (the label is its
   *  target: a tap on either ticks it). Hidden ones (display none, visibility hidden) are no target. */
  const targets = (page: Page) =>
    page.evaluate(() => {
      const d = document as unknown as { querySelectorAll(s: string): Iterable<TargetElement> };
      const out: [string, number, number][] = [];
      for (const el of d.querySelectorAll('a[href], button, select, input, [role=button], [tabindex]')) {
        const style = getComputedStyle(el);
        const target = el.tagName === 'INPUT' ? (el.closest('label') ?? el) : el;
        const r = target.getBoundingClientRect();
        if (style.display === 'none' || style.visibility === 'hidden' || r.width === 0) continue;
        out.push([`#${el.id}${target === el ? '' : ' (its label)'}`, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
      }
      return out;
    });

  it('on a touch screen (390×844) every target is 44 px or more each way, and taps at the edge of a hit area count', async () => {
    sim.clubPage = 'http://127.0.0.1:8081/'; // its link shows: a target too
    const page = await open(PHONE);
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a touch screen');
    const all = await targets(page);
    for (const id of ['#club-page', '#strike', '#settle', '#btn-select', '#powercut', '#stuck', '#base-0', '#base-1', '#pocket-0', '#pocket-3', '#piece-queen (its label)', '#wifi (its label)'])
      assert.ok(all.some(([name]) => name === id), `${id} is measured`);
    assert.deepEqual(all.filter(([, w, h]) => w < 44 || h < 44), [], 'every target at least 44 × 44 px');
    // The wider hit areas take a finger: 3 px inside their edge, away from the drawn baseline or pocket.
    const edge = async (id: string, at: (b: { width: number; height: number }) => { x: number; y: number }) => at((await page.locator(id).boundingBox())!);
    await answered(page, 'place', page.tap('#base-0', { position: await edge('#base-0', (b) => ({ x: b.width / 2, y: 3 })) }));
    await answered(page, 'place', page.tap('#base-1', { position: await edge('#base-1', (b) => ({ x: b.width - 3, y: b.height / 2 })) }));
    assert.deepEqual(sim.strips.map((mm) => mm !== null), [true, true, false, false], 'a striker on each baseline tapped');
    await answered(page, 'drop', page.tap('#pocket-2', { position: await edge('#pocket-2', (b) => ({ x: b.width / 2, y: b.height - 3 })) }));
    // The first screen still holds the table, Strike, the display and its buttons.
    for (const id of ['table', 'strike', 'settle', 'display', 'btn-select']) {
      const box = (await page.locator(`#${id}`).boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `#${id} on the first screen: ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: '.tmp/simulator-touch-390x844.png' });
  });

  it('with a mouse the targets keep their desktop sizes (the touch sizes are for a touch screen only)', async () => {
    sim.clubPage = 'http://127.0.0.1:8081/';
    const page = await open(DESKTOP);
    const sizes = new Map((await targets(page)).map(([name, w, h]) => [name, [w, h]]));
    assert.deepEqual(sizes.get('#base-0'), [230, 20], 'a baseline as drawn');
    assert.deepEqual(sizes.get('#pocket-0'), [40, 40], 'a pocket as drawn');
    assert.ok(sizes.get('#strike')![1] < 30, `Strike the size of a desktop button: ${sizes.get('#strike')}`);
    await page.screenshot({ path: '.tmp/simulator-desktop-1100x850.png' });
  });

  it('the striker placed shows after a reload and in a second tab; Strike with none placed says why', async () => {
    const page = await open();
    const striker = (p: Page) => p.$eval('#striker', (el) => [el.getAttribute('visibility'), el.getAttribute('cx'), el.getAttribute('cy')]);
    await page.click('#strike');
    assert.match((await page.textContent('#message')) ?? '', /Nothing to strike: place the striker first/);
    assert.equal(sim.events.length, 0);
    await answered(page, 'place', page.click('#base-2', { position: { x: 60, y: 10 } }));
    await page.waitForFunction(() => (document.getElementById('striker') as unknown as { getAttribute(a: string): string }).getAttribute('visibility') === 'visible');
    const placed = await striker(page);
    assert.equal(placed[0], 'visible');
    const second = await open();
    await page.waitForTimeout(100);
    assert.deepEqual(await striker(second), placed, 'the second tab shows it where the first put it');
    await page.reload();
    await page.waitForSelector('#score tr');
    assert.deepEqual(await striker(page), placed, 'and so does the page reloaded');
    await answered(page, 'strike', page.click('#strike'));
    assert.equal(sim.events[0]?.e, 'strike');
    await second.waitForFunction(() => (document.getElementById('striker') as unknown as { getAttribute(a: string): string }).getAttribute('visibility') === 'hidden');
    assert.equal(await page.textContent('#message'), '');
  });

  it("a tablet opens the table by the machine's name (--host) and plays; the loopback-only club page is no link there", async () => {
    // The server as --host 0.0.0.0 would take writes, listening on loopback; the browser resolves the
    // machine's name to loopback, as the club network would resolve it to the machine.
    server.close();
    sim.clubPage = 'http://127.0.0.1:8081/';
    server = await serve(sim, 0, '127.0.0.1', LIMITS, ownHostNames('0.0.0.0', {}, 'clubpc'));
    const port = (server.address() as { port: number }).port;
    url = `http://127.0.0.1:${port}/`;
    const tablet = await launchChromium(['--host-resolver-rules=MAP clubpc.local 127.0.0.1']);
    try {
      const page = await (await tablet.newContext(PHONE)).newPage();
      const failed: string[] = [];
      page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
      await page.goto(`http://clubpc.local:${port}/`);
      await page.waitForSelector('#score tr');
      await answered(page, 'place', page.tap('#base-0'));
      await answered(page, 'strike', page.tap('#strike'));
      assert.deepEqual(failed, []);
      assert.equal(sim.events[0]?.e, 'strike', 'its writes are taken');
      assert.equal(await page.isHidden('#club-page'), true);
    } finally {
      await tablet.close();
    }
    const here = await open();
    assert.equal(await here.isVisible('#club-page'), true, 'on the machine itself the link is there');
  });

  for (const [name, options] of [['a desktop', DESKTOP], ['a phone', PHONE]] as const) {
    it(`on ${name} the panels do not move as the snapshots arrive and a shot is played`, async () => {
      const page = await open(options, false);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/events', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url);
      await page.waitForLoadState('load');
      const before = await boxes(page);
      release();
      await page.waitForSelector('#score tr');
      await answered(page, 'place', page.click('#base-0', { position: { x: 80, y: 10 } }));
      await answered(page, 'strike', page.click('#strike'));
      for (const pocket of [0, 1, 2]) await answered(page, 'drop', page.click(`#pocket-${pocket}`));
      await answered(page, 'settle', page.click('#settle'));
      await page.waitForFunction((n) => Number((document as unknown as { body: { dataset: { events?: string } } }).body.dataset.events) >= n, sim.events.length);
      await page.waitForTimeout(150);
      assert.ok(sim.events.length >= 5);
      samePlaces(await boxes(page), before);
    });
  }
});
