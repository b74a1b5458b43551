// Several `carrom serve` processes on one database, as a federation runs them behind one PostgreSQL (and
// two on one SQLite file): real child processes, posting to one and reading the other's event stream; the
// forward queue shared so that each record goes to the federation once; a forwarder whose database fails.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { openStore } from '../../server/store/store.ts';
import { matchRecords, postRecord, stateOf } from '../../tools/results.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { execute, readEvents, serveProcess, startRelay, type Relay, type ServeProcess, type SseEvent } from '../helpers/servers/processes.ts';
import { until } from '../helpers/servers/answers.ts';
import { launchChromium } from '../helpers/pages/chromium.ts';

declare const document: {
  querySelector(s: string): { textContent: string | null } | null;
  querySelectorAll(s: string): ArrayLike<{ textContent: string | null }>;
  body: { dataset: Record<string, string | undefined> };
};

const SECRET = '4d'.repeat(32);
const TABLES = ['hall-1', 'hall-2'];

async function register(db: string): Promise<void> {
  const store = await openStore(db);
  try {
    for (const t of TABLES) await store.addTable(t, SECRET, new Date().toISOString());
  } finally {
    await store.close();
  }
}

const records = (table: string, seed: number, n: number) => matchRecords(table, 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }).slice(0, n);
const keysOf = (events: SseEvent[]) => events.filter((e) => e.event === 'record').map((e) => { const d = JSON.parse(e.data); return `${d.table} ${d.counter}`; }).sort();

for (const engine of ENGINES) {
  describe(`two carrom serve processes on one ${engine.name} database`, function () {
    this.timeout(120_000);
    let db: string;
    let running: ServeProcess[];
    let others: (ResultsServer | Relay)[];
    const serve = async (args: string[] = []) => {
      const p = await serveProcess(db, args);
      running.push(p);
      return p;
    };
    beforeEach(async () => {
      running = [];
      others = [];
      db = await engine.fresh();
      await register(db);
    });
    afterEach(async () => {
      for (const p of running) await p.stop();
      for (const o of others) await o.close();
    });

    it('each process\'s event stream shows every record, whichever process stored it', async () => {
      const [a, b] = [await serve(), await serve()];
      const onA = await readEvents(a.url);
      const onB = await readEvents(b.url);
      const one = records('hall-1', 23, 5);
      const two = records('hall-2', 24, 5);
      for (let i = 0; i < 5; i++) {
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, one[i].body)).status, 201);
        assert.equal((await postRecord(b.url, 'hall-2', SECRET, two[i].body)).status, 201);
      }
      const want = [...one.map((r) => `hall-1 ${r.counter}`), ...two.map((r) => `hall-2 ${r.counter}`)].sort();
      await until('both streams have every record', () => keysOf(onA.events).length >= want.length && keysOf(onB.events).length >= want.length, 10_000);
      assert.deepEqual(keysOf(onA.events), want, 'process A: every record once');
      assert.deepEqual(keysOf(onB.events), want, 'process B: every record once');
      // The event is the one docs/server.md §4 describes, whichever process sends it.
      const fromA = onB.events.map((e) => JSON.parse(e.data)).find((d) => d.table === 'hall-1' && d.counter === one[4].counter);
      assert.deepEqual(Object.keys(fromA).sort(), ['counter', 'kind', 'madeAt', 'match', 'players', 'receivedAt', 'state', 'table']);
      assert.deepEqual(fromA.players, ['Asha', 'Ben']);
      onA.close();
      onB.close();
    });

    it("a tournament's record stored by one process reaches the other's stream and tables read with its tournament, round and match", async () => {
      const [a, b] = [await serve(), await serve()];
      const onB = await readEvents(b.url);
      const ids = { tournament: 4, round: 2, match: 17 };
      const [board] = matchRecords('hall-1', 1, 25, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } }, ids);
      assert.equal((await postRecord(a.url, 'hall-1', SECRET, board.body)).status, 201);
      await until('B has the record', () => keysOf(onB.events).length === 1);
      assert.deepEqual(JSON.parse(onB.events.find((e) => e.event === 'record')!.data).assigned, ids);
      const tables = (await (await fetch(`${b.url}/api/v1/tables`)).json()) as { tables: { table: string; assigned?: unknown }[] };
      assert.deepEqual(tables.tables.map((t) => [t.table, t.assigned]), [['hall-1', ids], ['hall-2', undefined]]);
      onB.close();
    });

    if (engine.name === 'postgres') {
      it('an event stream goes on after its process lost the listening connection, and gets what was stored meanwhile', async () => {
        const [a, b] = [await serve(), await serve()];
        const onB = await readEvents(b.url);
        const [first, second, third] = records('hall-1', 29, 3);
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, first.body)).status, 201);
        await until('B has the first record', () => keysOf(onB.events).length === 1);
        // What a PostgreSQL restart or a network cut does to both processes' listening connections.
        await execute(db, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'carrom serve: event feed'`);
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, second.body)).status, 201);
        await until('B has the record stored while it was not listening', () => keysOf(onB.events).length === 2);
        await until('B says it lost the connection and has it back', () => /event feed: the listening connection: [\s\S]*event feed: working again/.test(b.log()));
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, third.body)).status, 201);
        await until('B has the third record', () => keysOf(onB.events).length === 3);
        assert.deepEqual(keysOf(onB.events), ['hall-1 1', 'hall-1 2', 'hall-1 3']);
        onB.close();
      });
    }

    it('a club page open on one process shows live, without a reload, what the other process stores, and what it stored while this one restarted', async () => {
      const [a, b] = [await serve(), await serve()];
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        await page.goto(`${b.url}/`);
        await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'live');
        const shows = (r: { log: string }) =>
          page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll('#table-hall-1 .score')).map((e) => e.textContent)) === w, JSON.stringify((stateOf(r.log) as { match: { score: number[] } }).match.score.map(String)), { timeout: 10_000 });
        const match = records('hall-1', 28, 4);
        for (const r of match.slice(0, 3)) {
          assert.equal((await postRecord(a.url, 'hall-1', SECRET, r.body)).status, 201);
          await shows(r);
        }
        assert.equal(await page.evaluate(() => document.body.dataset.records), '3', 'three record events, no reload');
        // B restarts (an upgrade): what A stored meanwhile is on the page once it has reconnected.
        const port = new URL(b.url).port;
        await b.stop();
        await page.waitForFunction(() => document.querySelector('#live')?.textContent === 'reconnecting…');
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, match[3].body)).status, 201);
        await serve(['--port', port]);
        await shows(match[3]);
      } finally {
        await browser.close();
      }
    });

    it('sends each record to the federation once, though both processes forward from one queue', async () => {
      const federation = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false });
      others.push(federation);
      for (const t of TABLES) await federation.store.addTable(t, SECRET, 'x');
      // A federation some way off: each answer takes a while, so both processes' drains overlap.
      const relay = await startRelay(federation.url, { delayMs: 100 });
      others.unshift(relay);
      const [a, b] = [await serve(['--forward', relay.url]), await serve(['--forward', relay.url])];
      const one = records('hall-1', 25, 6);
      const two = records('hall-2', 26, 6);
      for (let i = 0; i < 6; i++) {
        assert.equal((await postRecord(a.url, 'hall-1', SECRET, one[i].body)).status, 201);
        assert.equal((await postRecord(b.url, 'hall-2', SECRET, two[i].body)).status, 201);
      }
      await until('the federation has every record', async () => (await federation.store.recordCount()) === 12, 60_000);
      const queue = await openStore(db);
      try {
        await until('the queue is empty', async () => (await queue.pendingForwards()) === 0, 30_000);
      } finally {
        await queue.close();
      }
      const sent = relay.posts.map((p) => `${p.table} ${p.counter}`).sort();
      const want = [...one.map((r) => `hall-1 ${r.counter}`), ...two.map((r) => `hall-2 ${r.counter}`)].sort();
      assert.deepEqual(sent, want, 'each record posted to the federation once');
    });

    it('a forwarder whose queue cannot be read says so in its log, goes on serving, and forwards once the queue is back', async () => {
      const federation = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false });
      others.push(federation);
      for (const t of TABLES) await federation.store.addTable(t, SECRET, 'x');
      const a = await serve(['--forward', federation.url]);
      const [first, second] = records('hall-1', 27, 2);
      assert.equal((await postRecord(a.url, 'hall-1', SECRET, first.body)).status, 201);
      await until('the federation has the first record', async () => (await federation.store.recordCount()) === 1);
      // An operator's mistake, or a migration half done: the queue's table is gone for a while.
      await execute(db, 'ALTER TABLE carrom_forward RENAME TO carrom_forward_away');
      await until('the forwarder has met the missing table', () => a.exited() !== null || /forwarding: cannot use the queue/.test(a.log()));
      assert.equal(a.exited(), null, `the server is still running; it said:\n${a.log()}`);
      assert.match(a.log(), /forwarding: cannot use the queue in the database: .*carrom_forward[\s\S]*trying again every 5 s/);
      assert.equal((await fetch(`${a.url}/api/v1/tables`)).status, 200, 'the reads still answer');
      await execute(db, 'ALTER TABLE carrom_forward_away RENAME TO carrom_forward');
      assert.equal((await postRecord(a.url, 'hall-1', SECRET, second.body)).status, 201);
      await until('the federation has the second record', async () => (await federation.store.recordCount()) === 2);
      await until('the log says the queue is back', () => /forwarding: the queue can be read again/.test(a.log()));
      assert.equal(a.exited(), null);
    });
  });
}

describe('two carrom serve processes on one SQLite file, one holding the write lock', function () {
  this.timeout(120_000);
  let first: ResultsServer | null = null;
  let second: ServeProcess | null = null;
  afterEach(async () => {
    await second?.stop();
    await first?.close();
  });

  it('the other answers reads while its post waits for the lock, then 503, and stores the resend once the lock is free', async () => {
    const db = await ENGINES[0].fresh();
    await register(db);
    // This process is the first: its store holds SQLite's write lock in a transaction it keeps open.
    first = await startResultsServer({ port: 0, db, mdns: false, log: () => undefined });
    second = await serveProcess(db);
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const holding = first.store.sql.transaction(async () => {
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await held;
    const [rec] = records('hall-1', 41, 1);
    let answered: number | null = null;
    const posting = postRecord(second.url, 'hall-1', SECRET, rec.body).then((a) => (answered = a.status));
    const reads: number[] = [];
    while (answered === null) {
      const status = (await fetch(`${second.url}/api/v1/tables`)).status;
      if (answered === null) reads.push(status);
    }
    await posting;
    assert.equal(answered, 503, 'the post is refused once the lock is not freed in time');
    assert.ok(reads.length > 1 && reads.every((s) => s === 200), `reads the other process answered while its post waited: ${reads}`);
    assert.match(second.log(), /the database is not available: answering 503 until it is back.*locked by another process/);
    release();
    await holding;
    assert.equal((await postRecord(second.url, 'hall-1', SECRET, rec.body)).status, 201);
    assert.equal(await first.store.recordCount(), 1);
    await until('the other process says the outage is over', () => /the database is available again: 1 request was answered 503/.test(second!.log()));
  });
});
