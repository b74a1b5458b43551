// Rendered frames checked against pictures typed by hand here, not taken from the font or the renderer:
// the golden images (golden.test.ts) catch a change, these catch a wrong pixel even in a golden that
// was written wrong. A large digit, the bar under the side on turn, the turn arrow pointing at the seat
// of the player to shoot, a menu's scroll arrow, and a bottom line cut at the screen's last whole glyph.
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
  it('a score of 7 on the left is the 7 drawn three times the size, from column 2 and row 11, with dark around it', () => {
    const f = render(new Frame(), play({}));
    assert.deepEqual(picture(f, 2, 11, 15, 21), scaled(SEVEN, 3));
    assert.deepEqual(picture(f, 0, 9, 2, 24), Array(24).fill('..'), 'nothing left of it');
    assert.deepEqual(picture(f, 17, 9, 10, 24), Array(24).fill('.'.repeat(10)), 'nothing right of it');
    assert.deepEqual(picture(f, 2, 9, 15, 2), ['.'.repeat(15), '.'.repeat(15)], 'nothing between it and the rule');
  });

  it('the bar under the side on turn: rows 33 and 34 under the digit\'s width exactly', () => {
    const f = render(new Frame(), play({}));
    assert.deepEqual(picture(f, 1, 32, 17, 3), ['.'.repeat(17), `.${'#'.repeat(15)}.`, `.${'#'.repeat(15)}.`], 'the name begins at row 35');
    assert.deepEqual(picture(f, 92, 32, 35, 3), Array(3).fill('.'.repeat(35)), 'none under the side not on turn');
  });

  it('a score of 10 on the right ends two columns from the edge: the 1 and the 0 three times the size, three columns apart', () => {
    const f = render(new Frame(), play({}));
    // 2 glyphs × 6 columns − 1, × 3 = 33 columns, from 128 − 2 − 33 = 93.
    const want = scaled(ONE, 3).map((row, r) => `${row}...${scaled(ZERO, 3)[r]}`);
    assert.deepEqual(picture(f, 93, 11, 33, 21), want);
    assert.deepEqual(picture(f, 126, 9, 2, 24), Array(24).fill('..'), 'the last two columns dark');
  });

  it('the turn arrow points at the seat of the player to shoot: down to seat 0, then round the table', () => {
    // Doubles: seats 0–3 clockwise seen from above, the display facing seat 0. A miss passes the turn to
    // the right (ICF 22(b), anticlockwise seen from above): seat 3, on seat 0's right, then 2, then 1.
    const seen: string[][] = [];
    for (let misses = 0; misses < 5; misses++) {
      const h = header('icf', 'doubles');
      const s = publicState(playState('icf', Array<string>(misses).fill('-'), { mode: 'doubles' }));
      const f = render(new Frame(), playScreen(h, s, '', OK));
      seen.push(picture(f, 0, 45, 5, 7));
      assert.deepEqual(picture(f, 5, 45, 1, 7), Array(7).fill('.'), 'a column dark before the name');
    }
    assert.deepEqual(seen, [ARROW.down, ARROW.right, ARROW.up, ARROW.left, ARROW.down]);
  });

  it('in singles the arrow points down to seat 0 and up to seat 2 across the table', () => {
    const arrows = [0, 1].map((misses) => {
      const s = publicState(playState('icf', Array<string>(misses).fill('-'), { mode: 'singles' }));
      return picture(render(new Frame(), playScreen(header('icf', 'singles'), s, '', OK)), 0, 45, 5, 7);
    });
    assert.deepEqual(arrows, [ARROW.down, ARROW.up]);
  });

  it('a menu with more below shows the down arrow in its bottom right corner, and none when the last item is shown', () => {
    const items = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const menu = (selected: number): MenuScreen => ({ kind: 'menu', title: 'T', items, selected, corner: OK });
    const top = render(new Frame(), menu(0));
    assert.deepEqual(picture(top, WIDTH - 5, HEIGHT - 8, 5, 7), ARROW.down);
    assert.deepEqual(picture(top, WIDTH - 5, 11, 5, 7), Array(7).fill('.....'), 'nothing above: no up arrow');
    const end = render(new Frame(), menu(items.length - 1));
    assert.deepEqual(picture(end, WIDTH - 5, HEIGHT - 8, 5, 7), Array(7).fill('.....'), 'nothing below');
    assert.deepEqual(picture(end, WIDTH - 5, 11, 5, 7), ARROW.up);
  });

  it('the selected menu item is drawn dark on a lit band: rows 11–19, up to six columns from the right edge', () => {
    const f = render(new Frame(), { kind: 'menu', title: 'T', items: ['W', 'X'], selected: 0, corner: OK });
    const band = picture(f, 0, 11, WIDTH, 9);
    assert.equal(band[0], `${'#'.repeat(WIDTH - 6)}......`, 'the band\'s top row, the glyph one row under it');
    assert.deepEqual(band.slice(1, 8).map((row) => row.slice(3, 8)), W.map((row) => row.replace(/[#.]/g, (c) => (c === '#' ? '.' : '#'))), 'the W dark on the band');
    assert.equal(band[8], `${'#'.repeat(WIDTH - 6)}......`);
  });

  it('a bottom line too long for the screen is cut after 21 glyphs: the 21st whole at columns 120–124, the rest dark', () => {
    const f = render(new Frame(), play({ line: 'W'.repeat(30) }));
    const rows = picture(f, 0, 56, WIDTH, 7);
    for (let g = 0; g < 21; g++) assert.deepEqual(rows.map((row) => row.slice(6 * g, 6 * g + 5)), W, `glyph ${g + 1}`);
    assert.deepEqual(rows.map((row) => row.slice(125)), Array(7).fill('...'), 'columns 125–127 dark: no 22nd glyph, not even a part of one');
    assert.equal(lit(rows), 21 * lit(W));
    assert.deepEqual(picture(f, 0, 63, WIDTH, 1), ['.'.repeat(WIDTH)], 'the last row dark under the glyphs');
  });
});
