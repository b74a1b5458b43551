// The project's own 5×7 bitmap font: capitals, digits and the signs the screens use. Each glyph is
// five column bytes, bit 0 at the top, the layout an SSD1306 page wants. Drawn from the row pictures
// below at module load, then frozen (a preloaded table on the device). The accented capitals are in
// accents.ts: a mark over a capital is drawn in the MARK_ROWS rows above the glyph's seven (MARKS).

import { MARKED, UNDER_MARKED } from './accents.ts';

const ROWS: Readonly<Record<string, string>> = {
  ' ': '..... ..... ..... ..... ..... ..... .....',
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '####. #...# #...# #...# #...# #...# ####.',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  I: '.###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# ##..# #.#.# #..## #...# #...# #...#',
  O: '.###. #...# #...# #...# #...# #...# .###.',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
  '0': '.###. #...# #..## #.#.# ##..# #...# .###.',
  '1': '..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.',
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '####. ....# ....# .###. ....# ....# ####.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  '.': '..... ..... ..... ..... ..... .##.. .##..',
  ',': '..... ..... ..... ..... .##.. ..#.. .#...',
  ':': '..... .##.. .##.. ..... .##.. .##.. .....',
  '-': '..... ..... ..... ##### ..... ..... .....',
  '+': '..... ..#.. ..#.. ##### ..#.. ..#.. .....',
  '/': '....# ...#. ...#. ..#.. .#... .#... #....',
  '?': '.###. #...# ....# ...#. ..#.. ..... ..#..',
  '!': '..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..',
  "'": '..#.. ..#.. .#... ..... ..... ..... .....',
  '"': '.#.#. .#.#. .#.#. ..... ..... ..... .....',
  '(': '...#. ..#.. .#... .#... .#... ..#.. ...#.',
  ')': '.#... ..#.. ...#. ...#. ...#. ..#.. .#...',
  '&': '.##.. #..#. #.#.. .#... #.#.# #..#. .##.#',
  '=': '..... ..... ##### ..... ##### ..... .....',
  '%': '##..# ##.#. ...#. ..#.. .#... .#.## #..##',
  '#': '.#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.',
  '>': '.#... ..#.. ...#. ....# ...#. ..#.. .#...',
  '<': '...#. ..#.. .#... #.... .#... ..#.. ...#.',
  // Signs of our own: arrows to the seats, a hollow and a filled disc (white and black men), a bullet.
  '↑': '..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..',
  '↓': '..#.. ..#.. ..#.. ..#.. #.#.# .###. ..#..',
  '←': '..... ..#.. .#... ##### .#... ..#.. .....',
  '→': '..... ..#.. ...#. ##### ...#. ..#.. .....',
  '○': '..... .###. #...# #...# #...# .###. .....',
  '●': '..... .###. ##### ##### ##### .###. .....',
  '•': '..... ..... .###. .###. .###. ..... .....',
  ...UNDER_MARKED,
};

/** Column bytes of a picture: one row a word, '#' lit, bit 0 the top row. */
function columnsOf(picture: string): readonly number[] {
  const rows = picture.split(' ');
  const columns: number[] = [];
  for (let x = 0; x < 5; x++) {
    let byte = 0;
    for (let y = 0; y < rows.length; y++) if (rows[y][x] === '#') byte |= 1 << y;
    columns.push(byte);
  }
  return Object.freeze(columns);
}

/** Column bytes of each glyph, five per glyph: the capital of an accented one without its mark. */
export const GLYPHS: Readonly<Record<string, readonly number[]>> = Object.freeze(
  Object.fromEntries([
    ...Object.entries(ROWS).map(([ch, picture]) => [ch, columnsOf(picture)] as const),
    ...Object.entries(MARKED).map(([ch, [capital]]) => [ch, columnsOf(ROWS[capital] ?? capital)] as const),
  ]),
);

/** The marks over the accented capitals, five columns of MARK_ROWS bits (bit 0 the top row), under the
 * capital and its lower case (drawn as the capital): looked up as they are, no string made per glyph. */
export const MARKS: Readonly<Record<string, readonly number[]>> = Object.freeze(
  Object.fromEntries(
    Object.entries(MARKED).flatMap(([ch, [, mark]]) => {
      const columns = columnsOf(mark);
      return [[ch, columns] as const, [ch.toLowerCase(), columns] as const];
    }),
  ),
);

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;
/** Rows a mark takes above the cap height (the glyph's top row): a line of text that may hold an accented
 * capital is drawn that far below anything above it. */
export const MARK_ROWS = 2;

/** The glyph for a character; lower case is drawn as capitals, anything unknown as '?'. */
export function glyph(ch: string): readonly number[] {
  return GLYPHS[ch] ?? GLYPHS[ch.toUpperCase()] ?? GLYPHS['?'];
}

/** The mark drawn over `ch`, in the MARK_ROWS rows above it, or null. */
export function markOf(ch: string): readonly number[] | null {
  return MARKS[ch] ?? null;
}
