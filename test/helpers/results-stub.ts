// A minimal results server that keeps to sync.md §2, ONLY for what the real one (`carrom serve`) cannot
// be made to do on purpose: reset the connection in the middle of a body, never answer, answer 503
// (test/sync/loopback.test.ts). Every other answer is tested against the real server (test/e2e/,
// test/simulator/sync.test.ts): do not use this stub for what the real server can do.
// It checks the signature and stores records by counter (201, 200 duplicate, 409), in memory.
// Listens on 127.0.0.1 only, on a port of the system's choosing; close() stops it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export type Misbehaviour = 'reset' | 'hang' | '503' | null;

export class ResultsStub {
  readonly stored = new Map<number, string>();
  posts = 0;
  /** What the next posts do instead of answering properly, one per post. */
  next: Misbehaviour[] = [];
  private server: Server | null = null;
  url = '';

  constructor(
    private readonly table: string,
    private readonly secret: string,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.posts++;
      const trick = this.next.shift() ?? null;
      if (trick === 'reset') {
        // Read a little of the body, then drop the connection.
        req.once('data', () => req.socket.destroy());
        return;
      }
      if (trick === 'hang') return; // never answers
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body: object) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (trick === '503') return send(503, { error: 'busy' });
        const body = Buffer.concat(chunks);
        if (req.method !== 'POST' || req.url !== '/api/v1/records') return send(404, { error: `no ${req.url}` });
        if (req.headers['carrom-table'] !== this.table) return send(404, { error: 'unknown table' });
        const mac = createHmac('sha256', Buffer.from(this.secret, 'hex')).update(body).digest();
        const sig = /^sha256=([0-9a-f]{64})$/.exec(String(req.headers['carrom-signature'] ?? ''));
        if (!sig || !timingSafeEqual(Buffer.from(sig[1], 'hex'), mac)) return send(401, { error: 'the signature does not verify' });
        let record: { counter?: unknown; table?: unknown };
        try {
          record = JSON.parse(body.toString('utf8'));
        } catch {
          return send(400, { error: 'not JSON' });
        }
        if (typeof record.counter !== 'number' || record.table !== this.table) return send(400, { error: 'counter or table' });
        const before = this.stored.get(record.counter);
        if (before === undefined) {
          this.stored.set(record.counter, body.toString('utf8'));
          return send(201, { stored: true });
        }
        if (before === body.toString('utf8')) return send(200, { stored: false, duplicate: true });
        return send(409, { error: `counter ${record.counter} was stored with a different body` });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const a = this.server.address();
    this.url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    return this;
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
