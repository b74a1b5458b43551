// The delay stage (docs/server.md §4, "A tournament's delay"): between the in-process bus (LiveMatches'
// `shot` events, the feed's `record` events) and every public reader. Each event of a tournament whose
// delay is above 0 is held until it is that delay old, by the server's clock: a shot from when it was
// published, a record from its `receivedAt` (the server's clock at its arrival, the gate of the stored
// reads too: server/live/delay-reads.ts). Everything else (records of no tournament, a tournament with no
// delay, `forward-refused`) passes at once. One timer, for the earliest release, however many are held;
// the held events in a heap by release time, so that a tournament's events come out in the order they
// went in (one delay for all of them, ties by arrival).
//
// A delay changed while events are held applies to them at once: lengthened, what is not yet out is held
// longer; shortened, what is now old enough goes out at once (in order). What went out stays out.
// Nothing here is stored: a restart loses the shots held (the records are stored, and the stored reads
// apply the delay of their own: nothing of a result is lost, docs/server.md §4).
import { EventEmitter } from 'node:events';
import type { FeedEvent } from '../store/feed.ts';
import type { ShotEvent } from './live-matches.ts';

/** A tournament's delay in milliseconds, or null when this process does not know the tournament yet
 *  (held as long as the longest delay meanwhile: server/live/delays.ts reads it and calls `reschedule`). */
export type DelayOf = (tournament: number) => number | null;

/** Shots held at most; past it the oldest held shot is dropped (its table's records heal a reader's
 *  copy: a shot is best effort). Records are never dropped: they are bounded by what the tables store.
 *  32 tables at one shot each 5 s for an hour are 23,040. */
export const MAX_HELD_SHOTS = 50_000;

type Held = { kind: 'shot'; event: ShotEvent; tournament: number; at: number; n: number; release: number }
  | { kind: 'record'; event: FeedEvent; tournament: number; at: number; n: number; release: number };

/** The stage's events: the bus's, and whether the stage held it (false: passed at once). */
export interface DelayEvents {
  shot: [ShotEvent, boolean];
  record: [FeedEvent, boolean];
}

/** The tournament and the server's time of a feed event, when it is a tournament's record; else null. */
export function recordGate(e: FeedEvent): { tournament: number; at: number } | null {
  if (e.event !== 'record') return null;
  try {
    const r = JSON.parse(e.data) as { assigned?: { tournament?: unknown }; receivedAt?: unknown };
    const t = r.assigned?.tournament;
    const at = typeof r.receivedAt === 'string' ? Date.parse(r.receivedAt) : NaN;
    return typeof t === 'number' && Number.isFinite(at) ? { tournament: t, at } : null;
  } catch {
    return null;
  }
}

export class DelayStage extends EventEmitter<DelayEvents> {
  private heap: Held[] = [];
  private n = 0;
  private shots = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;

  constructor(
    private readonly delayOf: DelayOf,
    private readonly now: () => number,
    /** The longest delay, for a tournament not known yet (60 minutes). */
    private readonly longest: number,
    private readonly maxShots = MAX_HELD_SHOTS,
  ) {
    super();
  }

  /** A shot published on the bus: out at once, or held until its tournament's delay is past. */
  shot(e: ShotEvent): void {
    const t = e.assigned?.tournament;
    if (t === undefined) return void this.emit('shot', e, false);
    this.take({ kind: 'shot', event: e, tournament: t, at: this.now(), n: 0, release: 0 });
  }

  /** A feed event: a tournament's record is held until its delay past its `receivedAt`; anything else goes. */
  record(e: FeedEvent): void {
    const gate = recordGate(e);
    if (!gate) return void this.emit('record', e, false);
    this.take({ kind: 'record', event: e, ...gate, n: 0, release: 0 });
  }

  /** Events held now (shots and records). */
  get held(): number {
    return this.heap.length;
  }

  /** The delays changed (or a tournament became known): every held event's release is computed again,
   *  and what is due goes out. */
  reschedule(): void {
    for (const h of this.heap) h.release = this.releaseOf(h);
    this.heap.sort(before);
    this.wake();
  }

  /** Sends what is due by the clock now, and sets the one timer for the next. Called by the timer; a
   *  test that moves its clock calls it too. */
  wake(): void {
    const now = this.now();
    while (this.heap.length > 0 && this.heap[0].release <= now) {
      const h = this.pop();
      if (h.kind === 'shot') (this.shots--, this.emit('shot', h.event, true));
      else this.emit('record', h.event, true);
    }
    this.arm();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.heap = [];
    this.shots = 0;
  }

  private take(h: Held): void {
    h.n = this.n++;
    h.release = this.releaseOf(h);
    // What is due goes first, so that one due now comes after its tournament's held ones (in order).
    this.wake();
    // A tournament with no delay (most): out now, nothing held.
    if (h.release <= this.now()) {
      if (h.kind === 'shot') this.emit('shot', h.event, false);
      else this.emit('record', h.event, false);
      return;
    }
    if (h.kind === 'shot') {
      if (this.shots >= this.maxShots) this.dropOldestShot();
      this.shots++;
    }
    this.push(h);
    this.arm();
  }

  private releaseOf(h: Held): number {
    return h.at + (this.delayOf(h.tournament) ?? this.longest);
  }

  private arm(): void {
    const next = this.heap.length > 0 ? this.heap[0].release : Infinity;
    if (next === this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = next;
    if (next === Infinity) return;
    // Timers run at most ~24.8 days; a delay is at most an hour. At least 1 ms: never a busy loop.
    this.timer = setTimeout(() => ((this.timer = null), (this.timerAt = Infinity), this.wake()), Math.max(1, next - this.now()));
    this.timer.unref();
  }

  private dropOldestShot(): void {
    let oldest = -1;
    for (let i = 0; i < this.heap.length; i++) if (this.heap[i].kind === 'shot' && (oldest < 0 || this.heap[i].n < this.heap[oldest].n)) oldest = i;
    if (oldest < 0) return;
    this.heap.splice(oldest, 1);
    this.heap.sort(before);
    this.shots--;
  }

  // A binary heap on (release, n): push and pop are log n.
  private push(h: Held): void {
    const a = this.heap;
    a.push(h);
    for (let i = a.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (before(a[p], a[i]) <= 0) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }

  private pop(): Held {
    const a = this.heap;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m]) < 0) m = l;
        if (r < a.length && before(a[r], a[m]) < 0) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}

/** The heap's order: by release, then by arrival (a sorted array is a heap too). */
const before = (a: Held, b: Held): number => a.release - b.release || a.n - b.n;
