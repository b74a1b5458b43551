// The display once the match is over (issue 28 §4): nobody is to shoot, so no turn line, and the title
// says the match's result (its points, or the games won in a match of several games) instead of the
// last board's number, in each of the six languages; the pixels are checked, not only the model.
import assert from 'node:assert/strict';
import { LANGUAGES, say, type Language } from '../../src/i18n/index.ts';
import { publicState } from '../../src/rules/state.ts';
import { markOf } from '../../src/view/font.ts';
import { Frame, WIDTH } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import { playScreen, type Corner, type PlayScreen } from '../../src/view/screen.ts';
import { header } from '../../tools/script.ts';
import { playState } from '../helpers/play.ts';

const OK: Corner = { fault: false, wifi: 'off' };
/** The player on turn takes the queen, covers it and clears his men (as tools/screens/screens.ts plays it). */
const RUN = (x: string) => [`${x} ${x} ${x}`, 'Q', x, `${x} ${x} ${x} ${x} ${x}`];

/** A finished match of one game (PT-FPC to 10: Asha 12–0) and one of three (ICF to 9: games 2–1). */
const MATCHES = {
  points: { rules: 'pt-fpc', options: { matchTarget: 10 }, steps: RUN('W'), result: '12-0', id: 'finalScore' as const },
  games: { rules: 'icf', options: { matchTarget: 9 }, steps: [...RUN('W'), ...RUN('W'), ...RUN('W')], result: '2-1', id: 'gamesAre' as const },
};

function overScreen(m: (typeof MATCHES)[keyof typeof MATCHES], lang: Language): PlayScreen {
  const state = publicState(playState(m.rules, m.steps, { options: m.options }));
  assert.equal(state.match.over, true, `${m.rules}: the scripted match ends`);
  return playScreen(header(m.rules, 'singles', m.options), state, 'X', OK, undefined, lang);
}

/** The pixels of rows [y0, y1) left of column x1, one string a row. */
function rows(f: Frame, y0: number, y1: number, x1 = WIDTH): string[] {
  const out: string[] = [];
  for (let y = y0; y < y1; y++) {
    let row = '';
    for (let x = 0; x < x1; x++) row += f.get(x, y) ? '#' : '.';
    out.push(row);
  }
  return out;
}

describe('display: the match is over', () => {
  for (const [kind, m] of Object.entries(MATCHES)) {
    for (const lang of LANGUAGES) {
      it(`${lang}, a match of ${kind}: the title is the result (${m.result}), nobody is on turn`, () => {
        const s = overScreen(m, lang);
        const title = say(lang, m.id, m.result);
        assert.equal(s.title, title);
        assert.ok(s.title.includes(m.result));
        assert.ok(![...s.title].some((ch) => markOf(ch) !== null), 'the title keeps row 0: no accented capital');
        assert.equal(s.turn, null, 'no player to shoot');
        assert.ok(s.sides.every((side) => !side.onTurn), 'no bar under a score');
        const f = render(new Frame(), s);
        // The title's pixels are the result's text, drawn from the screen's top left corner.
        const want = new Frame();
        want.text(0, 0, title);
        const w = (title.length + 1) * 6;
        assert.deepEqual(rows(f, 0, 8, w), rows(want, 0, 8, w), `the title reads "${title}"`);
        // The turn line's left half (rows 44–53, where an arrow and a name were) is dark.
        assert.deepEqual(rows(f, 44, 54, 64), rows(new Frame(), 44, 54, 64));
      });
    }
  }

  it('while the match goes on, the title is the board and the turn line names who shoots', () => {
    const s = playScreen(header('icf', 'singles'), publicState(playState('icf', ['W W', '-'])), 'X', OK);
    assert.equal(s.title, 'B1/8 ICF 25 G1');
    assert.deepEqual(s.turn, { arrow: '↑', name: 'BEN', colour: 'black' });
  });
});
