// Screen models into pixels. The score is drawn three times the size of the text (21 px), to be read
// from a player's seat; a bar marks the side on turn. Each screen is a layout of regions (region.ts):
// `render` draws them all, the Painter (painter.ts) only those whose fields changed.

import { MARKED_TOP, cornerRegion, title } from './corner.ts';
import { MARK_ROWS } from './font.ts';
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


// The play screen's bands: title and corner (0–7), the rule (8), each side's score and the bar under
// the side on turn (10–33 for two sides, 13–29 for three), each side's name (36–42), the turn and the
// queen (46–52), the bottom line (54–63: a rule over the last event, or a prompt in a box, its glyphs in
// 57–63). A name, the turn's line and the bottom line may hold an accented capital: each keeps the
// MARK_ROWS rows above its glyphs for the marks (a dark row more between the name and the turn).
// The title is the board and the preset's name (once the match is over, its result), never accented:
// it keeps row 0.
const SCORE_Y2 = 10;
const SCORE_Y3 = 13;
const NAME_Y = 36;
const TURN_Y = 46;
const LINE_RULE = 54;
const LINE_Y = 57;
/** Where side i's score is drawn, and how large. */
function scoreAt(s: PlayScreen, i: number, text: string): { x: number; y: number; k: number; w: number } {
  const n = s.sides.length;
  const k = n === 2 ? 3 : 2;
  const w = textWidth(text, k);
  // Two sides: flush left and right; three: centred in thirds.
  const slot = WIDTH / n;
  const x = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - w) : Math.round(slot * i + (slot - w) / 2);
  return { x, y: n === 2 ? SCORE_Y2 : SCORE_Y3, k, w };
}

/** Under side i's score, from this row: the bar when the side is on turn. */
const barTop = (n: number) => (n === 2 ? SCORE_Y2 + 21 : SCORE_Y3 + 14);

/** Side i's score of a play screen with n sides (rows 10–30 for two, 13–26 for three). */
function score(i: number, n: number): Region<PlayScreen> {
  return {
    y0: 9,
    y1: barTop(n),
    same: (a, b) => i >= a.sides.length || a.sides[i].score === b.sides[i].score,
    draw(f, s) {
      if (i >= s.sides.length) return;
      const text = String(s.sides[i].score);
      const at = scoreAt(s, i, text);
      f.text(at.x, at.y, text, at.k);
    },
  };
}

/** The bar under side i's score when it is on turn (rows 32–33 for two sides, 28–29 for three): apart
 * from the score, so that the turn passing does not draw the large digits again. */
function bar(i: number, n: number): Region<PlayScreen> {
  const digits = (v: number) => String(v).length;
  return {
    y0: barTop(n),
    y1: NAME_Y - MARK_ROWS,
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
    y0: NAME_Y - MARK_ROWS,
    y1: TURN_Y - MARK_ROWS,
    same: (a, b) => i >= a.sides.length || (a.sides[i].name === b.sides[i].name && a.sides[i].colour === b.sides[i].colour),
    draw(f, s) {
      const n = s.sides.length;
      if (i >= n) return;
      const side = s.sides[i];
      const label = n === 2 ? (i === 0 ? `${disc(side.colour)}${side.name}` : `${side.name}${disc(side.colour)}`) : fit(side.name, 6);
      const lw = textWidth(label);
      const slot = WIDTH / n;
      const lx = n === 2 ? (i === 0 ? 2 : WIDTH - 2 - lw) : Math.round(slot * i + (slot - lw) / 2);
      f.text(lx, NAME_Y, label);
    },
  };
}

const turn: Region<PlayScreen> = {
  y0: TURN_Y - MARK_ROWS,
  y1: LINE_RULE,
  same: (a, b) => a.turn === b.turn || (a.turn !== null && b.turn !== null && a.turn.arrow === b.turn.arrow && a.turn.name === b.turn.name && a.turn.colour === b.turn.colour),
  // Nobody's turn once the match is over: the line's left is blank.
  draw: (f, s) => void (s.turn && f.text(0, TURN_Y, `${s.turn.arrow}${s.turn.name}${disc(s.turn.colour)}`)),
};

const queen: Region<PlayScreen> = {
  y0: TURN_Y - MARK_ROWS,
  y1: LINE_RULE,
  same: (a, b) => a.queen === b.queen && a.dues === b.dues,
  draw(f, s) {
    const right = s.dues ? `${s.queen} ${s.dues}` : s.queen;
    f.text(WIDTH - textWidth(right), TURN_Y, right);
  },
};

// The bottom line: the last event under a rule, or a prompt white on black in a box whose top row is
// the rule's (the rule is fixed: a new message sends pages 6 and 7 alone).
const line: Region<PlayScreen> = {
  y0: LINE_RULE + 1,
  y1: HEIGHT,
  same: (a, b) => a.line === b.line && a.prompt === b.prompt,
  draw(f, s) {
    const text = fit(s.line, 21);
    const h = HEIGHT - LINE_RULE - 1;
    if (s.prompt) {
      f.fill(0, LINE_RULE + 1, WIDTH, h);
      f.invert(0, LINE_RULE + 1, WIDTH, h);
      f.text(1, LINE_Y, text);
      f.invert(0, LINE_RULE + 1, WIDTH, h);
    } else f.text(0, LINE_Y, text);
  },
};

/** The rule under the title and the one over the bottom line. */
function rules(f: Frame): void {
  f.hline(0, 8, WIDTH);
  f.hline(0, LINE_RULE, WIDTH);
}

/** The play screen of two sides, and of three (the scores' rows differ). */
const playLayout = (n: number) =>
  layout<PlayScreen>(
    (a, b) => a.sides.length === b.sides.length,
    rules,
    [title((s) => s.title), cornerRegion(), score(0, n), score(1, n), score(2, n), bar(0, n), bar(1, n), bar(2, n), name(0), name(1), name(2), turn, queen, line],
  );
export const PLAY2 = playLayout(2);
export const PLAY3 = playLayout(3);
export const playLayoutOf = (s: PlayScreen) => (s.sides.length === 2 ? PLAY2 : PLAY3);

// A menu: a title and up to four items, the selected one inverted; arrows say there is more above or
// below. The title's glyphs are in rows 2–8 under their marks' rows, the rule on row 10. Item r's band
// is rows 12 + 12r to 22 + 12r: a lit row, the marks' two, the glyphs' seven, a lit row; two dark rows
// between bands. The up arrow shares the first item's band, the down arrow the last one's.
const ROWS = 4;
const MENU_RULE = MARKED_TOP + 8;
const BAND = 1 + MARK_ROWS + 7 + 1;
const BAND_PITCH = BAND + 1;
const bandTop = (r: number) => MENU_RULE + 2 + BAND_PITCH * r;
/** The selected item second from the top, where it can be (one above it, the rest below). */
const firstShown = (s: MenuScreen) => Math.max(0, Math.min(s.selected - 1, s.items.length - ROWS));
const above = (s: MenuScreen) => firstShown(s) > 0;
const below = (s: MenuScreen) => firstShown(s) + ROWS < s.items.length;

function item(r: number): Region<MenuScreen> {
  return {
    y0: bandTop(r) - 1,
    y1: r === ROWS - 1 ? HEIGHT : bandTop(r + 1) - 1,
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
      const y = bandTop(r);
      const glyphs = y + 1 + MARK_ROWS;
      if (i < s.items.length) {
        f.text(3, glyphs, fit(s.items[i], 19));
        if (i === s.selected) f.invert(0, y, WIDTH - 6, BAND);
      }
      if (r === 0 && above(s)) f.text(WIDTH - 5, glyphs, '↑');
      if (r === ROWS - 1 && below(s)) f.text(WIDTH - 5, glyphs, '↓');
    },
  };
}

export const MENU = layout<MenuScreen>(
  () => true,
  (f) => f.hline(0, MENU_RULE, WIDTH),
  [title((s) => fit(s.title, 16), MARKED_TOP), cornerRegion(MARKED_TOP), item(0), item(1), item(2), item(3)],
);
