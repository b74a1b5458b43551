// The open readers of the public live feeds (docs/server.md §4, "The live feeds"), bounded as the event
// stream's are (server/live/events.ts, the same defaults): in all, per client address with the last of
// them kept for an address's first reader, and a reader that does not take what it is sent is dropped
// (its backlog past a bound, or a full socket not drained for a while). A feed's reader is a server-sent
// event stream or an NDJSON stream: the feeds give each event in both forms, encoded once per feed.
import type { ServerResponse } from 'node:http';
import { MAX_BACKLOG, MAX_PER_ADDRESS, MAX_STREAMS, STALL_MS, type HubLimits, type Refused } from './events.ts';
import type { Kept } from './feed-log.ts';

export type Format = 'sse' | 'ndjson';

/** An event in a reader's form. */
export const encode = (k: Kept, format: Format): string =>
  format === 'sse' ? `id: ${k.seq}\nevent: ${k.event}\ndata: ${k.data}\n\n` : `{"id":${k.seq},"event":"${k.event}","data":${k.data}}\n`;

export class FeedStreams {
  private readonly formatOf = new Map<ServerResponse, Format>();
  private readonly addressOf = new Map<ServerResponse, string>();
  private readonly perAddress = new Map<string, number>();
  private readonly stalled = new Map<ServerResponse, number>();
  private readonly capped = new Set<string>();
  private readonly beat: NodeJS.Timeout;
  private readonly sweep: NodeJS.Timeout;
  private readonly maxStreams: number;
  private readonly maxPerAddress: number;
  private readonly reserved: number;
  private readonly maxBacklog: number;
  private readonly stallMs: number;

  constructor(
    limits: HubLimits,
    private readonly log: (line: string) => void,
    /** Called as a reader goes (closed, or dropped), to take it off its feed. */
    private readonly gone: (res: ServerResponse) => void,
  ) {
    this.maxStreams = limits.maxStreams ?? MAX_STREAMS;
    this.maxPerAddress = limits.maxPerAddress ?? MAX_PER_ADDRESS;
    this.reserved = Math.min(limits.reserved ?? Math.floor(this.maxStreams / 10), this.maxStreams);
    this.maxBacklog = limits.maxBacklog ?? MAX_BACKLOG;
    this.stallMs = limits.stallMs ?? STALL_MS;
    // Now and then a comment (SSE) or an empty line (NDJSON) keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => {
      for (const [r, f] of this.formatOf) this.put(r, f === 'sse' ? ': still here\n\n' : '\n');
    }, 15_000);
    this.beat.unref();
    this.sweep = setInterval(() => this.dropStalled(), Math.max(100, Math.min(1_000, this.stallMs / 4)));
    this.sweep.unref();
  }

  get streams(): number {
    return this.formatOf.size;
  }

  /** Opens a reader on `res` for a client at `address` (its answer's head written), or says why not. */
  open(res: ServerResponse, address: string, format: Format): Refused | null {
    const refused = this.refusal(address);
    if (refused) return refused;
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
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
    const left = (this.perAddress.get(address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(address, left);
    else (this.perAddress.delete(address), this.capped.delete(address));
    this.gone(res);
  }

  /** Why a client at `address` gets no reader now, or null. */
  private refusal(address: string): Refused | null {
    const mine = this.perAddress.get(address) ?? 0;
    if (mine >= this.maxPerAddress) {
      if (!this.capped.has(address)) this.log(`live feeds: ${address} has ${mine} open, the most one address gets; its next ones are answered 429 (said once until they are all closed)`);
      this.capped.add(address);
      return { status: 429, error: `${mine} live feeds are open from your address already, the most one address gets; close one or try again later` };
    }
    if (this.streams >= this.maxStreams) return { status: 503, error: `${this.maxStreams} live feeds are open already, the most this server keeps; try again later` };
    if (mine > 0 && this.streams >= this.maxStreams - this.reserved) {
      return { status: 503, error: `${this.streams} live feeds are open already; the last ${this.reserved} of the ${this.maxStreams} this server keeps are for a reader at an address with none yet; try again later` };
    }
    return null;
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
    if (res.writableLength > this.maxBacklog) this.drop(res, `over ${this.maxBacklog >> 10} KiB waited for it`);
  }

  private dropStalled(): void {
    if (this.stalled.size === 0) return;
    const since = Date.now() - this.stallMs;
    for (const [r, at] of this.stalled) if (at <= since) this.drop(r, `its socket stayed full for ${this.stallMs / 1000} s`);
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
