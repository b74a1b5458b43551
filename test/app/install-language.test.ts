// The installer's screens in the table's language, through the real TableApp: the language is chosen
// with the buttons (SETTINGS › LANGUAGE), then SETTINGS › INSTALL › CALIBRATE and SELF-TEST are opened
// with them too, in that language's words, and what the display shows is in it.
import assert from 'node:assert/strict';
import { DROPS } from '../../src/app/install/calibration.ts';
import { STEPS } from '../../src/app/install/install.ts';
import { LANGUAGE_NAMES, say, type Language } from '../../src/i18n/index.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import type { TextScreen } from '../../src/view/screen.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { partOf } from '../helpers/board.ts';
import { ms, strip } from '../helpers/readings.ts';
import { play, press, choose, type TestTable } from '../helpers/table.ts';
import { SIZE, drop, installTable } from '../helpers/install.ts';

/** SETTINGS › LANGUAGE › the language, by buttons; then back to play. */
function speak(t: TestTable, lang: Language): void {
  press(t, 'select');
  choose(t, 'SETTINGS');
  choose(t, 'LANGUAGE EN');
  choose(t, `  ${LANGUAGE_NAMES[lang]}`);
  press(t, 'select', true);
  press(t, 'select', true);
  assert.equal(t.app.screen().kind, 'play');
}

/** SETTINGS › INSTALL › what, in the table's language. */
function open(t: TestTable, lang: Language, what: 'calibrate' | 'selfTest'): TextScreen {
  press(t, 'select');
  choose(t, say(lang, 'settings'));
  choose(t, say(lang, 'install'));
  choose(t, say(lang, what));
  return shown(t);
}

/** The screen, and the display showing it. */
function shown(t: TestTable): TextScreen {
  const s = t.app.screen();
  assert.equal(s.kind, 'text');
  assert.deepEqual(t.shown[t.shown.length - 1], render(new Frame(), s).bytes, 'the display shows the screen');
  return s as TextScreen;
}

describe('installing in the table\'s language: the TableApp with the buttons', () => {
  it('Portuguese: the calibration asks for each piece in Portuguese, and its verdict is in Portuguese', () => {
    const t = installTable();
    speak(t, 'pt');
    const first = open(t, 'pt', 'calibrate');
    assert.equal(first.title, 'CALIBRAR 1/16');
    assert.deepEqual(first.lines, ['BOLSA 0: DEIXE CAIR', 'BRANCA 3 VEZES', 'VISTAS 0 DE 3', 'LIDO: NADA AINDA', '●: SALTAR', 'MANTER ●: PARAR']);
    const queenStep = STEPS.findIndex((s) => s.pocket === 1 && s.kind === 'queen');
    for (const [n, step] of STEPS.entries()) {
      const s = shown(t);
      assert.equal(s.title, `CALIBRAR ${n + 1}/16`);
      if (n === queenStep) assert.deepEqual(s.lines.slice(0, 2), ['BOLSA 1: DEIXE CAIR', 'RAINHA 3 VEZES'], 'the federation\'s word for the queen');
      for (let i = 0; i < DROPS; i++) play(t, drop(step.pocket, t.clock.t + ms(50), SIZE[step.kind], CALIBRATION[step.kind]));
      if (n === 0) assert.match(shown(t).lines[3], /^LEU P0 33\.\d \d+ \d+ \d+$/, 'the last reading, numbers as numbers');
    }
    const result = shown(t);
    assert.equal(result.title, 'CALIBRADA');
    assert.equal(result.lines[0], 'TIPOS DISTINTOS');
    assert.match(result.lines[1], /^FRACA: P\d MARG\. \.\d{3}$/);
    assert.match(result.lines[2], /^PEDRA 33\.\d STRK 42\.\d$/);
    assert.ok(result.lines.slice(3, 7).every((l, p) => l.startsWith(`P${p} OK `)), result.lines.join('|'));
    assert.deepEqual(result.lines.slice(-2), ['●: GUARDAR', 'MANTER ●: SAIR']);
    press(t, 'select');
    assert.ok(shown(t).lines.includes('GUARDADA NA FLASH'));
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
  });

  it('Portuguese: the self-test names its faults and sensors in Portuguese, the board\'s part and pin as they are', () => {
    const t = installTable();
    speak(t, 'pt');
    const at = t.clock.t + ms(100);
    play(t, [strip(1, at, 250)]);
    const s0 = open(t, 'pt', 'selfTest');
    assert.equal(s0.title, 'AUTOTESTE');
    play(t, [{ t: t.clock.t + ms(100), kind: 'beam', pocket: 1, beam: 0, blocked: true }]);
    t.clock.t += ms(3000);
    t.app.button('up', true);
    const s = shown(t);
    t.app.button('up', false);
    assert.deepEqual(s.lines.slice(0, 4), ['ESTADO: 4 FALHAS', 'P1.A SEMPRE CORTADO', ' IR RX P1 UPPER', ` ${partOf('p1.a').pin}`]);
    assert.ok(['S0', 'S2', 'S3'].every((seat) => s.lines.includes(`${seat} FITA MUDA`)) && s.lines.includes(' STRIP SEAT 0'), s.lines.join('|'));
    assert.ok(s.lines.includes('   COR -- -- --'), s.lines.join('|'));
    assert.ok(s.lines.includes('FITAS ? 250 ? ?'), s.lines.join('|'));
    assert.ok(s.lines.includes('BOTÕES ↑● ↓○ ●○'), s.lines.join('|'));
    for (const english of ['HEALTH', 'NEVER CLEARS', 'STRIP SILENT', 'PART NOT DESCRIBED', 'COLOUR', 'STRIPS', 'KEYS']) {
      assert.ok(!s.lines.some((l) => l.includes(english)), `no English "${english}" left: ${s.lines.join('|')}`);
    }
    press(t, 'select', true);
    assert.equal(t.app.screen().kind, 'play');
  });

  it('Swedish: SJÄLVTEST and KALIBRERA open in Swedish, with the federation\'s word for the striker', () => {
    const t = installTable();
    speak(t, 'sv');
    assert.equal(open(t, 'sv', 'selfTest').title, 'SJÄLVTEST');
    assert.equal(shown(t).lines[0].startsWith('STATUS: '), true, shown(t).lines[0]);
    press(t, 'select', true);
    const step = open(t, 'sv', 'calibrate');
    assert.deepEqual([step.title, ...step.lines.slice(0, 2)], ['KALIBRERA 1/16', 'HÅL 0: SLÄPP', 'VIT 3 GÅNGER']);
    for (let i = 0; i < 3; i++) press(t, 'select'); // white, black and queen skipped: the striker's turn
    assert.equal(shown(t).lines[1], 'ANFALLARE 3 GÅNGER');
  });
});
