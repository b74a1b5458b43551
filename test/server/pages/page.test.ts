// The club's pages in a real browser (Debian's chromium, driven by playwright-core): a result posted
// by a table shows up live without a reload; names from tables stay text; the table and leaderboard pages.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, recordBody, stateOf } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';

declare const document: { querySelector(s: string): { textContent: string | null; getAttribute(n: string): string | null } | null; querySelectorAll(s: string): ArrayLike<unknown>; body: { dataset: Record<string, string | undefined> } };
declare const window: Record<string, unknown>;
declare function getComputedStyle(e: unknown): { textAlign: string };

const SECRET = '9d'.repeat(32);
const EVIL = '<img src=x onerror="window.pwned=1">';

describe('club pages in a browser', function () {
  this.timeout(90_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;
  const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    server = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false });
    await server.store.addTable('hall-1', SECRET, 'x');
    await server.store.addTable('hall-2', SECRET, 'x');
    page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  });
  afterEach(async () => {
    await page.close();
    await server.close();
  });

  const score = (table: string) => page.evaluate((t) => Array.from(document.querySelectorAll(`#table-${t} .score`) as ArrayLike<{ textContent: string }>).map((e) => e.textContent), table);

  it('shows every table, and a posted result arrives live without a reload', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForSelector('#table-hall-2');
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    assert.match((await page.textContent('#table-hall-1'))!, /No result yet/);
    await page.evaluate(() => (window.marker = 'same page'));
    for (const r of records) {
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      const want = (stateOf(r.log) as { match: { score: number[] } }).match.score.map(String);
      await page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll('#table-hall-1 .score') as ArrayLike<{ textContent: string }>).map((e) => e.textContent)) === w, JSON.stringify(want));
    }
    assert.equal(await page.evaluate(() => window.marker), 'same page', 'no reload');
    assert.match((await page.textContent('#table-hall-1'))!, /Asha.*Ben.*Match over: Asha wins|Match over: Ben wins/s);
    assert.deepEqual(await score('hall-2'), []);
  });

  it('shows a result stored while its event stream was away once the stream is back, sent by the stream (Last-Event-ID), not read again', async () => {
    const db = await ENGINES[0].fresh();
    await server.close();
    server = await startResultsServer({ port: 0, db, mdns: false });
    await server.store.addTable('hall-1', SECRET, 'x');
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    const port = Number(new URL(server.url).port);
    const reads: string[] = [];
    const onRequest = (r: { url(): string }) => void (r.url().includes('/api/v1/tables') && reads.push(r.url()));
    page.on('request', onRequest);
    await server.close();
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'reconnecting…');
    // Back on the same port and database; a record comes before the page's stream does.
    server = await startResultsServer({ port, db, mdns: false });
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[0].body)).status, 201);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live', undefined, { timeout: 30_000 });
    const want = (stateOf(records[0].log) as { match: { score: number[] } }).match.score.map(String);
    await page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll('#table-hall-1 .score') as ArrayLike<{ textContent: string }>).map((e) => e.textContent)) === w, JSON.stringify(want), { timeout: 10_000 });
    page.off('request', onRequest);
    assert.deepEqual(reads, [], 'the tables were not read again');
  });

  it("speaks the browser's language, one of the table's six, and another chosen on the page, which it keeps", async () => {
    const context = await browser.newContext({ locale: 'pt-PT', viewport: { width: 390, height: 800 } });
    const pt = await context.newPage();
    try {
      await pt.goto(`${server.url}/`);
      await pt.waitForFunction(() => document.querySelector('#live')?.textContent === 'ao vivo');
      assert.equal(await pt.evaluate(() => document.querySelector('html')?.getAttribute('lang')), 'pt');
      assert.equal(await pt.textContent('nav a[href="/"]'), 'Mesas');
      assert.match((await pt.textContent('#table-hall-1'))!, /Mesa hall-1.*Ainda sem resultados\./s);
      await pt.selectOption('#language', 'sv');
      await pt.waitForFunction(() => document.querySelector('#live')?.textContent === 'live' && document.querySelector('html')?.getAttribute('lang') === 'sv');
      assert.match((await pt.textContent('#table-hall-1'))!, /Bord hall-1.*Inget resultat än\./s);
      await pt.goto(`${server.url}/leaderboard`);
      await pt.waitForSelector('#standings th');
      assert.equal(await pt.textContent('#standings th'), 'Spelare', 'the choice holds on the other pages');
      assert.equal(await pt.inputValue('#language'), 'sv');
    } finally {
      await context.close();
    }
  });

  it('shows names from a table as text, never as markup', async () => {
    const log = records[0].log.replace('"Asha"', JSON.stringify(EVIL));
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, recordBody('hall-1', 1, 'board', log))).status, 201);
    for (const path of ['/', '/tables/hall-1', '/leaderboard']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForFunction((evil) => (document.querySelector('main')?.textContent ?? '').includes(evil), EVIL);
      assert.equal(await page.evaluate(() => document.querySelectorAll('main img').length), 0, path);
      assert.equal(await page.evaluate(() => window.pwned), undefined, path);
    }
  });

  it('shows a table\'s match board by board, and the leaderboard, with links to the exports', async () => {
    for (const r of records) await postRecord(server.url, 'hall-1', SECRET, r.body);
    await page.goto(`${server.url}/`);
    await page.click('#table-hall-1 h2 a');
    await page.waitForSelector('table.boards tr td');
    const rows = await page.evaluate(() => (document.querySelectorAll('table.boards tr') as ArrayLike<unknown>).length - 1);
    const m = (await (await fetch(`${server.url}/api/v1/matches/hall-1`)).json()) as { matches: { boards: unknown[] }[] };
    assert.equal(rows, m.matches[0].boards.length);
    assert.match((await page.textContent('h1'))!, /Table hall-1/);
    await page.click('text=Leaderboard');
    await page.waitForSelector('#standings tbody tr');
    assert.equal(await page.evaluate(() => (document.querySelectorAll('#standings tbody tr') as ArrayLike<unknown>).length), 2);
    // Each header sits over its numbers: aligned as its column's cells are.
    const aligned = await page.$$eval('#standings tr', (trs) =>
      trs.slice(0, 2).map((tr) => Array.from(tr.children).map((c) => getComputedStyle(c).textAlign)),
    );
    assert.deepEqual(aligned[0], aligned[1], 'headers and cells aligned alike, column by column');
    const csv = await page.getAttribute('a[href="/api/v1/export.csv"]', 'href');
    assert.equal(csv, '/api/v1/export.csv');
  });

  it('fits a phone: no page scrolls sideways (wide tables scroll in their own box), and no console errors (the icon)', async () => {
    for (const r of records) await postRecord(server.url, 'hall-1', SECRET, r.body);
    const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const problems: string[] = [];
    phone.on('console', (m) => void (m.type() === 'error' && problems.push(`console error: ${m.text()}`)));
    phone.on('response', (r) => void (r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`)));
    for (const [path, ready] of [['/', '#table-hall-1 .score'], ['/tables/hall-1', 'table.boards tr td'], ['/leaderboard', '#standings tbody tr']]) {
      await phone.goto(`${server.url}${path}`);
      await phone.waitForSelector(ready);
      await phone.waitForTimeout(300); // the icon is asked for after the page has loaded
      assert.equal(await phone.evaluate(() => (document as unknown as { documentElement: { scrollWidth: number } }).documentElement.scrollWidth), 360, path);
      // A table whose columns go past the phone's edge says so above it.
      const wide = await phone.$$eval('.wide', (ws) => ws.map((w) => {
        const box = w as unknown as { scrollWidth: number; clientWidth: number; previousElementSibling: { className: string; textContent: string } | null };
        return { more: box.scrollWidth > box.clientWidth + 1, hint: box.previousElementSibling?.className === 'scroll-hint' ? box.previousElementSibling.textContent : null };
      }));
      for (const w of wide) assert.equal(w.hint, w.more ? 'More columns: scroll the table sideways →' : null, `${path}: ${JSON.stringify(w)}`);
      if (path === '/tables/hall-1') assert.deepEqual(wide.map((w) => w.more), [false], 'the boards as cards: every column in sight');
    }
    // Narrower still, the leaderboard's columns go past the edge: the hint comes when the window narrows.
    await phone.setViewportSize({ width: 200, height: 740 });
    await phone.waitForFunction(() => (document as unknown as { querySelector(s: string): { parentElement: { previousElementSibling: { textContent: string } | null } | null } | null }).querySelector('#standings')?.parentElement?.previousElementSibling?.textContent === 'More columns: scroll the table sideways →');
    await phone.close();
    assert.deepEqual(problems, []);
  });
});
