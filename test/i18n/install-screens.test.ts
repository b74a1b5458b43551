// The installer's screens in every language: a calibration's steps and verdicts and a self-test with
// every fault, rendered, each title within the title row and each row within a text row (20 characters:
// src/view/text.ts cuts there, leaving the scroll arrows their column).
import assert from 'node:assert/strict';
import { CalibrationRun, KINDS, computeCalibration, type Samples } from '../../src/app/install/calibration.ts';
import { resultLines, runLines } from '../../src/app/install/install.ts';
import { SensorWatch, fault, selfTestLines, type Fact, type HardwarePart } from '../../src/app/install/selftest.ts';
import { LANGUAGES, say, type Language } from '../../src/i18n/index.ts';
import { Frame, textWidth } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import type { TextScreen } from '../../src/view/screen.ts';
import { CALIBRATION } from '../../model/table/noise.ts';

const ROW_PX = 20 * 6 - 1;
const TITLE_PX = 16 * 6 - 1;

/** Three drops of each kind in each pocket; `spread` moves the colours apart from the kind's own. */
function samples(spread: number, silent: number[] = [], noColour: number[] = []): Samples {
  return [0, 1, 2, 3].map((pocket) =>
    KINDS.map((kind, k) =>
      silent.includes(pocket)
        ? []
        : [0, 1, 2].map((i) => {
            const d = (i - 1) * spread;
            const c = CALIBRATION[kind];
            return { pocket, sizeMm: (k === 3 ? 42.8 : 33.3) + d * 10, rgb: noColour.includes(pocket) ? null : ([c[0] + d, c[1], c[2] - d] as const) };
          }),
    ),
  );
}

/** Every screen the calibration shows: each step with each kind of last reading, and each verdict. */
function calibrationScreens(lang: Language): TextScreen[] {
  const out: TextScreen[] = [];
  const screen = (title: string, lines: string[]): TextScreen => ({ kind: 'text', title, lines, top: 0, corner: { fault: false, wifi: 'up' } });
  const lasts = [null, { pocket: 3, sizeMm: 42.8, rgb: [0.33, 0.33, 0.34] as const }, { pocket: 3, sizeMm: 33.3, rgb: null }, { pocket: 3, sizeMm: null, rgb: null }];
  for (let step = 0; step < 16; step++) {
    for (const last of lasts) {
      const run = new CalibrationRun(10);
      run.step = step;
      run.last = last;
      out.push(screen(say(lang, 'calibrateStep', step + 1, 16), runLines(run, lang)));
    }
  }
  const verdicts = [
    computeCalibration(samples(0.004), 10), // separable
    computeCalibration(samples(0.08), 10), // readings named wrong
    computeCalibration(samples(0.004, [1], [2]), 10), // a pocket silent, one without colour
    computeCalibration(samples(0.004, [], [0, 1, 2, 3]), 10), // no colour at all: nothing to keep
    computeCalibration(samples(0.004), 0), // one beam: no sizes
  ];
  for (const r of verdicts) {
    for (const [saved, failed] of [[false, false], [true, false], [false, true]]) out.push(screen(say(lang, 'calibrated'), resultLines(r, saved, failed, lang)));
  }
  return out;
}

/** A self-test with every fact at once, on parts described and not, every sensor showing something. */
function selfTestScreen(lang: Language): TextScreen {
  // The board's own names, not translated (and not ours to fit: a board may name its parts longer).
  const hardware: HardwarePart[] = [
    { channel: 'p3.a', part: 'IR P3 UP', pin: 'GPIO39' },
    { channel: 'p2.c', part: 'TCS P2', pin: 'I2C 0x29' },
  ];
  const facts: [string, Fact][] = [
    ['p3.a', 'neverClears'],
    ['p3.b', 'flickers'],
    ['p2.c', 'colourSilent'],
    ['s3', 'stripSilent'],
    ['display', 'displayMissing'],
  ];
  const w = new SensorWatch();
  w.note({ t: 0, kind: 'beam', pocket: 0, beam: 0, blocked: true });
  w.note({ t: 1_200_000, kind: 'beam', pocket: 0, beam: 0, blocked: false });
  w.note({ t: 10_000, kind: 'colour', pocket: 1, rgb: [0.995, 0.995, 0.995] });
  w.note({ t: 20_000, kind: 'strip', seat: 2, mm: 470 });
  w.buttons.up = w.buttons.down = w.buttons.select = true;
  const faults = facts.map(([ch, fact]) => fault(ch, fact, hardware));
  return { kind: 'text', title: say(lang, 'selfTest'), lines: selfTestLines(w, faults, lang), top: 0, corner: { fault: true, wifi: 'up' } };
}

function over(lang: Language, s: TextScreen): string[] {
  const out: string[] = [];
  if (textWidth(s.title) > TITLE_PX) out.push(`${lang} title "${s.title}"`);
  for (const line of s.lines) {
    if (textWidth(line) <= ROW_PX) continue;
    out.push(`${lang} "${line}" (${[...line].length})`);
  }
  return out;
}

describe('i18n: the installer\'s screens in every language', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every calibration screen and the self-test fit their rows`, () => {
      const screens = [...calibrationScreens(lang), selfTestScreen(lang)];
      const problems = screens.flatMap((s) => over(lang, s));
      assert.deepEqual(problems, []);
      for (const s of screens) render(new Frame(), s); // every character drawn (the font throws on none)
      const test = selfTestScreen(lang);
      assert.equal(test.lines.length, 1 + (3 + 2 + 3 + 2 + 2) + 8 + 2, 'the health line; a fault\'s line, then its part and pin (two lines) or that none was described; two a pocket, the strips, the keys');
    });
  }

  it('says the same screens in each language: only the words change, not the numbers', () => {
    const digits = (s: TextScreen) => (s.lines.join(' ').match(/\d*\.?\d+/g) ?? []).join(' ');
    const en = calibrationScreens('en').map(digits);
    for (const lang of LANGUAGES) {
      assert.deepEqual(calibrationScreens(lang).map(digits), en, lang);
      assert.equal(digits(selfTestScreen(lang)), digits(selfTestScreen('en')), lang);
      if (lang !== 'en') assert.notDeepEqual(selfTestScreen(lang).lines.slice(0, 2), selfTestScreen('en').lines.slice(0, 2), `${lang} is not English`);
    }
  });
});
