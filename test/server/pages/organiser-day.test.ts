// The organiser's and the printable pages in a real browser (Debian's chromium, driven by playwright-core)
// on a real results server over loopback, as issue 28 §3 found them: a session ended in another tab is
// noticed and the typed form sent with the new one (organiser.md §12.2), a withdrawal asks first, a name
// differing by its spaces refused, the draw offered only up to the last round, the standings saying which
// results they count, score sheets as the rules' options say, and no fault in the console nor a red ring
// on an empty field that is not wrong.
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { api, logIn, ORGANISER_PASSWORD, tournamentServer, withOrganiser, type LoggedIn } from '../../helpers/tournament/organiser.ts';

declare const document: {
  querySelector(s: string): { textContent: string | null; matches(s: string): boolean } | null;
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
  activeElement: { name?: string } | null;
  body: { dataset: Record<string, string | undefined> };
};
declare function getComputedStyle(e: unknown): { outlineColor: string; outlineStyle: string };

const SECRET = '3d'.repeat(32);

describe("the organiser's day in a browser, as the guide promises it", function () {
  this.timeout(120_000);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let server: ResultsServer;
  let asha: LoggedIn;
  let faults: string[];

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    ({ server } = await tournamentServer(await ENGINES[0].fresh()));
    for (const t of ['hall-1', 'hall-2']) await server.store.addTable(t, SECRET, '2026-12-01T08:00:00.000Z');
    await withOrganiser(server, 'asha', ORGANISER_PASSWORD);
    asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    faults = [];
    const keep = (m: ConsoleMessage) => { if (m.type() === 'error' || m.type() === 'warning') faults.push(`${m.type()}: ${m.text()}`); };
    page.on('console', keep);
  });
  afterEach(async () => {
    await context.close();
    await server.close();
  });

  const ready = (on: Page, n = 1) => on.waitForFunction((k) => Number(document.body.dataset.ready ?? 0) >= k, n);
  const answer = async (n: number, on = page) => {
    await on.waitForFunction((k) => Number(document.body.dataset.answers ?? 0) >= k, n);
    return on.textContent('#message');
  };
  const texts = (selector: string, on = page) => on.evaluate((s) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent), selector);
  async function logInOnPage(on: Page): Promise<void> {
    await on.goto(`${server.url}/login`);
    await on.fill('input[name="name"]', 'asha');
    await on.fill('input[name="password"]', ORGANISER_PASSWORD);
    await on.click('button[type="submit"]');
    await on.waitForURL(`${server.url}/tournaments`);
  }
  async function tournament(body: Record<string, unknown>, players: string[]): Promise<number> {
    const id = (await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], ...body })).json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, `name\n${players.join('\n')}\n`, { 'Content-Type': 'text/csv' })).status, 201);
    return id;
  }
  async function playRound(id: number, n: number, results = true): Promise<void> {
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/${n}/publish`)).status, 200);
    if (!results) return;
    for (const m of (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/${n}`)).json.round.matches as { id: number; b: string | null }[]) {
      if (m.b !== null) assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${m.id}/result`, { a: 25, b: 10, reason: 'score sheet' })).status, 200);
    }
  }

  it('notices a session ended in another tab, offers to log in, and sends the form typed before with the new session', async () => {
    const id = await tournament({}, ['Asha Rao', 'Ben Ode']);
    await logInOnPage(page);
    await page.goto(`${server.url}/tournaments/${id}`);
    await ready(page);
    assert.equal(await page.textContent('#who'), 'Logged in as asha.');
    await page.fill('#add-entrant input[name="name"]', 'Chandra Iyer');
    await page.fill('#add-entrant input[name="club"]', 'Mumbai');

    // Another tab of the same browser logs out.
    const other = await context.newPage();
    await other.goto(`${server.url}/tournaments`);
    await ready(other);
    await other.click('#logout button');
    await other.waitForURL(`${server.url}/`);

    // The old page sends its form: refused, it says the session ended, offers the login in a new tab, and keeps the form.
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(1), 'Your session has ended (logged out, or its time is up). Log in again in a new tab, then send again: this page keeps what you typed. Log in (a new tab)');
    assert.equal(await page.getAttribute('#message a', 'target'), '_blank');
    assert.equal(await page.isVisible('#who'), false, 'no longer "Logged in as asha."');
    assert.equal(await page.isVisible('#visitor a'), true);
    assert.equal(await page.getAttribute('#visitor a', 'target'), '_blank');
    assert.deepEqual([await page.inputValue('#add-entrant input[name="name"]'), await page.inputValue('#add-entrant input[name="club"]')], ['Chandra Iyer', 'Mumbai']);

    // Logged in again in the other tab: the form sent again from the old page goes through with the new session.
    await logInOnPage(other);
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(2), 'Done: Chandra Iyer entered.');
    assert.equal(await page.textContent('#who'), 'Logged in as asha.');

    // Out and in again elsewhere before the old page noticed anything: its next form is sent with the new token, not refused 403.
    await other.goto(`${server.url}/tournaments`);
    await ready(other);
    await other.click('#logout button');
    await other.waitForURL(`${server.url}/`);
    await logInOnPage(other);
    await page.fill('#add-entrant input[name="name"]', 'Dee Mensah');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(3), 'Done: Dee Mensah entered.');
    const names = ((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants as { name: string; players: { club: string | null }[] }[]).map((e) => `${e.name} ${e.players[0].club ?? ''}`.trim());
    assert.deepEqual(names, ['Asha Rao', 'Ben Ode', 'Chandra Iyer Mumbai', 'Dee Mensah']);
  });

  it('logs no fault in the console for a visitor, and leaves no red ring on the empty field after an entry; refuses a name that differs by its spaces', async () => {
    await page.goto(`${server.url}/tournaments`);
    await ready(page);
    assert.equal(await page.isVisible('#visitor'), true);
    const id = await tournament({}, ['Asha Rao']);
    await page.goto(`${server.url}/tournaments/${id}`);
    await ready(page);
    assert.deepEqual(faults, [], 'a visitor\'s pages say nothing wrong in the console');

    await logInOnPage(page);
    await page.goto(`${server.url}/tournaments/${id}`);
    await ready(page);
    await page.fill('#add-entrant input[name="name"]', 'Ben Ode');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(1), 'Done: Ben Ode entered.');
    const name = await page.evaluate(() => {
      const e = document.querySelector('#add-entrant input[name="name"]')!;
      const s = getComputedStyle(e);
      return { focused: document.activeElement?.name, invalid: e.matches(':invalid'), outline: `${s.outlineStyle} ${s.outlineColor}` };
    });
    assert.equal(name.focused, 'name', 'the keyboard is back in the name field for the next entry');
    assert.equal(name.invalid, true, 'empty and required, as it should be');
    assert.equal(name.outline, 'solid rgb(26, 95, 180)', 'its focus ring is the focus colour, not the red of a refusal');

    await page.fill('#add-entrant input[name="name"]', 'asha  rao');
    await page.click('#add-entrant button[type="submit"]');
    assert.match((await answer(2))!, /^Refused \(400\): name: asha rao is entered already \(entrant \d+, Asha Rao\)$/);
    assert.deepEqual(faults.filter((f) => !/status of 400/.test(f)), [], 'only the refusal asked for');
  });

  it('asks before a withdrawal, and removes one entered by mistake before round 1', async () => {
    const id = await tournament({ rounds: 2 }, ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Mistake']);
    await logInOnPage(page);
    await page.goto(`${server.url}/tournaments/${id}`);
    await ready(page);
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.click('#entrant-list tr:nth-child(5) button.remove');
    assert.equal(asked, 'Remove Eli Mistake from the entry list? (Before round 1 nothing of them is kept.)');
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants.length, 5, 'not sent when not confirmed');
    page.once('dialog', (d) => void d.accept());
    await page.click('#entrant-list tr:nth-child(5) button.remove');
    assert.equal(await answer(1), 'Done: Eli Mistake removed.');
    assert.deepEqual(await texts('#entrant-list tbody td:nth-child(2)'), ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah']);

    await playRound(id, 1);
    await page.reload();
    await ready(page);
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.click('#entrant-list tr:nth-child(4) button.withdraw');
    assert.equal(asked, 'Withdraw Dee Mensah? They are drawn no more; the matches they played stay in the standings.');
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants[3].withdrawn, false, 'not sent when not confirmed');
  });

  it('offers no draw past the last round, and its standings say which results they count', async () => {
    const id = await tournament({ rounds: 3 }, ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah']);
    await playRound(id, 1);
    await playRound(id, 2, false);
    await page.goto(`${server.url}/tournaments/${id}/print/standings`);
    await ready(page);
    assert.equal(await page.textContent('#round'), 'After round 1, and 0 of the 2 results of round 2', 'round 2 published, none of its results in');
    await logInOnPage(page);
    await page.goto(`${server.url}/tournaments/${id}`);
    await ready(page);
    assert.equal(await page.textContent('#standings-title'), 'After round 1, and 0 of the 2 results of round 2');
    assert.equal(await page.textContent('#draw-button'), 'Draw round 3');

    const two = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/2`)).json.round.matches as { id: number }[];
    for (const m of two) await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${m.id}/result`, { a: 25, b: 10, reason: 'score sheet' });
    await playRound(id, 3, false);
    await page.reload();
    await ready(page);
    assert.equal(await page.textContent('#round-title'), 'Round 3: published');
    assert.equal(await page.isVisible('#draw'), false, 'a 3-round Swiss offers no round 4');
    assert.equal(await page.isVisible('#correct'), true, 'its results are still to enter');
  });

  it('prints a score sheet with the boards and the rules the tournament\'s options say', async () => {
    const id = await tournament({ options: { maxBoards: 1, gamesPerMatch: 1 } }, ['Asha Rao', 'Ben Ode']);
    await playRound(id, 1, false);
    await page.goto(`${server.url}/tournaments/${id}/print/scoresheets`);
    await ready(page);
    assert.deepEqual(await texts('.sheet .print-table tr td:first-child'), ['1', 'tie-break'], 'one board, and the tie-break\'s if it is drawn');
    assert.match((await page.textContent('.sheet-rules'))!, /^Asha Rao breaks · ICF Laws of Carrom · match to 25 points · boards at most: 1$/);

    const icf = await tournament({ name: 'ICF day' }, ['Asha Rao', 'Ben Ode']);
    await playRound(icf, 1, false);
    await page.goto(`${server.url}/tournaments/${icf}/print/scoresheets`);
    await ready(page);
    const rows = await texts('.sheet .print-table tr td:first-child');
    assert.equal(rows.length, 27, 'three games of eight boards, each with its tie-break');
    assert.deepEqual([rows[0], rows[8], rows[9], rows[26]], ['1.1', '1.tie-break', '2.1', '3.tie-break']);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    assert.equal((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length, 1, 'on one A4 page');
  });
});
