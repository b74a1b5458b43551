// Draws each new screen over the last one, region by region (region.ts): a region whose fields are
// the same is not touched, one that changed is cleared over the columns it last drew in and drawn
// again. What it touched goes into a Changes, page by page, for the display to send and no more.
// The frame ends identical to a full render of the screen (test/view/painter.test.ts checks it).

import type { Changes } from './changes.ts';
import type { Frame } from './frame.ts';
import type { Layout } from './region.ts';
import { MENU, PLAY } from './render.ts';
import type { Screen } from './screen.ts';
import { TEXT } from './text.ts';

/** More regions than any layout has (the text screen's seven). */
const MAX_REGIONS = 8;

const layoutOf = (s: Screen): Layout<Screen> => (s.kind === 'play' ? PLAY : s.kind === 'text' ? TEXT : MENU) as Layout<Screen>;

export class Painter {
  private last: Screen | null = null;
  /** Columns [from[i], to[i]) hold everything region i drew last time (nothing: from >= to). */
  private readonly from = new Uint8Array(MAX_REGIONS);
  private readonly to = new Uint8Array(MAX_REGIONS);

  constructor(readonly frame: Frame) {}

  /** The next paint draws the whole screen (the frame was drawn on by someone else). */
  reset(): void {
    this.last = null;
  }

  /** Brings the frame to `screen`, adding what changed to `changed`. */
  paint(screen: Screen, changed: Changes): void {
    const f = this.frame;
    const layout = layoutOf(screen);
    const last = this.last;
    this.last = screen;
    const regions = layout.regions;
    if (!last || last.kind !== screen.kind || !layout.fits(last, screen)) {
      f.clear();
      layout.fixed(f, screen);
      for (let i = 0; i < regions.length; i++) {
        f.startDrawn();
        regions[i].draw(f, screen);
        this.from[i] = f.drawnFrom;
        this.to[i] = f.drawnTo;
      }
      changed.all();
      return;
    }
    for (let i = 0; i < regions.length; i++) {
      const r = regions[i];
      if (r.same(last, screen)) continue;
      const x0 = this.from[i];
      const x1 = this.to[i];
      if (x0 < x1) f.fill(x0, r.y0, x1 - x0, r.y1 - r.y0, false);
      f.startDrawn();
      r.draw(f, screen);
      const n0 = f.drawnFrom;
      const n1 = f.drawnTo;
      this.from[i] = n0;
      this.to[i] = n1;
      // The old pixels that went and the new ones that came (one span per page covers both).
      changed.rows(r.y0, r.y1, Math.min(x0, n0), Math.max(x1, n1));
    }
  }
}
