// The open readers of the live feeds (docs/server.md §4, "The live feeds"), bounded as the event
// streams are (server/live/admission.ts: the same rules, counted apart): in all, per client address with
// the last of them kept for an address's first reader, and a reader that does not take what it is sent is dropped
// (its backlog past a bound, or a full socket not drained for a while). A feed's reader is a server-sent
// event stream or an NDJSON stream: the feeds give each event in both forms, encoded once per feed.
import type { ServerResponse } from 'node:http';
import { Admission, type HubLimits, type Refused } from './admission.ts';
import type { Kept } from './feed-log.ts';

export type Format = 'sse' | 'ndjson';

/** An event in a reader's form. */
export const encode = (k: Kept, format: Format): string =>
  format === 'sse' ? `id: ${k.seq}\nevent: ${k.event}\ndata: ${k.data}\n\n` : `{"id":${k.seq},"event":"${k.event}","data":${k.data}}\n`;

export class FeedStreams {
  private readonly formatOf = new Map<ServerResponse, Format>();
  private readonly addressOf = new Map<ServerResponse, string>();
  private readonly stalled = new Map<ServerResponse, number>();
  private readonly beat: NodeJS.Timeout;
  private readonly sweep: NodeJS.Timeout;
  private readonly admission: Admission;

  constructor(
    limits: HubLimits,
    private readonly log: (line: string) => void,
    /** Called as a reader goes (closed, or dropped), to take it off its feed. */
    private readonly gone: (res: ServerResponse) => void,
  ) {
    this.admission = new Admission(limits, { streams: 'live feeds', one: 'a reader' }, log);
    // Now and then a comment (SSE) or an empty line (NDJSON) keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => {
      for (const [r, f] of this.formatOf) this.put(r, f === 'sse' ? ': still here\n\n' : '\n');
    }, 15_000);
    this.beat.unref();
    this.sweep = setInterval(() => this.dropStalled(), this.admission.sweepMs);
    this.sweep.unref();
  }

  get streams(): number {
    return this.formatOf.size;
  }

  /** Opens a reader on `res` for a client at `address` (its answer's head written), or says why not. */
  open(res: ServerResponse, address: string, format: Format): Refused | null {
    const refused = this.admission.refusal(address, this.streams);
    if (refused) return refused;
    this.admission.opened(address);
    this.addressOf.set(res, address);
    this.formatOf.set(res, format);
    const type = format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Content-Type-Options': 'nosniff' });
    if (format === 'sse') this.put(res, 'retry: 2000\n\n');
    res.on('close', () => this.forget(res));
    res.on('drain', () => this.stalled.delete(res));
    return null;
  }

  private forget(res: ServerResponse): void {
    const address = this.addressOf.get(res);
    if (address === undefined) return;
    this.formatOf.delete(res);
    this.addressOf.delete(res);
    this.stalled.delete(res);
    this.admission.closed(address);
    this.gone(res);
  }

  /** Events to one reader, in its form. */
  send(res: ServerResponse, events: readonly Kept[]): void {
    const f = this.formatOf.get(res);
    if (f === undefined || events.length === 0) return;
    this.put(res, events.map((k) => encode(k, f)).join(''));
  }

  /** One event to many readers, encoded once per form. */
  sendAll(readers: Iterable<ServerResponse>, k: Kept): void {
    let sse: Buffer | null = null;
    let nd: Buffer | null = null;
    for (const r of readers) {
      const f = this.formatOf.get(r);
      if (f === 'sse') this.put(r, (sse ??= Buffer.from(encode(k, 'sse'))));
      else if (f === 'ndjson') this.put(r, (nd ??= Buffer.from(encode(k, 'ndjson'))));
    }
  }

  private put(res: ServerResponse, chunk: string | Buffer): void {
    if (!res.write(chunk) && !this.stalled.has(res)) this.stalled.set(res, Date.now());
    // What the client has not taken stays in our memory: past the bound it is a reader that stopped.
    if (res.writableLength > this.admission.maxBacklog) this.drop(res, `over ${this.admission.maxBacklog >> 10} KiB waited for it`);
  }

  private dropStalled(): void {
    if (this.stalled.size === 0) return;
    const since = Date.now() - this.admission.stallMs;
    for (const [r, at] of this.stalled) if (at <= since) this.drop(r, `its socket stayed full for ${this.admission.stallMs / 1000} s`);
  }

  private drop(r: ServerResponse, why: string): void {
    if (!this.formatOf.has(r)) return;
    this.log(`live feed to ${this.addressOf.get(r) ?? 'a client'} dropped: ${why}, the client is not reading`);
    this.forget(r);
    r.destroy();
  }

  close(): void {
    clearInterval(this.beat);
    clearInterval(this.sweep);
    for (const r of [...this.formatOf.keys()]) {
      this.forget(r);
      r.end();
    }
  }
}
