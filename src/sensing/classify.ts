// What a pulse was: the striker, one man, or touching men, by the size the two beams measured
// (docs/hardware.md: speed × blocked time); and which man, by the nearest calibrated colour.

import type { Calibration, Rgb, SensingConfig } from './types.ts';

export type SizeClass = 'man' | 'striker';

const ONE_MAN: readonly SizeClass[] = Object.freeze(['man']);
const STRIKER: readonly SizeClass[] = Object.freeze(['striker']);
const MEN: readonly (readonly SizeClass[])[] = Object.freeze([1, 2, 3, 4].map((n) => Object.freeze(new Array<SizeClass>(n).fill('man'))));

/** The pieces in one pulse of `sizeMm`. Touching men make one long pulse: about n × a man. */
export function piecesBySize(sizeMm: number, cfg: Pick<SensingConfig, 'manMm' | 'strikerMm'>): readonly SizeClass[] {
  const { manMm, strikerMm } = cfg;
  if (sizeMm < (manMm + strikerMm) / 2) return ONE_MAN;
  if (sizeMm < (strikerMm + 2 * manMm) / 2) return STRIKER;
  const n = Math.round(sizeMm / manMm);
  // Longer than four men is not a passage but a piece that rested in the throat and then fell.
  return n <= 4 ? MEN[n - 1] : ONE_MAN;
}

const KINDS = Object.freeze(['white', 'black', 'queen', 'striker'] as const);
type Kind = (typeof KINDS)[number];

/** The calibrated kind nearest to `rgb`, if near enough and clearly nearer than the runner-up; else null. */
export function classifyColour(
  rgb: Rgb,
  calibration: Calibration,
  cfg: Pick<SensingConfig, 'colourMaxDistance' | 'colourMargin'>,
  withStriker: boolean,
): Kind | null {
  let best: Kind | null = null;
  let bestD = Infinity;
  let nextD = Infinity;
  for (const kind of KINDS) {
    if (kind === 'striker' && !withStriker) continue;
    const c = calibration[kind];
    const d = Math.hypot(rgb[0] - c[0], rgb[1] - c[1], rgb[2] - c[2]);
    if (d < bestD) {
      nextD = bestD;
      bestD = d;
      best = kind;
    } else if (d < nextD) nextD = d;
  }
  if (bestD > cfg.colourMaxDistance || nextD - bestD < cfg.colourMargin) return null;
  return best;
}
