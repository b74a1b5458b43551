// The event streams are a bounded resource: a cap on the open streams (one more is a 503 that says so),
// and a client that stops reading is dropped once its backlog passes the bound, while a reading one
// gets every event. Over real HTTP on loopback.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { matchRecords, postRecord, recordBody } from '../../tools/results.ts';
import { ENGINES } from '../helpers/databases.ts';
import { readEvents } from '../helpers/processes.ts';
import { until } from '../helpers/answers.ts';

const SECRET = '6b'.repeat(32);

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
