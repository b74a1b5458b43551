// The simulator's side of results sync: Node's fetch behind the TransportPort (with a timeout, and a
// Wi-Fi switch that makes posts fail as a real outage does), Node's SHA-256 behind the DigestFactory,
// Math.random behind the RandomPort, the wall clock. The outbox's flash is memory that outlives the
// app's power cuts, as the journal's does.
import { createHash } from 'node:crypto';
import type { BodySource, DigestFactory, GetRequest, PostAnswer, PostRequest, RandomPort, TransportPort, WallClockPort } from '../../src/sync/ports.ts';

export const nodeDigest: DigestFactory = () => {
  const h = createHash('sha256');
  return {
    write: (bytes) => void h.update(bytes),
    close: () => {
      const b = h.digest();
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
    },
  };
};

export const mathRandom: RandomPort = { next: () => Math.random() };

export const systemClock: WallClockPort = { iso: () => new Date().toISOString() };

/** The body read out of "flash" in chunks (the device streams them; here they are gathered for fetch). */
function bodyBytes(body: BodySource): Uint8Array {
  const out = new Uint8Array(body.length);
  for (let at = 0; at < body.length; at += 4096) out.set(body.read(at, Math.min(4096, body.length - at)), at);
  return out;
}

export class FetchTransport implements TransportPort {
  private readonly inFlight = new Set<AbortController>();

  constructor(
    /** False while the simulator's Wi-Fi is down. */
    private readonly online: () => boolean,
    private readonly timeoutMs = 15_000,
  ) {}

  post(request: PostRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    this.fetch(request.url, { method: 'POST', headers: request.headers.map(([k, v]) => [k, v]), body: bodyBytes(request.body) }, done);
  }

  /** The next match's question (docs/tournament.md §5.1): its answer's headers carry the server's signature. */
  get(request: GetRequest, done: (error: string | null, answer: PostAnswer | null) => void): void {
    this.fetch(request.url, { method: 'GET', headers: request.headers.map(([k, v]) => [k, v]) }, done);
  }

  private fetch(url: string, init: RequestInit, done: (error: string | null, answer: PostAnswer | null) => void): void {
    if (!this.online()) {
      setImmediate(() => done('Wi-Fi down', null));
      return;
    }
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = setTimeout(() => abort.abort(new Error(`no answer in ${this.timeoutMs / 1000} s`)), this.timeoutMs);
    fetch(url, { ...init, signal: abort.signal })
      .then(async (r) => ({ status: r.status, body: await r.text(), headers: Object.fromEntries(r.headers) }))
      .then(
        (answer) => done(null, answer),
        (e: unknown) => done(reason(e, abort), null),
      )
      .finally(() => {
        clearTimeout(timer);
        this.inFlight.delete(abort);
      });
  }

  /** Everything in flight fails at once (Wi-Fi lost, or the core gave up waiting). */
  cancel(): void {
    for (const a of this.inFlight) a.abort(new Error('Wi-Fi down'));
  }
}

function reason(e: unknown, abort: AbortController): string {
  if (abort.signal.aborted) return abort.signal.reason instanceof Error ? abort.signal.reason.message : 'aborted';
  const cause = e instanceof Error && e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e instanceof Error ? e.message : String(e)}${cause}`;
}
