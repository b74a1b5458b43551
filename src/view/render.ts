// Screen models into pixels. The score is drawn three times the size of the text (21 px), to be read
// from a player's seat; a bar marks the side on turn. Each screen is a layout of regions (region.ts):
// `render` draws them all, the Painter (painter.ts) only those whose fields changed.

import { corner, sameCorner } from './corner.ts';
import { Frame, HEIGHT, WIDTH, fit, textWidth } from './frame.ts';
import { drawAll, type Layout, type Region } from './region.ts';
import type { MenuScreen, PlayScreen, Screen } from './screen.ts';
import { TEXT } from './text.ts';

export { corner } from './corner.ts';

export function render(frame: Frame, screen: Screen): Frame {
  if (screen.kind === 'play') drawAll(frame, PLAY, screen);
  else if (screen.kind === 'text') drawAll(frame, TEXT, screen);
  else drawAll(frame, MENU, screen);
  return frame;
}

const disc = (c: 'white' | 'black' | null) => (c === 'white' ? '○' : c === 'black' ? '●' : '');

const rule = (f: Frame) => f.hline(0, 8, WIDTH);

/** The title and the corner share the top line (a long title runs under the corner's marks). */
const top = <S extends { title: string; corner: PlayScreen['corner'] }>(title: (s: S) => string): Region<S> => ({
  y0: 0,
  y1: 8,
  same: (a, b) => a.title === b.title && sameCorner(a.corner, b.corner),
  draw(f, s) {
    f.text(0, 0, title(s));
    corner(f, s.corner);
  },
});

// The play screen's bands: title (0–7), the rule (8), the scores and the bar of the side on turn
// (11–34 for two sides, 13–29 for three), the names (35–41), the turn and the queen (45–51), the
// bottom line (53–63: a rule over the last event, or a prompt in a box).
const scale = (s: PlayScreen) => (s.sides.length === 2 ? 3 : 2);

const scores: Region<PlayScreen> = {
  y0: 9,
  y1: 35,
  same(a, b) {
    for (let i = 0; i < a.sides.length; i++) if (a.sides[i].score !== b.sides[i].score || a.sides[i].onTurn !== b.sides[i].onTurn) return false;
    return true;
  },
  draw(f, s) {
    const n = s.sides.length;
    const k = scale(s);
    const y = n === 2 ? 11 : 13;
    const slot = WIDTH / n;
    s.sides.forEach((side, i) => {
      const score = String(side.score);
      const w = textWidth(score, k);
      // Two sides: flush left and right; three: centred in thirds.
      const x = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - w) : Math.round(slot * i + (slot - w) / 2);
      f.text(x, y, score, k);
      if (side.onTurn) f.fill(x, y + 7 * k + 1, w, 2);
    });
  },
};

const names: Region<PlayScreen> = {
  y0: 35,
  y1: 45,
  same(a, b) {
    for (let i = 0; i < a.sides.length; i++) if (a.sides[i].name !== b.sides[i].name || a.sides[i].colour !== b.sides[i].colour) return false;
    return true;
  },
  draw(f, s) {
    const n = s.sides.length;
    const slot = WIDTH / n;
    s.sides.forEach((side, i) => {
      const label = n === 2 ? (i === 0 ? `${disc(side.colour)}${side.name}` : `${side.name}${disc(side.colour)}`) : fit(side.name, 6);
      const lw = textWidth(label);
      const lx = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - lw) : Math.round(slot * i + (slot - lw) / 2);
      f.text(lx, 35, label);
    });
  },
};

const turn: Region<PlayScreen> = {
  y0: 45,
  y1: 53,
  same: (a, b) => a.turn.arrow === b.turn.arrow && a.turn.name === b.turn.name && a.turn.colour === b.turn.colour && a.queen === b.queen && a.dues === b.dues,
  draw(f, s) {
    f.text(0, 45, `${s.turn.arrow}${s.turn.name}${disc(s.turn.colour)}`);
    const right = s.dues ? `${s.queen} ${s.dues}` : s.queen;
    f.text(WIDTH - textWidth(right), 45, right);
  },
};

const bottom: Region<PlayScreen> = {
  y0: 53,
  y1: HEIGHT,
  same: (a, b) => a.line === b.line && a.prompt === b.prompt,
  draw(f, s) {
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
  },
};

export const PLAY: Layout<PlayScreen> = Object.freeze({
  fits: (a: PlayScreen, b: PlayScreen) => a.sides.length === b.sides.length,
  fixed: rule,
  regions: Object.freeze([top<PlayScreen>((s) => s.title), scores, names, turn, bottom]),
});

// A menu: a title and up to five items, the selected one inverted; arrows say there is more above or
// below. Item r is drawn in rows 11 + 10r to 19 + 10r; the up arrow shares the first item's band, the
// down arrow (rows 56–62) the last one's.
const ROWS = 5;
const firstShown = (s: MenuScreen) => Math.max(0, Math.min(s.selected - 2, s.items.length - ROWS));
const above = (s: MenuScreen) => firstShown(s) > 0;
const below = (s: MenuScreen) => firstShown(s) + ROWS < s.items.length;

function item(r: number): Region<MenuScreen> {
  return {
    y0: r === 0 ? 9 : 11 + 10 * r,
    y1: r === ROWS - 1 ? HEIGHT : 21 + 10 * r,
    same(a, b) {
      const i = firstShown(a) + r;
      const j = firstShown(b) + r;
      const shown = i < a.items.length;
      if (shown !== j < b.items.length) return false;
      if (shown && (a.items[i] !== b.items[j] || (i === a.selected) !== (j === b.selected))) return false;
      if (r === 0 && above(a) !== above(b)) return false;
      return r !== ROWS - 1 || below(a) === below(b);
    },
    draw(f, s) {
      const i = firstShown(s) + r;
      const y = 11 + r * 10;
      if (i < s.items.length) {
        f.text(3, y + 1, fit(s.items[i], 19));
        if (i === s.selected) f.invert(0, y, WIDTH - 6, 9);
      }
      if (r === 0 && above(s)) f.text(WIDTH - 5, 11, '↑');
      if (r === ROWS - 1 && below(s)) f.text(WIDTH - 5, HEIGHT - 8, '↓');
    },
  };
}

export const MENU: Layout<MenuScreen> = Object.freeze({
  fits: () => true,
  fixed: rule,
  regions: Object.freeze([top<MenuScreen>((s) => fit(s.title, 16)), item(0), item(1), item(2), item(3), item(4)]),
});
