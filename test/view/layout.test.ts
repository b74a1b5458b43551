// Every screen's lines with the accented capitals drawn at full height, their marks in the two rows
// above: every string of every language, in every place of every layout, stays in its region's rows and
// on the screen, marks included (the frame drops what is drawn off the screen, so the text's extent is
// worked out from the font here, not read from the pixels), and the regions of one line never share a
// row with another line's.
import assert from 'node:assert/strict';
import { EN, type MessageId } from '../../src/i18n/en.ts';
import { LANGUAGES, LANGUAGE_NAMES, NAME_LETTERS, say } from '../../src/i18n/index.ts';
import { PRESETS } from '../../src/rules/presets.ts';
import { publicState } from '../../src/rules/state.ts';
import { GLYPH_HEIGHT, MARK_ROWS, markOf } from '../../src/view/font.ts';
import { Frame, HEIGHT, WIDTH, textWidth } from '../../src/view/frame.ts';
import type { Layout } from '../../src/view/region.ts';
import { MENU, PLAY2, PLAY3, playLayoutOf } from '../../src/view/render.ts';
import { playScreen, type Corner, type MenuScreen, type PlayScreen, type Screen, type TextScreen } from '../../src/view/screen.ts';
import { TEXT, TEXT_ROWS } from '../../src/view/text.ts';
import { SCREENS } from '../../tools/screens/screens.ts';
import { header } from '../../tools/script.ts';
import { playState } from '../helpers/play.ts';

/** A frame that keeps every text drawn on it. */
class Inked extends Frame {
  readonly texts: { x: number; y: number; s: string; scale: number }[] = [];
  override text(x: number, y: number, s: string, scale = 1): number {
    this.texts.push({ x, y, s, scale });
    return super.text(x, y, s, scale);
  }
}

const marked = (s: string) => [...s].some((ch) => markOf(ch) !== null);

/** What is wrong with a screen: each region drawn alone, its text's extent and its pixels against its rows. */
function misfits(l: Layout<Screen>, s: Screen): string[] {
  const out: string[] = [];
  l.regions.forEach((r, i) => {
    const f = new Inked();
    r.draw(f, s);
    for (const t of f.texts) {
      const top = t.y - (marked(t.s) ? MARK_ROWS * t.scale : 0);
      const bottom = t.y + GLYPH_HEIGHT * t.scale - 1;
      const right = t.x + textWidth(t.s, t.scale) - 1;
      if (top < r.y0 || bottom >= r.y1) out.push(`region ${i} (rows ${r.y0}–${r.y1 - 1}): "${t.s}" takes rows ${top}–${bottom}`);
      if (top < 0 || bottom >= HEIGHT || t.x < 0 || right >= WIDTH) out.push(`region ${i}: "${t.s}" leaves the screen (${t.x}–${right}, ${top}–${bottom})`);
    }
    // The lit pixels, a page's byte at a time (most are dark).
    f.bytes.forEach((byte, at) => {
      for (let bit = 0; byte !== 0 && bit < 8; bit++) {
        const y = (at >> 7) * 8 + bit;
        if (byte & (1 << bit) && (y < r.y0 || y >= r.y1)) out.push(`region ${i} lights ${at & 127},${y}, outside rows ${r.y0}–${r.y1 - 1}`);
      }
    });
  });
  return [...new Set(out)];
}

const OK: Corner = { fault: true, wifi: 'down', sync: { queued: 99, trouble: true } };
const IDS = Object.keys(EN) as MessageId[];

/** Every message of every language with accented arguments, every language's name and name letters. */
const STRINGS: readonly string[] = [
  ...new Set([
    ...LANGUAGES.flatMap((lang) => IDS.map((id) => say(lang, id, 'ÂÇ', 'ÊÍ', 'ŠČ'))),
    ...Object.values(LANGUAGE_NAMES),
    ...Object.values(NAME_LETTERS).filter((s) => s !== ''),
  ]),
];

const cut = (s: string, n: number) => [...s].slice(0, n).join('');

/** A play screen with `s` in every text field, cut as the screen model cuts it (src/view/screen.ts): a
 * doubles side's name to 9 characters, the turn's to 8; the queen's and the dues' words are short. */
function play(s: string, sides: number, prompt: boolean): PlayScreen {
  return {
    kind: 'play',
    title: 'B1/8 ICF 25 G2',
    sides: Array.from({ length: sides }, (_, i) => ({ name: cut(s, 9), score: 10 * i + 7, colour: i === 0 ? 'white' : 'black', onTurn: i === 0 })),
    turn: { arrow: '↓', name: cut(s, 8), colour: 'white' },
    queen: cut(s, 4),
    dues: null,
    line: s,
    prompt,
    corner: OK,
  };
}

describe('display: every line fits its region with the accented capitals at full height', () => {
  it('the play screen, two sides and three: every string as a name, on the turn line and on the bottom line, prompt or not', () => {
    const wrong = STRINGS.flatMap((s) => [2, 3].flatMap((n) => [false, true].flatMap((p) => misfits((n === 2 ? PLAY2 : PLAY3) as Layout<Screen>, play(s, n, p)))));
    assert.deepEqual([...new Set(wrong)], []);
  });

  it('the play screen of every preset and mode: its title keeps row 0, so it is never accented', () => {
    const wrong: string[] = [];
    for (const rules of Object.keys(PRESETS)) {
      for (const mode of ['singles', 'doubles', 'three'] as const) {
        if (!PRESETS[rules].params.modes.includes(mode)) continue;
        const s = playScreen({ ...header(rules, mode), players: ['ŠPELA', 'ÍRIS', 'ČRT', 'ÊNIO'].slice(0, mode === 'doubles' ? 4 : mode === 'three' ? 3 : 2) }, publicState(playState(rules, [], { mode })), 'Š', OK);
        wrong.push(...misfits(playLayoutOf(s) as Layout<Screen>, s));
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('menus: every string as the title and as an item in each of the rows, selected or not, with the scroll arrows', () => {
    const wrong: string[] = [];
    for (const s of STRINGS) {
      for (const selected of [0, 1, 2, 3, 5]) {
        const m: MenuScreen = { kind: 'menu', title: s, items: Array<string>(6).fill(s), selected, corner: OK };
        wrong.push(...misfits(MENU as Layout<Screen>, m));
      }
    }
    assert.deepEqual([...new Set(wrong)], []);
  });

  it('text screens: every string as the title and in each row, with the scroll arrows', () => {
    const wrong: string[] = [];
    for (const s of STRINGS) {
      for (const top of [0, 1]) {
        const t: TextScreen = { kind: 'text', title: s, lines: Array<string>(TEXT_ROWS + 2).fill(s), top, corner: OK };
        wrong.push(...misfits(TEXT as Layout<Screen>, t));
      }
    }
    assert.deepEqual([...new Set(wrong)], []);
  });

  it('the golden screens, every language\'s among them', () => {
    const wrong: string[] = [];
    for (const [name, make] of Object.entries(SCREENS)) {
      const s = make();
      const l = (s.kind === 'play' ? playLayoutOf(s) : s.kind === 'menu' ? MENU : TEXT) as Layout<Screen>;
      wrong.push(...misfits(l, s).map((w) => `${name}: ${w}`));
    }
    assert.deepEqual(wrong, []);
  });

  it('regions whose rows meet are one line\'s parts, starting on the same row', () => {
    for (const [name, l] of Object.entries({ PLAY2, PLAY3, MENU, TEXT }) as [string, Layout<Screen>][]) {
      l.regions.forEach((a, i) =>
        l.regions.forEach((b, j) => {
          if (i < j && a.y0 < b.y1 && b.y0 < a.y1) assert.equal(a.y0, b.y0, `${name}: regions ${i} (rows ${a.y0}–${a.y1 - 1}) and ${j} (rows ${b.y0}–${b.y1 - 1})`);
        }),
      );
    }
  });
});
