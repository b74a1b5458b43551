// Screen models into pixels. The score is drawn three times the size of the text (21 px), to be read
// from a player's seat; a bar marks the side on turn.

import { Frame, HEIGHT, WIDTH, fit, textWidth } from './frame.ts';
import type { Corner, MenuScreen, PlayScreen, Screen } from './screen.ts';
import { text } from './text.ts';

export function render(frame: Frame, screen: Screen): Frame {
  frame.clear();
  if (screen.kind === 'play') play(frame, screen);
  else if (screen.kind === 'text') text(frame, screen, corner);
  else menu(frame, screen);
  return frame;
}

const disc = (c: 'white' | 'black' | null) => (c === 'white' ? '○' : c === 'black' ? '●' : '');

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

function play(f: Frame, s: PlayScreen): void {
  f.text(0, 0, s.title);
  corner(f, s.corner);
  f.hline(0, 8, WIDTH);
  const n = s.sides.length;
  const scale = n === 2 ? 3 : 2;
  const top = n === 2 ? 11 : 13;
  const slot = WIDTH / n;
  s.sides.forEach((side, i) => {
    const score = String(side.score);
    const w = textWidth(score, scale);
    // Two sides: flush left and right; three: centred in thirds.
    const x = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - w) : Math.round(slot * i + (slot - w) / 2);
    f.text(x, top, score, scale);
    if (side.onTurn) f.fill(x, top + 7 * scale + 1, w, 2);
    const label = n === 2 ? (i === 0 ? `${disc(side.colour)}${side.name}` : `${side.name}${disc(side.colour)}`) : fit(side.name, 6);
    const lw = textWidth(label);
    const lx = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - lw) : Math.round(slot * i + (slot - lw) / 2);
    f.text(lx, 35, label);
  });
  const turn = `${s.turn.arrow}${s.turn.name}${disc(s.turn.colour)}`;
  f.text(0, 45, turn);
  const right = s.dues ? `${s.queen} ${s.dues}` : s.queen;
  f.text(WIDTH - textWidth(right), 45, right);
  const line = fit(s.line, 21);
  if (s.prompt) {
    f.fill(0, 54, WIDTH, 10);
    f.invert(0, 54, WIDTH, 10);
    f.text(1, 56, line);
    f.invert(0, 54, WIDTH, 10);
  } else {
    f.hline(0, 53, WIDTH);
    f.text(0, 56, line);
  }
}

/** A title and up to five items, the selected one inverted; arrows say there is more above or below. */
function menu(f: Frame, s: MenuScreen): void {
  f.text(0, 0, fit(s.title, 16));
  corner(f, s.corner);
  f.hline(0, 8, WIDTH);
  const rows = 5;
  const first = Math.max(0, Math.min(s.selected - 2, s.items.length - rows));
  for (let r = 0; r < rows && first + r < s.items.length; r++) {
    const i = first + r;
    const y = 11 + r * 10;
    f.text(3, y + 1, fit(s.items[i], 19));
    if (i === s.selected) f.invert(0, y, WIDTH - 6, 9);
  }
  if (first > 0) f.text(WIDTH - 5, 11, '↑');
  if (first + rows < s.items.length) f.text(WIDTH - 5, HEIGHT - 8, '↓');
}
