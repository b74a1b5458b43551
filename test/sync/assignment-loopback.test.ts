// The next match over real HTTP on loopback: the simulator's transport (Node's fetch) asks a server that
// signs its answers with Node's HMAC as docs/tournament.md §5.1 says, hands the core the answer's
// signature header, and carries the table's signed refusal (§5.3) to it. The server's side of the
// tournament is another part's; this one stands in for it with the contract's texts.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import { Sync } from '../../src/sync/sync.ts';
import { FetchTransport, nodeDigest } from '../../hosts/simulator/sync.ts';
import { rng } from '../../tools/random-match.ts';
import { SECRET, nodeHmac } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

const DRAW: Assignment = { tournament: 7, name: 'Club open', round: 2, match: 118, label: 'R2 T3', rules: 'icf', options: {}, mode: 'singles', players: ['ASHA', 'BEN'], breaker: 0, publishedAt: '2026-12-01T10:02:00.000Z' };

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let b = '';
    req.on('data', (d: Buffer) => (b += d.toString('utf8')));
    req.on('end', () => resolve(b));
  });

describe('the next match over HTTP on loopback (the simulator’s transport)', () => {
  let server: Server;
  let base = '';
  const refusals: { body: string; signature: string | undefined; table: string | undefined }[] = [];
  const asked: { table: string | undefined; nonce: string | undefined }[] = [];

  before(async () => {
    server = createServer((req, res) => {
      void (async () => {
        if (req.method === 'GET' && req.url === '/api/v1/assignment') {
          const nonce = String(req.headers['carrom-nonce']);
          asked.push({ table: req.headers['carrom-table'] as string | undefined, nonce });
          const body = assignmentText({ table: 'hall-3', counter: 42, nonce, assignment: DRAW });
          res.writeHead(200, { 'Content-Type': 'application/json', 'Carrom-Signature': `sha256=${nodeHmac(SECRET, body)}` });
          return res.end(body);
        }
        if (req.method === 'POST' && req.url === '/api/v1/assignment/refusal') {
          const body = await bodyOf(req);
          refusals.push({ body, signature: req.headers['carrom-signature'] as string | undefined, table: req.headers['carrom-table'] as string | undefined });
          res.writeHead(201, { 'Content-Type': 'application/json' });
          return res.end('{"refused": true}');
        }
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"error":"not found"}');
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Ticks the core at rest every 20 ms of its clock, letting the network answer, until `done` (at most 10 s). */
  async function until(sync: Sync, done: () => boolean, what: string): Promise<void> {
    for (let i = 0, now = 0; i < 1000; i++, now += 20_000) {
      sync.tick(now, true, true, true);
      if (done()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.fail(`gave up waiting: ${what}`);
  }

  it('asks, takes the signed answer, and delivers the signed refusal', async () => {
    const settings = { server: base, table: 'hall-3', secret: SECRET };
    const sync = new Sync({ storage: new MemoryFlash(), transport: new FetchTransport(() => true), digest: nodeDigest, random: { next: rng(3) }, settings: { load: () => settings, forget: () => {} }, firmware: 'test 1' });
    await until(sync, () => sync.offer() !== null, 'the offer');
    assert.deepEqual(sync.offer(), DRAW);
    assert.equal(asked[0].table, 'hall-3');
    assert.match(asked[0].nonce ?? '', /^[0-9a-f]{32}$/);
    assert.equal(sync.view().error, null);
    sync.refuseOffer();
    await until(sync, () => refusals.length > 0, 'the refusal');
    const r = refusals[0];
    assert.equal(r.body, '{"carromRefusal":1,"table":"hall-3","counter":42,"match":118,"reason":"wrong-table"}');
    assert.equal(r.signature, `sha256=${nodeHmac(SECRET, r.body)}`);
    assert.equal(r.table, 'hall-3');
  });

  it('an answer signed with another secret is refused, and the SYNC screen says why', async () => {
    const settings = { server: base, table: 'hall-3', secret: '4d'.repeat(32) };
    const sync = new Sync({ storage: new MemoryFlash(), transport: new FetchTransport(() => true), digest: nodeDigest, random: { next: rng(4) }, settings: { load: () => settings, forget: () => {} }, firmware: 'test 1' });
    await until(sync, () => sync.view().assignRefused === 1, 'the refused answer');
    assert.equal(sync.offer(), null);
    assert.equal(sync.view().error, 'assign: refused: bad signature');
  });
});
