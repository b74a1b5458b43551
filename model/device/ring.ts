// The capture driver's edge ring (hosts/device/capture/edges.h) in TypeScript, line for line: one
// writer (the interrupt), one reader (JavaScript), free-running u32 head and tail, one slot always free,
// a full ring drops the new edge and counts it, and the reader extends the ISR's low 32 bits of the µs
// clock to 64 from the clock's value when it reads. test/model/ring.test.ts runs the C ring
// (test/device/edges-probe.c) and this one on the same commands, so that they cannot drift apart.
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

export class EdgeRing {
  head = 0;
  tail = 0;
  lost = 0;
  uses = 1;
  posted = 0;
  private readonly slots: Edge[];

  constructor(readonly size = FIGURES.ringEdges) {
    this.slots = Array.from({ length: size }, () => ({ t: 0, channel: 0, level: 0, kind: 0 }));
  }

  /** Interrupt: one edge (t: the clock's low 32 bits); false when the ring was full and it was dropped. */
  put(t: number, channel: number, level: number, kind = 0): boolean {
    if (((this.head - this.tail) >>> 0) >= this.size - 1) {
      this.lost = (this.lost + 1) >>> 0;
      return false;
    }
    const e = this.slots[this.head & (this.size - 1)];
    e.t = t >>> 0;
    e.channel = channel;
    e.level = level;
    e.kind = kind;
    this.head = (this.head + 1) >>> 0;
    return true;
  }

  /** Interrupt: true when the caller must post a message to the reader (none pending). */
  shouldPost(): boolean {
    if (this.posted) return false;
    this.posted = 1;
    this.uses++;
    return true;
  }

  /** Reader, as a message arrives: later edges post a new message. */
  delivered(): void {
    this.posted = 0;
  }

  /** The owner closing, or a message done: true when nobody uses the ring any more. */
  release(): boolean {
    return --this.uses === 0;
  }

  /** Reader: up to `max` edges with 64-bit times, `now` the 64-bit clock (read after the edges are fixed). */
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

  /** Reader: how many edges wait. */
  count(): number {
    return (this.head - this.tail) >>> 0;
  }
}

/** The 64-bit time of an edge taken at low 32 bits `t`, less than 2^32 µs before `now`. */
export function extend(now: number, t: number): number {
  const low = now % LAP;
  return now - ((low - t + LAP) % LAP);
}
