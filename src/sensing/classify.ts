// What a pulse was: the striker, one man, or touching men, by the size the two beams measured
// (docs/hardware.md: speed × blocked time); and which man, by the nearest calibrated colour.

import { DEFINITE_PIECES } from '../rules/types.ts';
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

/** The kinds a colour names, in the calibration's order (the installer's, src/app/install/calibration.ts):
 * the definite pieces (one frozen list in the device's bundle). */
export const KINDS = DEFINITE_PIECES;
export type Kind = (typeof KINDS)[number];

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
    // Stryker disable next-line EqualityOperator: on a tie (d = bestD) either kind is best and the runner-up is as near, so the margin (above 0) names none
    if (d < bestD) {
      nextD = bestD;
      bestD = d;
      best = kind;
      continue;
    }
    // Stryker disable next-line EqualityOperator: when d = nextD, setting nextD to d changes nothing
    if (d < nextD) nextD = d;
  }
  if (bestD > cfg.colourMaxDistance || nextD - bestD < cfg.colourMargin) return null;
  return best;
}

/** The pieces a part of a passage holds, by size: how many, and whether the striker is one of them
 * ('maybe': its size lies between n men and the striker with n − 1 men, within the measurement's
 * tolerance, and only the colour readings can tell). */
export interface TrainSize {
  count: number;
  striker: 'no' | 'yes' | 'maybe';
}

const TRAIN_SIZES: readonly (readonly TrainSize[])[] = Object.freeze(
  (['no', 'yes', 'maybe'] as const).map((striker) => Object.freeze([1, 2, 3, 4].map((count) => Object.freeze({ count, striker })))),
);
const trainSize = (count: number, striker: TrainSize['striker']): TrainSize => TRAIN_SIZES[striker === 'no' ? 0 : striker === 'yes' ? 1 : 2][count - 1];

/** A part of `sizeMm` (± `toleranceMm`: docs/hardware.md, "Merged pulses"): one man, the striker, n touching
 * men, or the striker touching n − 1 men (issue 16 §2). One piece is sized as piecesBySize does. For
 * n ≥ 2, n men (n × man) and the striker with n − 1 men (one striker more than a man) differ by 10 mm:
 * a size within the tolerance of the midpoint between them is 'maybe'. */
export function trainBySize(sizeMm: number, toleranceMm: number, cfg: Pick<SensingConfig, 'manMm' | 'strikerMm'>): TrainSize {
  const { manMm, strikerMm } = cfg;
  const one = piecesBySize(sizeMm, cfg);
  if (sizeMm < (strikerMm + 2 * manMm) / 2) return trainSize(1, one[0] === 'striker' ? 'yes' : 'no');
  if (one.length === 1) return trainSize(1, 'no'); // longer than any passage: a piece that rested, then fell
  // The nearest of n men and the striker with n − 1 men, n = 2..4.
  const extra = strikerMm - manMm;
  let count = 2;
  // Stryker disable next-line StringLiteral: the first candidate (best = Infinity) always sets it
  let striker: TrainSize['striker'] = 'no';
  let best = Infinity;
  for (let n = 2; n <= 4; n++) {
    for (const withStriker of [false, true]) {
      const d = Math.abs(sizeMm - (n * manMm + (withStriker ? extra : 0)));
      if (d < best) {
        best = d;
        count = n;
        striker = withStriker ? 'yes' : 'no';
      }
    }
  }
  const midpoint = count * manMm + extra / 2;
  // Stryker disable next-line StringLiteral: trainSize takes any value but 'no' and 'yes' for 'maybe', "" too
  return trainSize(count, Math.abs(sizeMm - midpoint) <= toleranceMm ? 'maybe' : striker);
}
