// Server-sent events: a `record` event to every open page at each stored record, whichever process on
// the database stored it (the events come from the feed, server/feed.ts). The open streams are capped,
// and a client that stops reading is dropped once its backlog passes a bound, so that neither many pages
// nor a stalled one can hold the server's memory or slow its storing.
import type { ServerResponse } from 'node:http';
import type { FeedEvent } from './feed.ts';

export interface HubLimits {
  /** Open event streams at most; one more is answered 503 (default 500). */
  maxStreams?: number;
  /** Bytes written to a stream and not yet taken by its client, at most, before it is dropped (default 1 MiB). */
  maxBacklog?: number;
}

export const MAX_STREAMS = 500;
export const MAX_BACKLOG = 1 << 20;

export class EventHub {
  private readonly open = new Set<ServerResponse>();
  private readonly beat: NodeJS.Timeout;
  private readonly maxStreams: number;
  private readonly maxBacklog: number;
  private pending: string[] = [];

  constructor(limits: HubLimits = {}) {
    this.maxStreams = limits.maxStreams ?? MAX_STREAMS;
    this.maxBacklog = limits.maxBacklog ?? MAX_BACKLOG;
    // A comment now and then keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => this.write(': still here\n\n'), 15_000);
    this.beat.unref();
  }

  /** Opens a stream on `res`; false (nothing written) when the cap is reached. */
  subscribe(res: ServerResponse): boolean {
    if (this.open.size >= this.maxStreams) return false;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    return true;
  }

  get streams(): number {
    return this.open.size;
  }

  get limit(): number {
    return this.maxStreams;
  }

  /** An event from the feed, to every open stream. The events of one turn of the event loop (the feed
   * reads them in batches under load) go out in one write per stream: a write per stream is the cost. */
  send(e: FeedEvent): void {
    this.pending.push(`id: ${e.seq}\nevent: ${e.event}\ndata: ${e.data}\n\n`);
    if (this.pending.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const text = this.pending.join('');
    this.pending = [];
    this.write(text);
  }

  close(): void {
    clearInterval(this.beat);
    for (const r of this.open) r.end();
    this.open.clear();
  }

  private write(text: string): void {
    // Encoded once for every stream, not once per stream.
    const bytes = Buffer.from(text);
    for (const r of this.open) {
      r.write(bytes);
      // What the client has not taken stays in our memory: past the bound it is a client that stopped
      // reading (or reads far slower than records arrive), and it goes; its page reconnects if it lives.
      if (r.writableLength > this.maxBacklog) {
        this.open.delete(r);
        r.destroy();
      }
    }
  }
}
