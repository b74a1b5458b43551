// The top line of every screen: the title from the left; the corner from the right, with a fault
// mark, Wi-Fi and results sync.

import { Frame, WIDTH, textWidth } from './frame.ts';
import type { Region } from './region.ts';
import type { Corner } from './screen.ts';

/** Sync after the W: how many records wait ("W3"), and "?" when the last attempt failed or one was refused. */
function syncMark(c: Corner): string {
  const s = c.sync;
  if (!s) return '';
  return `${s.queued > 0 ? String(Math.min(s.queued, 99)) : ''}${s.trouble ? '?' : ''}`;
}

export function corner(f: Frame, c: Corner): void {
  let x = WIDTH - 1;
  const mark = c.wifi === 'up' ? 'W' : c.wifi === 'down' ? 'W!' : '';
  const sync = syncMark(c);
  if (sync) {
    x -= textWidth(sync);
    f.text(x, 0, sync);
    if (!mark) x -= 1;
  }
  if (mark) {
    x -= textWidth(mark);
    f.text(x, 0, mark);
    if (c.wifi === 'down') f.hline(x, 3, textWidth('W'));
    x -= 4;
  } else if (sync) x -= 3;
  if (c.fault) {
    x -= 7;
    f.text(x + 1, 0, '!');
    f.invert(x, 0, 7, 8); // white on black: a fault stands out
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

/** The top line's two regions: the title from the left, the corner's marks from the right. */
export const title = <S extends { title: string }>(text: (s: S) => string): Region<S> => ({
  y0: 0,
  y1: 8,
  same: (a, b) => a.title === b.title,
  draw: (f, s) => void f.text(0, 0, text(s)),
});

export const cornerRegion = <S extends { corner: Corner }>(): Region<S> => ({
  y0: 0,
  y1: 8,
  same: (a, b) => sameCorner(a.corner, b.corner),
  draw: (f, s) => corner(f, s.corner),
});
