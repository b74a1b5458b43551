// Sync for tests: a transport whose answers the test gives by hand, settings in memory, a seeded random.
import type { PostAnswer, PostRequest, SyncSettings, TransportPort } from '../../src/sync/ports.ts';
import { Sync } from '../../src/sync/sync.ts';
import { rng } from '../../tools/random-match.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { MemoryFlash } from './table.ts';

export const SECRET = '8f'.repeat(32);
export const SETTINGS: SyncSettings = Object.freeze({ server: 'http://127.0.0.1:9', table: 'club-1', secret: SECRET });

export interface Posted {
  request: PostRequest;
  body: string;
  done: (error: string | null, answer: PostAnswer | null) => void;
}

export class HandTransport implements TransportPort {
  readonly posted: Posted[] = [];
  cancels = 0;
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

/** A transport that acknowledges every post at once, keeping the bodies (a server that is always there). */
export class AckTransport implements TransportPort {
  readonly bodies: string[] = [];
  post(request: PostRequest, done: Posted['done']): void {
    const b = request.body;
    this.bodies.push(Buffer.from(b.read(0, b.length)).toString('utf8'));
    done(null, { status: 201, body: '{"stored": true}' });
  }
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
