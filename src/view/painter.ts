// Draws each new screen over the last one, region by region (region.ts): a region whose fields are
// the same is not touched, one that changed is cleared over the columns and rows it last drew in and
// drawn again. What it touched goes into a Changes, page by page, for the display to send and no more
// (a bottom line without accents sends page 7 alone, though its marks' rows reach into page 6).
// The frame ends identical to a full render of the screen (test/view/painter.test.ts checks it).

import type { Changes } from './changes.ts';
import type { Frame } from './frame.ts';
import type { Layout } from './region.ts';
import { MENU, playLayoutOf } from './render.ts';
import type { Screen } from './screen.ts';
import { TEXT } from './text.ts';

/** As many regions as any layout has, or more (the play screen has fourteen). */
const MAX_REGIONS = 15;

const layoutOf = (s: Screen): Layout<Screen> => (s.kind === 'play' ? playLayoutOf(s) : s.kind === 'text' ? TEXT : MENU) as Layout<Screen>;

export class Painter {
  private last: Screen | null = null;
  /** Columns [from[i], to[i]) and rows [top[i], bottom[i]) hold everything region i drew last time
   * (nothing: from >= to). */
  private readonly from = new Uint8Array(MAX_REGIONS);
  private readonly to = new Uint8Array(MAX_REGIONS);
  private readonly top = new Uint8Array(MAX_REGIONS);
  private readonly bottom = new Uint8Array(MAX_REGIONS);
  private readonly oldFrom = new Uint8Array(MAX_REGIONS);
  private readonly oldTo = new Uint8Array(MAX_REGIONS);
  private readonly oldTop = new Uint8Array(MAX_REGIONS);
  private readonly oldBottom = new Uint8Array(MAX_REGIONS);

  constructor(readonly frame: Frame) {}

  /** The next paint draws the whole screen (the path a boot takes). */
  reset(): void {
    this.last = null;
  }

  /** Brings the frame to `screen`, adding what changed to `changed`. */
  paint(screen: Screen, changed: Changes): void {
    const l = layoutOf(screen);
    const last = this.last;
    this.last = screen;
    if (!last || last.kind !== screen.kind || !l.fits(last, screen)) return this.all(l, screen, changed);
    const regions = l.regions;
    let redo = 0;
    for (let i = 0; i < regions.length; i++) if (!regions[i].same(last, screen)) redo |= 1 << i;
    if (redo === 0) return;
    // With them, the regions that share their pixels' rows and columns (a long title under the corner).
    redo = this.touching(l, redo);
    const f = this.frame;
    for (let i = 0; i < regions.length; i++) {
      if (!(redo & (1 << i))) continue;
      const x0 = (this.oldFrom[i] = this.from[i]);
      const x1 = (this.oldTo[i] = this.to[i]);
      const y0 = (this.oldTop[i] = this.top[i]);
      const y1 = (this.oldBottom[i] = this.bottom[i]);
      if (x0 < x1 && y0 < y1) f.fill(x0, y0, x1 - x0, y1 - y0, false);
    }
    for (let i = 0; i < regions.length; i++) if (redo & (1 << i)) this.draw(l, i, screen);
    // One now reaches into a region left as it was (a score grown into the other): rare, so all again.
    if (this.touching(l, redo) !== redo) return this.all(l, screen, changed);
    for (let i = 0; i < regions.length; i++) {
      if (!(redo & (1 << i))) continue;
      // The old pixels that went and the new ones that came (one span per page covers both).
      changed.rows(Math.min(this.oldTop[i], this.top[i]), Math.max(this.oldBottom[i], this.bottom[i]), Math.min(this.oldFrom[i], this.from[i]), Math.max(this.oldTo[i], this.to[i]));
    }
  }

  private all(l: Layout<Screen>, screen: Screen, changed: Changes): void {
    this.frame.clear();
    l.fixed(this.frame, screen);
    for (let i = 0; i < l.regions.length; i++) this.draw(l, i, screen);
    changed.all();
  }

  /** Region i drawn, and the columns and rows it drew in kept. */
  private draw(l: Layout<Screen>, i: number, screen: Screen): void {
    this.frame.startDrawn();
    l.regions[i].draw(this.frame, screen);
    this.from[i] = this.frame.drawnFrom;
    this.to[i] = this.frame.drawnTo;
    this.top[i] = this.frame.drawnTop;
    this.bottom[i] = this.frame.drawnBottom;
  }

  /** `set` and every region whose rows and current columns meet one of them, and so on. */
  private touching(l: Layout<Screen>, set: number): number {
    for (let grown = true; grown; ) {
      grown = false;
      for (let i = 0; i < l.regions.length; i++) {
        if (set & (1 << i) || !(l.mates[i] & set)) continue;
        for (let j = 0; j < l.regions.length; j++) {
          if (!(set & (1 << j)) || !(l.mates[i] & (1 << j))) continue;
          if (this.from[i] < this.to[j] && this.from[j] < this.to[i]) {
            set |= 1 << i;
            grown = true;
            break;
          }
        }
      }
    }
    return set;
  }
}
