// The tournament's public pages in a real browser (Debian's chromium, driven by playwright-core) on a real
// results server over loopback (docs/tournament.md §8): the hall shows a drawn round's matches table by
// table and a table's record live, without a reload; the printable pages render the pairings, the
// standings and a score sheet per table; a write from the page without a login is refused.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, stateOf } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { api, askHeaders, logIn, tournamentServer, withOrganiser, type Clock, type LoggedIn } from '../../helpers/tournament/organiser.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';

interface Shown {
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  classList: { contains(c: string): boolean };
  querySelectorAll(s: string): ArrayLike<Shown>;
}
declare const document: { querySelector(s: string): Shown | null; querySelectorAll(s: string): ArrayLike<Shown>; body: { dataset: Record<string, string | undefined> } };
declare const window: Record<string, unknown>;
declare function fetch(url: string, init: unknown): Promise<{ status: number; json(): Promise<unknown> }>;

const SECRET = '7a'.repeat(32);
// The table's players in tools/script.ts's matches are Asha and Ben: they are the first pairing here.
const PLAYERS = ['Asha', 'Ben', 'Chandra', 'Dee', '<b>Eli</b>'];

describe('the hall and the printable pages in a browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;
  let clock: Clock;
  let asha: LoggedIn;
  let id: number;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    ({ server, clock } = await tournamentServer(await ENGINES[0].fresh()));
    for (const t of ['hall-1', 'hall-2']) await server.store.addTable(t, SECRET, '2026-12-01T08:00:00.000Z');
    await withOrganiser(server, 'asha', 'a long enough password');
    asha = await logIn(server.url, 'asha', 'a long enough password');
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['hall-1', 'hall-2'], rounds: 3 });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    id = made.json.tournament.id;
    const csv = `name,club\n${PLAYERS.join(',Pune\n')},Pune\n`;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, csv, { 'Content-Type': 'text/csv' })).status, 201);
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await page.close();
    await server.close();
  });

  const draw = async () => assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
  const publish = async (n: number) => assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/${n}/publish`)).status, 200);
  const texts = (selector: string) => page.evaluate((s) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent), selector);

  it("shows the published round's matches table by table, and a table's record arrives live without a reload", async () => {
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => /No round is published yet/.test(document.querySelector('#note')?.textContent ?? ''));
    await draw();
    await page.reload();
    await page.waitForFunction(() => /No round is published yet/.test(document.querySelector('#note')?.textContent ?? ''));
    assert.deepEqual(await texts('#hall-tables .card'), [], 'a draft is not shown in the hall');
    await publish(1);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 2);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    assert.equal(await page.textContent('h1'), 'Club open');
    assert.equal(await page.textContent('#round'), 'Round 1 of 3');
    // Each table with the number its own display shows the players (R1 T2: CHANDRA V DEE, §5.1's label).
    const labels = await Promise.all(['hall-1', 'hall-2'].map(async (table) => {
      const res = await fetch(`${server.url}/api/v1/assignment`, { headers: { 'Carrom-Table': table, 'Carrom-Nonce': '0'.repeat(32) } });
      return ((await res.json()) as { assignment: { label: string } }).assignment.label.split(' ')[1];
    }));
    assert.deepEqual(labels, ['T1', 'T2']);
    assert.deepEqual(await texts('#hall-tables .card .where'), [`Table hall-1 (${labels[0]})`, `Table hall-2 (${labels[1]})`]);
    assert.deepEqual(await texts('#hall-tables .card .name'), ['Asha', 'Ben', 'Chandra', 'Dee']);
    assert.deepEqual(await texts('#to-finish li'), ['Table hall-1 (T1): Asha v Ben', 'Table hall-2 (T2): Chandra v Dee']);
    assert.equal(await page.textContent('#byes'), 'Bye: <b>Eli</b> (25–0)', 'a name stays text');

    const records = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    await page.evaluate(() => (window.marker = 'same page'));
    for (const r of records.slice(0, 2)) {
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      const s = stateOf(r.log) as { match: { score: number[] }; board: { number: number } };
      const want = JSON.stringify([...s.match.score.map(String), '', '']);
      await page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll('#hall-tables .card .score')).map((e) => e.textContent)) === w, want);
      assert.match((await page.textContent('#hall-tables .card[data-table="hall-1"] .what'))!, new RegExp(`board ${s.board.number} in play`));
    }
    assert.equal(await page.evaluate(() => window.marker), 'same page', 'no reload');

    // A hand result on hall-2 shows, marked so, and leaves only hall-1 to finish (read again at the next record).
    const round = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${round.matches[1].id}/result`, { a: 25, b: 7, reason: 'the camera broke' })).status, 200);
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('#to-finish li').length === 1);
    assert.deepEqual(await texts('#to-finish li'), ['Table hall-1 (T1): Asha v Ben']);
    assert.match((await page.textContent('#hall-tables .card[data-table="hall-2"]'))!, /Chandra25Dee7entered by hand/);
  });

  it("shows a table's record at load on its own match only: a record of other players leaves the match's score empty", async () => {
    await draw();
    await publish(1);
    // hall-2 plays Chandra v Dee; a record of Asha v Ben from it is another match (a friendly before the round).
    const [r] = matchRecords('hall-2', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    assert.equal((await postRecord(server.url, 'hall-2', SECRET, r.body)).status, 201);
    // The same players' record from hall-1, where Asha v Ben is drawn: it is read at the page's load, and shown.
    const [own] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, own.body)).status, 201);
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 2);
    const score = (stateOf(own.log) as { match: { score: number[] } }).match.score.map(String);
    assert.deepEqual(await texts('#hall-tables .card[data-table="hall-1"] .score'), score);
    assert.deepEqual(await texts('#hall-tables .card[data-table="hall-2"] .score'), ['', '']);
  });

  const PRESET = { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } } as const;
  /** The scores on each card, by table. */
  const scores = () => page.evaluate(() => Array.from(document.querySelectorAll('#hall-tables .card')).map((c) => [c.dataset.table, ...Array.from(c.querySelectorAll('.score')).map((e) => e.textContent)].join(' ')));
  const scoreOf = (log: string) => (stateOf(log) as { match: { score: number[] } }).match.score.join(' ');

  it('shows a rematch in a later round, and a match replayed on another table, each on its own match: the same names on another table or round are not it', async () => {
    // Two entrants over two rounds: round 2 is their rematch (no other pairing exists).
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Final pair', date: '2026-12-01', rules: 'icf', options: PRESET.options, tables: ['hall-1', 'hall-2'], rounds: 2 });
    const pair = made.json.tournament.id;
    const base = `/api/v1/tournaments/${pair}`;
    assert.equal((await api(server.url, asha, 'POST', `${base}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `${base}/rounds`)).status, 201);
    const [first] = (await api(server.url, asha, 'POST', `${base}/rounds/1/publish`)).json.round.matches;
    assert.equal(first.table, 'hall-1');
    await page.goto(`${server.url}/tournaments/${pair}/hall`);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');

    // hall-1 plays two boards of round 1, then breaks down: the match is replayed on hall-2.
    const broken = matchRecords('hall-1', 1, 23, PRESET, { tournament: pair, round: 1, match: first.id }).slice(0, 2);
    for (const r of broken) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
    await page.waitForFunction((w) => document.querySelector('#hall-tables .card .score')?.textContent === w, scoreOf(broken[1].log).split(' ')[0]);
    assert.deepEqual(await scores(), [`hall-1 ${scoreOf(broken[1].log)}`]);
    assert.equal((await texts('#hall-tables .card .boards-line li')).length, 2, 'board by board');
    assert.equal((await api(server.url, asha, 'POST', `${base}/matches/${first.id}/replay`, { table: 'hall-2', reason: 'hall-1 lost its camera' })).status, 200);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#hall-tables .card')?.dataset.table === 'hall-2');
    assert.deepEqual(await scores(), ['hall-2  '], "hall-1's boards are not the replay's");
    assert.deepEqual(await texts('#hall-tables .card .what'), ['replayed on table hall-2 instead of hall-1']);
    const replay = matchRecords('hall-2', 1, 23, PRESET, { tournament: pair, round: 1, match: first.id });
    for (const r of replay) assert.equal((await postRecord(server.url, 'hall-2', SECRET, r.body)).status, 201);
    const result = (await api(server.url, null, 'GET', `${base}/rounds/1`)).json.round.matches[0].result;
    await page.waitForFunction(() => document.querySelector('#hall-tables .card')?.classList.contains('done'));
    assert.deepEqual(await scores(), [`hall-2 ${result.a} ${result.b}`]);
    assert.deepEqual(await texts('#hall-tables .card .what'), ['finished · replayed on table hall-2 instead of hall-1']);
    await page.goto(`${server.url}/tournaments/${pair}/print/pairings?round=1`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    assert.match((await texts('.print-table tr'))[1]!, new RegExp(`^1hall-2 \\(T2\\)AshaBen(Asha|Ben)${result.a}–${result.b} \\(replayed on table hall-2 instead of hall-1\\)$`), 'the printed pairings say so too');
    await page.goto(`${server.url}/tournaments/${pair}/hall`);

    // Round 2, the rematch, on hall-1: its last record is Asha v Ben's broken match of round 1, not this one.
    assert.equal((await api(server.url, asha, 'POST', `${base}/rounds`)).status, 201);
    const [second] = (await api(server.url, asha, 'POST', `${base}/rounds/2/publish`)).json.round.matches;
    assert.deepEqual([second.table, [second.a, second.b].sort()], ['hall-1', [first.a, first.b].sort()]);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('#round')?.textContent === 'Round 2 of 2');
    assert.deepEqual(await scores(), ['hall-1  ']);
    assert.deepEqual(await texts('#hall-tables .card .what'), []);
    const rematch = matchRecords('hall-1', 3, 31, PRESET, { tournament: pair, round: 2, match: second.id });
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, rematch[0].body)).status, 201);
    await page.waitForFunction((w) => document.querySelector('#hall-tables .card .what')?.textContent === w, `board ${(stateOf(rematch[0].log) as { board: { number: number } }).board.number} in play`);
    // The card lists a first: the record's sides are Asha's and Ben's, whoever a is now.
    const [asha0, ben0] = scoreOf(rematch[0].log).split(' ');
    assert.deepEqual(await scores(), [`hall-1 ${second.a === first.a ? `${asha0} ${ben0}` : `${ben0} ${asha0}`}`]);
  });

  it("never shows a table's own match as the drawn one: a table that took its match and plays another shows as busy, then its drawn match live", async () => {
    await draw();
    const round = (await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round;
    // hall-1 takes its match (Asha v Ben) from the server, then its players start a match by hand: the same names, no draw.
    const asked = await api(server.url, null, 'GET', '/api/v1/assignment', undefined, askHeaders('hall-1', SECRET, '0123456789abcdef'.repeat(2), clock.now));
    assert.equal(asked.status, 200, JSON.stringify(asked.json));
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches[0].status, 'assigned');
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
    const [friendly] = matchRecords('hall-1', 1, 23, PRESET);
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, friendly.body)).status, 201);
    await page.waitForFunction(() => document.querySelector('#hall-tables .card[data-table="hall-1"] .what')?.textContent === 'the table is playing another match');
    assert.deepEqual(await scores(), ['hall-1  ', 'hall-2  ']);
    // The drawn match, started from the assignment: its records say so, and it shows.
    const drawn = matchRecords('hall-1', 2, 29, PRESET, { tournament: id, round: 1, match: round.matches[0].id });
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, drawn[0].body)).status, 201);
    await page.waitForFunction((w) => document.querySelector('#hall-tables .card[data-table="hall-1"] .score')?.textContent === w, scoreOf(drawn[0].log).split(' ')[0]);
    assert.deepEqual(await scores(), [`hall-1 ${scoreOf(drawn[0].log)}`, 'hall-2  ']);
  });

  it("marks a result by hand that the table's late records contradict as corrected, with the table's boards, and a walkover as such", async () => {
    await draw();
    const round = (await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round;
    const [ab, cd] = round.matches;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${ab.id}/result`, { a: 0, b: 0, reason: 'the referee stopped it' })).status, 200);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${cd.id}/walkover`, { winner: 'b', reason: 'Chandra did not come' })).status, 200);
    // hall-1's outbox delivers the match it played meanwhile: its result differs from the organiser's.
    const late = matchRecords('hall-1', 1, 23, PRESET, { tournament: id, round: 1, match: ab.id });
    for (const r of late) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 2);
    assert.deepEqual(await scores(), ['hall-1 0 0', 'hall-2 0 25'], "the organiser's results stand");
    assert.deepEqual(await texts('#hall-tables .card .what'), ['entered by hand, corrected', 'walkover']);
    const rows = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round.matches[0].boards as { game: number; board: number }[];
    assert.ok(rows.length > 0);
    const shown = await texts('#hall-tables .card[data-table="hall-1"] .boards-line li');
    assert.deepEqual(shown.map((li) => li!.split(':')[0]), rows.map((b) => (rows.some((r) => r.game > 1) ? `${b.game}.${b.board}` : String(b.board))), "the table's boards, one by one");
  });

  it('is readable on a phone: one card a row, no page wider than the screen', async () => {
    await draw();
    await publish(1);
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
    try {
      await phone.goto(`${server.url}/tournaments/${id}/hall`);
      await phone.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 2);
      const box = await phone.evaluate(() => {
        const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number }; querySelectorAll(s: string): ArrayLike<{ getBoundingClientRect(): { left: number; top: number } }> } }).document;
        const cards = Array.from(d.querySelectorAll('#hall-tables .card')).map((c) => c.getBoundingClientRect());
        return { wide: d.documentElement.scrollWidth > d.documentElement.clientWidth, sameLeft: cards[0].left === cards[1].left, below: cards[1].top > cards[0].top };
      });
      assert.deepEqual(box, { wide: false, sameLeft: true, below: true });
    } finally {
      await phone.close();
    }
  });

  it('prints the pairings with their tables, the standings and a score sheet per table, on A4', async () => {
    await draw();
    await page.goto(`${server.url}/tournaments/${id}/print/pairings`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    assert.equal(await page.textContent('#round'), 'Round 1 of 3 (draft, not published)', 'a draft prints, marked so');
    await publish(1);
    const round = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/rounds/1`)).json.round;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${round.matches[0].id}/result`, { a: 25, b: 13, reason: 'hall-1 lost its camera' })).status, 200);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/matches/${round.matches[1].id}/walkover`, { winner: 'a', reason: 'Dee did not come' })).status, 200);

    await page.goto(`${server.url}/tournaments/${id}/print/pairings?round=1`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    assert.equal(await page.textContent('#round'), 'Round 1 of 3');
    const rows = await page.evaluate(() => Array.from(document.querySelectorAll('.print-table tr')).map((r) => r.textContent));
    assert.equal(rows[0], 'MatchTablePlayerOpponentBreakerPoints');
    assert.match(rows[1]!, /^1hall-1 \(T1\)AshaBenAsha25–13 \(entered by hand\)$/);
    assert.match(rows[2]!, /^2hall-2 \(T2\)ChandraDeeChandra\d+–\d+ \(walkover\)$/);
    assert.equal(rows[3], '3<b>Eli</b>bye25–0');
    const pdf = await page.pdf({ preferCSSPageSize: true });
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(pdf.toString('latin1'), /\/MediaBox \[0 0 59[45]\.\d+ 841\.\d+\]/, 'an A4 page (595 × 842 points)');

    await page.goto(`${server.url}/tournaments/${id}/print/standings?round=1`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    const standings = await page.evaluate(() => Array.from(document.querySelectorAll('.print-table tr')).map((r) => r.textContent));
    const served = (await api(server.url, null, 'GET', `/api/v1/tournaments/${id}/standings?round=1`)).json.standings as { rank: number; name: string; points: number; bucholz: number; netscore: number; totscore: number; played: number; won: number; drawn: number; lost: number }[];
    assert.equal(standings.length, 1 + PLAYERS.length);
    assert.deepEqual(standings.slice(1), served.map((s) => [s.rank, s.name, s.points, s.bucholz, s.netscore, s.totscore, s.played, s.won, s.drawn, s.lost].join('')));
    assert.equal(served[0].name, 'Chandra', 'the walkover (25–0) ranks first: the rows are the ranking, not the seeds');

    await page.goto(`${server.url}/tournaments/${id}/print/scoresheets?round=1`);
    await page.waitForFunction(() => document.body.dataset.ready === '1');
    assert.deepEqual(await texts('.sheet .sheet-match'), ['Asha v Ben', 'Chandra v Dee'], 'one sheet per table, none for the bye');
    assert.deepEqual(await texts('.sheet h3'), ['Club open · Round 1 of 3 · Table hall-1 (T1)', 'Club open · Round 1 of 3 · Table hall-2 (T2)']);
    const sheets = await page.pdf({ preferCSSPageSize: true });
    assert.equal((sheets.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length, 2, 'each sheet on its own page');
  });

  it('refuses a write from the page without a login, and changes nothing', async () => {
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => /No round is published yet/.test(document.querySelector('#note')?.textContent ?? ''));
    const answer = await page.evaluate((u) => fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(async (r) => ({ status: r.status, body: await r.json() })), `/api/v1/tournaments/${id}/rounds`);
    assert.equal(answer.status, 401, JSON.stringify(answer.body));
    assert.equal((await api(server.url, null, 'GET', `/api/v1/tournaments/${id}`)).json.tournament.currentRound, 0, 'no round was drawn');
  });

  it('answers 404 for a tournament that is not there', async () => {
    const r = await page.goto(`${server.url}/tournaments/999/hall`);
    assert.equal(r?.status(), 404);
    assert.equal(await page.textContent('p'), 'No such tournament.');
  });
});
