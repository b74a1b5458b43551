// Building readings by hand for sensing tests.
import type { GameEvent } from '../../src/rules/types.ts';
import { Sensing } from '../../src/sensing/sensing.ts';
import type { HealthFact, Reading, Rgb, SeenPiece, SensingConfig } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';

export const ms = (x: number) => x * 1000;

/** A blocked interval on one beam, as two edges. */
export const pulse = (pocket: number, beam: 0 | 1, from: number, to: number): Reading[] => [
  { t: from, kind: 'beam', pocket, beam, blocked: true },
  { t: to, kind: 'beam', pocket, beam, blocked: false },
];

/** A piece of `sizeMm` crossing a two-beam gate (10 mm apart) at `speed` m/s from `at` µs. */
export function passage(pocket: number, at: number, speed: number, sizeMm = 33.3, gapMm = 10): Reading[] {
  const v = speed / 1000; // mm/µs
  const length = Math.round(sizeMm / v);
  const delay = Math.round(gapMm / v);
  return [...pulse(pocket, 0, at, at + length), ...(gapMm > 0 ? pulse(pocket, 1, at + delay, at + delay + length) : [])];
}

export const colour = (pocket: number, t: number, rgb: Rgb): Reading => ({ t, kind: 'colour', pocket, rgb });
export const colourOf = (pocket: number, t: number, kind: keyof typeof CALIBRATION): Reading => colour(pocket, t, CALIBRATION[kind]);
export const strip = (seat: number, t: number, mm: number | null): Reading => ({ t, kind: 'strip', seat, mm });

export interface Run {
  events: GameEvent[];
  health: HealthFact[];
  provisional: SeenPiece[];
}

/** Feeds readings (sorted by time) to a fresh sensing layer and finishes at `end` (or the last reading). */
export function sense(readings: Reading[], cfg: Partial<SensingConfig> = {}, end?: number): Run {
  const run: Run = { events: [], health: [], provisional: [] };
  const s = new Sensing(
    { beamGapMm: 10, calibration: CALIBRATION, ...cfg },
    { event: (e) => run.events.push(e), health: (h) => run.health.push(h), provisional: (p) => run.provisional.push(p) },
    { mode: 'singles' },
  );
  const sorted = readings.slice().sort((a, b) => a.t - b.t);
  for (const r of sorted) s.reading(r);
  s.finish(end ?? (sorted.length ? sorted[sorted.length - 1].t : 0));
  return run;
}

export const pockets = (run: Run) => run.events.filter((e) => e.e === 'pocket').map((e) => (e as { piece: string }).piece);
