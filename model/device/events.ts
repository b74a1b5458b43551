// The device model's native events (world.ts) in time order: a binary heap, events at one time in the
// order they were put (a sequence number breaks the tie, so a run is the same every time).

export interface NativeEvent {
  t: number;
  seq: number;
  fn: () => void;
}

const before = (a: NativeEvent, b: NativeEvent) => a.t < b.t || (a.t === b.t && a.seq < b.seq);

export class NativeEvents {
  private readonly h: NativeEvent[] = [];
  private seq = 0;

  /** An event at `t`. */
  push(t: number, fn: () => void): void {
    const h = this.h;
    h.push({ t, seq: this.seq++, fn });
    for (let i = h.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (before(h[p], h[i])) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  /** When the first event is due (Infinity: none). */
  nextAt(): number {
    return this.h.length > 0 ? this.h[0].t : Infinity;
  }

  /** The first event, taken out (there must be one). */
  pop(): NativeEvent {
    const h = this.h;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l], h[m])) m = l;
        if (r < h.length && before(h[r], h[m])) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
}
