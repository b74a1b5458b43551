// The overlay for OBS (docs/server.md §4, "The overlay for a stream") in a real browser (Debian's chromium,
// driven by playwright-core) on a real results server over loopback: its page is transparent where it
// shows nothing (a screenshot's alpha), and it follows a table that posts signed shot messages, showing
// what the rules engine and the notation's printer make of the lines the table sent, in the language asked.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { printNotation } from '../../../src/notation/index.ts';
import { parseLog, replay } from '../../../src/rules/index.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { lastShots } from '../../../server/pages/browser/live-log.ts';
import { matchRecords, postRecord, signature } from '../../../tools/results.ts';
import { answerOf } from '../../helpers/servers/answers.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { readPng } from '../../helpers/pages/rgba-png.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null; dataset: Record<string, string | undefined> }>; body: { dataset: Record<string, string | undefined> } };

const SECRET = '3c'.repeat(32);
const TABLE = 'hall-1';
const records = matchRecords(TABLE, 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
const boards = records.filter((r) => r.kind === 'board');
/** The second board's record's log, line by line (line 0: the header); the first board's ends at FIRST. */
const LINES = boards[1].log.slice(0, -1).split('\n');
const FIRST = boards[0].log.slice(0, -1).split('\n').length;
const ID = createHash('sha256').update(LINES[0]).digest('hex').slice(0, 16);

async function sendShot(url: string, from: number, to: number): Promise<void> {
  const body = JSON.stringify({ carromShot: 1, table: TABLE, matchId: ID, from, lines: `${LINES.slice(from, to).join('\n')}\n`, madeAt: null });
  const a = await answerOf(`${url}/api/v1/shots`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': TABLE, 'Carrom-Signature': signature(SECRET, body) }, body });
  assert.equal(a.status, 200, JSON.stringify(a.json));
}

/** What the overlay must show for the first `n` lines: the rules engine's and the printer's own answers. */
function expected(n: number) {
  const log = parseLog(`${LINES.slice(0, n).join('\n')}\n`);
  assert.ok(log.ok);
  const s = replay(log.value);
  assert.ok(s.ok);
  const printed = printNotation(log.value.header, log.value.events, { times: false });
  assert.ok(printed.ok);
  const on = s.value.board.onBoard;
  return { points: s.value.match.score.map(String), pieces: [on.white, on.black, on.queen].map(String), shots: lastShots(printed.value, 3) };
}

async function shown(page: Page) {
  return page.evaluate(() => ({
    points: Array.from(document.querySelectorAll('.ov-points')).map((e) => e.textContent ?? ''),
    pieces: Array.from(document.querySelectorAll('.ov-count')).map((e) => e.dataset.count ?? ''),
    shots: Array.from(document.querySelectorAll('.ov-shots li')).map((e) => e.textContent ?? ''),
  }));
}

describe('the overlay for OBS in a browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false, log: () => undefined });
    await server.store.addTable(TABLE, SECRET, '2026-12-01T08:00:00.000Z');
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  });
  afterEach(async () => {
    await page.close();
    await server.close();
  });

  const lines = (n: number) => page.waitForFunction((k) => document.body.dataset.lines === String(k), n);

  it('follows a table posting shot messages, shot by shot, and is transparent but for its panel', async () => {
    await page.goto(`${server.url}/tables/${TABLE}/overlay?lang=en&corner=tl`);
    await page.waitForFunction(() => document.body.dataset.stream === 'open');
    assert.equal(await page.textContent('#overlay'), `Waiting for table ${TABLE}…`);
    let at = 0;
    for (const to of [1, 4, 9, 16, FIRST, FIRST + 5, LINES.length]) {
      await sendShot(server.url, at, to);
      at = to;
      await lines(to);
      assert.deepEqual(await shown(page), expected(to), `after line ${to - 1}`);
    }
    assert.ok(expected(LINES.length).shots.length === 3, 'the match has shots to show');
    // OBS lays the page over the video: nothing but the panel may cover it.
    const png = readPng(await page.screenshot({ omitBackground: true }));
    assert.deepEqual([png.width, png.height], [1280, 720]);
    for (const [x, y] of [[1279, 719], [1000, 100], [640, 700], [5, 715]]) assert.equal(png.at(x, y)[3], 0, `the pixel at ${x},${y} is transparent`);
    const box = (await page.locator('#overlay').boundingBox())!;
    assert.ok(box.x < 40 && box.y < 40, 'in the top left corner');
    assert.ok(png.at(Math.round(box.x + 4), Math.round(box.y + box.height / 2))[3] > 150, 'the panel itself is opaque enough to read');
  });

  it('opened mid-match, starts from the newest record and goes on with the shots; in the language and corner asked', async () => {
    await sendShot(server.url, 0, FIRST);
    assert.equal((await postRecord(server.url, TABLE, SECRET, boards[0].body)).status, 201);
    await page.goto(`${server.url}/tables/${TABLE}/overlay?lang=pt&corner=br&show=pieces,shots`);
    await lines(FIRST);
    assert.equal(await page.textContent('.ov-pieces span'), 'No tabuleiro: ');
    assert.equal(await page.locator('.ov-score').count(), 0, 'the score is not asked for');
    const box = (await page.locator('#overlay').boundingBox())!;
    assert.ok(box.x + box.width > 1240 && box.y + box.height > 680, 'in the bottom right corner');
    await sendShot(server.url, FIRST, LINES.length);
    await lines(LINES.length);
    const want = expected(LINES.length);
    const got = await shown(page);
    assert.deepEqual([got.pieces, got.shots], [want.pieces, want.shots]);
  });

  it('opened in the middle of a board no record has closed yet, shows the board so far (the table\'s live feed\'s snapshot)', async () => {
    const mid = 9;
    await sendShot(server.url, 0, mid);
    await page.goto(`${server.url}/tables/${TABLE}/overlay?lang=en`);
    await lines(mid);
    assert.deepEqual(await shown(page), expected(mid));
    await sendShot(server.url, mid, FIRST + 5);
    await lines(FIRST + 5);
    assert.deepEqual(await shown(page), expected(FIRST + 5));
  });

  it('is served with the pages\' strict CSP, and is a 404 for a table the server does not know', async () => {
    const known = await fetch(`${server.url}/tables/${TABLE}/overlay`);
    assert.equal(known.status, 200);
    assert.equal(known.headers.get('content-security-policy'), "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:");
    assert.equal((await fetch(`${server.url}/tables/nobody/overlay`)).status, 404);
  });
});
