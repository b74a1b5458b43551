// The organiser's pages in a real browser (Debian's chromium, driven by playwright-core) on a real results
// server over loopback (docs/tournament.md §8, organiser.md §12): an organiser logs in on the page,
// creates a tournament, enters the players (a CSV, then one by hand), draws, swaps, publishes, enters a
// result by hand and sees the standings, every refusal said on the page in the server's words; a visitor
// sees the tournament without a form, and a write without a session or from another origin is refused.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, signature } from '../../../tools/results.ts';
import { refusalText } from '../../../src/sync/assignment.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, askHeaders, logIn, ORGANISER_PASSWORD, tournamentServer, withOrganiser, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';

declare const document: {
  querySelector(s: string): { textContent: string | null; hidden?: boolean } | null;
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null; id: string; checkVisibility(): boolean }>;
  body: { dataset: Record<string, string | undefined> };
  documentElement: { scrollWidth: number; clientWidth: number };
};
declare function fetch(url: string, init: unknown): Promise<{ status: number; json(): Promise<unknown> }>;

const SECRET = '7a'.repeat(32);

describe("the organiser's pages in a browser", function () {
  this.timeout(120_000);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let server: ResultsServer;
  let clock: Clock;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    ({ server, clock } = await tournamentServer(await ENGINES[0].fresh()));
    for (const t of ['hall-1', 'hall-2']) await server.store.addTable(t, SECRET, '2026-12-01T08:00:00.000Z');
    await withOrganiser(server, 'asha', ORGANISER_PASSWORD);
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
    await server.close();
  });

  const texts = (selector: string, on = page) => on.evaluate((s) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent), selector);
  const rows = (table: string, on = page) => on.evaluate((s) => Array.from(document.querySelectorAll(`${s} tbody tr`)).map((r) => Array.from((r as unknown as { cells: ArrayLike<{ textContent: string }> }).cells).map((c) => c.textContent)), table);
  /** The page's answer to the last write: waits for the n-th, and gives its text. */
  const answer = async (n: number, on = page) => {
    await on.waitForFunction((k) => Number(document.body.dataset.answers ?? 0) >= k, n);
    return on.textContent('#message');
  };
  /** The forms, buttons and fields a person can see (the language chooser aside). */
  const visibleControls = (on = page) => on.evaluate(() => Array.from(document.querySelectorAll('form, button, input, textarea, select')).filter((e) => e.id !== 'language' && e.checkVisibility()).length);

  async function logInOnPage(on: Page, password: string): Promise<void> {
    await on.goto(`${server.url}/login`);
    await on.fill('input[name="name"]', 'asha');
    await on.fill('input[name="password"]', password);
    await on.click('button[type="submit"]');
  }

  /** A tournament made through the JSON interface, with five players and round 1 drawn and published. */
  async function publishedTournament(asha: LoggedIn): Promise<number> {
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], rounds: 3 });
    const id = made.json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\nChandra\nDee\nEli\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).status, 200);
    return id;
  }

  it('runs a round from the pages: log in, create, enter by CSV and by hand, draw, swap, publish, a hand result, the standings', async () => {
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    assert.equal(await page.textContent('#who'), 'Logged in as asha.');
    assert.equal(await page.textContent('#no-tournaments'), 'No tournament yet.');

    // A tournament: its options are checked by the rules engine, and a refusal is said in its words.
    await page.fill('#create input[name="name"]', 'Club open');
    await page.fill('#create input[name="date"]', '2026-12-01');
    await page.selectOption('#create select[name="rules"]', 'icf');
    await page.fill('#create input[name="options"]', '{"matchTarget": "many"}');
    await page.fill('#create input[name="rounds"]', '3');
    assert.deepEqual(await page.evaluate(() => Array.from(document.querySelectorAll('#create input[name="tables"]')).map((c) => (c as unknown as { value: string; checked: boolean }).value + (c as unknown as { checked: boolean }).checked)), ['hall-1true', 'hall-2true']);
    await page.click('#create button[type="submit"]');
    assert.match((await answer(1))!, /^Refused \(400\): rules: .*matchTarget/);
    await page.fill('#create input[name="options"]', '{"matchTarget": 25}');
    await page.click('#create button[type="submit"]');
    await page.waitForURL(/\/tournaments\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    assert.equal(await page.textContent('h1'), 'Club open');
    const made = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament;
    assert.deepEqual([made.date, made.rules, made.options, made.rounds, made.tables], ['2026-12-01', 'icf', { matchTarget: 25 }, 3, ['hall-1', 'hall-2']]);

    // The entry list from a CSV: a bad line refuses the whole file, named, and nothing is entered.
    await page.fill('#import textarea', 'name,club\nAsha,Pune\nBen,Pune,Goa\n');
    await page.click('#import button[type="submit"]');
    assert.equal(await answer(1), 'Refused (400): line 3: 3 columns, the header has 2');
    assert.equal(await page.textContent('#no-entrants'), 'Nobody is entered yet.');
    await page.fill('#import textarea', 'name,club\nAsha,Pune\nBen,Pune\nChandra,Pune\nDee,Pune\n');
    await page.click('#import button[type="submit"]');
    assert.equal(await answer(2), 'Done: 4 entrants imported.');
    assert.equal(await page.isVisible('#import'), false, 'a list is imported once, before anyone is entered');
    await page.fill('#add-entrant input[name="name"]', 'Eli');
    await page.fill('#add-entrant input[name="club"]', 'Goa');
    await page.fill('#add-entrant input[name="nationality"]', 'ind');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(3), 'Done: Eli entered.');
    assert.deepEqual(await rows('#entrant-list'), [
      ['1', 'Asha', 'Pune', '', '', '', 'Remove'], ['2', 'Ben', 'Pune', '', '', '', 'Remove'], ['3', 'Chandra', 'Pune', '', '', '', 'Remove'],
      ['4', 'Dee', 'Pune', '', '', '', 'Remove'], ['5', 'Eli', 'Goa', 'IND', '', '', 'Remove'],
    ]);

    // The draw is a draft: swapped, refused in words where the swap makes no sense, then published.
    await page.click('#draw button');
    assert.equal(await answer(4), 'Done: round 1 drawn, a draft until published.');
    assert.equal(await page.textContent('#round-title'), 'Round 1: draft, not published');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(0, 4)), [['1', 'hall-1 (T1)', 'Asha', 'Ben'], ['2', 'hall-2 (T2)', 'Chandra', 'Dee'], ['3', '', 'Eli', 'bye']]);
    const ids = Object.fromEntries(((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants as { id: string; name: string }[]).map((e) => [e.name, e.id]));
    await page.selectOption('#swap select[name="first"]', ids.Asha);
    await page.selectOption('#swap select[name="second"]', ids.Ben);
    await page.click('#swap button[type="submit"]');
    assert.match((await answer(5))!, /^Refused \(409\): Asha and Ben play each other in match \d+: there is nothing to swap$/);
    await page.selectOption('#swap select[name="second"]', ids.Chandra);
    await page.click('#swap button[type="submit"]');
    assert.equal(await answer(6), 'Done: Asha and Chandra swapped.');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(2, 4)), [['Chandra', 'Ben'], ['Asha', 'Dee'], ['Eli', 'bye']]);
    await page.click('#publish');
    assert.equal(await answer(7), 'Done: round 1 published.');
    assert.equal(await page.textContent('#round-title'), 'Round 1: published');
    assert.equal(await page.isVisible('#publish'), false);

    // A result by hand, marked so, and the standings after it.
    const round = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round;
    await page.selectOption('#correct select[name="match"]', String(round.matches[0].id));
    assert.equal(await page.textContent('#label-a'), 'Points of Chandra');
    await page.fill('#correct input[name="a"]', '25');
    await page.fill('#correct input[name="b"]', '13');
    await page.click('#correct button[type="submit"]');
    assert.equal(await answer(8), 'Refused (400): reason: empty', 'a correction needs its reason');
    await page.fill('#correct input[name="a"]', '25');
    await page.fill('#correct input[name="b"]', '13');
    await page.fill('#correct input[name="reason"]', 'hall-1 lost its camera');
    await page.click('#correct button[type="submit"]');
    assert.equal(await answer(9), 'Done: match 1 (Chandra v Ben) saved.');
    assert.deepEqual((await rows('#match-list'))[0].slice(2), ['Chandra', 'Ben', 'Chandra', 'finished', '25–13 (entered by hand)']);
    await page.reload();
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    const served = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/standings?round=1`)).json.standings as { rank: number; name: string; points: number; bucholz: number; netscore: number; totscore: number; played: number }[];
    assert.equal(await page.textContent('#standings-title'), '1 of the 2 results of round 1', 'Asha v Dee is still to play');
    assert.deepEqual(await rows('#standings-list'), served.map((s) => [s.rank, s.name, s.points, s.bucholz, s.netscore, s.totscore, s.played].map(String)));
    assert.deepEqual(served.slice(0, 2).map((s) => [s.name, s.points, s.netscore]), [['Eli', 2, 25], ['Chandra', 2, 12]], 'the bye (25–0) and the hand result lead');

    // The change log, newest first, says who did what.
    assert.deepEqual(await page.evaluate(() => Array.from(document.querySelectorAll('#log-list li')).map((l) => (l as unknown as { dataset: { action: string } }).dataset.action)), ['result', 'publish', 'swap', 'draw', 'enter', 'import', 'create']);
    assert.match((await texts('#log-list li'))[0]!, / · asha · result \(match: \d+\): result: null, source: null → result: \{"a":25,"b":13\}, source: hand · reason: hall-1 lost its camera$/);
  });

  it('moves a match, gives a walkover and a replay, discards a draft, withdraws one, takes a late entry, and says why a rematch swap is refused', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const id = await publishedTournament(asha);
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    const [m1, m2] = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches as { id: number }[];

    // A move before the round starts: the two matches trade tables.
    await page.selectOption('#move select[name="match"]', String(m1.id));
    await page.selectOption('#move select[name="table"]', 'hall-2');
    await page.click('#move button[type="submit"]');
    assert.equal(await answer(1), 'Done: match 1 (Asha v Ben) moved to table hall-2 (T2).');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(1, 4)), [['hall-2 (T2)', 'Asha', 'Ben'], ['hall-1 (T1)', 'Chandra', 'Dee'], ['', 'Eli', 'bye']]);

    // A walkover, then a replay of the other match on the other table, its result to come again.
    await page.selectOption('#correct select[name="match"]', String(m1.id));
    await page.selectOption('#correct select[name="what"]', 'walkover');
    assert.equal(await page.isVisible('#correct input[name="a"]'), false, 'a walkover asks for its winner, not points');
    await page.selectOption('#correct select[name="winner"]', 'b');
    await page.fill('#correct input[name="reason"]', 'Asha did not come');
    await page.click('#correct button[type="submit"]');
    assert.equal(await answer(2), 'Done: match 1 (Asha v Ben) saved.');
    assert.deepEqual((await rows('#match-list'))[0].slice(5), ['finished', '0–25 (walkover)']);
    await page.selectOption('#correct select[name="match"]', String(m2.id));
    await page.selectOption('#correct select[name="what"]', 'replay');
    await page.selectOption('#correct select[name="table"]', 'hall-2');
    await page.fill('#correct input[name="reason"]', 'the board tilted');
    await page.click('#correct button[type="submit"]');
    assert.equal(await answer(3), 'Done: match 2 (Chandra v Dee) saved.');
    assert.deepEqual((await rows('#match-list'))[1].slice(1, 7), ['hall-2 (T2)', 'Chandra', 'Dee', 'Chandra', 'waiting', '']);

    // Round 2 cannot be drawn before round 1 has every result: said in the server's words.
    await page.click('#draw button');
    assert.match((await answer(4))!, /^Refused \(409\): round 1 is not finished: Chandra v Dee on table hall-2 has no result$/);
    await page.selectOption('#correct select[name="match"]', String(m2.id));
    await page.fill('#correct input[name="a"]', '25');
    await page.fill('#correct input[name="b"]', '20');
    await page.fill('#correct input[name="reason"]', 'the replay, from its score sheet');
    await page.click('#correct button[type="submit"]');
    assert.equal(await answer(5), 'Done: match 2 (Chandra v Dee) saved.');

    // Between rounds: Dee withdraws, Fay enters late; a draft drawn before that would be discarded first.
    await page.click('#draw button');
    assert.equal(await answer(6), 'Done: round 2 drawn, a draft until published.');
    await page.click('#add-entrant button[type="submit"]');
    await page.fill('#add-entrant input[name="name"]', 'Fay');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(7), 'Refused (409): round 2 is a draft: publish or discard it first');
    await page.click('#discard');
    assert.equal(await answer(8), 'Done: round 2 discarded.');
    assert.equal(await page.textContent('#round-title'), 'Round 1: finished');
    // A withdrawal asks first (docs/organiser.md §12.7).
    const asked = new Promise<string>((said) => page.once('dialog', (d) => { said(d.message()); void d.accept(); }));
    await page.click('#entrant-list tr:nth-child(4) button.withdraw');
    assert.equal(await asked, 'Withdraw Dee? They are drawn no more; the matches they played stay in the standings.');
    assert.equal(await answer(9), 'Done: Dee withdrawn.');
    assert.equal(await page.textContent('#add-title'), 'Enter a late entry');
    await page.fill('#add-entrant input[name="name"]', 'Fay');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(10), 'Done: Fay entered.');
    assert.deepEqual((await rows('#entrant-list')).map((r) => r.slice(1, 2).concat(r.slice(5, 6))), [['Asha', ''], ['Ben', ''], ['Chandra', ''], ['Dee', 'withdrawn after round 1'], ['Eli', ''], ['Fay', 'late entry, round 2']]);
    await page.click('#draw button');
    assert.equal(await answer(11), 'Done: round 2 drawn, a draft until published.');
    const drawn = (await rows('#match-list')).flatMap((r) => r.slice(2, 4));
    assert.ok(drawn.includes('Fay') && !drawn.includes('Dee'), `the late entry is drawn, the withdrawn one not: ${drawn}`);
    assert.deepEqual(await texts('#round-pick a'), ['Round 1', 'Round 2']);

    // A swap that would pair Asha and Ben again (they met in round 1) is refused, said so, and made when asked.
    type R = { a: string; b: string | null };
    const two = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/2`)).json.round.matches as R[];
    const names = Object.fromEntries(((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants as { id: string; name: string }[]).map((e) => [e.name, e.id]));
    const of = (who: string) => two.find((m) => m.a === names[who] || m.b === names[who])!;
    const opponent = (m: R, who: string) => (m.a === names[who] ? m.b : m.a);
    // Asha's opponent for Ben (Asha then meets Ben), or, when Asha has the bye, Asha for Ben's opponent.
    const [first, second] = opponent(of('Asha'), 'Asha') !== null ? [opponent(of('Asha'), 'Asha')!, names.Ben] : [names.Asha, opponent(of('Ben'), 'Ben')!];
    await page.selectOption('#swap select[name="first"]', first);
    await page.selectOption('#swap select[name="second"]', second);
    await page.click('#swap button[type="submit"]');
    assert.match((await answer(12))!, /^Refused \(409\): the swap makes a rematch: (Asha and Ben|Ben and Asha) met in round 1; /);
    await page.check('#swap input[name="rematch"]');
    await page.click('#swap button[type="submit"]');
    assert.match((await answer(13))!, /^Done: \w+ and \w+ swapped\.$/);
    const pairs = (await rows('#match-list')).map((r) => r.slice(2, 4).sort().join(' v '));
    assert.ok(pairs.includes('Asha v Ben'), `the rematch is made, as asked: ${pairs}`);
  });

  it('publishes a round with more matches than tables, the match without one waiting for a table, and takes a table added to the tournament', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const id = (await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1'] })).json.tournament.id;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\nChandra\nDee\n', { 'Content-Type': 'text/csv' })).status, 201);
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForSelector('#change', { state: 'visible' });
    await page.click('#draw button');
    assert.equal(await answer(1), 'Done: round 1 drawn, a draft until published.');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(1, 4)), [['hall-1 (T1)', 'Asha', 'Ben'], ['waiting for a table', 'Chandra', 'Dee']]);
    await page.click('#publish');
    assert.equal(await answer(2), 'Done: round 1 published.');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(1, 4)), [['hall-1 (T1)', 'Asha', 'Ben'], ['waiting for a table', 'Chandra', 'Dee']], 'it waits for the first table free');

    assert.deepEqual(await page.evaluate(() => Array.from(document.querySelectorAll('#change input[name="tables"]')).map((c) => (c as unknown as { value: string; checked: boolean }).value + ' ' + (c as unknown as { checked: boolean }).checked)), ['hall-1 true', 'hall-2 false']);
    await page.check('#change input[value="hall-2"]');
    await page.fill('#change input[name="rounds"]', '4');
    assert.equal(await page.inputValue('#change input[name="delay"]'), '0', 'no delay unless set');
    await page.fill('#change input[name="delay"]', '5');
    await page.click('#change button[type="submit"]');
    assert.equal(await answer(3), 'Done: the tournament changed.');
    assert.equal(await page.textContent('dd[data-fact="sTables"]'), 'hall-1, hall-2');
    assert.equal(await page.textContent('dd[data-fact="sRounds"]'), '4');
    assert.equal(await page.textContent('dd[data-fact="sDelay"]'), '5');
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.delay, 5, 'the public delay, in minutes');
    const waiting = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches[1].id;
    await page.selectOption('#move select[name="match"]', String(waiting));
    await page.selectOption('#move select[name="table"]', 'hall-2');
    await page.click('#move button[type="submit"]');
    assert.equal(await answer(4), 'Done: match 2 (Chandra v Dee) moved to table hall-2 (T2).');
    assert.deepEqual((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.tables, ['hall-1', 'hall-2']);
  });

  it('adds a table to the tournament after the ones in use, so that no table\'s number (its display\'s T2) changes mid-round', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const id = (await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-2'] })).json.tournament.id;
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForSelector('#change', { state: 'visible' });
    await page.check('#change input[value="hall-1"]');
    await page.click('#change button[type="submit"]');
    assert.equal(await answer(1), 'Done: the tournament changed.');
    assert.deepEqual((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.tables, ['hall-2', 'hall-1'], 'hall-2 stays T1');
  });

  it("shows a table's result on its match as the records come, without a reload", async () => {
    const id = await publishedTournament(await logIn(server.url, 'asha', ORGANISER_PASSWORD));
    const m1 = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches[0] as { id: number };
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1 && document.querySelector('#live')?.textContent === 'live');
    await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same page'));
    // The players of tools/results.ts's matches are Asha and Ben: the first pairing, on hall-1.
    const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).map((r) => JSON.stringify({ ...JSON.parse(r.body), tournament: id, round: 1, match: m1.id }));
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[0])).status, 201);
    await page.waitForFunction(() => document.querySelector('#match-list tbody tr')?.textContent?.includes('playing'));
    for (const r of records.slice(1)) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r)).status, 201);
    const served = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches[0] as { status: string; result: { a: number; b: number } };
    assert.equal(served.status, 'finished');
    const want = ['finished', `${served.result.a}–${served.result.b}`];
    await page.waitForFunction((w) => JSON.stringify(Array.from((document.querySelector('#match-list tbody tr') as unknown as { cells: ArrayLike<{ textContent: string }> }).cells).slice(5).map((c) => c.textContent)) === w, JSON.stringify(want));
    assert.equal(await page.evaluate(() => (globalThis as unknown as { marker: string }).marker), 'same page', 'no reload');
  });

  it('shows that a table fetched its match, then refused it, without a reload: neither sends a record', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const id = await publishedTournament(asha);
    await page.clock.install();
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    await page.evaluate(() => ((globalThis as unknown as { marker: string }).marker = 'same page'));
    const state = () => page.evaluate(() => (document.querySelector('#match-list tbody tr') as unknown as { cells: ArrayLike<{ textContent: string }> }).cells[5].textContent);
    assert.equal(await state(), 'waiting');
    // hall-1 asks for its match, and its players refuse it (wrong table): signed as the table signs.
    const res = await fetch(`${server.url}/api/v1/assignment`, { headers: askHeaders('hall-1', SECRET, '0'.repeat(32), clock.now) });
    const answer = (await res.json()) as { counter: number; assignment: { match: number } };
    await page.clock.runFor(21_000);
    await page.waitForFunction(() => document.querySelector('#match-list tbody tr')?.textContent?.includes('fetched by its table'));
    const body = refusalText({ table: 'hall-1', counter: answer.counter, match: answer.assignment.match, reason: 'wrong-table' });
    const refused = await fetch(`${server.url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': 'hall-1', 'Carrom-Signature': signature(SECRET, body) }, body });
    assert.equal(refused.status, 201);
    await page.clock.runFor(21_000);
    await page.waitForFunction(() => document.querySelector('#match-list tbody tr')?.textContent?.includes('refused by its table: move it'));
    assert.equal(await page.evaluate(() => (globalThis as unknown as { marker: string }).marker), 'same page', 'no reload');
  });

  it('enters doubles teams from a CSV file chosen on the page, and a team by hand with its partner', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const id = (await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Pairs open', date: '2026-12-01', rules: 'icf', mode: 'doubles', tables: ['hall-1'] })).json.tournament.id;
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    await page.setInputFiles('#import input[name="file"]', { name: 'teams.csv', mimeType: 'text/csv', buffer: Buffer.from('name,club,partner\nAsha,Pune,Ben\nChandra,Pune,Dee\n') });
    await page.waitForFunction(() => (document.querySelector('#import textarea') as unknown as { value: string }).value.startsWith('name,club,partner'));
    await page.click('#import button[type="submit"]');
    assert.equal(await answer(1), 'Done: 2 entrants imported.');
    assert.equal(await page.isVisible('#add-entrant input[name="partner"]'), true, 'doubles: the partner too');
    await page.fill('#add-entrant input[name="name"]', 'Eli');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await page.evaluate(() => (document.querySelector('#add-entrant input[name="partner"]') as unknown as { validity: { valueMissing: boolean } }).validity.valueMissing), true, 'a team needs its partner: the browser asks before sending');
    await page.fill('#add-entrant input[name="partner"]', 'Fay');
    await page.fill('#add-entrant input[name="partnerClub"]', 'Goa');
    await page.click('#add-entrant button[type="submit"]');
    assert.equal(await answer(2), 'Done: Eli & Fay entered.');
    assert.deepEqual((await rows('#entrant-list')).map((r) => r.slice(1, 3)), [['Asha & Ben', 'Pune'], ['Chandra & Dee', 'Pune'], ['Eli & Fay', 'Goa']]);
    const team = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/entrants`)).json.entrants[2].players as { name: string; club: string | null }[];
    assert.deepEqual(team.map((p) => [p.name, p.club]), [['Eli', null], ['Fay', 'Goa']]);
  });

  it('shows a visitor the tournament without a single form, and refuses a write without a session', async () => {
    const id = await publishedTournament(await logIn(server.url, 'asha', ORGANISER_PASSWORD));
    await page.goto(`${server.url}/tournaments/${id}`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    assert.equal(await page.textContent('#visitor'), 'Log in as an organiser to change a tournament. Log in');
    assert.deepEqual((await rows('#match-list')).map((r) => r.slice(2, 4)), [['Asha', 'Ben'], ['Chandra', 'Dee'], ['Eli', 'bye']]);
    assert.equal((await rows('#entrant-list')).length, 5);
    assert.equal(await visibleControls(), 0, 'no form, button or field for a visitor');
    const links = await page.evaluate(() => Array.from(document.querySelectorAll('#links a')).map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href')));
    assert.deepEqual(links, [`/tournaments/${id}/hall`, `/tournaments/${id}/print/pairings?round=1`, `/tournaments/${id}/print/standings?round=1`, `/tournaments/${id}/print/scoresheets?round=1`,
      `/tournaments/${id}/tables`, `/api/v1/tournaments/${id}/pairings.csv?round=1`, `/api/v1/tournaments/${id}/standings.csv?round=1`, `/api/v1/tournaments/${id}/export.sol`]);
    const refused = await page.evaluate((u) => fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(async (r) => ({ status: r.status, body: await r.json() })), `/api/v1/tournaments/${id}/rounds/1/publish`);
    assert.deepEqual(refused, { status: 401, body: { error: 'log in as an organiser first' } });
    await page.goto(`${server.url}/tournaments`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    assert.equal(await visibleControls(), 0, 'no form to create a tournament either');
    assert.deepEqual(await rows('#tournament-list'), [['Club open', '2026-12-01', 'Swiss', 'running', '1']]);
    // In the language chosen on the page.
    await page.selectOption('#language', 'it');
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1 && document.querySelector('#visitor')?.textContent?.startsWith('Accedi'));
    assert.equal(await page.textContent('#visitor'), 'Accedi come organizzatore per modificare un torneo. Accedi');
    assert.deepEqual(await rows('#tournament-list'), [['Club open', '2026-12-01', 'svizzero', 'in corso', '1']]);
    assert.equal((await page.goto(`${server.url}/tournaments/999`))?.status(), 404, 'a tournament that is not there');
  });

  it("refuses a post forged by another site's page, with the organiser logged in in the same browser", async () => {
    const id = await publishedTournament(await logIn(server.url, 'asha', ORGANISER_PASSWORD));
    await logInOnPage(page, ORGANISER_PASSWORD);
    await page.waitForURL(`${server.url}/tournaments`);
    // Another origin (another port of loopback) whose page posts a form to the tournament's draw.
    const target = `${server.url}/api/v1/tournaments/${id}/rounds`;
    const evil: Server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><form method="post" action="${target}" enctype="text/plain"><input name="x" value="1"><button id="go">Win a prize</button></form>`);
    });
    await new Promise<void>((done) => evil.listen(0, '127.0.0.1', done));
    try {
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      const [response] = await Promise.all([page.waitForResponse(target), page.click('#go')]);
      assert.equal(response.status(), 403);
      assert.match((await response.json()).error, /^a write from another origin \(http:\/\/127\.0\.0\.1:\d+\) is refused$/);
    } finally {
      await new Promise((done) => evil.close(done));
    }
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.currentRound, 1, 'no round was drawn');
  });

  it('refuses a wrong password on the login page, and the forms stay hidden', async () => {
    await logInOnPage(page, 'not the password at all');
    await page.waitForSelector('.error');
    assert.equal(await page.textContent('.error'), 'Wrong name or password.');
    await page.goto(`${server.url}/tournaments`);
    await page.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    assert.equal(await page.isVisible('#create'), false);
    assert.equal(await page.isVisible('#visitor'), true);
  });

  it('is usable on a phone and from the keyboard alone: no page wider than the screen, entries typed and sent with Enter, a withdrawal from the keyboard', async () => {
    const asha = await logIn(server.url, 'asha', ORGANISER_PASSWORD);
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1'] });
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 800 });
    await logInOnPage(phone, ORGANISER_PASSWORD);
    await phone.waitForURL(`${server.url}/tournaments`);
    await phone.goto(`${server.url}/tournaments/${made.json.tournament.id}`);
    await phone.waitForFunction(() => Number(document.body.dataset.ready ?? 0) >= 1);
    await phone.focus('#add-entrant input[name="name"]');
    await phone.keyboard.type('Asha Rao');
    await phone.keyboard.press('Tab');
    await phone.keyboard.type('Pune');
    await phone.keyboard.press('Enter');
    assert.equal(await answer(1, phone), 'Done: Asha Rao entered.');
    assert.deepEqual((await rows('#entrant-list', phone))[0].slice(0, 3), ['1', 'Asha Rao', 'Pune']);
    // The next name at once: the form is empty again, the keyboard back in its first field.
    await phone.keyboard.type('Ben Ode');
    await phone.keyboard.press('Enter');
    assert.equal(await answer(2, phone), 'Done: Ben Ode entered.');
    // A removal (before round 1) from the keyboard, confirmed: its button goes with the rows read again,
    // the keyboard goes on from the answer.
    phone.once('dialog', (d) => void d.accept());
    await phone.focus('#entrant-list tr:nth-child(2) button.remove');
    await phone.keyboard.press('Enter');
    assert.equal(await answer(3, phone), 'Done: Ben Ode removed.');
    assert.equal(await phone.evaluate(() => (document as unknown as { activeElement: { id: string } }).activeElement.id), 'message');
    assert.equal(await phone.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false, 'nothing wider than the phone');
  });
});
