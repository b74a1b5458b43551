// What a stranger can make the server hold: a post is refused on its headers before its body is read,
// the bodies not yet verified are held up to a bound, and a sender that stalls is cut off in seconds,
// not Node's five minutes. Over real HTTP on loopback, with raw sockets for the stalled senders.
import assert from 'node:assert/strict';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { CLOSED_AT_ONCE } from '../../server/connections.ts';
import { UNVERIFIED_BYTES, UNVERIFIED_SHARE } from '../../server/http.ts';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { MAX_BODY } from '../../server/records/record.ts';
import { matchRecords, signature } from '../../tools/results.ts';
import { answerOf, post, until } from '../helpers/servers/answers.ts';
import { attack, timed } from '../helpers/servers/attack.ts';
import { ENGINES } from '../helpers/databases/databases.ts';

const SECRET = '2b'.repeat(32);
const WRONG = `sha256=${'0'.repeat(64)}`;

/** A post whose headers go out now and whose body never comes (only `sent` bytes of it). */
function stalled(url: string, headers: Record<string, string>, sent = 0): { req: ClientRequest; answer: Promise<IncomingMessage> } {
  const req = request(`${url}/api/v1/records`, { method: 'POST', headers: { 'Content-Length': String(MAX_BODY), ...headers } });
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  req.flushHeaders();
  if (sent > 0) req.write('x'.repeat(sent));
  return { req, answer };
}

const jsonOf = (res: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (d: string) => (text += d));
    res.on('end', () => resolve(JSON.parse(text)));
  });

describe('results server holding what strangers send', function () {
  this.timeout(90_000);
  let server: ResultsServer;
  const said: string[] = [];
  const rec = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } })[0];
  beforeEach(async () => {
    server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false, log: (l) => said.push(l) });
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
  });
  afterEach(async () => server.close());

  it('refuses an unknown table, a missing or malformed signature on the headers alone, before any of the body comes', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ 'Carrom-Table': 'hall-9', 'Carrom-Signature': WRONG }, 404, /unknown table "hall-9"/],
      [{ 'Carrom-Table': 'hall-1' }, 401, /Carrom-Signature is missing/],
      [{ 'Carrom-Table': 'hall-1', 'Carrom-Signature': 'sha256=zz' }, 401, /64 lowercase hex/],
      [{ 'Carrom-Signature': WRONG }, 400, /Carrom-Table/],
    ];
    for (const [headers, status, says] of cases) {
      const s = stalled(server.url, headers);
      const res = await s.answer;
      assert.equal(res.statusCode, status);
      assert.match(String((await jsonOf(res)).error), says);
      s.req.destroy();
    }
    assert.equal(await server.store.recordCount(), 0);
  });

  it('tells a table sending with Expect: 100-continue its 4xx instead of 100 when its headers are refused, and 100 then 201 when they pass', async () => {
    const { port } = new URL(server.url);
    /** What the server says to headers that ask for a 100, before any of the body is sent: its first status line. */
    const firstAnswer = (headers: string) =>
      new Promise<{ line: string; socket: Socket; text: () => string }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => {
          text += d;
          if (text.includes('\r\n')) resolve({ line: text.slice(0, text.indexOf('\r\n')), socket, text: () => text });
        });
        socket.on('error', reject);
        socket.write(`POST /api/v1/records HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: ${rec.body.length}\r\n${headers}\r\n`);
      });
    const cases: [string, string][] = [
      [`Carrom-Table: hall-9\r\nCarrom-Signature: ${WRONG}\r\n`, 'HTTP/1.1 404 Not Found'],
      ['Carrom-Table: hall-1\r\n', 'HTTP/1.1 401 Unauthorized'],
      [`Carrom-Table: hall-1\r\nCarrom-Signature: sha256=zz\r\n`, 'HTTP/1.1 401 Unauthorized'],
      [`Carrom-Signature: ${WRONG}\r\n`, 'HTTP/1.1 400 Bad Request'],
    ];
    for (const [headers, line] of cases) {
      const a = await firstAnswer(headers);
      assert.equal(a.line, line, headers);
      a.socket.destroy();
    }
    // Headers that pass: 100, and once the body is sent, the record is stored.
    const good = await firstAnswer(`Carrom-Table: hall-1\r\nCarrom-Signature: ${signature(SECRET, rec.body)}\r\n`);
    assert.equal(good.line, 'HTTP/1.1 100 Continue');
    good.socket.write(rec.body);
    await until('the record is answered', () => good.text().includes('201 Created'));
    good.socket.destroy();
    assert.equal(await server.store.recordCount(), 1);
  });

  it(`holds at most ${UNVERIFIED_SHARE >> 10} KiB of bodies not yet verified per address and ${UNVERIFIED_BYTES >> 20} MiB in all, counted as they arrive: 429, then 503, until they are gone`, async () => {
    const t = { url: server.url, table: 'hall-1' };
    /** A post from 127.0.0.1 whose body (1 KiB) is refused for its signature once it is read: 401, or the budget's refusal. */
    const bogus = async () => (await answerOf(`${server.url}/api/v1/records`, { method: 'POST', headers: { 'Carrom-Table': 'hall-1', 'Carrom-Signature': WRONG }, body: 'x'.repeat(1024) })).status;
    // One address sends its share, in 4 bodies stalled one byte before their end: its next post is 429;
    // another address's record is stored.
    const perBody = MAX_BODY - 1;
    const one = attack(t, 'records-body', UNVERIFIED_SHARE / MAX_BODY, { from: ['127.0.0.2'], sent: perBody, reopenMs: null });
    await one.ready();
    const fromIt = () => timed(`${server.url}/api/v1/records`, { method: 'POST', headers: { 'Carrom-Table': 'hall-1', 'Carrom-Signature': WRONG }, body: 'x'.repeat(1024), from: '127.0.0.2' });
    await until('the address\'s next post is refused for its share', async () => (await fromIt()).status === 429);
    assert.equal((await post(server.url, 'hall-1', SECRET, rec.body)).status, 201);
    // Headers alone hold nothing: 200 of them from one address leave room for the address's own record.
    const headersOnly = attack(t, 'records-body', 200, { from: ['127.0.0.3'], reopenMs: null });
    await headersOnly.ready();
    // 16 addresses that each send their share fill the budget: every post is 503 until they are gone.
    const addresses = Array.from({ length: UNVERIFIED_BYTES / UNVERIFIED_SHARE }, (_, i) => `127.0.0.${10 + i}`);
    const all = attack(t, 'records-body', UNVERIFIED_BYTES / MAX_BODY, { from: addresses, sent: perBody, reopenMs: null });
    await all.ready();
    one.stop();
    await until('the budget is full', async () => (await bogus()) === 503);
    const refused = await post(server.url, 'hall-1', SECRET, matchRecords('hall-1', 100, 24)[0].body);
    assert.equal(refused.status, 503);
    assert.match(String(refused.json.error), /too many records are arriving at once/);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
    assert.ok(said.some((l) => /bodies not yet verified/.test(l)), 'said in the log');
    all.stop();
    headersOnly.stop();
    await until('the stalled posts\' bytes are free again', async () => (await bogus()) === 401);
    assert.equal((await post(server.url, 'hall-1', SECRET, matchRecords('hall-1', 100, 24)[0].body)).status, 201);
    assert.equal(await server.store.recordCount(), 2);
  });

  it('cuts off a sender stalled in its headers or its body within seconds, and keeps an event stream open', async () => {
    const closed = (s: Socket) => new Promise<string>((resolve) => {
      let text = '';
      s.setEncoding('utf8');
      s.on('data', (d: string) => (text += d));
      s.on('close', () => resolve(text));
      s.on('error', () => undefined);
    });
    const { port } = new URL(server.url);
    const inHeaders = connect(Number(port), '127.0.0.1');
    inHeaders.write('POST /api/v1/records HTTP/1.1\r\nHost: x\r\nCarrom-Table: hall-1\r\n');
    const inBody = connect(Number(port), '127.0.0.1');
    inBody.write(`POST /api/v1/records HTTP/1.1\r\nHost: x\r\nCarrom-Table: hall-1\r\nCarrom-Signature: ${signature(SECRET, rec.body)}\r\nContent-Length: ${rec.body.length}\r\n\r\n${rec.body.slice(0, 100)}`);
    let events = '';
    const stream = request(`${server.url}/api/v1/events`, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => (events += d));
    });
    stream.end();
    // Both cut by the server (Node answers 408 where it can); the limits are 10 s and 30 s.
    const bound = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a stalled sender was not cut off within 45 s')), 45_000).unref());
    const [a, b] = await Promise.race([Promise.all([closed(inHeaders), closed(inBody)]), bound]);
    assert.doesNotMatch(a + b, /201/);
    assert.equal(await server.store.recordCount(), 0);
    assert.equal((await post(server.url, 'hall-1', SECRET, rec.body)).status, 201);
    await until('the event stream, open all along, tells of the record', async () => events.includes('event: record'));
    stream.destroy();
  });

  it(`closes a thousand stalled headers that time out together ${CLOSED_AT_ONCE} at a time, a turn of the event loop each`, async () => {
    // Opened together, they time out together: Node closed all those its check found in one go, some
    // 50 ms in which nothing else was served. Server and client share this process's event loop here, so
    // the 408s that reach the client in one turn of it are at most what the server wrote in one turn.
    const from = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
    const a = attack({ url: server.url, table: 'hall-1' }, 'stalled-headers', 1000, { from, reopenMs: null });
    let most = 0;
    let seen = 0;
    let turns = true;
    const turn = () => {
      const now = a.stats.answers[408] ?? 0;
      most = Math.max(most, now - seen);
      seen = now;
      if (turns) setImmediate(turn);
    };
    try {
      await a.ready();
      turn();
      await until('every stalled header is answered 408', async () => a.stats.answers[408] === 1000, 20_000);
      assert.ok(most <= 2 * CLOSED_AT_ONCE, `${most} answered 408 in one turn of the event loop`);
      // And the server serves meanwhile and after.
      assert.equal((await timed(`${server.url}/api/v1/tables`)).status, 200);
    } finally {
      turns = false;
      a.stop();
    }
  });
});

