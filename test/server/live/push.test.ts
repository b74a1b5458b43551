// The outbound push (docs/server.md §4, "Pushed to a device") against a real receiver on loopback: a
// results server on loopback, a table posting signed shot messages and a record, and a plain HTTP server
// standing for the organiser's device. Each event arrives signed, numbered and in order; a receiver that
// fails is tried again; one that stalls costs the server nothing and loses the oldest events, counted.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, signature } from '../../../tools/results.ts';
import { answerOf, until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '4d'.repeat(32);
const PUSH_SECRET = '9b'.repeat(32);
const TABLE = 'hall-2';
const records = matchRecords(TABLE, 1, 7, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
const board = records.find((r) => r.kind === 'board')!;
const LINES = board.log.slice(0, -1).split('\n');
const ID = createHash('sha256').update(LINES[0]).digest('hex').slice(0, 16);

async function sendShot(url: string, from: number, to: number): Promise<number> {
  const body = JSON.stringify({ carromShot: 1, table: TABLE, matchId: ID, from, lines: `${LINES.slice(from, to).join('\n')}\n`, madeAt: null });
  const began = performance.now();
  const a = await answerOf(`${url}/api/v1/shots`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': TABLE, 'Carrom-Signature': signature(SECRET, body) }, body });
  assert.equal(a.status, 200, JSON.stringify(a.json));
  return performance.now() - began;
}

interface Got {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: { carromPush: number; n: number; event: string; dropped: number; data: { table: string; seq?: number; from?: number; counter?: number } };
}

/** The organiser's device: keeps every POST; `answer` decides each one's fate (a status, or null: never answered). */
async function receiver(answer: (i: number) => number | null): Promise<{ url: string; got: Got[]; taken: () => Got[]; release(): void; close(): Promise<void> }> {
  const got: Got[] = [];
  const statuses: number[] = [];
  const hanging: [number, ServerResponse][] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const i = got.length;
      got.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) as Got['body'] });
      const status = answer(i);
      statuses.push(status ?? 0);
      if (status === null) return void hanging.push([i, res]);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    taken: () => got.filter((_, i) => statuses[i] >= 200 && statuses[i] < 300),
    /** Answers 200 to the requests held so far. */
    release: () => {
      for (const [i, r] of hanging.splice(0)) {
        statuses[i] = 200;
        r.writeHead(200).end();
      }
    },
    close: async () => {
      for (const [, r] of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('the push to a device, with a real receiver on loopback', function () {
  this.timeout(60_000);
  let server: ResultsServer | null = null;
  let device: Awaited<ReturnType<typeof receiver>> | null = null;
  const start = async (push: { maxQueue?: number; timeoutMs?: number; firstWaitMs?: number } = {}) => {
    server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false, log: () => undefined, push: { url: device!.url, secret: PUSH_SECRET, ...push } });
    await server.store.addTable(TABLE, SECRET, new Date().toISOString());
    return server;
  };
  afterEach(async () => {
    await server?.close();
    await device?.close();
    server = null;
    device = null;
  });

  it('POSTs each shot and the record, in order, numbered, signed with the push secret', async () => {
    device = await receiver(() => 200);
    const s = await start();
    const cuts = [0, 3, 7, 12, LINES.length];
    for (let i = 1; i < cuts.length; i++) await sendShot(s.url, cuts[i - 1], cuts[i]);
    assert.equal((await postRecord(s.url, TABLE, SECRET, board.body)).status, 201);
    await until('five events at the device', () => device!.got.length === 5);
    for (const g of device.got) {
      assert.equal(g.headers['content-type'], 'application/json');
      assert.equal(g.headers['carrom-push-signature'], `sha256=${createHmac('sha256', Buffer.from(PUSH_SECRET, 'hex')).update(g.raw).digest('hex')}`);
      assert.equal(g.headers['carrom-push-event'], g.body.event);
      assert.equal(g.body.carromPush, 1);
      assert.equal(g.body.dropped, 0);
    }
    assert.deepEqual(device.got.map((g) => [g.body.n, g.body.event, g.body.data.table]), [1, 2, 3, 4, 5].map((n) => [n, n < 5 ? 'shot' : 'record', TABLE]));
    assert.deepEqual(device.got.slice(0, 4).map((g) => [g.body.data.seq, g.body.data.from]), [[1, 0], [2, 3], [3, 7], [4, 12]]);
    assert.equal(device.got[4].body.data.counter, board.counter);
  });

  it('a device that fails is tried again, with waits, and gets every event in order', async () => {
    device = await receiver((i) => (i < 3 ? 503 : 200));
    const s = await start({ firstWaitMs: 100 });
    await sendShot(s.url, 0, 4);
    await sendShot(s.url, 4, 9);
    await until('both events taken', () => device!.taken().length === 2);
    assert.deepEqual(device.got.map((g) => g.body.n), [1, 1, 1, 1, 2], 'the first sent until it was taken, then the second');
    assert.deepEqual(device.taken().map((g) => g.body.dropped), [0, 0]);
  });

  it('a device that stalls never slows the table\'s posts; past the bound the oldest events go, counted in each body', async () => {
    let stalled = true;
    device = await receiver(() => (stalled ? null : 200));
    const s = await start({ maxQueue: 4, timeoutMs: 60_000 });
    const took: number[] = [];
    for (let to = 1; to <= 20; to++) took.push(await sendShot(s.url, to - 1, to));
    assert.ok(Math.max(...took) < 1000, `every shot answered within a second while the device stalls (slowest ${Math.round(Math.max(...took))} ms)`);
    assert.equal(device.got.length, 1, 'one request in flight at a time');
    stalled = false;
    device.release();
    // The one in flight is taken; of the 19 behind it the queue kept the newest 4.
    await until('the queue sent', () => device!.taken().length === 5);
    await new Promise((r) => setTimeout(r, 300));
    const taken = device.taken();
    assert.deepEqual(taken.map((g) => g.body.n), [1, 17, 18, 19, 20]);
    assert.deepEqual(taken.map((g) => g.body.dropped), [0, 15, 15, 15, 15]);
    assert.deepEqual(taken.map((g) => g.body.data.seq), [1, 17, 18, 19, 20], 'the live events as the bus numbered them');
  });

  it("docs/examples/push-receiver.mjs takes the pushes, checks their signature, and refuses one signed otherwise", async () => {
    const child = spawn(process.execPath, ['docs/examples/push-receiver.mjs'], { env: { ...process.env, PORT: '0', CARROM_PUSH_SECRET: PUSH_SECRET }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    try {
      await until('the receiver listens', () => /listening on \d+/.test(out));
      const port = /listening on (\d+)/.exec(out)![1];
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false, log: () => undefined, push: { url: `http://127.0.0.1:${port}/`, secret: PUSH_SECRET } });
      await server.store.addTable(TABLE, SECRET, new Date().toISOString());
      await sendShot(server.url, 0, 5);
      await sendShot(server.url, 5, 9);
      assert.equal((await postRecord(server.url, TABLE, SECRET, board.body)).status, 201);
      // The record, then the live match it healed (its log holds lines the table never sent as shots).
      await until('four lines', () => out.split('\n').length >= 6);
      assert.equal(out.split('\n').slice(1).join('\n'), `1 ${TABLE} shot 1\n2 ${TABLE} shot 2\n3 ${TABLE} record ${board.counter}\n4 ${TABLE} shot 3\n`);
      const forged = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Carrom-Push-Signature': `sha256=${'0'.repeat(64)}` }, body: '{}' });
      assert.equal(forged.status, 401);
    } finally {
      child.kill();
    }
  });
});
