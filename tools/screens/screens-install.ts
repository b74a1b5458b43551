// Golden screens of installing the table: a calibration step, its verdict, the self-test with a stuck beam
// (in English here; tools/screens/screens-languages.ts has the verdict and the self-test in each other language).
import { CalibrationRun, computeCalibration, type Samples } from '../../src/app/install/calibration.ts';
import { resultLines, runLines } from '../../src/app/install/install.ts';
import { SensorWatch, fault, selfTestLines } from '../../src/app/install/selftest.ts';
import { say, type Language } from '../../src/i18n/index.ts';
import type { Corner, Screen } from '../../src/view/screen.ts';
import { CALIBRATION } from '../../model/table/noise.ts';

const KIND_ORDER = ['white', 'black', 'queen', 'striker'] as const;

function samples(): Samples {
  return [0, 1, 2, 3].map((pocket) =>
    KIND_ORDER.map((kind, k) =>
      [0, 1, 2].map((i) => {
        const d = (i - 1) * (pocket === 2 ? 0.012 : 0.004);
        const c = CALIBRATION[kind];
        return { pocket, sizeMm: (k === 3 ? 42.8 : 33.3) + d * 10, rgb: [c[0] + d, c[1], c[2] - d] as const };
      }),
    ),
  );
}

/** The calibration at its seventh step (pocket 1, the queen), a reading just seen. */
export function calibrateStep(ok: Corner, lang: Language = 'en'): Screen {
  const run = new CalibrationRun(10);
  run.step = 6; // pocket 1, queen
  run.last = { pocket: 1, sizeMm: 33.4, rgb: [0.55, 0.22, 0.23] };
  return { kind: 'text', title: say(lang, 'calibrateStep', 7, 16), lines: runLines(run, lang), top: 0, corner: ok };
}

/** The calibration's verdict: separable, pocket 2 the weakest. */
export const calibrateResult = (ok: Corner, lang: Language = 'en'): Screen => ({
  kind: 'text',
  title: say(lang, 'calibrated'),
  lines: resultLines(computeCalibration(samples(), 10), false, false, lang),
  top: 0,
  corner: ok,
});

/** The self-test with P1's upper beam stuck (its part and pin named) and P0 seeing a piece. */
export function selfTestStuckBeam(lang: Language = 'en'): Screen {
  const w = new SensorWatch();
  w.note({ t: 0, kind: 'beam', pocket: 1, beam: 0, blocked: true });
  w.note({ t: 10_000, kind: 'beam', pocket: 0, beam: 0, blocked: true });
  w.note({ t: 14_100, kind: 'beam', pocket: 0, beam: 0, blocked: false });
  w.note({ t: 12_000, kind: 'colour', pocket: 0, rgb: [0.36, 0.34, 0.3] });
  const hw = [{ channel: 'p1.a', part: 'IR RX P1 UPPER', pin: 'GPIO36' }];
  return { kind: 'text', title: say(lang, 'selfTest'), lines: selfTestLines(w, [fault('p1.a', 'neverClears', hw)], lang), top: 0, corner: { fault: true, wifi: 'up' } };
}

export function installScreens(ok: Corner): Record<string, () => Screen> {
  return {
    'calibrate-step': () => calibrateStep(ok),
    'calibrate-result': () => calibrateResult(ok),
    'selftest-stuck-beam': () => selfTestStuckBeam(),
  };
}
