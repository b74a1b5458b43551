// Which pages load the live bundle, in a real browser (Debian's chromium, driven by playwright-core) on a
// real results server over loopback: dist/club.js carries every page's script but the live shots'
// rendering, the rules engine and the notation, which are dist/live.js (tools/build-pages.ts). The pages
// with a live part (the club's, a table's, the hall, the overlay) load it; the others (the leaderboard,
// the tournaments' list, the organiser's page, the bracket, the tables' reports, the printouts) must not.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, organisedServer } from '../../helpers/tournament/organiser.ts';

const SECRET = '7a'.repeat(32);

describe('the live bundle is loaded by the pages with a live part only', function () {
  this.timeout(120_000);
  let browser: Browser;
  let server: ResultsServer;
  let tid: number;

  before(async () => {
    browser = await launchChromium();
    let asha;
    ({ server, asha } = await organisedServer(await ENGINES[0].fresh(), { 'hall-1': SECRET, 'hall-2': SECRET }));
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club cup', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'] });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    tid = made.json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${tid}/entrants.csv`, 'name\nAsha Rao\nBen Ode\nChandra Iyer\nDee Mensah\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${tid}/rounds`)).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${tid}/rounds/1/publish`)).status, 200);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The scripts the page at `path` fetched, by path, once its first read of the JSON interface came (its
   * script ran: a page that loads the live bundle asks for it before or as it reads) and a moment after. */
  async function scriptsOf(path: string): Promise<string[]> {
    const page: Page = await browser.newPage();
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' || r.url().endsWith('.js') ? scripts.push(new URL(r.url()).pathname) : undefined));
    page.on('pageerror', (e) => void errors.push(e.message));
    try {
      const read = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/'));
      await page.goto(`${server.url}${path}`);
      await read;
      await page.waitForTimeout(500);
      assert.deepEqual(errors, [], `${path}: the page's script failed`);
      return scripts;
    } finally {
      await page.close();
    }
  }

  it('the pages without a live part load club.js alone', async () => {
    const pages = ['/leaderboard', '/tournaments', `/tournaments/${tid}`, `/tournaments/${tid}/bracket`, `/tournaments/${tid}/tables`, `/tournaments/${tid}/print/pairings`, `/tournaments/${tid}/print/standings`, `/tournaments/${tid}/print/scoresheets`];
    for (const path of pages) assert.deepEqual(await scriptsOf(path), ['/club.js'], path);
  });

  it('the pages with a live part load club.js and live.js, each once', async () => {
    const pages = ['/', '/tables/hall-1', `/tournaments/${tid}/hall`, '/tables/hall-1/overlay'];
    for (const path of pages) assert.deepEqual((await scriptsOf(path)).sort(), ['/club.js', '/live.js'], path);
  });
});
