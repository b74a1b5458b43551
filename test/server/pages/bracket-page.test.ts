// The knockout's bracket page, the final ranking on it and on the standings page, and the organiser's
// tables page, in a real browser (Debian's chromium, driven by playwright-core) on a real results server
// over loopback (docs/tournament.md §8): a knockout of six played to its final by hand results, and a
// round whose tables have not all reported, one refusing its match and one sending a record that
// cannot join the draw.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { postRecord, signature } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, askHeaders, assignedRecords, organisedServer, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>; body: { dataset: Record<string, string | undefined> } };

const SECRET = '7a'.repeat(32);
const SIX = ['Asha Rao', 'Ben Ode', 'Chandra Iyer', 'Dee Mensah', 'Eli Sato', '<b>Farah</b>'];
const NONCE = '0123456789abcdef'.repeat(2);

describe('the bracket, the final ranking and the tables page in a browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;
  let asha: LoggedIn;
  let clock: Clock;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    ({ server, asha, clock } = await organisedServer(await ENGINES[0].fresh(), { 'hall-1': SECRET, 'hall-2': SECRET, 'hall-3': SECRET }));
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await page.close();
    await server.close();
  });

  async function tournament(players: string[], extra: Record<string, unknown>): Promise<{ id: number; base: string }> {
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club cup', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2', 'hall-3'], ...extra });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    const id = made.json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, `name\n${players.join('\n')}\n`, { 'Content-Type': 'text/csv' })).status, 201);
    return { id, base: `/api/v1/tournaments/${id}` };
  }
  async function round(base: string, n: number): Promise<{ id: number }[]> {
    const r = await api(server.url, asha, 'POST', `${base}/rounds`);
    assert.equal(r.status, 201, JSON.stringify(r.json));
    assert.equal((await api(server.url, asha, 'POST', `${base}/rounds/${n}/publish`)).status, 200);
    return r.json.round.matches;
  }
  const result = async (base: string, match: number, a: number, b: number) =>
    assert.equal((await api(server.url, asha, 'POST', `${base}/matches/${match}/result`, { a, b, reason: 'score sheet' })).status, 200);
  const texts = (selector: string) => page.evaluate((s) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent), selector);
  /** A table's rows, each as its cells' texts. */
  const rows = (selector: string) => page.evaluate((s) => {
    const d = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ children: ArrayLike<{ textContent: string | null }> }> } }).document;
    return Array.from(d.querySelectorAll(`${s} tr`)).map((r) => Array.from(r.children).map((c) => c.textContent));
  }, selector);
  const ready = async (url: string) => {
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
  };

  it('shows a knockout of six round by round: the byes, the winners carried forward, then the final and the ranking', async () => {
    const { id, base } = await tournament(SIX, { system: 'knockout' });
    const r1 = await round(base, 1);
    await result(base, r1[2].id, 12, 25); // Farah beats Chandra
    await ready(`${server.url}/tournaments/${id}/bracket`);
    assert.equal(await page.textContent('h1'), 'Club cup');
    assert.deepEqual(await texts('.bracket-round h2'), ['Quarter-finals', 'Semi-finals', 'Final']);
    assert.deepEqual(await texts('#bm-1-1 .name'), ['Asha Rao', 'bye']);
    assert.deepEqual(await texts('#bm-1-3 .slot'), ['Chandra Iyer12', '<b>Farah</b>25'], 'a name stays text');
    assert.deepEqual(await texts('#bm-1-3 .slot.won .name'), ['<b>Farah</b>']);
    assert.match((await page.textContent('#bm-1-3 .what'))!, /^Table hall-1 \(T1\) · entered by hand$/);
    // Round 2 is not drawn: Asha is carried forward from her bye, her opponent is the winner still to come.
    assert.deepEqual(await texts('#bm-2-1 .name'), ['Asha Rao', 'winner of round 1, match 4']);
    assert.deepEqual(await texts('#bm-2-2 .name'), ['Ben Ode', '<b>Farah</b>']);
    assert.deepEqual(await texts('#bm-3-1 .name'), ['winner of round 2, match 1', 'winner of round 2, match 2']);
    assert.equal(await page.textContent('#ranking-title'), 'Ranking so far');

    await result(base, r1[3].id, 25, 10); // Dee beats Eli
    const r2 = await round(base, 2);
    await result(base, r2[0].id, 25, 3); // Asha beats Dee
    await result(base, r2[1].id, 20, 25); // Farah beats Ben
    const [final] = await round(base, 3);
    await result(base, final.id, 24, 25); // Farah wins the final
    await ready(`${server.url}/tournaments/${id}/bracket`);
    assert.deepEqual(await texts('#bm-3-1 .slot'), ['Asha Rao24', '<b>Farah</b>25']);
    assert.deepEqual(await texts('.bracket-match .slot.won .name'), ['<b>Farah</b>', 'Dee Mensah', 'Asha Rao', '<b>Farah</b>', '<b>Farah</b>'], 'byes are not marked as won');
    assert.equal(await page.textContent('#ranking-title'), 'Final ranking');
    assert.deepEqual(await rows('#ranking'), [
      ['Place', 'Player', 'Went out'], ['1', '<b>Farah</b>', 'won the final'], ['2', 'Asha Rao', 'in Final'], ['3', 'Ben Ode', 'in Semi-finals'],
      ['3', 'Dee Mensah', 'in Semi-finals'], ['5', 'Chandra Iyer', 'in Quarter-finals'], ['5', 'Eli Sato', 'in Quarter-finals'],
    ]);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 59[45]\.\d+ 841\.\d+\]/, 'an A4 page');

    // The standings page of a knockout puts the ranking first.
    await ready(`${server.url}/tournaments/${id}/print/standings`);
    await page.waitForFunction(() => document.body.dataset.ranking === '1');
    assert.deepEqual((await rows('#ranking-table')).slice(0, 3), [['Place', 'Player', 'Went out'], ['1', '<b>Farah</b>', 'won the final'], ['2', 'Asha Rao', 'in Final']]);

    // On a phone the rounds stand one under the other and nothing is wider than the screen.
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    try {
      await phone.goto(`${server.url}/tournaments/${id}/bracket`);
      await phone.waitForFunction(() => document.body.dataset.ready === '1');
      const box = await phone.evaluate(() => {
        const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number }; querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): { left: number; top: number } }> } }).document;
        const rounds = Array.from(d.querySelectorAll('.bracket-round')).map((c) => c.getBoundingClientRect());
        return { wide: d.documentElement.scrollWidth > d.documentElement.clientWidth, sameLeft: rounds.every((r) => r.left === rounds[0].left), below: rounds[1].top > rounds[0].top && rounds[2].top > rounds[1].top };
      });
      assert.deepEqual(box, { wide: false, sameLeft: true, below: true });
    } finally {
      await phone.close();
    }
  });

  it('says a Swiss tournament has no bracket, and answers 404 for a tournament that is not there', async () => {
    const { id } = await tournament(SIX.slice(0, 4), {});
    await ready(`${server.url}/tournaments/${id}/bracket`);
    assert.equal(await page.textContent('#note'), 'This tournament is not a knockout: its standings are its ranking.');
    assert.equal((await page.goto(`${server.url}/tournaments/999/bracket`))?.status(), 404);
    assert.equal((await page.goto(`${server.url}/tournaments/999/tables`))?.status(), 404);
  });

  it('shows the organiser which tables have not reported, how long since the publish, a refusal and a record that could not attach', async () => {
    const { id, base } = await tournament(SIX.slice(0, 4), { tables: ['hall-1', 'hall-2'] });
    const [m1, m2] = await round(base, 1);
    clock.pass(12 * 60_000);
    const ask = async (table: string) => JSON.parse(await (await fetch(`${server.url}/api/v1/assignment`, { headers: askHeaders(table, SECRET, NONCE, clock.now) })).text()) as { counter: number };
    await ask('hall-1');
    clock.pass(3 * 60_000);
    await ready(`${server.url}/tournaments/${id}/tables`);
    assert.equal(await page.textContent('h1'), 'Club cup');
    assert.deepEqual(await rows('#not-reported'), [
      ['Table', 'Match', 'Status', 'Since the round was published', 'Last contact'],
      ['hall-1 (T1)', 'Asha Rao v Ben Ode', 'fetched by the table', '15 min', '3 min ago'],
      ['hall-2 (T2)', 'Chandra Iyer v Dee Mensah', 'not fetched yet', '15 min', 'never'],
    ]);
    assert.equal(await page.textContent('#refused-here .empty'), 'None.');

    // hall-2 refuses its match and plays it anyway; hall-1 reports its first board.
    const counter = (await ask('hall-2')).counter;
    const refusal = JSON.stringify({ carromRefusal: 1, table: 'hall-2', counter, match: m2.id, reason: 'wrong-table' });
    assert.equal((await fetch(`${server.url}/api/v1/assignment/refusal`, { method: 'POST', headers: { 'Carrom-Table': 'hall-2', 'Carrom-Signature': signature(SECRET, refusal) }, body: refusal })).status, 201);
    // Played by the match's entrants, as the table starts it from its assignment (docs/tournament.md §5.4).
    const drawn: Record<number, string[]> = { [m1.id]: ['Asha Rao', 'Ben Ode'], [m2.id]: ['Chandra Iyer', 'Dee Mensah'] };
    const first = (table: string, match: number, seed: number) => assignedRecords(table, { tournament: id, round: 1, match }, seed, drawn[match])[0].body;
    assert.equal((await postRecord(server.url, 'hall-2', SECRET, first('hall-2', m2.id, 24))).status, 201);
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, first('hall-1', m1.id, 23))).status, 201);
    clock.pass(60_000);
    await ready(`${server.url}/tournaments/${id}/tables`);
    assert.equal(await page.textContent('#not-reported .empty'), 'Every table of the round has reported.');
    assert.deepEqual(await rows('#in-play'), [['Table', 'Match', 'Last record', 'Last contact'], ['hall-1 (T1)', 'Asha Rao v Ben Ode', '1 min ago', '1 min ago']]);
    assert.deepEqual(await rows('#refused-here'), [
      ['Table', 'Match', 'When', 'Reason', 'Now'], ['hall-2 (T2)', 'Chandra Iyer v Dee Mensah', '1 min ago', 'wrong-table', 'still refused: move it to another table'],
    ]);
    assert.deepEqual(await rows('#unattached'), [
      ['Table', 'Record', 'When', 'Match', 'Reason'], ['hall-2 (T2)', '1', '1 min ago', `Round 1 · ${m2.id}`, `table hall-2 refused match ${m2.id}`],
    ]);
  });
});
