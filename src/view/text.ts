// A text screen: the title, a rule, five rows of text from `top`; arrows say there is more above or below.
// The title's glyphs are in rows 2–8 under their marks' rows, the rule on row 10; row r's glyphs are in
// rows 14 + 10r to 20 + 10r, its marks in the two rows above, a dark row between it and the row above.
// The up arrow shares the first row's band, the down arrow the last one's.

import { MARK_ROWS } from './font.ts';
import { HEIGHT, WIDTH, fit, type Frame } from './frame.ts';
import { layout, type Region } from './region.ts';
import { MARKED_TOP, cornerRegion, title } from './corner.ts';
import type { TextScreen } from './screen.ts';

/** Rows of text the screen shows at once (the installer scrolls by them). */
export const TEXT_ROWS = 5;
/** The rule under the title; a row's glyphs begin PITCH rows after the last one's. */
const RULE = MARKED_TOP + 8;
const PITCH = 10;
const FIRST = RULE + 2 + MARK_ROWS;

const lineOf = (s: TextScreen, r: number): string | null => (s.top + r < s.lines.length ? s.lines[s.top + r] : null);
const above = (s: TextScreen) => s.top > 0;
const below = (s: TextScreen) => s.top + TEXT_ROWS < s.lines.length;

function row(r: number): Region<TextScreen> {
  const y = FIRST + PITCH * r;
  return {
    y0: y - MARK_ROWS - 1,
    y1: r === TEXT_ROWS - 1 ? HEIGHT : y + PITCH - MARK_ROWS - 1,
    same(a, b) {
      if (lineOf(a, r) !== lineOf(b, r)) return false;
      if (r === 0 && above(a) !== above(b)) return false;
      return r !== TEXT_ROWS - 1 || below(a) === below(b);
    },
    draw(f, s) {
      const line = lineOf(s, r);
      if (line !== null) f.text(0, y, fit(line, 20));
      if (r === 0 && above(s)) f.text(WIDTH - 5, y, '↑');
      if (r === TEXT_ROWS - 1 && below(s)) f.text(WIDTH - 5, y, '↓');
    },
  };
}

export const TEXT = layout<TextScreen>(
  () => true,
  (f: Frame) => f.hline(0, RULE, WIDTH),
  [title((s) => fit(s.title, 16), MARKED_TOP), cornerRegion(MARKED_TOP), ...Array.from({ length: TEXT_ROWS }, (_, r) => row(r))],
);
