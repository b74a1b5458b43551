// Server-sent events: a `record` event to every open page at each stored record, whichever process on
// the database stored it (the events come from the feed, server/store/feed.ts). The open streams are capped in
// all and per client address, the last of them kept for an address's first stream (a hall screen gets in
// while others hold the rest), and a client that does not take what is written to it is dropped (its
// backlog past a bound, or a full socket not drained for a while), so that neither many pages, one
// client's many, nor a stalled one can hold the server's memory, its streams or slow its storing.
// A page that reconnects (its browser sends `Last-Event-ID`, the `id:` of the last event it got) is sent
// what it missed from the feed's table before the live events, so that it loses nothing without a
// reload; every stream starts with the newest event's id, so that even a page that got no event yet
// resumes from there. When what it missed is no longer kept it gets a `reset` event: read everything again.
import type { ServerResponse } from 'node:http';
import type { FeedEvent } from '../store/feed.ts';
import { Admission, type HubLimits, type Refused } from './admission.ts';

/** Where the missed events come from (the store, server/store/feed.ts). */
export interface History {
  eventsAfter(after: number, limit: number): Promise<FeedEvent[] | null>;
  newestEvent(): Promise<number>;
}

/** Missed events read at once; the next batch waits until the client has taken most of this one. */
const CATCH_UP_BATCH = 200;
const asText = (e: FeedEvent) => `id: ${e.seq}\nevent: ${e.event}\ndata: ${e.data}\n\n`;

/** What a stream was sent from the database as it caught up: every event up to `upTo` but the numbers
 * in `gaps`, which it did not find. On PostgreSQL an event's number is taken as it is written and the
 * event is seen at its commit, so the feed brings events out of their order: one the stream caught up
 * on may come live after a newer one (it is not sent again), and one not yet committed as it caught up
 * (a gap) comes live later (it is sent then, once). The floor stays as long as the stream. */
interface Floor {
  upTo: number;
  gaps: Set<number>;
}
/** Numbers missing below an event kept as gaps, at most: an event committed later than this many
 * newer ones is not waited for (a gap that wide is rolled-back numbers, or events no longer kept). */
const MAX_GAP = 1_000;

/** Whether a live event is one the stream was not sent as it caught up (and now is, once). */
const unsent = (f: Floor, e: FeedEvent): boolean => e.seq > f.upTo || f.gaps.delete(e.seq);

export class EventHub {
  private readonly open = new Set<ServerResponse>();
  /** Streams being sent what they missed, each with the live events that came meanwhile. */
  private readonly catching = new Map<ServerResponse, FeedEvent[]>();
  /** Streams that caught up to an event the feed may still bring live: what they were sent of the
   *  database up to it (Floor). */
  private readonly floors = new Map<ServerResponse, Floor>();
  /** Each stream's client address (the bounds count them per address: server/live/admission.ts). */
  private readonly addressOf = new Map<ServerResponse, string>();
  /** Streams whose socket is full (a write returned false), since when: dropped past `stallMs` without a drain. */
  private readonly stalled = new Map<ServerResponse, number>();
  private readonly beat: NodeJS.Timeout;
  private readonly sweep: NodeJS.Timeout;
  private readonly admission: Admission;
  private pending: FeedEvent[] = [];
  /** The events the delay held, sent late (sendLate): past every stream's floor. */
  private readonly late = new WeakSet<FeedEvent>();
  /** Catching up failed last time (said in the log once until it works again). */
  private failing = false;

  constructor(
    limits: HubLimits = {},
    private readonly history: History | null = null,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.admission = new Admission(limits, { streams: 'event streams', one: 'a page' }, log);
    // A comment now and then keeps proxies and phones from closing a quiet stream.
    this.beat = setInterval(() => this.write(': still here\n\n'), 15_000);
    this.beat.unref();
    // The streams whose socket stayed full too long go, whether or not events come meanwhile.
    this.sweep = setInterval(() => this.dropStalled(), this.admission.sweepMs);
    this.sweep.unref();
  }

  /** Opens a stream on `res` for a client at `address`, sending first what came after `lastEventId` (the
   *  request's `Last-Event-ID`); or says why not (nothing written). */
  subscribe(res: ServerResponse, address: string, lastEventId?: string | string[]): Refused | null {
    const refused = this.admission.refusal(address, this.streams);
    if (refused) return refused;
    this.admission.opened(address);
    this.addressOf.set(res, address);
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    this.put(res, 'retry: 2000\n\n');
    res.on('close', () => {
      this.open.delete(res);
      this.catching.delete(res);
      this.floors.delete(res);
      this.stalled.delete(res);
      this.addressOf.delete(res);
      this.admission.closed(address);
    });
    res.on('drain', () => this.stalled.delete(res));
    if (!this.history) {
      this.open.add(res);
      return null;
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
    return null;
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
    const gaps = new Set<number>();
    for (;;) {
      const missed = await history.eventsAfter(last, CATCH_UP_BATCH);
      if (!this.catching.has(res)) return; // closed meanwhile
      if (missed === null) return this.join(res, `id: ${await history.newestEvent()}\nevent: reset\ndata: {}\n\n`);
      if (missed.length > 0) {
        this.put(res, missed.map(asText).join(''));
        for (const e of missed) {
          for (let q = Math.max(last + 1, e.seq - MAX_GAP); q < e.seq; q++) gaps.add(q);
          last = e.seq;
        }
      }
      if (missed.length < CATCH_UP_BATCH) return this.join(res, '', { upTo: last, gaps });
      if (res.writableLength > this.admission.maxBacklog / 2) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
    }
  }

  /** Ends a stream's catching up: `text`, then the live events that came meanwhile (those it was not
   *  sent from the database: `floor`). */
  private join(res: ServerResponse, text: string, floor: Floor | null = null): void {
    const meanwhile = this.catching.get(res);
    if (!meanwhile) return;
    this.catching.delete(res);
    this.put(res, text + (floor ? meanwhile.filter((e) => this.late.has(e) || unsent(floor, e)) : meanwhile).map(asText).join(''));
    if (floor && floor.upTo > 0) this.floors.set(res, floor);
    this.open.add(res);
  }

  /** Writes to one stream, noting when its socket is full (the write was only buffered, here). */
  private put(res: ServerResponse, chunk: string | Buffer): void {
    if (!res.write(chunk) && !this.stalled.has(res)) this.stalled.set(res, Date.now());
  }

  /** Drops the streams whose socket has been full for `stallMs` with no drain: a reader that stopped. */
  private dropStalled(): void {
    if (this.stalled.size === 0) return;
    const since = Date.now() - this.admission.stallMs;
    for (const [r, at] of this.stalled) if (at <= since) this.drop(r, `its socket stayed full for ${this.admission.stallMs / 1000} s`);
  }

  /** A client that does not take what it is sent goes; its page reconnects if it lives. Said in the log:
   *  a line per drop, and a drop needs the operating system's buffers (MiB) filled with events first. */
  private drop(r: ServerResponse, why: string): void {
    this.log(`event stream to ${this.addressOf.get(r) ?? 'a client'} dropped: ${why}, the client is not reading`);
    this.open.delete(r);
    this.catching.delete(r);
    this.stalled.delete(r);
    r.destroy();
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

  /** A stored event the delay held (server/live/delay.ts), sent when it is due: to every stream, even one
   *  that caught up past its number meanwhile (its page reconnected with a newer Last-Event-ID), which
   *  the numbers alone would take for sent. One that also read it as it caught up gets it twice. */
  sendLate(e: FeedEvent): void {
    this.late.add(e);
    this.send(e);
  }

  /** An event that is not stored (a table's shot: server/live/live-matches.ts), to the open streams now,
   *  without an `id:`: a page's Last-Event-ID stays the last stored event's, and one that reconnects is
   *  not sent the shots it missed (the records carry them). */
  unstored(event: string, data: string): void {
    this.write(`event: ${event}\ndata: ${data}\n\n`);
  }

  close(): void {
    clearInterval(this.beat);
    clearInterval(this.sweep);
    for (const r of [...this.open, ...this.catching.keys()]) r.end();
    this.open.clear();
    this.catching.clear();
    this.floors.clear();
    this.stalled.clear();
  }

  private write(text: string, events: readonly FeedEvent[] = []): void {
    // Encoded once for every stream, not once per stream.
    const bytes = Buffer.from(text);
    for (const r of this.open) {
      const floor = this.floors.get(r);
      if (floor === undefined) this.put(r, bytes);
      else {
        const fresh = events.filter((e) => this.late.has(e) || unsent(floor, e));
        this.put(r, fresh.length === events.length ? bytes : fresh.map(asText).join(''));
      }
      // What the client has not taken stays in our memory: past the bound it is a client that stopped
      // reading (or reads far slower than records arrive), and it goes; its page reconnects if it lives.
      if (r.writableLength > this.admission.maxBacklog) this.drop(r, `over ${this.admission.maxBacklog >> 10} KiB waited for it`);
    }
  }
}
