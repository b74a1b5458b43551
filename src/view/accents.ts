// The accented capitals of the six languages (docs/languages.md), drawn in the same 5×7 grid as the rest
// of the font: a mark in the top two rows over a capital five rows tall, or a capital five rows tall over
// a mark (cedilla, comma below). Text rows are 9 px apart and a glyph never leaves its 7 rows, so no line
// of any screen moves.

/** Capitals five rows tall (rows 2–6 under a mark, rows 0–4 over one). */
const SHORT: Readonly<Record<string, string>> = Object.freeze({
  A: '.###. #...# ##### #...# #...#',
  C: '.###. #...# #.... #...# .###.',
  E: '##### #.... ####. #.... #####',
  // An I four rows tall under a gap: its serif would run into the mark.
  I: '..... .###. ..#.. ..#.. .###.',
  O: '.###. #...# #...# #...# .###.',
  U: '#...# #...# #...# #...# .###.',
  S: '.#### #.... .###. ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#..',
  Z: '##### ...#. ..#.. .#... #####',
});

/** Marks over a capital, two rows. */
const OVER: Readonly<Record<string, string>> = Object.freeze({
  acute: '...#. ..#..',
  grave: '.#... ..#..',
  circumflex: '..#.. .#.#.',
  tilde: '.##.# #..#.',
  diaeresis: '.#.#. .....',
  caron: '.#.#. ..#..',
  breve: '#...# .###.',
});

/** Marks under a capital, two rows. */
const UNDER: Readonly<Record<string, string>> = Object.freeze({
  cedilla: '..#.. .##..',
  comma: '..#.. .#...',
});

const over = (mark: string, letter: string) => `${OVER[mark]} ${SHORT[letter]}`;
const under = (letter: string, mark: string) => `${SHORT[letter]} ${UNDER[mark]}`;

export const ACCENTED: Readonly<Record<string, string>> = Object.freeze({
  Á: over('acute', 'A'),
  À: over('grave', 'A'),
  // Over the pointed top of the short A, the circumflex would only make a taller A: a flat-topped one.
  Â: `${OVER.circumflex} ##### #...# ##### #...# #...#`,
  Ã: over('tilde', 'A'),
  Ä: over('diaeresis', 'A'),
  // The breve's cup over a pointed A drew an X, and over the short A's top two equal rows: under a
  // flat-topped A it stays a cup.
  Ă: `${OVER.breve} ##### #...# ##### #...# #...#`,
  // The ring sits on the apex of a pointed A.
  Å: '..#.. .#.#. ..#.. .#.#. #...# ##### #...#',
  É: over('acute', 'E'),
  È: over('grave', 'E'),
  Ê: over('circumflex', 'E'),
  Í: over('acute', 'I'),
  Ì: over('grave', 'I'),
  Î: over('circumflex', 'I'),
  Ó: over('acute', 'O'),
  Ò: over('grave', 'O'),
  Ô: over('circumflex', 'O'),
  Õ: over('tilde', 'O'),
  Ö: over('diaeresis', 'O'),
  Ú: over('acute', 'U'),
  Ù: over('grave', 'U'),
  Ç: under('C', 'cedilla'),
  Č: over('caron', 'C'),
  Š: over('caron', 'S'),
  Ž: over('caron', 'Z'),
  Ș: under('S', 'comma'),
  Ț: under('T', 'comma'),
  // The cedilla forms that older Romanian text uses for the same letters.
  Ş: under('S', 'comma'),
  Ţ: under('T', 'comma'),
});
