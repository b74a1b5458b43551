// The pages' live shots in a real browser (Debian's chromium, driven by playwright-core) on a real
// results server over loopback, while a simulated table posts signed shot messages (docs/sync.md §7):
// the hall shows each shot of a drawn match on its card, in the page's language, with the running score
// and the last lines in the carrom notation; the table's page shows every shot, and a spectator whose
// connection drops resumes without missing a shot or getting one twice; the club page shows a table's
// first shots before its first record.
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { printNotation } from '../../../src/notation/print.ts';
import { parseLog } from '../../../src/rules/log.ts';
import type { ResultsServer } from '../../../server/index.ts';
import { matchRecords, stateOf } from '../../../tools/results.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { sendShot } from '../../helpers/servers/live-feed.ts';
import { api, logIn, tournamentServer, withOrganiser } from '../../helpers/tournament/organiser.ts';

declare const document: { querySelector(s: string): { textContent: string | null } | null; querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>; body: { dataset: Record<string, string | undefined> } };

const SECRET = '7a'.repeat(32);
const PRESET = { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } } as const;
// tools/script.ts's matches are Asha v Ben.
const LOG = matchRecords('live-1', 1, 23, PRESET)[0].log;
const LINES = LOG.slice(0, -1).split('\n');

/** What a spectator must read of each shot of `lines`, worked out from the log itself: per strike, the
 * English words of each piece pocketed and its pocket, and each foul called. */
function expectedShots(lines: readonly string[]): string[][] {
  const words: Record<string, string> = { white: 'a white', black: 'a black', queen: 'the queen', striker: 'the striker', man: 'a man', unknown: 'a piece' };
  const shots: string[][] = [];
  for (const line of lines.slice(1)) {
    const e = JSON.parse(line) as { e: string; piece?: string; pocket?: number; call?: string; kind?: string };
    if (e.e === 'strike') shots.push([]);
    else if (shots.length === 0) continue;
    else if (e.e === 'pocket') shots[shots.length - 1].push(e.pocket === undefined ? `${words[e.piece!]} pocketed` : `${words[e.piece!]} in pocket ${e.pocket}`);
    else if (e.e === 'call' && e.call === 'foul') shots[shots.length - 1].push(`foul (${e.kind})`);
  }
  return shots;
}

/** The last `n` lines of the shots in the notation (no times), as the printer gives them. */
function notationTail(lines: readonly string[], n: number): string {
  const log = parseLog(`${lines.join('\n')}\n`);
  assert.ok(log.ok);
  const text = printNotation(log.value.header, log.value.events, { times: false });
  assert.ok(text.ok);
  const all = text.value.split('\n');
  return all.slice(all.indexOf('') + 1).filter((l) => l !== '').slice(-n).join('\n');
}

/** A TCP relay in front of the server that can cut every connection through it and refuse new ones for
 * a while: a spectator's network dropping. */
async function cuttable(port: number): Promise<{ url: string; connections: () => number; cut(): void; mend(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let down = false;
  let made = 0;
  const relay: Server = createServer((c) => {
    if (down) return void c.destroy();
    made++;
    const up = connect(port, '127.0.0.1');
    for (const s of [c, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    c.pipe(up).pipe(c);
    c.on('close', () => up.destroy());
    up.on('close', () => c.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  const at = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${at}`,
    connections: () => made,
    cut() {
      down = true;
      for (const s of sockets) s.destroy();
    },
    mend() {
      down = false;
    },
    close: () => new Promise((resolve) => (relay.close(() => resolve()), sockets.forEach((s) => s.destroy()))),
  };
}

describe('the live shots on the pages, in a browser', function () {
  this.timeout(120_000);
  let browser: Browser;
  let page: Page;
  let server: ResultsServer;

  before(async () => {
    browser = await launchChromium();
  });
  after(async () => browser?.close());
  beforeEach(async () => {
    ({ server } = await tournamentServer(await ENGINES[0].fresh()));
    await server.store.addTable('live-1', SECRET, '2026-12-01T08:00:00.000Z');
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await page.close();
    await server.close();
  });

  const shot = (from: number, to: number, more: Record<string, unknown> = {}) => sendShot(server.url, 'live-1', SECRET, LINES, from, to, more);
  const texts = (selector: string) => page.evaluate((s) => Array.from(document.querySelectorAll(s)).map((e) => e.textContent ?? ''), selector);

  it("the hall: each shot of a drawn match on its card as it happens, in the page's language, with the score and the notation", async () => {
    await withOrganiser(server, 'asha', 'a long enough password');
    const asha = await logIn(server.url, 'asha', 'a long enough password');
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', options: PRESET.options, tables: ['live-1'], rounds: 1 });
    const id = made.json.tournament.id as number;
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/entrants.csv`, 'name\nAsha\nBen\n', { 'Content-Type': 'text/csv' })).status, 201);
    assert.equal((await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds`)).status, 201);
    const [match] = (await api(server.url, asha, 'POST', `/api/v1/tournaments/${id}/rounds/1/publish`)).json.round.matches;
    const assigned = { tournament: id, round: 1, match: match.id };
    await page.goto(`${server.url}/tournaments/${id}/hall`);
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card').length === 1);
    await page.waitForFunction(() => document.body.dataset.liveSnapshots === '1');
    // The table's first shots: the box comes on the card, without a reload.
    const strikes = LINES.map((l, i) => (i > 0 && JSON.parse(l).e === 'strike' ? i : -1)).filter((i) => i > 0);
    const upTo = strikes[3]; // three whole shots
    assert.equal((await shot(0, upTo, assigned)).status, 200);
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card .live-shots .shot').length === 3);
    const want = expectedShots(LINES.slice(0, upTo));
    const shown = await texts('#hall-tables .card .live-shots .shot');
    assert.deepEqual(shown.map((s) => /^Shot \d+/.exec(s)?.[0]), ['Shot 3', 'Shot 2', 'Shot 1'], 'the newest first');
    shown.reverse().forEach((s, i) => {
      assert.match(s, /^Shot \d+ (Asha|Ben): /, 'who shot');
      for (const part of want[i]) assert.ok(s.includes(part), `${s} says ${part}`);
      if (want[i].length === 0) assert.ok(s.includes('nothing fell'), s);
    });
    const score = (stateOf(`${LINES.slice(0, upTo).join('\n')}\n`) as { match: { score: number[] } }).match.score;
    assert.equal(await page.textContent('#hall-tables .card .live-score'), `score Asha ${score[0]} – Ben ${score[1]}`);
    assert.equal(await page.textContent('#hall-tables .card .notation'), notationTail(LINES.slice(0, upTo), 6));
    // The rest of the board, message by message: the card follows, four shots at most, the notation's last six lines.
    for (let i = 3; i < strikes.length; i++) assert.equal((await shot(strikes[i - 1], strikes[i], assigned)).status, 200);
    assert.equal((await shot(strikes[strikes.length - 1], LINES.length, assigned)).status, 200);
    const last = expectedShots(LINES).length;
    await page.waitForFunction((n) => document.querySelector('#hall-tables .card .live-shots .shot')?.textContent?.startsWith(`Shot ${n} `) === true, last);
    assert.equal((await texts('#hall-tables .card .live-shots .shot')).length, 4);
    assert.equal(await page.textContent('#hall-tables .card .notation'), notationTail(LINES, 6));
    assert.match((await texts('#hall-tables .card .live-shots .shot'))[0], /board 1 to (Asha|Ben), \d+ points/, "the board's end is said");
    // The same in Swedish.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem('carrom-language', 'sv'));
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('#hall-tables .card .live-shots .shot').length === 4);
    assert.match((await texts('#hall-tables .card .live-shots .shot'))[0], new RegExp(`^Skott ${last} (Asha|Ben): .*omgång 1 till (Asha|Ben)`));
    assert.match((await page.textContent('#hall-tables .card .live-score'))!, /^ställning Asha \d+ – Ben \d+$/);
  });

  it("the table's page shows every shot; a spectator whose connection drops resumes without missing or doubling one", async () => {
    const relay = await cuttable(server.port);
    try {
      await page.goto(`${relay.url}/tables/live-1`);
      await page.waitForFunction(() => document.body.dataset.liveSnapshots === '1');
      const strikes = LINES.map((l, i) => (i > 0 && JSON.parse(l).e === 'strike' ? i : -1)).filter((i) => i > 0);
      const half = strikes[Math.floor(strikes.length / 2)];
      let sent = 0;
      for (let i = 0; i < half; i += 3) {
        assert.equal((await shot(i, Math.min(i + 3, half))).status, 200);
        sent++;
      }
      await page.waitForFunction((n) => document.body.dataset.liveEvents === String(n + 1), sent);
      // The network drops; the table goes on meanwhile.
      const before = relay.connections();
      relay.cut();
      for (let i = half; i < LINES.length; i += 3) {
        assert.equal((await shot(i, Math.min(i + 3, LINES.length))).status, 200);
        sent++;
      }
      relay.mend();
      const want = expectedShots(LINES);
      await page.waitForFunction((n) => document.querySelectorAll('#live-box .shot').length === n, want.length, { timeout: 30_000 });
      assert.ok(relay.connections() > before, 'the page reconnected');
      const seen = await page.evaluate(() => ({ ...document.body.dataset }));
      assert.deepEqual([seen.liveEvents, seen.liveSnapshots, seen.liveOutOfOrder], [String(sent + 1), '1', '0'], 'every event once, after the one snapshot: resumed from its last event, not read again');
      // Every shot of the board, each once, newest first, each saying what fell and where.
      const shown = (await texts('#live-box .shot')).reverse();
      assert.equal(shown.length, want.length);
      shown.forEach((s, i) => {
        assert.ok(s.startsWith(`Shot ${i + 1} `), s);
        for (const part of want[i]) assert.ok(s.includes(part), `${s} says ${part}`);
      });
      assert.equal(await page.textContent('#live-box .notation'), notationTail(LINES, 8));
    } finally {
      await relay.close();
    }
  });

  it("the club page: a table's card at its first shots, before any record", async () => {
    await page.goto(server.url);
    await page.waitForFunction(() => document.body.dataset.liveSnapshots === '1');
    assert.equal((await shot(0, 6)).status, 200);
    await page.waitForFunction(() => document.querySelectorAll('#table-live-1 .live-shots .shot').length > 0);
    assert.match((await texts('#table-live-1 .live-shots .shot'))[0], /^Shot \d+ (Asha|Ben): /);
    assert.match((await page.textContent('#table-live-1 .live-score'))!, /^score Asha 0 – Ben 0$/);
  });
});
