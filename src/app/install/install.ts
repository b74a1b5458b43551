// Installing the table: the calibration and the self-test, two screens that take over the display and
// the buttons while they run (the readings go to them, not to the match). Up and down scroll, a long
// press leaves; in the calibration select skips a kind (a pocket that sees nothing), and on its result
// select keeps the calibration in flash.

import { say, type Language, type MessageId } from '../../i18n/index.ts';
import type { HealthFact, Reading } from '../../sensing/types.ts';
import type { Corner, TextScreen } from '../../view/screen.ts';
import { TEXT_ROWS } from '../../view/text.ts';
import type { ButtonName } from '../screen/buttons.ts';
import { CalibrationRun, DROPS, KINDS, POCKETS, computeCalibration, type CalibrationCfg, type CalibrationResult } from './calibration.ts';
import { SensorWatch, faultsNow, selfTestLines, type Fault, type HardwarePart } from './selftest.ts';
import { storedText } from './table-config.ts';
import type { KeyStore } from '../../store/key.ts';

export interface InstallOptions {
  /** The table's parts, channels and pins (the device from its board, the simulator its own). */
  hardware?: readonly HardwarePart[];
  /** Where the calibration is kept (a Preference key on the device); none: it lasts until power off. */
  store?: KeyStore;
  /** Parts that did not answer the host before the app started, by channel ("display", "p2.c", "s1"). */
  faults?: readonly string[];
}

export interface InstallHost {
  now(): number;
  health(): readonly HealthFact[];
  cfg(): CalibrationCfg & { beamGapMm: number };
  seats(): readonly number[];
  /** A calibration was kept: the sensing layer uses it from now on (and from the next boot). */
  calibrated(text: string): void;
}

type Mode = { kind: 'calibrate'; run: CalibrationRun; result: CalibrationResult | null; saved: boolean; failed: boolean } | { kind: 'selftest' };

export class Install {
  readonly watch = new SensorWatch();
  private mode: Mode | null = null;
  private top = 0;

  constructor(
    private readonly o: InstallOptions,
    private readonly host: InstallHost,
  ) {}

  get active(): boolean {
    return this.mode !== null;
  }

  start(kind: 'calibrate' | 'selftest'): void {
    this.top = 0;
    const cfg = this.host.cfg();
    this.mode = kind === 'selftest' ? { kind } : { kind, run: new CalibrationRun(cfg.beamGapMm, cfg), result: null, saved: false, failed: false };
  }

  reading(r: Reading): void {
    const m = this.mode;
    if (m?.kind === 'calibrate' && !m.result) {
      m.run.reading(r);
      this.finishIfDone(m);
    }
  }

  advance(now: number): void {
    const m = this.mode;
    if (m?.kind === 'calibrate' && !m.result) {
      m.run.advance(now);
      this.finishIfDone(m);
    }
  }

  private finishIfDone(m: Extract<Mode, { kind: 'calibrate' }>): void {
    if (m.run.done) {
      m.result = computeCalibration(m.run.samples, m.run.beamGapMm, m.run.cfg);
      this.top = 0;
    }
  }

  /** A button while a screen runs; false when the screen closed. */
  press(b: ButtonName, long: boolean): boolean {
    const m = this.mode;
    if (!m) return false;
    if (long) {
      this.mode = null;
      return false;
    }
    if (b === 'up') this.top = Math.max(0, this.top - 1);
    else if (b === 'down') this.top++;
    else if (m.kind === 'calibrate' && !m.result) {
      m.run.skip();
      this.finishIfDone(m);
    } else if (m.kind === 'calibrate' && m.result?.calibration && !m.saved && !m.failed) {
      const text = storedText(m.run.beamGapMm, m.result);
      // A flash that refuses the write (full, worn) must not stop the table: the calibration is used
      // until power off, and the screen says it was not kept.
      try {
        this.o.store?.set(text);
        m.saved = true;
      } catch {
        m.failed = true;
      }
      this.host.calibrated(text);
    }
    return true;
  }

  faults(): Fault[] {
    const cfg = this.host.cfg();
    const now = this.host.now();
    return faultsNow({
      watch: this.watch,
      health: this.host.health(),
      hostFaults: this.o.faults ?? [],
      hardware: this.o.hardware ?? [],
      now,
      stuckUs: cfg.stuckUs,
      seats: this.host.seats(),
      upUs: now,
    });
  }

  /** The screen in the table's language. */
  screen(corner: Corner, lang: Language = 'en'): TextScreen {
    const m = this.mode;
    let title = say(lang, 'selfTest');
    let lines: string[];
    if (m?.kind === 'calibrate') {
      title = m.result ? say(lang, 'calibrated') : say(lang, 'calibrateStep', Math.min(m.run.step + 1, STEPS.length), STEPS.length);
      lines = m.result ? resultLines(m.result, m.saved, m.failed, lang) : runLines(m.run, lang);
    } else lines = selfTestLines(this.watch, this.faults(), lang, this.o.hardware);
    this.top = Math.max(0, Math.min(this.top, lines.length - TEXT_ROWS));
    return { kind: 'text', title, lines, top: this.top, corner };
  }
}

/** The piece word of each kind the calibration asks for (the match's own words). */
const KIND_WORD: Readonly<Record<(typeof KINDS)[number], MessageId>> = Object.freeze({ white: 'white', black: 'black', queen: 'queen', striker: 'striker' });

export function runLines(run: CalibrationRun, lang: Language = 'en'): string[] {
  const last = run.last;
  const lastText = !last
    ? say(lang, 'sawNone')
    : say(lang, 'saw', `P${last.pocket}`, last.sizeMm === null ? '--' : last.sizeMm.toFixed(1), last.rgb ? last.rgb.map((x) => Math.round(x * 100)).join(' ') : '--');
  return [
    say(lang, 'dropIn', run.pocket),
    say(lang, 'dropTimes', say(lang, KIND_WORD[run.kind]), DROPS),
    say(lang, 'seenOf', run.seen, DROPS),
    lastText,
    say(lang, 'selectSkip'),
    say(lang, 'holdStop'),
  ];
}

/** The verdict first (separable? the weak pocket), then each pocket, then what select does. */
export function resultLines(r: CalibrationResult, saved: boolean, failed = false, lang: Language = 'en'): string[] {
  const weak = r.pockets[r.weak];
  const why = weak.missing ? say(lang, weak.missing) : weak.wrong > 0 ? say(lang, 'wrongCount', weak.wrong) : say(lang, 'marginIs', marginText(weak.margin));
  const lines = [say(lang, r.separable ? 'separable' : 'notSeparable'), say(lang, 'weakIs', `P${r.weak}`, why)];
  lines.push(say(lang, 'sizesIs', r.manMm?.toFixed(1) ?? '--', r.strikerMm?.toFixed(1) ?? '--'));
  for (const p of r.pockets) {
    // A sound pocket on one row; one with something wrong says what first, its figures on the next.
    const figures = `${marginText(p.margin)} ${p.sizes.man ?? '--'}/${p.sizes.striker ?? '--'}`;
    if (!p.missing && p.wrong === 0) lines.push(`P${p.pocket} ${say(lang, 'ok')} ${figures}`);
    else lines.push(`P${p.pocket} ${p.missing ? say(lang, p.missing) : say(lang, 'wrongCount', p.wrong)}`, `   ${figures}`);
  }
  const keep = !r.calibration ? 'notKeptNoColour' : saved ? 'keptInFlash' : failed ? 'notKeptFlash' : 'selectKeep';
  lines.push(say(lang, keep), say(lang, 'holdLeave'));
  return lines;
}

/** A margin as .089 (or -.089: the kinds overlap): four or five characters. */
const marginText = (m: number | null) => (m === null ? '--' : m.toFixed(3).replace(/^(-?)0\./, '$1.'));

/** For tests: every pocket and kind in the order the calibration asks for them. */
export const STEPS: readonly { pocket: number; kind: (typeof KINDS)[number] }[] = Object.freeze(
  Array.from({ length: POCKETS * KINDS.length }, (_, i) => Object.freeze({ pocket: Math.floor(i / KINDS.length), kind: KINDS[i % KINDS.length] })),
);
