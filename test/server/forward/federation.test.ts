// A club server forwarding to a federation server, as the federation's administrator runs it: behind a
// reverse proxy at a base path, refusing a record for good (kept as refused and shown on the club's page),
// and club keys: the club signs what it forwards, the federation holds no table's secret.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { clubCode, clubSignature } from '../../../server/forward/club.ts';
import { recordsUrl } from '../../../server/forward/forward.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { openStore } from '../../../server/store/store.ts';
import { matchRecords, postRecord, recordBody, signature } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { serveProcess, startRelay, type Relay } from '../../helpers/servers/processes.ts';
import { until } from '../../helpers/servers/answers.ts';
import { launchChromium } from '../../helpers/pages/chromium.ts';
import { scratchDir } from '../../../tools/scratch.ts';

declare const document: { querySelector(s: string): { textContent: string | null; hidden?: boolean } | null };

const SECRET = '2f'.repeat(32);
const CLUB_KEY = '8a'.repeat(32);

describe('forwarding to a federation', function () {
  this.timeout(90_000);
  let running: (ResultsServer | Relay)[];
  beforeEach(() => (running = []));
  afterEach(async () => {
    for (const r of running) await r.close();
  });
  const server = async (o: Parameters<typeof startResultsServer>[0]) => {
    const s = await startResultsServer({ port: 0, mdns: false, ...o });
    running.unshift(s);
    return s;
  };
  const match = (table: string, seed: number) => matchRecords(table, 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });

  it('keeps the base path of --forward: a federation behind a proxy at /federation/clubs/a/ gets every record', async () => {
    const federation = await server({ db: await ENGINES[1].fresh() });
    await federation.store.addTable('hall-1', SECRET, 'x');
    const proxy = await startRelay(federation.url, { prefix: '/federation/clubs/a' });
    running.unshift(proxy);
    const club = await server({ db: await ENGINES[0].fresh(), forward: `${proxy.url}/` });
    await club.store.addTable('hall-1', SECRET, 'x');
    const records = match('hall-1', 31).slice(0, 3);
    for (const r of records) assert.equal((await postRecord(club.url, 'hall-1', SECRET, r.body)).status, 201);
    await until('the federation has every record', async () => (await federation.store.recordCount()) === 3);
    assert.deepEqual([...new Set(proxy.posts.map((p) => p.path))], ['/federation/clubs/a/api/v1/records']);
    // The same without the trailing slash.
    assert.equal(recordsUrl('http://h/federation/clubs/a').href, 'http://h/federation/clubs/a/api/v1/records');
  });

  for (const engine of ENGINES) {
    it(`keeps a record the federation refuses (409) as refused, with its answer, sends it no more, and shows it on the club page (${engine.name})`, async () => {
      assert.ok(existsSync('/usr/bin/chromium'), '/usr/bin/chromium is missing');
      const federation = await server({ db: await ENGINES[0].fresh() });
      await federation.store.addTable('hall-1', SECRET, 'x');
      // The federation has counter 1 of this table already, with another body (a table reset by hand).
      const other = match('hall-1', 32)[0];
      assert.equal((await postRecord(federation.url, 'hall-1', SECRET, other.body)).status, 201);
      const relay = await startRelay(federation.url);
      running.unshift(relay);
      const said: string[] = [];
      const club = await server({ db: await engine.fresh(), forward: relay.url, log: (l) => said.push(l) });
      await club.store.addTable('hall-1', SECRET, 'x');
      const browser: Browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${club.url}/`);
        await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
        assert.equal(await page.evaluate(() => document.querySelector('#refused')?.hidden), true, 'nothing refused yet: no list');
        const [mine, next] = match('hall-1', 33);
        assert.equal((await postRecord(club.url, 'hall-1', SECRET, mine.body)).status, 201);
        assert.equal((await postRecord(club.url, 'hall-1', SECRET, next.body)).status, 201);
        await until('the queue is empty', async () => (await club.store.pendingForwards()) === 0);
        const state = (await (await fetch(`${club.url}/api/v1/forwarding`)).json()) as { pending: number; refused: { table: string; counter: number; status: number; answer: string }[] };
        assert.equal(state.pending, 0);
        assert.deepEqual(state.refused.map((r) => [r.table, r.counter, r.status]), [['hall-1', 1, 409]]);
        assert.match(state.refused[0].answer, /counter 1 was stored before with a different body/);
        assert.equal(await federation.store.recordCount(), 2, 'the next record went on');
        assert.ok(said.some((l) => /forwarding hall-1 1 to .*: refused, 409 .*kept as refused, not sent again/.test(l)), said.join('\n'));
        // Shown live on the page that was open, and on a page opened now.
        await page.waitForFunction(() => /Table hall-1, record 1.*409/s.test(document.querySelector('#refused')?.textContent ?? ''));
        await page.goto(`${club.url}/`);
        await page.waitForFunction(() => /counter 1 was stored before/.test(document.querySelector('#refused')?.textContent ?? ''));
        assert.equal(relay.posts.filter((p) => p.counter === 1).length, 1, 'sent once');
      } finally {
        await browser.close();
      }
    });
  }

  it('with a club key the federation stores a club\'s records holding no table secret; the table\'s signature travels unchanged', async () => {
    const federation = await server({ db: await ENGINES[1].fresh() });
    assert.equal(await federation.store.addClub('cluba', CLUB_KEY, 'x'), true);
    const relay = await startRelay(federation.url);
    running.unshift(relay);
    const club = await server({ db: await ENGINES[0].fresh(), forward: relay.url, club: { club: 'cluba', key: CLUB_KEY } });
    await club.store.addTable('cluba-hall-1', SECRET, 'x');
    const records = match('cluba-hall-1', 34).slice(0, 3);
    for (const r of records) assert.equal((await postRecord(club.url, 'cluba-hall-1', SECRET, r.body)).status, 201);
    await until('the federation has every record', async () => (await federation.store.recordCount()) === 3);
    for (const r of records) assert.equal((await federation.store.bodyOf('cluba-hall-1', r.counter))?.signature, signature(SECRET, r.body));
    assert.notEqual(await federation.store.secretOf('cluba-hall-1'), SECRET, 'the federation never had the table\'s secret');
    assert.equal(relay.posts[0].headers['carrom-club'], 'cluba');
    assert.equal(relay.posts[0].headers['carrom-signature'], signature(SECRET, records[0].body));
  });

  it('carrom serve --forward with CARROM_CLUB_KEY forwards as the club (a real process)', async () => {
    const federation = await server({ db: await ENGINES[0].fresh() });
    await federation.store.addClub('clubc', CLUB_KEY, 'x');
    const db = await ENGINES[0].fresh();
    const setup = await openStore(db);
    await setup.addTable('clubc-hall-2', SECRET, 'x');
    await setup.close();
    const club = await serveProcess(db, ['--forward', federation.url], { CARROM_CLUB_KEY: clubCode('clubc', CLUB_KEY) });
    try {
      assert.match(club.log(), /forwarding to http:\/\/127\.0\.0\.1:\d+ as club clubc/);
      const [r] = match('clubc-hall-2', 36);
      assert.equal((await postRecord(club.url, 'clubc-hall-2', SECRET, r.body)).status, 201);
      await until('the federation has the record', async () => (await federation.store.recordCount()) === 1);
    } finally {
      await club.stop();
    }
  });

  it('refuses a club signature that does not verify, an unknown club, and a club sending for another club\'s table', async () => {
    const federation = await server({ db: await ENGINES[0].fresh() });
    await federation.store.addClub('cluba', CLUB_KEY, 'x');
    const body = recordBody('clubb-hall-1', 1, 'board', match('clubb-hall-1', 35)[0].log);
    const tableSig = signature(SECRET, body);
    const asClub = (club: string, key: string, b = body) => postRecord(federation.url, JSON.parse(b).table, SECRET, b, { 'Carrom-Club': club, 'Carrom-Club-Signature': clubSignature(key, signature(SECRET, b), b) });
    const own = recordBody('cluba-hall-1', 1, 'board', match('cluba-hall-1', 35)[0].log);
    const wrong = await asClub('cluba', 'ff'.repeat(32), own);
    assert.equal(wrong.status, 401);
    assert.match(String(wrong.json.error), /club signature does not verify/);
    assert.match(String((await asClub('clubz', CLUB_KEY)).json.error), /unknown club "clubz"/);
    const other = await asClub('cluba', CLUB_KEY);
    assert.equal(other.status, 403);
    assert.match(String(other.json.error), /club "cluba" sends only for its own tables/);
    // The club's signature covers the table's signature too: another one with the same body does not verify.
    const swapped = await postRecord(federation.url, 'cluba-hall-1', null, own, { 'Carrom-Signature': tableSig, 'Carrom-Club': 'cluba', 'Carrom-Club-Signature': clubSignature(CLUB_KEY, signature(SECRET, own), own) });
    assert.equal(swapped.status, 401);
    assert.equal(await federation.store.recordCount(), 0);
    assert.equal((await asClub('cluba', CLUB_KEY, own)).status, 201);
  });

  it('carrom serve --add-club prints the club\'s key and the code its server forwards with; --club-key checks it', () => {
    const dir = scratchDir('club');
    const db = join(dir, 'fed.db');
    try {
      const run = (args: string[]) => spawnSync(process.execPath, ['bin/carrom.js', 'serve', ...args], { encoding: 'utf8' });
      const r = run(['--add-club', 'cluba', '--db', db]);
      assert.equal(r.status, 0, r.stderr);
      const { club, key } = JSON.parse(r.stdout);
      assert.equal(club, 'cluba');
      assert.match(key, /^[0-9a-f]{64}$/);
      assert.ok(r.stderr.includes(`carrom-club1.cluba.${key}`), r.stderr);
      assert.equal(run(['--add-club', 'cluba', '--db', db]).status, 1, 'registered already');
      for (const [args, says] of [
        [['--add-club', 'club-a'], /a club id is 1–20 characters of a-z, 0-9, no hyphen/],
        [['--forward', 'http://h/', '--club-key', 'nonsense'], /--club-key .* must be the club code/],
        [['--club-key', `carrom-club1.cluba.${key}`], /--club-key goes with --forward/],
      ] as const) {
        const bad = run([...args, '--db', db]);
        assert.equal(bad.status, 2, args.join(' '));
        assert.match(bad.stderr, says);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
