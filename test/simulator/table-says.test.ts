// What the table tells the players, said once and the same everywhere (issue 28 §4): the simulator as a
// user starts it (`npm start`, its own process), played through its HTTP API as a script plays it, and
// read where a player reads it: the display's framebuffer (/api/display.png), and the page in chromium
// (its summary under the table and its notes). Men owed are one count on the display's corner, its
// bottom line, the page's summary and its note; an undo says to put the pieces back where they were,
// as docs/players.md does, not what the shot before it asked.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { pngFrame } from '../../hosts/simulator/png.ts';
import { Frame, WIDTH } from '../../src/view/frame.ts';
import { npmStart, type Running } from '../e2e/simulator-process.ts';
import { until } from '../helpers/servers/answers.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

// The page's globals, for the functions that run inside the browser.
declare const document: { body: { dataset: Record<string, string | undefined> } };

/** The bottom line's glyph rows on the display (src/view/render.ts: LINE_Y). */
const LINE_Y = 57;

describe('what the table says: one truth on the display, its notes and the page (npm start)', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let table: Running;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());

  beforeEach(async () => {
    table = await npmStart(['--no-results', '--rules', 'icf', '--noise', 'clean']);
    page = await browser.newPage({ viewport: { width: 1100, height: 850 } });
    await page.goto(`${table.sim}/`);
    await page.waitForSelector('#score tr');
  });
  afterEach(async () => {
    await page?.close();
    await table?.stop();
  });

  const post = async (what: string, body: object = {}) => {
    const r = await fetch(`${table.sim}/api/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(r.status, 200, `${what}: ${await r.text()}`);
  };
  /** A shot from `seat`'s baseline: place, strike, what went in, settle. */
  async function shot(seat: number, drops: [number, string][] = []) {
    await post('place', { seat, mm: 265 });
    await post('strike', { seat });
    for (const [pocket, piece] of drops) await post('drop', { pocket, piece });
    await post('settle');
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the snapshot's JSON
  const snapshot = async (): Promise<any> => (await fetch(`${table.sim}/api/snapshot`)).json();
  /** The page once it has drawn every event the table logged (the event stream is behind the API). */
  async function pageCaughtUp() {
    const events = (await snapshot()).events as number;
    await page.waitForFunction((n) => Number(document.body.dataset.events) >= n, events);
  }
  /** The display's bottom line reads `text`: its pixels, from the framebuffer, as the firmware drew it. */
  async function displayLineIs(text: string): Promise<boolean> {
    const shown = pngFrame(Buffer.from(await (await fetch(`${table.sim}/api/display.png`)).arrayBuffer()));
    const want = new Frame();
    want.text(0, LINE_Y, text);
    for (let y = LINE_Y; y < LINE_Y + 7; y++) for (let x = 0; x < WIDTH; x++) if (shown.get(x, y) !== want.get(x, y)) return false;
    return true;
  }
  /** The display's bottom line messages over one turn of their cycle (each shows for 2.5 s). */
  async function lineCycle(until_: (seen: Set<string>) => boolean): Promise<Set<string>> {
    const seen = new Set<string>();
    await until('the bottom line has shown its messages', async () => {
      const line = (await snapshot()).screen.line as string;
      if (!seen.has(line)) assert.ok(await displayLineIs(line), `the framebuffer's bottom line reads "${line}"`);
      seen.add(line);
      return until_(seen);
    });
    return seen;
  }

  it("men owed: Ben's third striker leaves 3 owed, and the display, its line, the page's summary and note all say 3", async () => {
    // Asha breaks and pockets nothing; Ben (seat 2) pockets the striker alone three times with no man
    // of his in the pockets to give: each is a due owed (ICF 45(b)), and owed dues add up (62(a)).
    await shot(0);
    for (let i = 0; i < 3; i++) {
      await shot(2, [[1, 'striker']]);
      if (i < 2) await shot(0);
    }
    const s = await snapshot();
    assert.deepEqual(s.state.board.dues, [0, 3], 'the rules: Ben owes three men');
    // The display: its corner, and its bottom line when it comes to the due.
    assert.equal(s.screen.dues, 'DUE 0-3');
    const lines = await lineCycle((seen) => [...seen].some((l) => l.startsWith('DUE:')));
    const display = [...lines].find((l) => l.startsWith('DUE:'));
    assert.equal(display, 'DUE: BEN OWES 3');
    // The page: the summary under the table and the note under the display.
    await pageCaughtUp();
    const summary = (await page.textContent('#left')) ?? '';
    const notes = await page.locator('#notes li').allTextContents();
    const count = (text: string | undefined, re: RegExp) => Number(re.exec(text ?? '')?.[1]);
    assert.equal(count(summary, /Ben owes (\d+) men?\b/), 3, summary);
    assert.equal(count(notes.find((n) => n.includes('owes')), /^Ben owes (\d+) men?:/), 3, notes.join(' | '));
    assert.equal(count(display, /OWES (\d+)$/), 3);
    assert.deepEqual(s.owed, [0, 3], 'the count the page is given (menOwed, as the display)');
  });

  it('after UNDO SHOT the table says to put the pieces back where they were, as docs/players.md says, and nothing of the shot before', async () => {
    // Asha breaks with a white, then pockets the striker with a white: under ICF both whites come back
    // and Ben places them (PUT BACK 2 WHITE). Asha plays on, pockets a white, and the shot is undone.
    await shot(0, [[1, 'white']]);
    await shot(0, [[1, 'striker'], [2, 'white']]);
    assert.deepEqual((await snapshot()).notes, ['Put back 2 white men, inside the outer circle, not on the centre circle.', 'Ben places them.']);
    await shot(0, [[3, 'white']]);
    await post('call', { call: 'undo' });
    const said = 'The last shot is taken back: put its pieces back where they were before it; Asha plays it again.';
    const s = await snapshot();
    assert.deepEqual(s.notes, [said]);
    assert.equal(s.state.board.turn, 0, 'Asha plays it again');
    await pageCaughtUp();
    assert.deepEqual(await page.locator('#notes li').allTextContents(), [said]);
    // The display: the headline, then where the pieces go; never the shot before's PUT BACK or placer.
    const lines = await lineCycle((seen) => seen.has('PIECES AS THEY WERE') || [...seen].some((l) => /^PUT BACK|PLACES/.test(l)));
    assert.deepEqual([...lines].filter((l) => /^PUT BACK|PLACES/.test(l)), []);
    assert.ok(lines.has('PIECES AS THEY WERE'));
    // docs/players.md says the same: the display's words and where the pieces go.
    const undo = /\*\*Undo\*\*[^\n]*(\n {2}[^\n]*)*/.exec(readFileSync('docs/players.md', 'utf8'))?.[0] ?? '';
    assert.match(undo, /`SHOT TAKEN BACK`/);
    assert.match(undo, /`PIECES AS THEY WERE`/);
    assert.match(undo, /where they were/);
  });
});
