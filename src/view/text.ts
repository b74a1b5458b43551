// A text screen: the title, a rule, six rows of text from `top`; arrows say there is more above or below.
// Row r is drawn in rows 10 + 9r to 16 + 9r; the up arrow shares the first row's band, the down arrow
// (rows 56–62) the last one's.

import { HEIGHT, WIDTH, fit, type Frame } from './frame.ts';
import { layout, type Region } from './region.ts';
import { cornerRegion, title } from './corner.ts';
import type { TextScreen } from './screen.ts';

const ROWS = 6;

const lineOf = (s: TextScreen, r: number): string | null => (s.top + r < s.lines.length ? s.lines[s.top + r] : null);
const above = (s: TextScreen) => s.top > 0;
const below = (s: TextScreen) => s.top + ROWS < s.lines.length;

function row(r: number): Region<TextScreen> {
  return {
    y0: 9 + 9 * r,
    y1: r === ROWS - 1 ? HEIGHT : 18 + 9 * r,
    same(a, b) {
      if (lineOf(a, r) !== lineOf(b, r)) return false;
      if (r === 0 && above(a) !== above(b)) return false;
      return r !== ROWS - 1 || below(a) === below(b);
    },
    draw(f, s) {
      const line = lineOf(s, r);
      if (line !== null) f.text(0, 10 + r * 9, fit(line, 20));
      if (r === 0 && above(s)) f.text(WIDTH - 5, 10, '↑');
      if (r === ROWS - 1 && below(s)) f.text(WIDTH - 5, HEIGHT - 8, '↓');
    },
  };
}

export const TEXT = layout<TextScreen>(
  () => true,
  (f: Frame) => f.hline(0, 8, WIDTH),
  [title((s) => fit(s.title, 16)), cornerRegion(), row(0), row(1), row(2), row(3), row(4), row(5)],
);
