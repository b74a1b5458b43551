// Which parts of the frame changed: one span of columns per SSD1306 page (eight pages of eight rows,
// the unit the display's RAM is written in), so that the driver sends those bytes and no others.

import { HEIGHT, WIDTH } from './frame.ts';

export const PAGES = HEIGHT / 8;

export class Changes {
  /** Page p changed in columns [from[p], to[p]); not at all when from[p] >= to[p]. */
  readonly from = new Uint8Array(PAGES).fill(WIDTH);
  readonly to = new Uint8Array(PAGES);

  /** Columns [x0, x1) of rows [y0, y1) changed: every page those rows touch. */
  rows(y0: number, y1: number, x0: number, x1: number): void {
    if (y1 <= y0) return;
    for (let p = Math.max(0, y0 >> 3), last = Math.min(PAGES - 1, (y1 - 1) >> 3); p <= last; p++) this.page(p, x0, x1);
  }

  page(p: number, x0: number, x1: number): void {
    x0 = Math.max(0, x0);
    x1 = Math.min(WIDTH, x1);
    if (x1 <= x0) return;
    if (x0 < this.from[p]) this.from[p] = x0;
    if (x1 > this.to[p]) this.to[p] = x1;
  }

  /** The whole frame (at boot, after a fault: what the display holds is not known). */
  all(): this {
    this.from.fill(0);
    this.to.fill(WIDTH);
    return this;
  }

  /** Adds what `other` says changed (a span per page covers both). */
  merge(other: Changes): void {
    for (let p = 0; p < PAGES; p++) if (other.from[p] < other.to[p]) this.page(p, other.from[p], other.to[p]);
  }

  clear(): void {
    this.from.fill(WIDTH);
    this.to.fill(0);
  }

  /** Page p sent: nothing of it is pending any more. */
  done(p: number): void {
    this.from[p] = WIDTH;
    this.to[p] = 0;
  }
}
