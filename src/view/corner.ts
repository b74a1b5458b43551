// The top line of every screen: the title from the left; the corner from the right, with a fault
// mark, Wi-Fi and results sync. The play screen's title is the board and the preset's name (once the
// match is over, its result), never an accented capital: its line starts at row 0. A menu's or a text
// screen's title may hold one (a name, a word of the language): its line starts at row MARK_ROWS, under
// the marks' rows.

import { MARK_ROWS } from './font.ts';
import { Frame, WIDTH, textWidth } from './frame.ts';
import type { Region } from './region.ts';
import type { Corner } from './screen.ts';

/** Sync after the W: how many records wait ("W3"), and "?" when the last attempt failed or one was refused. */
function syncMark(c: Corner): string {
  const s = c.sync;
  if (!s) return '';
  return `${s.queued > 0 ? String(Math.min(s.queued, 99)) : ''}${s.trouble ? '?' : ''}`;
}

/** Where a menu's and a text screen's top line is drawn: its marks above it, on the screen. */
export const MARKED_TOP = MARK_ROWS;

/** The corner's marks, their top at row y. */
export function corner(f: Frame, c: Corner, y = 0): void {
  let x = WIDTH - 1;
  const mark = c.wifi === 'up' ? 'W' : c.wifi === 'down' ? 'W!' : '';
  const sync = syncMark(c);
  if (sync) {
    x -= textWidth(sync);
    f.text(x, y, sync);
    if (!mark) x -= 1;
  }
  if (mark) {
    x -= textWidth(mark);
    f.text(x, y, mark);
    if (c.wifi === 'down') f.hline(x, y + 3, textWidth('W'));
    x -= 4;
  } else if (sync) x -= 3;
  if (c.fault) {
    x -= 7;
    f.text(x + 1, y, '!');
    f.invert(x, y, 7, 8); // white on black: a fault stands out
  }
}

/** Two corners that look the same (no allocation: the display compares them at every redraw). */
export function sameCorner(a: Corner, b: Corner): boolean {
  if (a.fault !== b.fault || a.wifi !== b.wifi) return false;
  const x = a.sync;
  const y = b.sync;
  if (!x || !y) return !x === !y;
  return x.queued === y.queued && x.trouble === y.trouble;
}

/** The top line's two regions, the line's glyphs from row `top`: the title from the left, the corner's
 * marks from the right. */
export const title = <S extends { title: string }>(text: (s: S) => string, top = 0): Region<S> => ({
  y0: 0,
  y1: top + 8,
  same: (a, b) => a.title === b.title,
  draw: (f, s) => void f.text(0, top, text(s)),
});

export const cornerRegion = <S extends { corner: Corner }>(top = 0): Region<S> => ({
  y0: 0,
  y1: top + 8,
  same: (a, b) => sameCorner(a.corner, b.corner),
  draw: (f, s) => corner(f, s.corner, top),
});
