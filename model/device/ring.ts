// The capture driver's edge ring (hosts/device/capture/edges.h) in TypeScript, function for function:
// one writer at a time (the interrupt, or the re-read tick), one reader (JavaScript), free-running u32
// head and tail, one slot always free, a full ring drops the new record and counts it, and the reader
// extends the low 32 bits of the µs clock to 64 from the clock's value when it reads. The posting rule
// is edges.h's: one message pending at a time; a refused post gives back its claim, is counted, and
// the next edge or tick posts again (edgeRingNotify). The re-read (edgeRingReread) puts a correction
// (kind 1) for a channel quiet for REREAD_QUIET_US whose pin disagrees with its last record.
// test/model/ring.test.ts runs the C ring (test/device/edges-probe.c) and this one on the same
// commands, posting, refusals and re-reads included, so that they cannot drift apart.
import { FIGURES } from './figures.ts';

export interface Edge {
  /** µs, low 32 bits as the ISR took them (put), or the whole time (take). */
  t: number;
  channel: number;
  /** 1 clear, 0 blocked. */
  level: number;
  /** 0 an edge the interrupt saw, 1 a level re-read that disagreed (interface 1's correction). */
  kind: number;
}

const LAP = 0x1_0000_0000;
const CHANNELS = 8; // kEdgeChannels
export const KIND_EDGE = 0; // kEdgeKindEdge
export const KIND_CORRECTION = 1; // kEdgeKindCorrection
/** edges.h kRereadQuietUs and kRereadPeriodUs (figures.ts). */
export const REREAD_QUIET_US = FIGURES.rereadQuietUs;
export const REREAD_PERIOD_US = FIGURES.rereadPeriodUs;

/** edges.h's EdgePost: 0 when the queue took the message, anything else when it refused. */
export type EdgePost = () => number;

export class EdgeRing {
  head = 0;
  tail = 0;
  lost = 0;
  refused = 0;
  uses = 1;
  posted = 0;
  /** Each channel's last record's level: what the reader will see (edgeRingBlocked). */
  readonly level: number[] = [];
  /** When each channel's pin last moved (an interrupt, even a dropped one) or was corrected (low 32 bits). */
  readonly lastAt: number[] = [];
  private readonly slots: Edge[];

  /** edgeRingInit: every channel clear, quiet since `now`. */
  constructor(readonly size = FIGURES.ringEdges, now = 0) {
    this.slots = Array.from({ length: size }, () => ({ t: 0, channel: 0, level: 0, kind: 0 }));
    for (let i = 0; i < CHANNELS; i++) ((this.level[i] = 1), (this.lastAt[i] = now >>> 0));
  }

  /** edgeRingPutKind: one record; false when the ring was full and it was dropped (counted). */
  putKind(t: number, channel: number, level: number, kind: number): boolean {
    if (((this.head - this.tail) >>> 0) >= this.size - 1) {
      this.lost = (this.lost + 1) >>> 0;
      return false;
    }
    const e = this.slots[this.head & (this.size - 1)];
    e.t = t >>> 0;
    e.channel = channel;
    e.level = level;
    e.kind = kind;
    this.level[channel] = level;
    this.head = (this.head + 1) >>> 0;
    return true;
  }

  /** edgeRingPut, the interrupt: one edge, its level as the pin reads now. */
  put(t: number, channel: number, level: number): boolean {
    this.lastAt[channel] = t >>> 0; // even if dropped: the pin moved, so a re-read waits for it to settle
    return this.putKind(t, channel, level, KIND_EDGE);
  }

  /** edgeRingShouldPost: true when the caller must post a message (none pending); it holds a use. */
  shouldPost(): boolean {
    if (this.posted) return false;
    this.posted = 1;
    this.uses++;
    return true;
  }

  /** edgeRingRefused: the claim and its use given back, the refusal counted. */
  refusedPost(): void {
    this.uses--;
    this.refused = (this.refused + 1) >>> 0;
    this.posted = 0;
  }

  /** edgeRingNotify: a message for records waiting, unless one is pending; a refusal undone and counted. */
  notify(post: EdgePost): void {
    if (this.head === this.tail) return;
    if (this.shouldPost() && post() !== 0) this.refusedPost();
  }

  /** edgeRingReread: `level` is the channel's pin read now; true when it put a correction. */
  reread(now: number, channel: number, level: number): boolean {
    if (((now - this.lastAt[channel]) >>> 0) < REREAD_QUIET_US) return false;
    if (level === this.level[channel]) return false;
    if (!this.putKind(now, channel, level, KIND_CORRECTION)) return false; // full: counted, tried at the next tick
    this.lastAt[channel] = now >>> 0;
    return true;
  }

  /** edgeRingBlocked: bit = channel, set when its last record says blocked. */
  blocked(): number {
    let mask = 0;
    for (let i = 0; i < CHANNELS; i++) if (this.level[i] === 0) mask |= 1 << i;
    return mask;
  }

  /** edgeRingDelivered, the reader as a message arrives: later records post a new message. */
  delivered(): void {
    this.posted = 0;
  }

  /** edgeRingRelease: the owner closing, or a message done: true when nobody uses the ring any more. */
  release(): boolean {
    return --this.uses === 0;
  }

  /** edgeRingTake: up to `max` records with 64-bit times, `now` the 64-bit clock (read after the records are fixed). */
  take(now: () => number, max: number): Edge[] {
    const head = this.head;
    let tail = this.tail;
    if (head === tail) return [];
    const clock = now();
    const out: Edge[] = [];
    for (; out.length < max && tail !== head; tail = (tail + 1) >>> 0) {
      const e = this.slots[tail & (this.size - 1)];
      out.push({ t: extend(clock, e.t), channel: e.channel, level: e.level, kind: e.kind });
    }
    this.tail = tail;
    return out;
  }

  /** edgeRingCount: how many records wait. */
  count(): number {
    return (this.head - this.tail) >>> 0;
  }
}

/** The 64-bit time of an edge taken at low 32 bits `t`, less than 2^32 µs before `now`. */
export function extend(now: number, t: number): number {
  const low = now % LAP;
  return now - ((low - t + LAP) % LAP);
}
