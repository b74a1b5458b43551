// The outbound push (docs/server.md §4, "Pushed to a device"): each live event (a table's `shot`, a stored
// `record`) POSTed as JSON to one URL the organiser or the club gave (`carrom serve --push URL`), signed
// with an HMAC of a secret they gave too, for a device of their own (an LED strip, home automation).
// Best effort and never in the server's way: push() only queues (no await, no I/O); one request is in
// flight at a time; a failed one is tried again after 0.5 s, 1 s, 2 s … up to 30 s, at most 8 times; the
// queue holds at most `maxQueue` events, and past it the oldest goes, counted. Every body says how many
// were dropped so far, so the device knows when it missed some.
import { sign } from '../common/sign.ts';

export interface PushOptions {
  url: string;
  /** 64 hex digits: the body's HMAC-SHA256 is keyed by the 32 bytes they stand for. */
  secret: string;
  /** Events waiting at most; one more drops the oldest (default 1,000). */
  maxQueue?: number;
  /** Milliseconds a request may take before it counts as failed (default 5 s). */
  timeoutMs?: number;
  /** The first wait before a failed request is sent again, doubled at each try (default 500 ms). */
  firstWaitMs?: number;
}

export const PUSH_QUEUE = 1_000;
const LONGEST_WAIT = 30_000;
/** Tries of one event, at most: then it is dropped (counted), and the next is sent. */
const TRIES = 8;

interface Waiting {
  /** The push's own number of the event: one more at each event pushed, from 1. */
  n: number;
  event: string;
  data: string;
}

export class Push {
  private readonly queue: Waiting[] = [];
  private readonly maxQueue: number;
  private readonly timeoutMs: number;
  private readonly firstWaitMs: number;
  private n = 0;
  private dropped = 0;
  private sending = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Said in the log once until the device takes events again. */
  private failing = false;
  private overflowing = false;

  constructor(
    private readonly o: PushOptions,
    private readonly log: (line: string) => void,
  ) {
    this.maxQueue = o.maxQueue ?? PUSH_QUEUE;
    this.timeoutMs = o.timeoutMs ?? 5_000;
    this.firstWaitMs = o.firstWaitMs ?? 500;
  }

  /** Queues one event (`data`: its JSON text, as the event stream sends it); never waits. */
  push(event: string, data: string): void {
    if (this.closed) return;
    this.queue.push({ n: ++this.n, event, data });
    if (this.queue.length > this.maxQueue + (this.sending ? 1 : 0)) {
      // The one in flight stays (it may be arriving); the oldest behind it goes.
      this.queue.splice(this.sending ? 1 : 0, 1);
      this.dropped++;
      if (!this.overflowing) this.log(`push to ${this.o.url}: ${this.maxQueue} events wait already; the oldest are dropped (counted in each body's "dropped") until the device catches up`);
      this.overflowing = true;
    }
    if (!this.sending && !this.timer) void this.next(0);
  }

  /** Events dropped so far (the queue's bound, or an event refused at every try). */
  get droppedCount(): number {
    return this.dropped;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends the queue's first event (its `tries` so far), then the next, until the queue is empty. */
  private async next(tries: number): Promise<void> {
    this.timer = null;
    const head = this.queue[0];
    if (!head || this.closed) return;
    this.sending = true;
    const body = JSON.stringify({ carromPush: 1, n: head.n, event: head.event, dropped: this.dropped, data: JSON.parse(head.data) as unknown });
    const error = await this.send(head.event, body);
    this.sending = false;
    if (this.closed) return;
    if (error === null || tries + 1 >= TRIES) {
      if (error === null && this.failing) this.log(`push to ${this.o.url}: delivering again`);
      if (error === null) this.failing = false;
      else {
        this.dropped++;
        this.log(`push to ${this.o.url}: event ${head.n} (${head.event}) dropped after ${TRIES} tries: ${error}`);
      }
      this.queue.shift();
      if (this.queue.length < this.maxQueue / 2) this.overflowing = false;
      return this.next(0);
    }
    if (!this.failing) this.log(`push to ${this.o.url}: ${error}; trying again with waits up to ${LONGEST_WAIT / 1000} s (said once until it works)`);
    this.failing = true;
    const wait = Math.min(LONGEST_WAIT, this.firstWaitMs * 2 ** tries);
    this.timer = setTimeout(() => void this.next(tries + 1), wait);
    this.timer.unref();
  }

  /** One POST: null when the device took it (2xx), else why not. */
  private async send(event: string, body: string): Promise<string | null> {
    const bytes = Buffer.from(body);
    try {
      const r = await fetch(this.o.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Carrom-Push-Event': event, 'Carrom-Push-Signature': sign(this.o.secret, bytes) },
        body: bytes,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await r.arrayBuffer().catch(() => undefined);
      return r.status >= 200 && r.status < 300 ? null : `answered ${r.status}`;
    } catch (e) {
      const cause = (e as Error).cause instanceof Error ? ` (${((e as Error).cause as Error).message})` : '';
      return `no answer: ${(e as Error).message}${cause}`;
    }
  }
}
