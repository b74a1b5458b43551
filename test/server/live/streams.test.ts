// The event streams are a bounded resource: a cap on the open streams (one more is a 503 that says so),
// a cap per client address (429) with the last streams kept for an address's first, and a client that
// stops reading is dropped once its backlog passes the bound or its socket stays full, while a reading
// one gets every event. A page that reconnects gets what it missed while the feed keeps it (from the
// event just after its last on), else a reset. Over real HTTP on loopback (127.0.0.2, 127.0.1.x: other
// client addresses).
import assert from 'node:assert/strict';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, recordBody } from '../../../tools/results.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { readEvents } from '../../helpers/servers/processes.ts';
import { until } from '../../helpers/servers/answers.ts';

const SECRET = '6b'.repeat(32);

/** A stream opened from `localAddress` that is never read past its headers: its status, and for a
 *  refusal the answer's JSON and Retry-After; `ended` once the server has closed it. */
interface Held {
  status: number;
  error?: string;
  retryAfter?: string;
  ended: () => boolean;
  /** Bytes read since resume(). */
  received: () => number;
  resume(): void;
  close(): void;
}

function stalledStream(port: number, localAddress: string): Promise<Held> {
  return new Promise((resolve, reject) => {
    let ended = false;
    let got = 0;
    const req: ClientRequest = request({ host: '127.0.0.1', port, path: '/api/v1/events', localAddress, agent: false }, (res: IncomingMessage) => {
      const base = { status: res.statusCode ?? 0, ended: () => ended, received: () => got, close: () => req.destroy() };
      res.on('close', () => (ended = true));
      res.on('error', () => undefined);
      if (res.statusCode === 200) {
        res.pause();
        return resolve({ ...base, resume: () => void res.on('data', (d: Buffer) => (got += d.length)).resume() });
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ ...base, resume: () => undefined, error: (JSON.parse(text) as { error: string }).error, retryAfter: String(res.headers['retry-after']) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('event streams, bounded', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  const start = async (o: Parameters<typeof startResultsServer>[0] = {}) => {
    server = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false, ...o });
    await server.store.addTable('hall-1', SECRET, 'x');
  };
  afterEach(async () => server?.close());

  it('answers 503 with a JSON error past the cap, and takes a stream again once one closes', async () => {
    await start({ streams: { maxStreams: 2 } });
    const open = [await readEvents(server.url), await readEvents(server.url)];
    assert.deepEqual(open.map((s) => s.status), [200, 200]);
    const third = await fetch(`${server.url}/api/v1/events`);
    assert.equal(third.status, 503);
    assert.equal(third.headers.get('retry-after'), '30');
    assert.match(((await third.json()) as { error: string }).error, /2 event streams are open already/);
    open[0].close();
    let again: Awaited<ReturnType<typeof readEvents>> | null = null;
    await until('a stream is taken again', async () => {
      again?.close();
      again = await readEvents(server.url);
      return again.status === 200;
    });
    again!.close();
    open[1].close();
  });

  it('drops a client that stops reading, and a reading client still gets every event', async () => {
    await start();
    // Records whose events are big (200 KB of player names each), so that a few fill the kernel's
    // socket buffers (megabytes on loopback) and then the server's bound.
    const [first] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    const log = first.log.replace('"Asha"', JSON.stringify('A'.repeat(100_000))).replace('"Ben"', JSON.stringify('B'.repeat(100_000)));
    const n = Math.ceil((12 << 20) / 200_000);
    const reader = await readEvents(server.url);
    const stalled = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', resolve));
    stalled.write('GET /api/v1/events HTTP/1.1\r\nHost: x\r\n\r\n');
    stalled.pause();
    let ended = false;
    let got = 0;
    stalled.on('data', (d: Buffer) => (got += d.length));
    stalled.on('close', () => (ended = true));
    stalled.on('error', () => undefined);
    for (let c = 1; c <= n; c++) assert.equal((await postRecord(server.url, 'hall-1', SECRET, recordBody('hall-1', c, 'board', log))).status, 201);
    await until('the reading client has every event', () => reader.events.filter((e) => e.event === 'record').length === n, 60_000);
    stalled.resume();
    await until('the stalled client is dropped', () => ended, 20_000);
    assert.ok(got < n * 200_000, `the dropped client got ${got} bytes, not all ${n} events`);
    reader.close();
  });
});

describe('event streams, bounded per client address', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  const held: { close(): void }[] = [];
  afterEach(async () => {
    for (const h of held.splice(0)) h.close();
    await server?.close();
  });

  it('gives one address 16 streams that never read and then a 429; another address still opens one and gets the events; the last 50 of 500 go to an address with none', async () => {
    const said: string[] = [];
    server = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false, log: (l) => said.push(l) });
    await server.store.addTable('hall-1', SECRET, 'x');
    const records = matchRecords('hall-1', 1, 5, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    // One client opens 500 streams and reads none of them (as the attack did), 50 at a time.
    const mine: Held[] = [];
    for (let i = 0; i < 500; i += 50) mine.push(...(await Promise.all(Array.from({ length: 50 }, () => stalledStream(server.port, '127.0.0.1')))));
    held.push(...mine);
    assert.equal(mine.filter((s) => s.status === 200).length, 16, 'its share');
    const refused = mine.filter((s) => s.status !== 200);
    assert.ok(refused.every((s) => s.status === 429 && s.retryAfter === '30'), 'every other one a 429 with Retry-After');
    assert.match(refused[0].error!, /^16 event streams are open from your address already/);
    // Said once in the log, not at each of the 484.
    assert.equal(said.filter((l) => l.includes('127.0.0.1 has 16 open')).length, 1, JSON.stringify(said));
    // A page at another address opens its stream and gets the records as they come.
    const page = await readEvents(server.url, undefined, '127.0.0.2');
    held.push(page);
    assert.equal(page.status, 200);
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[0].body)).status, 201);
    await until('the other address gets the record', () => page.events.some((e) => e.event === 'record'));
    // Many addresses, 16 each, fill the server: past 450 only an address's first stream gets in, so that a
    // hall screen opened now still gets one.
    const flood: Held[] = [];
    for (let a = 1; a <= 40; a++) for (let i = 0; i < 16; i++) flood.push(await stalledStream(server.port, `127.0.1.${a}`));
    held.push(...flood);
    const open = 17 + flood.filter((s) => s.status === 200).length;
    assert.ok(open >= 450 && open < 500, `${open} streams open`);
    const kept = flood.filter((s) => s.status === 503);
    assert.ok(kept.length > 0);
    assert.match(kept[0].error!, /the last 50 of the 500 this server keeps are for a page at an address with none yet/);
    const hall = await readEvents(server.url, undefined, '127.0.0.3');
    held.push(hall);
    assert.equal(hall.status, 200);
    assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[1].body)).status, 201);
    await until('the hall screen gets the record', () => hall.events.some((e) => e.event === 'record'));
  });

  it('drops a stream whose socket stays full (no drain within stallMs) while events flow, below any backlog bound', async () => {
    const said: string[] = [];
    server = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false, streams: { maxBacklog: 1 << 30, stallMs: 2_000 }, log: (l) => said.push(l) });
    const dropped = () => said.some((l) => /^event stream to 127\.0\.0\.2 dropped: its socket stayed full for 2 s, the client is not reading$/.test(l));
    await server.store.addTable('hall-1', SECRET, 'x');
    const [first] = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    // Events of 200 KB, so that the kernel's socket buffers (a few MiB on loopback) fill in a few posts.
    const log = first.log.replace('"Asha"', JSON.stringify('A'.repeat(100_000))).replace('"Ben"', JSON.stringify('B'.repeat(100_000)));
    const reader = await readEvents(server.url);
    held.push(reader);
    const stalled = await stalledStream(server.port, '127.0.0.2');
    held.push(stalled);
    assert.equal(stalled.status, 200);
    const started = Date.now();
    let sent = 0;
    // Events flow, one record at a time, until the server says it dropped the stalled stream (or for 60 s
    // at most). The client cannot see it before it reads: the end waits behind the bytes it has not taken.
    while (!dropped() && Date.now() - started < 60_000) {
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, recordBody('hall-1', ++sent, 'board', log))).status, 201);
    }
    const seconds = (Date.now() - started) / 1000;
    assert.ok(dropped(), `the stalled stream was dropped (the log: ${JSON.stringify(said)})`);
    assert.ok(seconds < 30, `dropped after ${seconds} s`);
    stalled.resume();
    await until('the stalled client sees its stream end', () => stalled.ended());
    assert.ok(stalled.received() < sent * 200_000, `it got ${stalled.received()} bytes, not all ${sent} events`);
    await until('the reading client has every event', () => reader.events.filter((e) => e.event === 'record').length === sent, 60_000);
  });
});

for (const engine of ENGINES) {
  describe(`event streams on ${engine.name}, resumed with Last-Event-ID`, function () {
    this.timeout(120_000);
    let server: ResultsServer;
    const records = matchRecords('hall-1', 1, 31, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    const counters = (s: { events: { event: string; data: string }[] }) => s.events.filter((e) => e.event === 'record').map((e) => (JSON.parse(e.data) as { counter: number }).counter);
    beforeEach(async () => {
      server = await startResultsServer({ port: 0, db: await engine.fresh(), mdns: false });
      await server.store.addTable('hall-1', SECRET, 'x');
    });
    afterEach(async () => server?.close());

    it('sends a page that reconnects what was stored while it was away, then the live records, each once', async () => {
      assert.ok(records.length >= 6, 'a match of several records');
      const first = await readEvents(server.url);
      // A stream that has seen no record yet still has an id to come back with.
      await until('the stream gives its first id', () => first.lastId() !== null);
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[0].body)).status, 201);
      await until('the page has the first record', () => counters(first).length === 1);
      first.close();
      const away = records.slice(1, -2);
      for (const r of away) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      const again = await readEvents(server.url, first.lastId()!);
      assert.equal(again.status, 200);
      await until('the page has what came while it was away', () => counters(again).length >= away.length);
      for (const r of records.slice(-2)) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      await until('and the live records', () => counters(again).length >= records.length - 1);
      assert.deepEqual(counters(again), records.slice(1).map((r) => r.counter));
      again.close();
    });

    it('sends a page whose last event is the one just before the oldest kept what it missed, not a reset', async () => {
      const first = await readEvents(server.url);
      for (const r of records.slice(0, 3)) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      await until('the page has three records', () => counters(first).length === 3);
      const ids = first.events.filter((e) => e.event === 'record').map((e) => Number(e.id));
      assert.deepEqual(ids, [ids[0], ids[0] + 1, ids[0] + 2], 'three events in a row');
      first.close();
      // The feed has let go of the page's last event and everything before it; all after it is kept.
      await server.store.sql.run('DELETE FROM carrom_events WHERE seq <= ?', [ids[0]]);
      const again = await readEvents(server.url, String(ids[0]));
      assert.equal(again.status, 200);
      const reset = () => again.events.some((e) => e.event === 'reset');
      await until('the page has the two it missed (or a reset)', () => counters(again).length === 2 || reset());
      assert.ok(!reset(), 'not told to read everything again');
      assert.deepEqual(again.events.filter((e) => e.event === 'record').map((e) => Number(e.id)), ids.slice(1));
      // Then a live one: it goes on, and it was never told to read everything again.
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[3].body)).status, 201);
      await until('the next record arrives', () => counters(again).length === 3);
      assert.deepEqual(counters(again), records.slice(1, 4).map((r) => r.counter));
      assert.ok(!reset(), 'no reset');
      again.close();
    });

    it('tells a page whose last event is no longer kept to read everything again (a reset event)', async () => {
      const first = await readEvents(server.url);
      for (const r of records.slice(0, 3)) assert.equal((await postRecord(server.url, 'hall-1', SECRET, r.body)).status, 201);
      await until('the page has three records', () => counters(first).length === 3);
      const seen = counters(first);
      const ids = first.events.filter((e) => e.event === 'record').map((e) => Number(e.id));
      first.close();
      // As the feed does past its 10,000 newest: the oldest events are gone.
      await server.store.sql.run('DELETE FROM carrom_events WHERE seq <= ?', [ids[1]]);
      const again = await readEvents(server.url, String(ids[0]));
      await until('the page is told to read again', () => again.events.some((e) => e.event === 'reset'));
      assert.deepEqual(counters(again), [], 'no partial catch-up');
      // From the reset's id on, it goes on live.
      assert.equal((await postRecord(server.url, 'hall-1', SECRET, records[3].body)).status, 201);
      await until('the next record arrives', () => counters(again).length === 1);
      assert.deepEqual([...seen, ...counters(again)], records.slice(0, 4).map((r) => r.counter));
      again.close();
    });
  });
}
