// Sync for tests: a transport whose answers the test gives by hand, settings in memory, a seeded random.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import type { GetRequest, PostAnswer, PostRequest, SyncSettings, TransportPort } from '../../src/sync/ports.ts';
import { Sync } from '../../src/sync/sync.ts';
import { rng } from '../../tools/random-match.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { MemoryFlash } from './table.ts';

export const SECRET = '8f'.repeat(32);
export const SETTINGS: SyncSettings = Object.freeze({ server: 'http://127.0.0.1:9', table: 'club-1', secret: SECRET });

/** A tournament's match as a server assigns it to a table (docs/tournament.md §5.1): the tests' one example. */
export const ASSIGNED: Assignment = Object.freeze({
  tournament: 7,
  name: 'Club open',
  round: 2,
  match: 118,
  label: 'R2 T3',
  rules: 'icf',
  options: {},
  mode: 'singles',
  players: ['ASHA', 'BEN'],
  breaker: 0,
  publishedAt: '2026-12-01T10:02:00.000Z',
}) as Assignment;

export interface Posted {
  request: PostRequest;
  body: string;
  done: (error: string | null, answer: PostAnswer | null) => void;
}

/** What a server that serves no tournaments (an older `carrom serve`) answers a table's GET /api/v1/assignment. */
export const NO_TOURNAMENTS: PostAnswer = { status: 404, body: '{"error": "no API /api/v1/assignment"}' };

/** Posts wait in `posted` until the test answers them; a GET for the next match is answered at once, as a
 * server with no tournaments does (HandGetTransport keeps them for the test to answer). */
export class HandTransport implements TransportPort {
  readonly posted: Posted[] = [];
  cancels = 0;
  gets = 0;
  get(_request: GetRequest, done: Posted['done']): void {
    this.gets++;
    done(null, NO_TOURNAMENTS);
  }
  post(request: PostRequest, done: Posted['done']): void {
    const b = request.body;
    this.posted.push({ request, body: Buffer.from(b.read(0, b.length)).toString('utf8'), done });
  }
  cancel(): void {
    this.cancels++;
  }
  /** Answers the oldest unanswered post. */
  answer(status: number, body: unknown): Posted {
    const p = this.posted.shift()!;
    p.done(null, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return p;
  }
  fail(error: string): Posted {
    const p = this.posted.shift()!;
    p.done(error, null);
    return p;
  }
}

/** A transport that acknowledges every post at once, keeping the records' bodies (a server that is always
 * there, with no tournaments); the shot messages (docs/sync.md §7) are kept apart, each answered as
 * published (the server then holds every line it carried). */
export class AckTransport implements TransportPort {
  readonly bodies: string[] = [];
  readonly shots: string[] = [];
  post(request: PostRequest, done: Posted['done']): void {
    const b = request.body;
    const text = Buffer.from(b.read(0, b.length)).toString('utf8');
    if (request.url.endsWith('/api/v1/shots')) {
      this.shots.push(text);
      const m = JSON.parse(text) as { from: number; lines: string };
      return done(null, { status: 200, body: JSON.stringify({ published: true, have: m.from + m.lines.split('\n').length - 1 }) });
    }
    this.bodies.push(text);
    done(null, { status: 201, body: '{"stored": true}' });
  }
  get(_request: GetRequest, done: Posted['done']): void {
    done(null, NO_TOURNAMENTS);
  }
  cancel(): void {}
}

export function makeSync(transport: TransportPort, flash = new MemoryFlash(), settings: SyncSettings | null = SETTINGS, seed = 1): Sync {
  let s = settings;
  return new Sync({
    storage: flash,
    transport,
    digest: nodeDigest,
    random: { next: rng(seed) },
    settings: { load: () => s, forget: () => void (s = null) },
    firmware: 'test 1',
  });
}

export interface Asked {
  request: GetRequest;
  done: Posted['done'];
}

/** A HandTransport that can GET too (a tournament's server, docs/tournament.md §5.1): the questions wait
 * in `asked` until the test answers them, signed with Node's own HMAC unless it says otherwise. */
export class HandGetTransport extends HandTransport {
  readonly asked: Asked[] = [];
  override get(request: GetRequest, done: Posted['done']): void {
    this.asked.push({ request, done });
  }
  /** The nonce of the oldest unanswered question. */
  nonce(): string {
    return Object.fromEntries(this.asked[0].request.headers)['Carrom-Nonce'];
  }
  /** Answers the oldest question: `body` signed with `secret` (null: no signature header). */
  answerGet(status: number, body: string, secret: string | null = SECRET): Asked {
    const q = this.asked.shift()!;
    const headers: Record<string, string> = secret === null ? {} : { 'carrom-signature': `sha256=${nodeHmac(secret, body)}` };
    q.done(null, { status, body, headers });
    return q;
  }
}

/** HMAC-SHA256 by Node's crypto, the check the tests hold the table's signatures to. */
export function nodeHmac(secret: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'hex')).update(Buffer.from(body, 'utf8')).digest('hex');
}

/** A results server on loopback that gives table `hall-1` the match `draw` (signed with SECRET) at GET
 * /api/v1/assignment and answers 404 to anything else; every request it sees goes into `seen` as
 * "METHOD /path". Close it with `server.close()`. */
export async function assignmentServer(draw: Assignment, seen: string[] = []): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    if (req.method === 'GET' && req.url === '/api/v1/assignment') {
      const body = assignmentText({ table: 'hall-1', counter: 1, nonce: String(req.headers['carrom-nonce']), assignment: draw });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Carrom-Signature': `sha256=${nodeHmac(SECRET, body)}` });
      return res.end(body);
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
