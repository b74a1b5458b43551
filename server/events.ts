// Server-sent events: a `record` event to every open page at each stored record, whichever process on
// the database stored it (the events come from the feed, server/feed.ts). The open streams are capped,
// and a client that stops reading is dropped once its backlog passes a bound, so that neither many pages
// nor a stalled one can hold the server's memory or slow its storing.
// A page that reconnects (its browser sends `Last-Event-ID`, the `id:` of the last event it got) is sent
// what it missed from the feed's table before the live events, so that it loses nothing without a
// reload; every stream starts with the newest event's id, so that even a page that got no event yet
// resumes from there. When what it missed is no longer kept it gets a `reset` event: read everything again.
import type { ServerResponse } from 'node:http';
import type { FeedEvent } from './feed.ts';

/** Where the missed events come from (the store, server/feed.ts). */
export interface History {
  eventsAfter(after: number, limit: number): Promise<FeedEvent[] | null>;
  newestEvent(): Promise<number>;
}

/** Missed events read at once; the next batch waits until the client has taken most of this one. */
const CATCH_UP_BATCH = 200;
const asText = (e: FeedEvent) => `id: ${e.seq}\nevent: ${e.event}\ndata: ${e.data}\n\n`;

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
  /** Streams being sent what they missed, each with the live events that came meanwhile. */
  private readonly catching = new Map<ServerResponse, FeedEvent[]>();
  /** Streams that caught up to an event the feed may still bring live: nothing up to it is sent again. */
  private readonly floors = new Map<ServerResponse, number>();
  private readonly beat: NodeJS.Timeout;
  private readonly maxStreams: number;
  private readonly maxBacklog: number;
  private pending: FeedEvent[] = [];
  /** Catching up failed last time (said in the log once until it works again). */
  private failing = false;

  constructor(
    limits: HubLimits = {},
    private readonly history: History | null = null,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.maxStreams = limits.maxStreams ?? MAX_STREAMS;
    this.maxBacklog = limits.maxBacklog ?? MAX_BACKLOG;
    // A comment now and then keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => this.write(': still here\n\n'), 15_000);
    this.beat.unref();
  }

  /** Opens a stream on `res`, sending first what came after `lastEventId` (the request's `Last-Event-ID`);
   *  false (nothing written) when the cap is reached. */
  subscribe(res: ServerResponse, lastEventId?: string | string[]): boolean {
    if (this.streams >= this.maxStreams) return false;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    res.on('close', () => {
      this.open.delete(res);
      this.catching.delete(res);
      this.floors.delete(res);
    });
    if (!this.history) {
      this.open.add(res);
      return true;
    }
    this.catching.set(res, []);
    const after = typeof lastEventId === 'string' && /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : null;
    this.catchUp(res, after).then(
      () => (this.failing = false),
      (e: Error) => {
        // The database away: the page is told to read everything again (it reconnects meanwhile). Said
        // once, not at every page that reconnects while it lasts.
        if (!this.failing) this.log(`event stream: could not send what a page missed: ${e.message}; it was told to read again`);
        this.failing = true;
        this.join(res, 'event: reset\ndata: {}\n\n');
      },
    );
    return true;
  }

  get streams(): number {
    return this.open.size + this.catching.size;
  }

  private async catchUp(res: ServerResponse, after: number | null): Promise<void> {
    const history = this.history!;
    if (after === null) {
      // A stream's id with no event (the spec keeps it as the last id without dispatching anything).
      return this.join(res, `id: ${await history.newestEvent()}\n\n`);
    }
    let last = after;
    for (;;) {
      const missed = await history.eventsAfter(last, CATCH_UP_BATCH);
      if (!this.catching.has(res)) return; // closed meanwhile
      if (missed === null) return this.join(res, `id: ${await history.newestEvent()}\nevent: reset\ndata: {}\n\n`);
      if (missed.length > 0) {
        res.write(missed.map(asText).join(''));
        last = missed[missed.length - 1].seq;
      }
      if (missed.length < CATCH_UP_BATCH) return this.join(res, '', last);
      if (res.writableLength > this.maxBacklog / 2) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
    }
  }

  /** Ends a stream's catching up: `text`, then the live events that came meanwhile (those after `sent`). */
  private join(res: ServerResponse, text: string, sent = 0): void {
    const meanwhile = this.catching.get(res);
    if (!meanwhile) return;
    this.catching.delete(res);
    res.write(text + meanwhile.filter((e) => e.seq > sent).map(asText).join(''));
    if (sent > 0) this.floors.set(res, sent);
    this.open.add(res);
  }

  get limit(): number {
    return this.maxStreams;
  }

  /** An event from the feed, to every open stream. The events of one turn of the event loop (the feed
   * reads them in batches under load) go out in one write per stream: a write per stream is the cost. */
  send(e: FeedEvent): void {
    this.pending.push(e);
    if (this.pending.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const events = this.pending;
    this.pending = [];
    for (const meanwhile of this.catching.values()) meanwhile.push(...events);
    this.write(events.map(asText).join(''), events);
  }

  close(): void {
    clearInterval(this.beat);
    for (const r of [...this.open, ...this.catching.keys()]) r.end();
    this.open.clear();
    this.catching.clear();
    this.floors.clear();
  }

  private write(text: string, events: readonly FeedEvent[] = []): void {
    // Encoded once for every stream, not once per stream.
    const bytes = Buffer.from(text);
    for (const r of this.open) {
      const floor = this.floors.get(r);
      if (floor === undefined) r.write(bytes);
      else {
        const fresh = events.filter((e) => e.seq > floor);
        if (fresh.length > 0) this.floors.delete(r);
        r.write(fresh.length === events.length ? bytes : fresh.map(asText).join(''));
      }
      // What the client has not taken stays in our memory: past the bound it is a client that stopped
      // reading (or reads far slower than records arrive), and it goes; its page reconnects if it lives.
      if (r.writableLength > this.maxBacklog) {
        this.open.delete(r);
        r.destroy();
      }
    }
  }
}
