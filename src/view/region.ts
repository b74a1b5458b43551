// A screen as regions: bands of rows that each one field (or a few that share a line) draws in alone,
// so that a region whose fields did not change is left as it is, and one that did is cleared and drawn
// again, without touching any other. The bands never overlap, which is what makes a redraw of some of
// them give the very pixels a full render gives.

import type { Frame } from './frame.ts';

export interface Region<S> {
  /** Rows [y0, y1): this region's alone; everything it draws stays in them. */
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
}

/** Every region of a layout on a cleared frame. */
export function drawAll<S>(f: Frame, layout: Layout<S>, s: S): void {
  f.clear();
  layout.fixed(f, s);
  for (const r of layout.regions) r.draw(f, s);
}
