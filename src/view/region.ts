// A screen as regions: each field (the title, the corner, a side's score…) draws in its own band of
// rows, so that a region whose fields did not change is left as it is, and one that did is cleared over
// the columns it drew in and drawn again. Regions may share rows (the title and the corner share the
// top line) as long as they stay apart in columns; where they meet (a long title under the corner),
// the painter draws both again (painter.ts). Every drawing operation touches only the columns it
// names, which is what makes a redraw of some regions give the very pixels a full render gives.

import type { Frame } from './frame.ts';

export interface Region<S> {
  /** Rows [y0, y1): everything the region draws stays in them. */
  readonly y0: number;
  readonly y1: number;
  /** The region would draw the same pixels for both screens. */
  same(a: S, b: S): boolean;
  draw(f: Frame, s: S): void;
}

export interface Layout<S> {
  /** Two screens with the same regions (the play screen with as many sides): else all is drawn again. */
  fits(a: S, b: S): boolean;
  /** What belongs to no region and never changes (the rule under the title). */
  fixed(f: Frame, s: S): void;
  readonly regions: readonly Region<S>[];
  /** For each region, a mask of the other regions whose rows meet its own. */
  readonly mates: readonly number[];
}

export function layout<S>(fits: (a: S, b: S) => boolean, fixed: (f: Frame, s: S) => void, regions: readonly Region<S>[]): Layout<S> {
  const mates = regions.map((a, i) => regions.reduce((m, b, j) => (j !== i && a.y0 < b.y1 && b.y0 < a.y1 ? m | (1 << j) : m), 0));
  return Object.freeze({ fits, fixed, regions: Object.freeze(regions.slice()), mates: Object.freeze(mates) });
}

/** Every region of a layout on a cleared frame. */
export function drawAll<S>(f: Frame, l: Layout<S>, s: S): void {
  f.clear();
  l.fixed(f, s);
  for (const r of l.regions) r.draw(f, s);
}
