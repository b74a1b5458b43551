// Screen models into pixels. The score is drawn three times the size of the text (21 px), to be read
// from a player's seat; a bar marks the side on turn. Each screen is a layout of regions (region.ts):
// `render` draws them all, the Painter (painter.ts) only those whose fields changed.

import { cornerRegion, title } from './corner.ts';
import { Frame, HEIGHT, WIDTH, fit, textWidth } from './frame.ts';
import { drawAll, layout, type Region } from './region.ts';
import type { MenuScreen, PlayScreen, Screen } from './screen.ts';
import { TEXT } from './text.ts';

export { corner } from './corner.ts';

export function render(frame: Frame, screen: Screen): Frame {
  if (screen.kind === 'play') drawAll(frame, playLayoutOf(screen), screen);
  else if (screen.kind === 'text') drawAll(frame, TEXT, screen);
  else drawAll(frame, MENU, screen);
  return frame;
}

const disc = (c: 'white' | 'black' | null) => (c === 'white' ? '○' : c === 'black' ? '●' : '');

const rule = (f: Frame) => f.hline(0, 8, WIDTH);

// The play screen's bands: title and corner (0–7), the rule (8), each side's score and the bar under
// the side on turn (11–34 for two sides, 13–29 for three), each side's name (35–41), the turn and the
// queen (45–51), the bottom line (53–63: a rule over the last event, or a prompt in a box).
/** Where side i's score is drawn, and how large. */
function scoreAt(s: PlayScreen, i: number, text: string): { x: number; y: number; k: number; w: number } {
  const n = s.sides.length;
  const k = n === 2 ? 3 : 2;
  const w = textWidth(text, k);
  // Two sides: flush left and right; three: centred in thirds.
  const slot = WIDTH / n;
  const x = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - w) : Math.round(slot * i + (slot - w) / 2);
  return { x, y: n === 2 ? 11 : 13, k, w };
}

/** Side i's score of a play screen with n sides (rows 11–31 for two, 13–26 for three). */
function score(i: number, n: number): Region<PlayScreen> {
  return {
    y0: 9,
    y1: n === 2 ? 32 : 27,
    same: (a, b) => i >= a.sides.length || a.sides[i].score === b.sides[i].score,
    draw(f, s) {
      if (i >= s.sides.length) return;
      const text = String(s.sides[i].score);
      const at = scoreAt(s, i, text);
      f.text(at.x, at.y, text, at.k);
    },
  };
}

/** The bar under side i's score when it is on turn (rows 33–34 for two sides, 28–29 for three): apart
 * from the score, so that the turn passing does not draw the large digits again. */
function bar(i: number, n: number): Region<PlayScreen> {
  const digits = (v: number) => String(v).length;
  return {
    y0: n === 2 ? 32 : 27,
    y1: 35,
    same: (a, b) => i >= a.sides.length || (a.sides[i].onTurn === b.sides[i].onTurn && (!a.sides[i].onTurn || digits(a.sides[i].score) === digits(b.sides[i].score))),
    draw(f, s) {
      if (i >= s.sides.length || !s.sides[i].onTurn) return;
      const at = scoreAt(s, i, String(s.sides[i].score));
      f.fill(at.x, at.y + 7 * at.k + 1, at.w, 2);
    },
  };
}

function name(i: number): Region<PlayScreen> {
  return {
    y0: 35,
    y1: 45,
    same: (a, b) => i >= a.sides.length || (a.sides[i].name === b.sides[i].name && a.sides[i].colour === b.sides[i].colour),
    draw(f, s) {
      const n = s.sides.length;
      if (i >= n) return;
      const side = s.sides[i];
      const label = n === 2 ? (i === 0 ? `${disc(side.colour)}${side.name}` : `${side.name}${disc(side.colour)}`) : fit(side.name, 6);
      const lw = textWidth(label);
      const slot = WIDTH / n;
      const lx = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - lw) : Math.round(slot * i + (slot - lw) / 2);
      f.text(lx, 35, label);
    },
  };
}

const turn: Region<PlayScreen> = {
  y0: 45,
  y1: 53,
  same: (a, b) => a.turn.arrow === b.turn.arrow && a.turn.name === b.turn.name && a.turn.colour === b.turn.colour,
  draw: (f, s) => void f.text(0, 45, `${s.turn.arrow}${s.turn.name}${disc(s.turn.colour)}`),
};

const queen: Region<PlayScreen> = {
  y0: 45,
  y1: 53,
  same: (a, b) => a.queen === b.queen && a.dues === b.dues,
  draw(f, s) {
    const right = s.dues ? `${s.queen} ${s.dues}` : s.queen;
    f.text(WIDTH - textWidth(right), 45, right);
  },
};

// The bottom line: a rule over the last event, or a prompt white on black. The rule (or the box's top
// rows) is a region apart from the text's rows, so that a new message sends page 7 alone.
const lineRule: Region<PlayScreen> = {
  y0: 53,
  y1: 56,
  same: (a, b) => a.prompt === b.prompt,
  draw: (f, s) => (s.prompt ? f.fill(0, 54, WIDTH, 2) : f.hline(0, 53, WIDTH)),
};

const line: Region<PlayScreen> = {
  y0: 56,
  y1: HEIGHT,
  same: (a, b) => a.line === b.line && a.prompt === b.prompt,
  draw(f, s) {
    const text = fit(s.line, 21);
    if (s.prompt) {
      f.fill(0, 56, WIDTH, 8);
      f.invert(0, 56, WIDTH, 8);
      f.text(1, 56, text);
      f.invert(0, 56, WIDTH, 8);
    } else f.text(0, 56, text);
  },
};

/** The play screen of two sides, and of three (the scores' rows differ). */
const playLayout = (n: number) =>
  layout<PlayScreen>(
    (a, b) => a.sides.length === b.sides.length,
    rule,
    [title((s) => s.title), cornerRegion(), score(0, n), score(1, n), score(2, n), bar(0, n), bar(1, n), bar(2, n), name(0), name(1), name(2), turn, queen, lineRule, line],
  );
export const PLAY2 = playLayout(2);
export const PLAY3 = playLayout(3);
export const playLayoutOf = (s: PlayScreen) => (s.sides.length === 2 ? PLAY2 : PLAY3);

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

export const MENU = layout<MenuScreen>(() => true, rule, [title((s) => fit(s.title, 16)), cornerRegion(), item(0), item(1), item(2), item(3), item(4)]);
