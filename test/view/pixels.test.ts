// Rendered frames checked against pictures typed by hand here, not taken from the font or the renderer:
// the golden images (golden.test.ts) catch a change, these catch a wrong pixel even in a golden that
// was written wrong. A large digit, the bar under the side on turn, the turn arrow pointing at the seat
// of the player to shoot, a menu's scroll arrow, a bottom line cut at the screen's last whole glyph, and
// accented capitals at full height with their marks in the two rows above.
import assert from 'node:assert/strict';
import { publicState } from '../../src/rules/state.ts';
import { Frame, HEIGHT, WIDTH } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import { playScreen, type Corner, type MenuScreen, type PlayScreen } from '../../src/view/screen.ts';
import { header } from '../../tools/script.ts';
import { playState } from '../helpers/play.ts';

const OK: Corner = { fault: false, wifi: 'off' };

/** The frame's pixels in a box, one string a row: '#' lit, '.' dark. */
function picture(f: Frame, x: number, y: number, w: number, h: number): string[] {
  const rows: string[] = [];
  for (let r = y; r < y + h; r++) {
    let row = '';
    for (let c = x; c < x + w; c++) row += c < WIDTH && r < HEIGHT && f.get(c, r) ? '#' : '.';
    rows.push(row);
  }
  return rows;
}

/** A picture with each pixel drawn k × k. */
const scaled = (rows: readonly string[], k: number) => rows.flatMap((row) => Array<string>(k).fill([...row].map((ch) => ch.repeat(k)).join('')));

const lit = (rows: readonly string[]) => rows.join('').split('').filter((c) => c === '#').length;

// Glyphs as the display must show them, 5 × 7, drawn here by hand.
const SEVEN = ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'];
const ONE = ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'];
const ZERO = ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'];
const W = ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'];
// The accented capitals: the mark's two rows, then the capital at its full seven.
const S_CARON = ['.#.#.', '..#..', '.####', '#....', '#....', '.###.', '....#', '....#', '####.'];
const C_CARON = ['.#.#.', '..#..', '.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'];
const I_ACUTE = ['....#', '...#.', '.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'];
const E_CIRCUMFLEX = ['..#..', '.#.#.', '#####', '#....', '#....', '####.', '#....', '#....', '#####'];
const S = ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'];
const C = ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'];
const I = ['.###.', '..#..', '..#..', '..#..', '..#..', '..#..', '.###.'];
const E = ['#####', '#....', '#....', '####.', '#....', '#....', '#####'];
/** No mark: two dark rows over a plain capital. */
const NONE = ['.....', '.....'];
const BLANK = Array<string>(9).fill('.....');
/** Glyphs side by side, a dark column between. */
const beside = (...glyphs: string[][]) => glyphs[0].map((_row, r) => glyphs.map((g) => g[r]).join('.'));
const ARROW = {
  down: ['..#..', '..#..', '..#..', '..#..', '#.#.#', '.###.', '..#..'],
  left: ['.....', '..#..', '.#...', '#####', '.#...', '..#..', '.....'],
  up: ['..#..', '.###.', '#.#.#', '..#..', '..#..', '..#..', '..#..'],
  right: ['.....', '..#..', '...#.', '#####', '...#.', '..#..', '.....'],
};

function play(over: Partial<PlayScreen>): PlayScreen {
  return {
    kind: 'play',
    title: 'B1 ICF 25',
    sides: [
      { name: 'ASHA', score: 7, colour: null, onTurn: true },
      { name: 'BO', score: 10, colour: null, onTurn: false },
    ],
    turn: { arrow: '↓', name: 'ASHA', colour: null },
    queen: 'Q',
    dues: null,
    line: '',
    prompt: false,
    corner: OK,
    ...over,
  };
}

describe('display: pixels checked by hand', () => {
  it('a score of 7 on the left is the 7 drawn three times the size, from column 2 and row 10, with dark around it', () => {
    const f = render(new Frame(), play({}));
    assert.deepEqual(picture(f, 2, 10, 15, 21), scaled(SEVEN, 3));
    assert.deepEqual(picture(f, 0, 9, 2, 23), Array(23).fill('..'), 'nothing left of it');
    assert.deepEqual(picture(f, 17, 9, 10, 23), Array(23).fill('.'.repeat(10)), 'nothing right of it');
    assert.deepEqual(picture(f, 2, 9, 15, 1), ['.'.repeat(15)], 'nothing between it and the rule');
  });

  it('the bar under the side on turn: rows 32 and 33 under the digit\'s width exactly', () => {
    const f = render(new Frame(), play({}));
    assert.deepEqual(picture(f, 1, 31, 17, 5), ['.'.repeat(17), `.${'#'.repeat(15)}.`, `.${'#'.repeat(15)}.`, '.'.repeat(17), '.'.repeat(17)], 'the marks\' rows of the name under it dark');
    assert.deepEqual(picture(f, 92, 31, 35, 3), Array(3).fill('.'.repeat(35)), 'none under the side not on turn');
  });

  it('a score of 10 on the right ends two columns from the edge: the 1 and the 0 three times the size, three columns apart', () => {
    const f = render(new Frame(), play({}));
    // 2 glyphs × 6 columns − 1, × 3 = 33 columns, from 128 − 2 − 33 = 93.
    const want = scaled(ONE, 3).map((row, r) => `${row}...${scaled(ZERO, 3)[r]}`);
    assert.deepEqual(picture(f, 93, 10, 33, 21), want);
    assert.deepEqual(picture(f, 126, 9, 2, 23), Array(23).fill('..'), 'the last two columns dark');
  });

  it('the turn arrow points at the seat of the player to shoot: down to seat 0, then round the table', () => {
    // Doubles: seats 0–3 clockwise seen from above, the display facing seat 0. A miss passes the turn to
    // the right (ICF 22(b), anticlockwise seen from above): seat 3, on seat 0's right, then 2, then 1.
    const seen: string[][] = [];
    for (let misses = 0; misses < 5; misses++) {
      const h = header('icf', 'doubles');
      const s = publicState(playState('icf', Array<string>(misses).fill('-'), { mode: 'doubles' }));
      const f = render(new Frame(), playScreen(h, s, '', OK));
      seen.push(picture(f, 0, 46, 5, 7));
      assert.deepEqual(picture(f, 5, 46, 1, 7), Array(7).fill('.'), 'a column dark before the name');
    }
    assert.deepEqual(seen, [ARROW.down, ARROW.right, ARROW.up, ARROW.left, ARROW.down]);
  });

  it('in singles the arrow points down to seat 0 and up to seat 2 across the table', () => {
    const arrows = [0, 1].map((misses) => {
      const s = publicState(playState('icf', Array<string>(misses).fill('-'), { mode: 'singles' }));
      return picture(render(new Frame(), playScreen(header('icf', 'singles'), s, '', OK)), 0, 46, 5, 7);
    });
    assert.deepEqual(arrows, [ARROW.down, ARROW.up]);
  });

  it('a menu with more below shows the down arrow in its bottom right corner, on the fourth item\'s row, and none when the last item is shown', () => {
    const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const menu = (selected: number): MenuScreen => ({ kind: 'menu', title: 'T', items, selected, corner: OK });
    const top = render(new Frame(), menu(0));
    assert.deepEqual(picture(top, WIDTH - 5, 51, 5, 7), ARROW.down);
    assert.deepEqual(picture(top, WIDTH - 5, 15, 5, 7), Array(7).fill('.....'), 'nothing above: no up arrow');
    const end = render(new Frame(), menu(items.length - 1));
    assert.deepEqual(picture(end, WIDTH - 5, 51, 5, 7), Array(7).fill('.....'), 'nothing below');
    assert.deepEqual(picture(end, WIDTH - 5, 15, 5, 7), ARROW.up);
  });

  it('the selected menu item is drawn dark on a lit band: rows 12–22, up to six columns from the right edge, the marks\' rows above the glyph', () => {
    const f = render(new Frame(), { kind: 'menu', title: 'T', items: ['W', 'X'], selected: 0, corner: OK });
    const band = picture(f, 0, 12, WIDTH, 11);
    const lit = `${'#'.repeat(WIDTH - 6)}......`;
    assert.deepEqual(band.slice(0, 3), [lit, lit, lit], 'the band\'s top row and the marks\' two, the glyph under them');
    assert.deepEqual(band.slice(3, 10).map((row) => row.slice(3, 8)), W.map((row) => row.replace(/[#.]/g, (c) => (c === '#' ? '.' : '#'))), 'the W dark on the band');
    assert.equal(band[10], lit);
    assert.deepEqual(picture(f, 0, 10, WIDTH, 1), ['#'.repeat(WIDTH)], 'the rule under the title');
    assert.deepEqual(picture(f, 0, 11, WIDTH, 1), ['.'.repeat(WIDTH)], 'a dark row between the rule and the band');
  });

  it('a bottom line too long for the screen is cut after 21 glyphs: the 21st whole at columns 120–124, the rest dark', () => {
    const f = render(new Frame(), play({ line: 'W'.repeat(30) }));
    const rows = picture(f, 0, 57, WIDTH, 7);
    for (let g = 0; g < 21; g++) assert.deepEqual(rows.map((row) => row.slice(6 * g, 6 * g + 5)), W, `glyph ${g + 1}`);
    assert.deepEqual(rows.map((row) => row.slice(125)), Array(7).fill('...'), 'columns 125–127 dark: no 22nd glyph, not even a part of one');
    assert.equal(lit(rows), 21 * lit(W));
    assert.deepEqual(picture(f, 0, 54, WIDTH, 3), ['#'.repeat(WIDTH), '.'.repeat(WIDTH), '.'.repeat(WIDTH)], 'the rule, then the marks\' two rows, dark');
  });

  it('Š Č Í Ê on the bottom line are capitals as tall as S C I E, their marks in the two rows above them, under the rule', () => {
    const f = render(new Frame(), play({ line: 'ŠČÍÊ SCIE' }));
    const rows = picture(f, 0, 55, 9 * 6 - 1, 9);
    assert.deepEqual(rows, beside(S_CARON, C_CARON, I_ACUTE, E_CIRCUMFLEX, BLANK, [...NONE, ...S], [...NONE, ...C], [...NONE, ...I], [...NONE, ...E]));
    assert.deepEqual(picture(f, 0, 54, WIDTH, 1), ['#'.repeat(WIDTH)], 'the rule whole over the marks');
  });

  it('an accented name keeps its mark under the score\'s bar, and the turn line\'s mark stays clear of the name above', () => {
    const f = render(new Frame(), play({ sides: [{ name: 'ÊIŠ', score: 7, colour: null, onTurn: true }, { name: 'BO', score: 10, colour: null, onTurn: false }], turn: { arrow: '↓', name: 'ÍČ', colour: null } }));
    assert.deepEqual(picture(f, 2, 34, 17, 9), beside(E_CIRCUMFLEX, [...NONE, ...I], S_CARON), 'the name from row 36, its marks in rows 34–35');
    assert.deepEqual(picture(f, 2, 32, 15, 2), ['#'.repeat(15), '#'.repeat(15)], 'the bar above them, whole');
    assert.deepEqual(picture(f, 0, 43, WIDTH, 1), ['.'.repeat(WIDTH)], 'a dark row between the name and the turn line\'s marks');
    assert.deepEqual(picture(f, 6, 44, 11, 9), beside(I_ACUTE, C_CARON).map((row) => row.slice(0, 11)), 'the turn line from row 46, after the arrow, its marks in rows 44–45');
  });

  it('an accented menu title has its marks on the screen, over the glyphs from row 2', () => {
    const f = render(new Frame(), { kind: 'menu', title: 'ŠÍ', items: ['A'], selected: 0, corner: OK });
    assert.deepEqual(picture(f, 0, 0, 11, 9), beside(S_CARON, I_ACUTE));
  });
});
