// The accented capitals of the six languages (docs/languages.md). A mark over a capital is drawn in the
// MARK_ROWS rows above the cap height (font.ts), over the capital at its full seven rows: every line of
// the screens that can show text keeps those rows free above it (render.ts, text.ts). A mark under a
// capital (cedilla, comma) stays inside the 7 rows, under a capital five rows tall that starts at the
// cap height: the lines have no room below, and a capital hanging from the cap height does not read as
// lower case.

/** Marks over a capital, two rows, the lower one on the capital's top. */
const OVER: Readonly<Record<string, string>> = Object.freeze({
  acute: '....# ...#.',
  grave: '#.... .#...',
  circumflex: '..#.. .#.#.',
  tilde: '.##.# #..#.',
  diaeresis: '.#.#. .....',
  caron: '.#.#. ..#..',
  breve: '#...# .###.',
  // The ring's lower half is the apex of the pointed A under it.
  ring: '..#.. .#.#.',
});

// Under the circumflex's point and the breve's cup, the plain A's rounded top would close them into a
// taller, pointed A (Â read as A, Ă as an X): a flat-topped A keeps them marks.
const FLAT_A = '##### #...# #...# ##### #...# #...# #...#';
const POINTED_A = '..#.. .#.#. #...# ##### #...# #...# #...#';

/** Capitals with a mark over them: the capital (a letter of font.ts, or a picture of its own) and the
 * mark's two rows. */
export const MARKED: Readonly<Record<string, readonly [string, string]>> = Object.freeze({
  Á: ['A', OVER.acute],
  À: ['A', OVER.grave],
  Â: [FLAT_A, OVER.circumflex],
  Ã: ['A', OVER.tilde],
  Ä: ['A', OVER.diaeresis],
  Ă: [FLAT_A, OVER.breve],
  Å: [POINTED_A, OVER.ring],
  É: ['E', OVER.acute],
  È: ['E', OVER.grave],
  Ê: ['E', OVER.circumflex],
  Í: ['I', OVER.acute],
  Ì: ['I', OVER.grave],
  Î: ['I', OVER.circumflex],
  Ó: ['O', OVER.acute],
  Ò: ['O', OVER.grave],
  Ô: ['O', OVER.circumflex],
  Õ: ['O', OVER.tilde],
  Ö: ['O', OVER.diaeresis],
  Ú: ['U', OVER.acute],
  Ù: ['U', OVER.grave],
  Č: ['C', OVER.caron],
  Š: ['S', OVER.caron],
  Ž: ['Z', OVER.caron],
} as Record<string, readonly [string, string]>);

/** Capitals five rows tall, from the cap height, over a mark. */
const SHORT: Readonly<Record<string, string>> = Object.freeze({
  C: '.###. #...# #.... #...# .###.',
  S: '.#### #.... .###. ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#..',
});

/** Marks under a capital, two rows. */
const UNDER: Readonly<Record<string, string>> = Object.freeze({
  cedilla: '..#.. .##..',
  comma: '..#.. .#...',
});

const under = (letter: string, mark: string) => `${SHORT[letter]} ${UNDER[mark]}`;

/** Capitals with a mark under them, whole 7-row pictures like the rest of the font. */
export const UNDER_MARKED: Readonly<Record<string, string>> = Object.freeze({
  Ç: under('C', 'cedilla'),
  Ș: under('S', 'comma'),
  Ț: under('T', 'comma'),
  // The cedilla forms that older Romanian text uses for the same letters.
  Ş: under('S', 'comma'),
  Ţ: under('T', 'comma'),
});
