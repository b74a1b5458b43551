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
