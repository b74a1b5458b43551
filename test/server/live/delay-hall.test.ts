// A delayed tournament's public hall page in a real browser (chromium) lags its play by exactly the
// tournament's delay (issue 34): a table's record shows on a spectator's hall page when it is one minute
// old by the server's clock (the test's: ServerOptions.now), not a millisecond before, without a reload;
// an organiser's hall page, logged in, shows it at once.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { postRecord, stateOf } from '../../../tools/results.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, assignedRecords, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';

interface Shown {
  textContent: string | null;
}
declare const document: { querySelector(s: string): Shown | null; querySelectorAll(s: string): ArrayLike<Shown> };

const SECRET = '5d'.repeat(32);

describe("a delayed tournament's hall page in a browser", function () {
  this.timeout(120_000);
  let browser: Browser;
  let server: ResultsServer;
  let clock: Clock;
  let asha: LoggedIn;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  afterEach(() => server?.close());

  it('shows a spectator each record exactly its delay after it came, and the organiser at once', async () => {
    ({ server, clock, asha } = await organisedServer(await ENGINES[0].fresh(), { 'hall-1': SECRET }));
    const url = server.url;
    const made = await api(url, asha, 'POST', '/api/v1/tournaments', { name: 'Delayed open', date: '2026-12-01', rules: 'icf', options: { matchTarget: 9 }, tables: ['hall-1'], rounds: 1 });
    const id = made.json.tournament.id as number;
    // Set on the tournament's own form's interface, as an organiser does: one minute.
    assert.equal((await api(url, asha, 'PATCH', `/api/v1/tournaments/${id}`, { delay: 1 })).json.tournament.delay, 1);
    assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
    const [drawn] = (await api(url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round.matches;
    const records = assignedRecords('hall-1', { tournament: id, round: 1, match: drawn.id }, 23, ['Asha', 'Ben']);

    const spectator: Page = await browser.newPage();
    const context = await browser.newContext();
    await context.addCookies([{ name: asha.cookie.split('=')[0], value: asha.cookie.split('=')[1], url }]);
    const organiser: Page = await context.newPage();
    const scores = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('#hall-tables .card .score')).map((e) => e.textContent).join(' '));
    for (const page of [spectator, organiser]) {
      await page.goto(`${url}/tournaments/${id}/hall`);
      await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 1);
      await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
      assert.equal(await scores(page), ' ', 'no score yet');
    }

    const first = records[0];
    assert.equal((await postRecord(url, 'hall-1', SECRET, first.body)).status, 201);
    const want = (stateOf(first.log) as { match: { score: number[] } }).match.score.join(' ');
    await organiser.waitForFunction((w) => Array.from(document.querySelectorAll('#hall-tables .card .score')).map((e) => e.textContent).join(' ') === w, want);
    clock.pass(59_999);
    server.delay.wake();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(await scores(spectator), ' ', 'a millisecond before the minute: nothing on the spectator\'s hall');
    await spectator.reload();
    await spectator.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 1);
    await spectator.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    assert.equal(await scores(spectator), ' ', 'nor when it reads everything again');
    clock.pass(1);
    server.delay.wake();
    await spectator.waitForFunction((w) => Array.from(document.querySelectorAll('#hall-tables .card .score')).map((e) => e.textContent).join(' ') === w, want, { timeout: 5_000 });
    await context.close();
    await spectator.close();
  });
});
