// Calibration on the table: for each pocket, each kind of piece is dropped a few times; the beams give
// each passage's size (speed × blocked time) and the colour sensor its reading. From these come the
// trace header's `calibration` (the mean colour of each kind), the sizes of a man and of the striker,
// and a verdict: are the kinds told apart on this table, and which pocket is the weakest.
// Pure: readings carry their time; nothing here reads a clock.

import { Beam, type Pulse } from '../../sensing/beam.ts';
import { KINDS, classifyColour, piecesBySize, type Kind } from '../../sensing/classify.ts';
import { DEFAULT_CONFIG, type Calibration, type Reading, type Rgb, type SensingConfig } from '../../sensing/types.ts';

/** The kinds dropped in each pocket, in order: the sensing layer's own list (one in the device's bundle). */
export { KINDS, type Kind };
export const POCKETS = 4;
/** Drops of each kind in each pocket. */
export const DROPS = 3;
/** A pulse on one beam with none on the other this long after it: a passage seen by one beam only. */
const LONE_PULSE_US = 300_000;

/** One passage: its size (null when one beam saw it, or an edge was lost) and its colour reading (null
 * when none came). */
export interface Sample {
  pocket: number;
  sizeMm: number | null;
  rgb: Rgb | null;
  /** Both beams saw it, but one of its pulses was started or ended by a corrected level (the capture lost
   * an edge: src/sensing/beam.ts): its length is unknown, so it has no size, though the gate has two beams. */
  lostEdge?: true;
}

/** Samples by pocket, then by kind. */
export type Samples = Sample[][][];

export type CalibrationCfg = Pick<SensingConfig, 'colourMaxDistance' | 'colourMargin' | 'manMm' | 'strikerMm' | 'minPulseUs' | 'minGapUs' | 'stuckUs'>;

/** Records passages and steps through pockets × kinds; samples in another pocket than asked are ignored. */
export class CalibrationRun {
  readonly samples: Samples = [0, 1, 2, 3].map(() => KINDS.map(() => []));
  /** Index into pockets × kinds: pocket = step / 4, kind = step % 4. */
  step = 0;
  last: Sample | null = null;
  /** Passages seen in a pocket that was not asked for. */
  stray = 0;
  private readonly beams: Beam[] = [];
  private readonly pulses: Pulse[][] = [];
  private readonly colours: ({ t: number; rgb: Rgb } | null)[] = [null, null, null, null];

  constructor(
    readonly beamGapMm: number,
    readonly cfg: CalibrationCfg = DEFAULT_CONFIG,
  ) {
    for (let i = 0; i < 2 * POCKETS; i++) {
      const list: Pulse[] = [];
      this.pulses.push(list);
      this.beams.push(new Beam(cfg, { pulse: (p) => void (p.stuck || list.push(p)), stuck() {}, unstuck() {}, flapping() {} }));
    }
  }

  get done(): boolean {
    return this.step >= POCKETS * KINDS.length;
  }

  get pocket(): number {
    return Math.floor(this.step / KINDS.length);
  }

  get kind(): Kind {
    return KINDS[this.step % KINDS.length];
  }

  /** Drops of the kind asked for seen so far. */
  get seen(): number {
    return this.done ? DROPS : this.samples[this.pocket][this.step % KINDS.length].length;
  }

  reading(r: Reading): void {
    // Passages that closed before this reading first, so that a colour reading goes to the next passage,
    // not to the one before it (a drop whose first reading is its colour: its blocked edge was lost).
    this.advance(r.t);
    if (r.kind === 'beam') {
      // A corrected level moves the beam as the sensing layer's does (sensing.ts): its pulse is loose.
      const beam = this.beams[r.pocket * 2 + r.beam];
      if (r.corrected === true) beam.correct(r.t, r.blocked);
      else beam.edge(r.t, r.blocked);
      this.advance(r.t);
    } else if (r.kind === 'colour') this.colours[r.pocket] = { t: r.t, rgb: r.rgb };
  }

  advance(now: number): void {
    for (let p = 0; p < POCKETS; p++) {
      this.beams[2 * p].advance(now);
      this.beams[2 * p + 1].advance(now);
      this.pair(p, now);
    }
  }

  /** The kind asked for is skipped (a pocket whose gate sees nothing). */
  skip(): void {
    if (!this.done) this.step++;
  }

  /** Pairs the upper and lower beam's pulses of a pocket into passages. */
  private pair(pocket: number, now: number): void {
    const a = this.pulses[2 * pocket];
    const b = this.pulses[2 * pocket + 1];
    while (a.length > 0 && b.length > 0) this.passage(pocket, a.shift()!, b.shift()!);
    const lone = a[0] ?? b[0];
    if (lone && (this.beamGapMm === 0 || now - lone.end > LONE_PULSE_US)) {
      (a.length > 0 ? a : b).shift();
      this.passage(pocket, lone, null);
    }
  }

  private passage(pocket: number, a: Pulse, b: Pulse | null): void {
    // A loose pulse (an edge lost, a corrected level in its place) has no known length, and a late start
    // gives a wrong speed: such a passage is not sized, as the gate does not size it (gate.ts lostEdge).
    const loose = a.loose || (b !== null && b.loose);
    let sizeMm: number | null = null;
    if (b && !loose && this.beamGapMm > 0 && b.start > a.start) {
      const speed = this.beamGapMm / (b.start - a.start); // mm/µs
      sizeMm = (speed * (a.end - a.start + (b.end - b.start))) / 2;
    }
    const c = this.colours[pocket];
    const rgb = c && c.t >= a.start - 50_000 ? c.rgb : null;
    this.colours[pocket] = null;
    const sample: Sample = b && loose ? { pocket, sizeMm, rgb, lostEdge: true } : { pocket, sizeMm, rgb };
    this.last = sample;
    if (this.done || pocket !== this.pocket) {
      this.stray++;
      return;
    }
    const list = this.samples[pocket][this.step % KINDS.length];
    list.push(sample);
    if (list.length >= DROPS) this.step++;
  }
}

/** What a pocket lacked: no passage at all, a passage without its colour reading, one seen by one beam
 * only. A code, not words: the screen says it in the table's language (they are its message ids). */
export type Missing = 'noReadings' | 'noColour' | 'oneBeam';

/** How one pocket did: what is missing, the least colour margin, and whether its readings were read right. */
export interface PocketVerdict {
  pocket: number;
  /** What was missing, or null when both beams and the colour sensor answered. */
  missing: Missing | null;
  /** The least lead of a reading's own kind over the nearest other kind (colour distance); null without colour. */
  margin: number | null;
  /** Readings the sensing layer's rule would name wrong (colour, or size for the striker). */
  wrong: number;
  sizes: { man: number | null; striker: number | null };
}

export interface CalibrationResult {
  /** The mean colour of each kind over all pockets; null if a kind has no colour reading at all. */
  calibration: Calibration | null;
  /** Mean measured sizes; null without two-beam passages of that size class. */
  manMm: number | null;
  strikerMm: number | null;
  pockets: PocketVerdict[];
  /** Every reading named right by the sensing layer's rules, and every pocket answered. */
  separable: boolean;
  /** The pocket to look at: one with something missing, else the least margin. */
  weak: number;
}

const mean = (xs: readonly number[]): number | null => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

function meanRgb(samples: readonly Sample[]): Rgb | null {
  const rgbs = samples.flatMap((s) => (s.rgb ? [s.rgb] : []));
  if (rgbs.length === 0) return null;
  const m = [0, 1, 2].map((i) => round(mean(rgbs.map((c) => c[i]))!, 4));
  return Object.freeze([m[0], m[1], m[2]] as const);
}

const distance = (x: Rgb, y: Rgb) => Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);

/** The calibration the samples make, and how well the kinds separate on this table. */
export function computeCalibration(samples: Samples, beamGapMm: number, cfg: CalibrationCfg = DEFAULT_CONFIG): CalibrationResult {
  const means = KINDS.map((_, k) => meanRgb(samples.flatMap((byKind) => byKind[k])));
  const calibration = means.every((m) => m !== null) ? (Object.freeze({ white: means[0]!, black: means[1]!, queen: means[2]!, striker: means[3]! }) as Calibration) : null;
  const sizeOf = (k: number) => samples.flatMap((byKind) => byKind[k].flatMap((s) => (s.sizeMm === null ? [] : [s.sizeMm])));
  const manSize = mean([0, 1, 2].flatMap(sizeOf));
  const strikerSize = mean(sizeOf(3));
  const sizes = { manMm: manSize === null ? cfg.manMm : manSize, strikerMm: strikerSize === null ? cfg.strikerMm : strikerSize };
  const pockets = samples.map((byKind, pocket) => judgePocket(pocket, byKind, calibration, beamGapMm, { ...cfg, ...sizes }));
  const separable = calibration !== null && pockets.every((p) => p.missing === null && p.wrong === 0);
  return {
    calibration,
    manMm: manSize === null ? null : round(manSize, 1),
    strikerMm: strikerSize === null ? null : round(strikerSize, 1),
    pockets,
    separable,
    weak: weakest(pockets),
  };
}

function judgePocket(pocket: number, byKind: Sample[][], cal: Calibration | null, beamGapMm: number, cfg: CalibrationCfg): PocketVerdict {
  const all = byKind.flat();
  const withColour = all.filter((s) => s.rgb !== null).length;
  // A passage that lost an edge was still seen by both beams: the gate is not one-beam for it.
  const withSize = all.filter((s) => s.sizeMm !== null || s.lostEdge === true).length;
  let missing: Missing | null = null;
  if (all.length === 0) missing = 'noReadings';
  else if (withColour < all.length) missing = 'noColour';
  else if (beamGapMm > 0 && withSize < all.length) missing = 'oneBeam';
  let margin: number | null = null;
  let wrong = 0;
  byKind.forEach((list, k) => {
    const kind = KINDS[k];
    for (const s of list) {
      if (s.sizeMm !== null) {
        const bySize = piecesBySize(s.sizeMm, cfg);
        if (bySize.length !== 1 || bySize[0] !== (kind === 'striker' ? 'striker' : 'man')) wrong++;
      }
      if (!s.rgb || !cal) continue;
      // On a two-beam table the striker is told by size; its colour counts only where there is no size.
      if (kind === 'striker' && s.sizeMm !== null) continue;
      const withStriker = kind === 'striker' || s.sizeMm === null;
      if (classifyColour(s.rgb, cal, cfg, withStriker) !== kind) wrong++;
      const own = distance(s.rgb, cal[kind]);
      let other = Infinity;
      for (const o of KINDS) if (o !== kind && (withStriker || o !== 'striker')) other = Math.min(other, distance(s.rgb, cal[o]));
      margin = Math.min(margin ?? Infinity, other - own);
    }
  });
  const sizes = {
    man: mean([0, 1, 2].flatMap((k) => byKind[k].flatMap((s) => (s.sizeMm === null ? [] : [s.sizeMm])))),
    striker: mean(byKind[3].flatMap((s) => (s.sizeMm === null ? [] : [s.sizeMm]))),
  };
  return { pocket, missing, margin: margin === null ? null : round(margin, 4), wrong, sizes: { man: sizes.man && round(sizes.man, 1), striker: sizes.striker && round(sizes.striker, 1) } };
}

/** Something missing first, then the most readings named wrong, then the least margin. */
function weakest(pockets: readonly PocketVerdict[]): number {
  const score = (p: PocketVerdict) => [p.missing === null ? 0 : 1, p.wrong, -(p.margin ?? -Infinity)];
  let worst = pockets[0];
  for (const p of pockets.slice(1)) {
    const a = score(p);
    const b = score(worst);
    const i = a.findIndex((x, j) => x !== b[j]);
    if (i >= 0 && a[i] > b[i]) worst = p;
  }
  return worst.pocket;
}
