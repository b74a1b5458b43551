// The tournament pages through an outage of the database, as a hall and an organiser see it: a real
// `carrom serve` on PostgreSQL stopped and started again under it, the pages in chromium. A page opened
// while the database is away loads, says so in its language and fills in by itself once it is back; one
// open when it goes away says so and keeps what it showed; a form sent meanwhile says the server's 503
// in words and keeps what was typed.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../server/index.ts';
import { freshDatabase, startCluster, type Cluster } from '../../tools/pg-cluster.ts';
import { api, logIn, ORGANISER_PASSWORD, tournamentServer, withOrganiser, type LoggedIn } from '../helpers/tournament/organiser.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

declare const document: {
  getElementById(id: string): { hidden: boolean; textContent: string | null } | null;
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
  body: { dataset: Record<string, string | undefined> };
};

const SECRET = '5e'.repeat(32);
const troubled = () => document.getElementById('trouble')?.hidden === false;

describe('the tournament pages with PostgreSQL stopped and started again', function () {
  this.timeout(120_000);
  let cluster: Cluster;
  let browser: Browser;
  let server: ResultsServer;
  let asha: LoggedIn;
  let thrown: string[];
  let databases = 0;

  before(async () => {
    // A cluster of this file's own: it is stopped under the server, which no other test must see.
    cluster = await startCluster();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    cluster?.stop();
  });
  beforeEach(async () => {
    ({ server } = await tournamentServer(await freshDatabase(cluster.url, `carrom_outage_${++databases}`)));
    for (const t of ['hall-1', 'hall-2']) await server.store.addTable(t, SECRET, '2026-12-01T08:00:00.000Z');
    await withOrganiser(server, 'asha', ORGANISER_PASSWORD);
    asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    thrown = [];
  });
  afterEach(async () => server?.close());

  /** A tournament of four made through the JSON interface, round 1 drawn and published. */
  async function published(extra: Record<string, unknown> = {}): Promise<number> {
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], ...extra });
    const id = made.json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\nChandra\nDee\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).status, 200);
    return id;
  }
  async function open(path: string, locale = 'en-GB'): Promise<Page> {
    const page = await (await browser.newContext({ locale })).newPage();
    page.on('pageerror', (e) => void thrown.push(`${path}: ${e.message}`));
    await page.goto(`${server.url}${path}`);
    return page;
  }
  /** Runs `during` with PostgreSQL stopped, and starts it again whatever happens. */
  async function down<T>(during: () => Promise<T>): Promise<T> {
    cluster.halt();
    try {
      return await during();
    } finally {
      cluster.resume();
    }
  }

  it('the hall opened while it is down says so in the page language, throws nothing, and fills in by itself once it is back', async () => {
    const id = await published({ rounds: 3 });
    const [hall, pairings, report] = await down(async () => {
      const pages = [await open(`/tournaments/${id}/hall`, 'pt-PT'), await open(`/tournaments/${id}/print/pairings`), await open(`/tournaments/${id}/tables`)];
      for (const page of pages) await page.waitForFunction(troubled, undefined, { timeout: 30_000 });
      assert.equal(await pages[0].textContent('#trouble'), 'Os resultados não podem ser lidos agora; a tentar de novo…');
      assert.equal(await pages[1].textContent('#trouble'), 'The results cannot be read just now; trying again…');
      return pages;
    });
    // Read again by themselves: the round's two matches, the tournament's name, the line gone.
    await hall.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 2 && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
    assert.equal(await hall.textContent('h1'), 'Club open');
    assert.equal(await hall.textContent('#round'), 'Ronda 1 de 3');
    // The printable pairings (a header row and the two matches) and the tables' report, the same.
    await pairings.waitForFunction(() => document.body.dataset.ready === '1' && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
    assert.equal(await pairings.evaluate(() => document.querySelectorAll('#sheet tr').length), 3);
    await report.waitForFunction(() => document.body.dataset.ready === '1' && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
    assert.match((await report.textContent('#not-reported')) ?? '', /hall-1/);
    assert.deepEqual(thrown, [], 'nothing thrown in the pages');
  });

  it('the bracket page open when it goes away says so, keeps its bracket, and shows a result entered once it is back', async () => {
    const id = await published({ system: 'knockout' });
    const page = await open(`/tournaments/${id}/bracket`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const before = await page.textContent('#bracket');
    assert.match(before ?? '', /Asha/);
    await down(async () => {
      // Its next read (every 20 s) is refused.
      await page.waitForFunction(troubled, undefined, { timeout: 45_000 });
      assert.equal(await page.textContent('#trouble'), 'The results cannot be read just now; trying again…');
      assert.equal(await page.textContent('#bracket'), before, 'the bracket as it was');
      assert.equal(await page.evaluate(() => document.getElementById('note')?.hidden), true, 'no note that the tournament is unknown');
    });
    const round = await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`);
    const m = round.json.round.matches[0];
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${m.id}/result`, { a: 25, b: 3, reason: 'score sheet' })).status, 200);
    await page.waitForFunction(() => document.getElementById('trouble')?.hidden === true && /25/.test(document.getElementById('bracket')?.textContent ?? ''), undefined, { timeout: 60_000 });
    assert.deepEqual(thrown, [], 'nothing thrown in the page');
  });

  it("the organiser's form sent while it is down says the server cannot change anything now, keeps what was typed, and goes through once it is back", async () => {
    const id = await published({ rounds: 3 });
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    page.on('pageerror', (e) => void thrown.push(e.message));
    await page.goto(`${server.url}/login`);
    await page.fill('input[name="name"]', 'asha');
    await page.fill('input[name="password"]', ORGANISER_PASSWORD);
    await page.click('button[type="submit"]');
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1 && document.getElementById('add-entrant')?.hidden === false);
    await page.fill('#add-entrant input[name="name"]', 'Farah');
    await page.fill('#add-entrant input[name="club"]', 'Porto');
    const [list, other] = await down(async () => {
      await page.click('#add-entrant button[type="submit"]');
      await page.waitForFunction(() => Number(document.body.dataset.answers ?? 0) >= 1);
      assert.equal(await page.textContent('#message'), 'Not done: the server cannot reach its database just now (503). Nothing was changed; send it again in a moment.');
      assert.equal(await page.inputValue('#add-entrant input[name="name"]'), 'Farah');
      assert.equal(await page.inputValue('#add-entrant input[name="club"]'), 'Porto');
      // The list of tournaments and the tournament's page opened meanwhile, by the same organiser.
      const opened = [await page.context().newPage(), await page.context().newPage()];
      for (const p of opened) p.on('pageerror', (e) => void thrown.push(e.message));
      await opened[0].goto(`${server.url}/tournaments`);
      await opened[1].goto(`${server.url}/tournaments/${id}`);
      for (const p of opened) await p.waitForFunction(troubled, undefined, { timeout: 30_000 });
      return opened;
    });
    await page.click('#add-entrant button[type="submit"]');
    await page.waitForFunction(() => Number(document.body.dataset.answers ?? 0) >= 2);
    assert.equal(await page.textContent('#message'), 'Done: Farah entered.');
    // Those two fill in by themselves, the organiser's forms with them.
    await list.waitForFunction(() => document.body.dataset.ready === '1' && document.getElementById('create')?.hidden === false && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
    assert.match((await list.textContent('#tournament-list')) ?? '', /Club open/);
    await other.waitForFunction(() => document.getElementById('add-entrant')?.hidden === false && document.getElementById('change')?.hidden === false && document.getElementById('trouble')?.hidden === true, undefined, { timeout: 60_000 });
    assert.equal(await other.textContent('h1'), 'Club open');
    assert.deepEqual(thrown, [], 'nothing thrown in the pages');
  });
});
