// What a perfect sensing layer could know of a piece from its colour reading, by the generator's own
// model of the colour sensor (noise.ts): the reading is the piece's true colour plus Gaussian noise of
// `colourSigma` per channel. Knowing that, the best possible reader names the most likely kind, and
// only when the reading makes it far more likely than any other; else it asks a player. Nothing here
// comes from the sensing layer under test: its classifier and tuning are what this truth judges.

import type { Piece } from '../../src/rules/types.ts';
import type { Rgb } from '../../src/sensing/types.ts';
import { CALIBRATION } from './noise.ts';

/** A perfect reader names a piece when the reading makes that kind this many times likelier than the next. */
export const LEGIBLE_ODDS = 100;

const MEN: readonly Piece[] = Object.freeze(['white', 'black', 'queen']);
const ALL: readonly Piece[] = Object.freeze(['white', 'black', 'queen', 'striker']);

/** The kind a perfect reader names from `rgb`, or null if no kind is sure enough. `withStriker`: on a
 * one-beam table the striker is not told by size, so its colour is one of the answers. */
export function perfectReading(rgb: Rgb, sigma: number, withStriker: boolean): Piece | null {
  let best: Piece | null = null;
  let bestD2 = Infinity;
  let nextD2 = Infinity;
  for (const kind of withStriker ? ALL : MEN) {
    const c = CALIBRATION[kind];
    const d2 = (rgb[0] - c[0]) ** 2 + (rgb[1] - c[1]) ** 2 + (rgb[2] - c[2]) ** 2;
    if (d2 < bestD2) {
      nextD2 = bestD2;
      bestD2 = d2;
      best = kind;
    } else if (d2 < nextD2) nextD2 = d2;
  }
  // Gaussian likelihoods: the odds of the best kind over the next are exp((d_next² − d_best²) / 2σ²).
  return (nextD2 - bestD2) / (2 * sigma * sigma) >= Math.log(LEGIBLE_ODDS) ? best : null;
}

/** Whether a perfect reader knows where the striker is in a train of touching pieces, from their
 * readings (`null`: not read), the striker really at `strikerAt` (issue 16 §2): when the readings make
 * that lay-out LEGIBLE_ODDS times likelier than the striker at any other place. A man's stretch is as
 * likely as its likeliest man. */
export function perfectPlacement(readings: readonly (Rgb | null)[], strikerAt: number, sigma: number): boolean {
  const logLikelihood = (k: number) => {
    let sum = 0;
    readings.forEach((rgb, i) => {
      if (!rgb) return;
      const kinds = i === k ? (['striker'] as const) : MEN;
      let d2 = Infinity;
      for (const kind of kinds) {
        const c = CALIBRATION[kind];
        d2 = Math.min(d2, (rgb[0] - c[0]) ** 2 + (rgb[1] - c[1]) ** 2 + (rgb[2] - c[2]) ** 2);
      }
      sum -= d2 / (2 * sigma * sigma);
    });
    return sum;
  };
  const own = logLikelihood(strikerAt);
  for (let k = 0; k < readings.length; k++) if (k !== strikerAt && own - logLikelihood(k) < Math.log(LEGIBLE_ODDS)) return false;
  return true;
}
