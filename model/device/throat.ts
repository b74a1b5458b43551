// What each pocket's colour sensor has in front of it over time: a piece while it blocks the upper
// beam, else the empty throat. The trace's colour reading is what a sensor sampled at the right moment
// (docs/formats.md §2), so a piece shows that reading's colour for the whole time it blocks the beam;
// a piece the trace has no reading for (the generator's missed reading, or one of touching pieces that
// gave one reading between them) gives none: a window that saw any of it reads zero counts, the sampler's
// sample of nothing. Else a window of the sensor sums what was there: wholly the piece, part piece and
// part throat (a mixed reading), or only the throat.
import type { Figures } from './figures.ts';

export interface Presence {
  from: number;
  to: number;
  /** The piece's colour (r, g, b shares), or null for a piece that gives no reading. */
  rgb: readonly [number, number, number] | null;
  /** Its r + g + b counts over a whole window (figures' pieceCounts × kindCounts); pieceCounts if not given. */
  counts?: number;
}

export class Throat {
  private readonly spans: Presence[][] = [[], [], [], []];

  constructor(private readonly f: Figures) {}

  /** A piece in front of pocket's sensor over [from, to] (added in time order). */
  add(pocket: number, p: Presence): void {
    this.spans[pocket].push(p);
  }

  finish(): void {
    for (const s of this.spans) s.sort((a, b) => a.from - b.from);
  }

  /** The r, g, b counts of one window [a, b] (for a 2.4 ms window: figures' pieceCounts, throatCounts). */
  integrate(pocket: number, a: number, b: number): [number, number, number] {
    const span = b - a;
    if (span <= 0) return [0, 0, 0];
    const out: [number, number, number] = [0, 0, 0];
    let covered = 0;
    const list = this.spans[pocket];
    // The first span that may overlap (binary search on `from`, then back over long ones).
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].from < a) lo = mid + 1;
      else hi = mid;
    }
    for (let i = Math.max(0, lo - 4); i < list.length && list[i].from < b; i++) {
      const p = list[i];
      const part = Math.max(0, Math.min(b, p.to) - Math.max(a, p.from));
      if (part <= 0) continue;
      // A piece that gives no reading (the trace has none for it) leaves the whole window without one: what
      // the window would read depends on that piece's colour, which nothing says. Counting it as dark
      // instead let a window at its junction with a read neighbour read the neighbour's colour, dim (the
      // board divides by the sum), and the device named the unread piece as its neighbour: a guess the
      // pure path does not make (it asks).
      if (!p.rgb) return [0, 0, 0];
      covered += part;
      const counts = p.counts ?? this.f.pieceCounts;
      for (let c = 0; c < 3; c++) out[c] += (p.rgb[c] * counts * part) / span;
    }
    const rest = Math.max(0, span - covered) / span;
    for (let c = 0; c < 3; c++) out[c] += this.f.throatRgb[c] * this.f.throatCounts * rest;
    return out;
  }
}
