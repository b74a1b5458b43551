// The simulator page in a real browser (Debian's chromium, driven by playwright-core): a short match
// played by clicking, the display on the page checked against the firmware's framebuffer, a fault and
// a power cut with recovery.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { Browser, Page, Request, Response } from 'playwright-core';
import { serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { Frame } from '../../src/view/frame.ts';
import type { MenuScreen } from '../../src/view/screen.ts';
import { header, scriptEvents } from '../../tools/script.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { until } from '../helpers/servers/answers.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

// The page's globals, for the functions that run inside the browser.
declare const document: { getElementById(id: string): { getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } }; textContent: string | null } | null; body: { dataset: Record<string, string | undefined>; classList: { contains(c: string): boolean } }; activeElement: { id: string } | null; querySelector(s: string): { textContent: string | null } | null };
declare function getComputedStyle(el: unknown): { stroke: string; outlineStyle: string };


describe('simulator page in a browser', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let server: Server;
  let sim: SimTable;
  /** Console errors and failed requests over the whole session (a missing icon is one). */
  let problems: string[];

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    sim = new SimTable({ match: { carrom: 1, rules: 'pt-fpc', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: { matchTarget: 10 } }, seed: 5 });
    server = await serve(sim, 0);
    const a = server.address();
    page = await browser.newPage({ viewport: { width: 1100, height: 850 } });
    problems = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`console error: ${m.text()}`)));
    page.on('pageerror', (e) => void problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => void problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
    await page.goto(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`);
    await page.waitForSelector('#score tr');
  });
  afterEach(async function () {
    await page.waitForTimeout(200); // the icon is asked for after the page has loaded
    const seen = problems.slice();
    await page.close();
    server.close();
    if (this.currentTest?.state === 'passed') assert.deepEqual(seen, [], 'no console errors, no failed requests');
  });

  /** Clicks and waits for the API call the click makes. */
  async function click(selector: string, api: string, position?: { x: number; y: number }) {
    await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/${api}`)), page.click(selector, position ? { position } : undefined)]);
  }
  async function shot(drops: [number, string][]) {
    await click('#base-0', 'place', { x: 80, y: 10 });
    await click('#strike', 'strike');
    for (const [pocket, piece] of drops) {
      await page.check(`#piece-${piece}`);
      await click(`#pocket-${pocket}`, 'drop');
    }
    await click('#settle', 'settle');
  }
  /** The page's canvas, read back as the 128×64 display it shows. */
  async function canvasFrame(): Promise<Frame> {
    const lit: boolean[] = await page.evaluate(() => {
      const d = document.getElementById('display')!.getContext('2d').getImageData(0, 0, 384, 192).data;
      const out: boolean[] = [];
      for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) out.push(d[((y * 3 + 1) * 384 + x * 3 + 1) * 4] > 100);
      return out;
    });
    const f = new Frame();
    lit.forEach((on, i) => f.set(i % 128, Math.floor(i / 128), on));
    return f;
  }
  async function settled() {
    // Let the event stream bring the last change to the page.
    await page.waitForFunction((n) => Number(document.body.dataset.events) >= n, sim.events.length);
    await page.waitForTimeout(150);
  }

  it('plays a short match by clicking; the page shows the firmware display pixel for pixel', async () => {
    await shot([[2, 'white'], [2, 'white'], [3, 'white']]);
    await shot([[1, 'queen']]);
    await shot([[0, 'white']]);
    await shot([[0, 'white'], [1, 'white'], [2, 'white'], [3, 'white'], [0, 'white']]);
    const state = sim.app.state;
    assert.deepEqual(state.match.score, [12, 0]);
    assert.equal(state.match.over, true);
    assert.deepEqual(state.match.boards, [{ winner: 0, points: 12, queen: 0 }]);
    await settled();
    assert.deepEqual((await canvasFrame()).bytes, sim.frame, 'the canvas is the framebuffer');
    assert.match(await page.textContent('#match') ?? '', /match over/);
    assert.equal(await page.textContent('#score tr:nth-child(2) .points'), '12');
    // The match is over: nobody is to shoot, on the page as on the display (no arrow, the result as title).
    const summary = (await page.textContent('#left')) ?? '';
    assert.match(summary, /Asha won the match: 12–0\.$/);
    assert.doesNotMatch(summary, /To shoot/);
    assert.equal(await page.locator('#score tr.turn').count(), 0, 'no side marked on turn');
    const shown = sim.app.screen();
    assert.deepEqual(shown.kind === 'play' ? [shown.title, shown.turn] : shown.kind, ['FINAL 12-0', null]);
    assert.match(await page.textContent('#log') ?? '', /queen into pocket 1/);
  });

  it('a stuck beam is shown and counted round; a power cut restarts from the journal', async () => {
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/fault')), page.selectOption('#stuck', 'p2.a')]);
    await shot([[2, 'white'], [2, 'white']]);
    assert.equal(sim.app.state.board.onBoard.white, 7, 'counted on the lower beam');
    await page.waitForFunction(() => document.getElementById('health')!.textContent === 'Faults now: p2.a blocked');
    // Freed again, it is no fault: the line lists what holds now, not every fact reported.
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/fault')), page.selectOption('#stuck', '')]);
    await page.waitForFunction(() => document.getElementById('health')!.textContent === '');
    const before = JSON.stringify(sim.app.state);
    await click('#powercut', 'fault');
    assert.equal(sim.boots, 2);
    assert.equal(JSON.stringify(sim.app.state), before, 'the match as it was before the cut');
    // The display asks whether a shot was lost in the cut; the page asks it too.
    assert.equal(sim.app.lostShot, 2);
    await page.waitForFunction(() => /^Shot 2 may have been lost in the power cut/.test(document.querySelector('#notes li')?.textContent ?? ''));
    await shot([[1, 'white']]);
    assert.equal(sim.app.state.board.onBoard.white, 6, 'and it goes on');
    await settled();
    assert.deepEqual((await canvasFrame()).bytes, sim.frame);
  });

  /** Tab (or Shift+Tab) until `id` has the focus, and check that the focus is visible on it. */
  async function tabTo(id: string, back = false) {
    for (let i = 0; i < 40; i++) {
      if ((await page.evaluate(() => document.activeElement?.id)) === id) {
        const style = await page.evaluate((el) => getComputedStyle(document.getElementById(el)), id);
        const visible = await page.evaluate((el) => {
          const s = getComputedStyle(document.getElementById(el));
          return s.outlineStyle !== 'none' || s.stroke === 'rgb(102, 204, 255)';
        }, id);
        assert.ok(visible, `the focus on #${id} is visible (${JSON.stringify(style)})`);
        return;
      }
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
    assert.fail(`Tab never reaches #${id}`);
  }
  /** Presses a key and answers what the page asked the API for. */
  async function key(name: string, api: string): Promise<unknown> {
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(`/api/${api}`)), page.keyboard.press(name)]);
    return JSON.parse(response.request().postData() ?? 'null');
  }

  it('a player with only a keyboard takes a shot: Tab reaches the baselines, Strike and the pockets', async () => {
    await tabTo('base-0');
    assert.deepEqual(await key('Enter', 'place'), { seat: 0, mm: 265 }, 'Enter puts the striker in the middle of the baseline');
    assert.deepEqual(await key('ArrowRight', 'place'), { seat: 0, mm: 275 }, 'the arrows move it along, 10 mm a press');
    assert.deepEqual(await key('Shift+ArrowLeft', 'place'), { seat: 0, mm: 225 }, '50 with Shift');
    // Presses quicker than the simulator's answers each count: each place waits for the one before.
    const placed: number[] = [];
    let answered = 0;
    const onRequest = (r: Request) => r.url().endsWith('/api/place') && placed.push(JSON.parse(r.postData() ?? 'null').mm);
    const onResponse = (r: Response) => r.url().endsWith('/api/place') && answered++;
    page.on('request', onRequest);
    page.on('response', onResponse);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await until('the three placements are answered', () => answered === 3, 2_000);
    page.off('request', onRequest);
    page.off('response', onResponse);
    assert.deepEqual(placed, [235, 245, 255], 'three quick presses, three steps of 10 mm from where it was put');
    // The strip senses it with a little jitter.
    assert.ok(Math.abs((sim.strips[0] ?? 0) - 255) <= 5, `the striker rests at ${sim.strips[0]} mm`);
    await tabTo('strike');
    await key('Enter', 'strike');
    await tabTo('pocket-2', true);
    await key('Enter', 'drop');
    await tabTo('pocket-3');
    await key(' ', 'drop');
    await tabTo('settle');
    await key('Enter', 'settle');
    assert.equal(sim.app.state.board.onBoard.white, 7, 'two whites pocketed');
    await settled();
    assert.match(await page.textContent('#log') ?? '', /white into pocket 3.*white into pocket 2.*strike/s);
  });

  it('when the simulator stops the page says it is reconnecting, throws nothing, and catches up when it is back', async () => {
    const a = server.address();
    const port = typeof a === 'object' && a ? a.port : 0;
    server.closeAllConnections();
    server.close();
    await page.waitForFunction(() => document.getElementById('live')!.textContent === 'reconnecting…' && document.body.classList.contains('offline'));
    await page.click('#settle');
    await page.waitForFunction(() => document.getElementById('message')!.textContent !== '');
    assert.equal(await page.textContent('#message'), 'The simulator does not answer: is it still running?');
    sim.place(0, 300);
    server = await serve(sim, port);
    await page.waitForFunction(() => document.getElementById('live')!.textContent === '' && !document.body.classList.contains('offline'), undefined, { timeout: 30_000 });
    await click('#strike', 'strike');
    assert.deepEqual(sim.strips, [null, null, null, null], 'the page knew where the striker was placed while it was away');
    // The refused connections of the outage are the browser's console errors; nothing was thrown.
    assert.deepEqual(problems.filter((p) => p.startsWith('page error')), []);
    problems = [];
  });

  it('on a phone (360×740) the table, Strike, the display and its buttons are all on the first screen', async () => {
    const a = server.address();
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    try {
      await phone.goto(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/`);
      await phone.waitForSelector('#score tr');
      for (const id of ['table', 'piece-black', 'strike', 'display', 'btn-up', 'btn-down', 'btn-select']) {
        const box = (await phone.locator(`#${id}`).boundingBox())!;
        assert.ok(box.y >= 0 && box.y + box.height <= 740 && box.x >= 0 && box.x + box.width <= 360, `#${id} in reach without scrolling: ${JSON.stringify(box)}`);
      }
    } finally {
      await phone.close();
    }
  });

  it('on a phone the display and its buttons stay in reach while the table is played', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const inView = (sel: string) =>
      page.$eval(sel, (e) => {
        const r = (e as unknown as { getBoundingClientRect(): { top: number; bottom: number; left: number; right: number } }).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= 740 && r.left >= 0 && r.right <= 360;
      });
    for (const target of ['#base-0', '#pocket-0', '#strike', '#settle']) {
      await page.$eval(target, (e) => (e as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' }));
      assert.ok(await inView(target), `${target} in view`);
      for (const device of ['#display', '#btn-select', '#btn-down']) assert.ok(await inView(device), `${device} in view with ${target}`);
    }
    const scrollsSideways = await page.evaluate(() => (document as unknown as { documentElement: { scrollWidth: number } }).documentElement.scrollWidth > 360);
    assert.equal(scrollsSideways, false, 'nothing wider than the phone');
  });

  it("shows a game's end as the display does: the finished game's score and its winner, not 0–0", async () => {
    const h = header('icf');
    const clear = ['W', 'W', 'W', 'W', 'W', 'W', 'W', 'Q W', 'W'];
    const icf = new SimTable({ match: h, seed: 5 });
    icf.readings(generateTrace(h, scriptEvents([...clear, '-', 'K', 'K', 'K', 'K', 'K', 'K', 'K', 'Q K', 'K', ...clear]), 4, NOISE.low, LAYOUTS.reference).readings);
    icf.advanceTo(icf.lastDue + 5_000_000);
    assert.deepEqual(icf.app.state.match.games, [{ winner: 0, score: [33, 0] }]);
    const other = await serve(icf, 0);
    try {
      await page.goto(`http://127.0.0.1:${(other.address() as { port: number }).port}/`);
      await page.waitForSelector('#score tr:nth-child(2)');
      assert.deepEqual(await page.$$eval('#score .points', (ps) => ps.map((p) => (p as unknown as { textContent: string }).textContent)), ['33', '0']);
      assert.match((await page.textContent('#match'))!, /game 1 won by Asha/);
      await page.goto('about:blank');
    } finally {
      other.close();
      other.closeAllConnections();
    }
    // The event streams the two page loads left: the navigation's own doing, not the page's.
    problems = problems.filter((p) => !/\/api\/events net::ERR_ABORTED/.test(p));
  });

  it('the device buttons open and close the menu', async () => {
    await click('#btn-select', 'button');
    assert.equal(sim.app.screen().kind, 'menu');
    await page.hover('#btn-select');
    await page.mouse.down();
    await page.waitForTimeout(800);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/button')), page.mouse.up()]);
    assert.equal(sim.app.screen().kind, 'play');
  });

  it('speaks the language chosen with the device buttons: the display and the page', async () => {
    /** Down to the menu item, with the page's buttons, and select it. */
    async function choose(label: string) {
      for (let i = 0; i < 30; i++) {
        const m = sim.app.screen() as MenuScreen;
        if (m.items[m.selected] === label) return click('#btn-select', 'button');
        await click('#btn-down', 'button');
      }
      assert.fail(`no ${label}`);
    }
    await click('#btn-select', 'button');
    await choose('SETTINGS');
    await choose('LANGUAGE EN');
    await choose('  PORTUGUÊS');
    await page.waitForFunction(() => document.getElementById('strike')!.textContent === 'Disparar');
    assert.equal(await page.getAttribute('html', 'lang'), 'pt');
    assert.equal(await page.textContent('#match'), 'pt-fpc · singulares · board 1');
    assert.equal(await page.textContent('#score th'), 'lado');
    assert.equal(await page.textContent('h1'), 'Simulador da mesa de carrom');
    assert.equal((sim.app.screen() as { title: string }).title, 'DEFINIÇÕES');
    // The page's own sentences too, not only its labels: what is on the board, the notes' heading, and
    // why Strike did nothing.
    assert.equal((await page.textContent('#left'))?.replace(/\s+/g, ' '), 'No tabuleiro: 9 brancas, 9 vermelhas, a rainha. Vez de Asha.');
    assert.equal(await page.textContent('#table-side h2'), 'Notas sobre o registo');
    assert.equal(await page.getAttribute('#buttons', 'title'), 'teclas: ↑ ↓ e Enter ou Espaço (manter premido para voltar)', 'the keys\' hint');
    assert.equal(await page.getAttribute('#btn-select', 'aria-label'), 'selecionar');
    await page.click('#strike');
    await page.waitForFunction(() => document.getElementById('message')!.textContent !== '');
    assert.equal(await page.textContent('#message'), 'Nada a disparar: coloque primeiro o striker (clique ou toque numa linha).');
    await settled();
    assert.deepEqual((await canvasFrame()).bytes, sim.frame, 'the display in Portuguese, pixel for pixel');
    // The event list and the faults line speak it too.
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/fault')), page.selectOption('#stuck', 'p3.b')]);
    await shot([[2, 'white']]);
    await settled();
    await page.waitForFunction(() => document.getElementById('health')!.textContent === 'Avarias agora: p3.b tapado');
    const log = (await page.textContent('#log')) ?? '';
    for (const line of ['disparo', 'branca na bolsa 2', 'parado']) assert.ok(log.includes(line), `"${line}" in the event list: ${log}`);
    assert.doesNotMatch(log, /pocket|strike|settle/, 'no English left');
  });
});
