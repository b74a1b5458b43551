// The trace generator's pieces through a pocket's gate (generate.ts drops them, shot by shot): each one's
// blocked intervals on the two beams and its colour reading, added to the trace's state (trace-state.ts),
// and when and how a perfect sensing layer sees it. A steady passage (pass), a piece that hangs in the
// throat and then falls (hangPass), and a piece that rattles in a mouth and comes back out (rattle).

import type { Piece } from '../../src/rules/types.ts';
import { DEFAULT_CONFIG, type Rgb } from '../../src/sensing/types.ts';
import { CALIBRATION } from './noise.ts';
import { hangBlocks, rattleBlock, restingIn, type Interval } from './throat.ts';
import { stuckAt, type TraceState } from './trace-state.ts';

const MAN_MM = 31.8;
const STRIKER_MM = 41.3;
const BEAM_WIDTH_MM = 1.5;
const TOUCHING_GAP_MM = 3.4;
/** A beam blocked this long is stuck to the sensing layer unless it can see that a piece rests there (docs/hardware.md). */
const STUCK_US = 1_500_000;

/** One piece's passage as the sensing layer sees it: when it dates the piece, when the gate is quiet again,
 * whether one beam alone counted it, its colour reading, and whether it touched the piece before (in one
 * pulse with it on the only beam that counts: `merged`). */
export interface Passage {
  at: number;
  end: number;
  oneBeam: boolean;
  rgb: Rgb | null;
  touched: boolean;
  merged: boolean;
}

/** A colour reading of `kind` at `us`, with the noise's spread, added to the readings; its rgb as written. */
export function colour(s: TraceState, us: number, pocket: number, kind: Piece): Rgb {
  const c = CALIBRATION[kind];
  const raw = c.map((x) => Math.max(0.001, x + s.gauss() * s.noise.colourSigma));
  const sum = raw[0] + raw[1] + raw[2];
  const rgb: Rgb = [Math.min(1, raw[0] / sum), Math.min(1, raw[1] / sum), Math.min(1, raw[2] / sum)];
  const readings = s.readings;
  readings.push({ t: Math.round(us), kind: 'colour', pocket, rgb: rgb.map((x) => Math.round(x * 1000) / 1000) as unknown as Rgb });
  return readings[readings.length - 1].kind === 'colour' ? (readings[readings.length - 1] as { rgb: Rgb }).rgb : rgb;
}

/** Between two touching pieces, the gap one beam sees (docs/hardware.md: 0–3.4 ms at 1 m/s, or none). */
const touchingGapMm = (s: TraceState) => (s.r() < s.noise.touchingGap ? s.uniform(0, TOUCHING_GAP_MM) : 0);

/** One piece through a gate at `us` (or touching the one before). Returns when the sensing layer dates it. */
export function pass(s: TraceState, us: number, pocket: number, piece: Piece, train = false): Passage {
  const { r, uniform, noise, layout, twoBeams } = s;
  const prev = s.lastPass[pocket];
  // A striker-and-man train (trains.ts) touches by design; men touch each other by chance, never a hung piece.
  const touched = train || (piece !== 'striker' && prev.piece !== 'striker' && !prev.hung && prev.clear > us - 400_000 && r() < noise.touching);
  let speed = Math.exp(uniform(Math.log(noise.speed[0]), Math.log(noise.speed[1]))) / 1000; // mm per µs
  let speedB = speed * (1 + noise.speedChange * (2 * r() - 1));
  let a0 = Math.max(us, prev.clear);
  let b0: number;
  if (touched) {
    speed = prev.speed;
    speedB = prev.speedB;
    a0 = prev.aEnd + touchingGapMm(s) / speed;
    b0 = prev.bEnd + touchingGapMm(s) / speedB;
    s.stats.touching++;
  } else b0 = a0 + layout.beamGapMm / ((speed + speedB) / 2);
  const chord = (piece === 'striker' ? STRIKER_MM : MAN_MM) * (1 - r() * noise.offCentre);
  const aEnd = a0 + (chord + BEAM_WIDTH_MM) / speed;
  const bEnd = b0 + (chord + BEAM_WIDTH_MM) / speedB;
  const aStuck = stuckAt(s, pocket, 0, a0);
  const bStuck = twoBeams && stuckAt(s, pocket, 1, b0);
  s.blocked[pocket][0].push({ from: a0, to: aEnd });
  if (twoBeams) s.blocked[pocket][1].push({ from: b0, to: bEnd });
  s.lastPass[pocket] = { aEnd, bEnd, clear: Math.max(aEnd, twoBeams ? bEnd : aEnd) + 3000, speed, speedB, piece, hung: false };
  // The sensing layer dates a piece by the upper beam, or by the lower one if the upper is stuck;
  // touching pieces share one pulse, split evenly.
  const at = aStuck ? b0 : a0;
  const read = layout.colour && r() >= noise.missedColour && !(touched && r() < noise.touchingOneReading);
  const rgb = read ? colour(s, a0 + (aEnd - a0) * (s.readingsAnywhere ? r() : uniform(0.3, 0.7)), pocket, piece) : null;
  // The gate is quiet again when the beams that saw it clear (a stuck beam saw nothing).
  const end = Math.max(aStuck ? 0 : aEnd, twoBeams && !bStuck ? bEnd : 0);
  // One pulse with the piece before on the only beam that counts: no gap on it that the sensing layer
  // keeps (shorter ones are bridged as glitches, DEFAULT_CONFIG.minGapUs).
  const countedBy = !twoBeams || bStuck ? 0 : aStuck ? 1 : -1;
  const merged = touched && countedBy >= 0 && (countedBy === 0 ? a0 - prev.aEnd : b0 - prev.bEnd) < DEFAULT_CONFIG.minGapUs;
  return { at, end, oneBeam: aStuck || bStuck || !twoBeams, rgb, touched, merged };
}

/** A piece that tips into a pocket's mouth while the pieces move, and rolls back onto the board: the
 * upper beam sees it, the lower never (model/table/throat.ts). Not a piece of the truth: with a healthy
 * lower beam a perfect sensing layer knows it did not go down. Only on two-beam tables (on one beam a
 * dip cannot be told from a fall), and only where that pocket's beams are clear and not stuck around it. */
export function rattle(s: TraceState, strikeAt: number): void {
  const { rs, blocked, stuck } = s;
  if (!s.twoBeams) return;
  const pocket = Math.floor(rs() * 4);
  const kind = (['white', 'black', 'queen', 'striker'] as const)[Math.floor(rs() * 4)];
  const block = rattleBlock(strikeAt + 40_000 + 1_500_000 * rs(), (0.1 + 0.9 * rs()) / 1000, 2 + 6 * rs(), 300_000 * rs());
  const near = (x: Interval) => x.from - 300_000 < block.to && block.from - 300_000 < x.to;
  if (blocked[pocket].some((beam) => beam.some(near))) return;
  // Before its lower beam has seen a piece the sensing layer cannot know that beam works, and counts
  // a dip: the repertoire's rattles come after a piece has gone down that pocket.
  if (!blocked[pocket][1].some((x) => x.to < block.from)) return;
  if (stuck[pocket].some((spans) => spans.some((x) => x.from - 2_000_000 < block.to && block.from - 2_000_000 < x.to))) return;
  blocked[pocket][0].push(block);
  if (s.layout.colour && rs() >= s.noise.missedColour) colour(s, block.from + 2_600 + 1_400 * rs(), pocket, kind);
  s.stats.rattles++;
}

/** A piece may hang in this pocket's throat from `us`: two beams, neither stuck near that time. */
export const mayHang = (s: TraceState, us: number, pocket: number) =>
  s.twoBeams && s.throat.hangs > 0 && !s.stuck[pocket].some((spans) => spans.some((x) => x.from < us + 8_000_000 && us - 2_000_000 < x.to));

/** A piece that hangs in the throat for 0.2–5 s and then falls (model/table/throat.ts), from `us` or when
 * the gate is clear. Its colour is read as it comes in, one integration after the upper beam blocks.
 * `follow`: the next piece enters this pocket 35–190 ms after this one cleared both beams (else 200 ms
 * or more). The sensing layer dates it when it came in; only if it rests on the upper beam alone past
 * the stuck time with no colour reading to show a piece is there (or across both beams on a table
 * whose colour sensor missed it) does the upper beam look failed, and the piece is then dated by the
 * lower beam. */
export function hangPass(s: TraceState, us: number, pocket: number, piece: Piece, follow: boolean) {
  const { rs, noise, layout } = s;
  const at = Math.max(us, s.lastPass[pocket].clear);
  const lenMm = (piece === 'striker' ? STRIKER_MM : MAN_MM) * (1 - rs() * noise.offCentre) + BEAM_WIDTH_MM;
  const gapMm = layout.beamGapMm;
  const speedIn = (0.3 + 1.2 * rs()) / 1000;
  const speedOut = (0.3 + 0.7 * rs()) / 1000;
  const hangUs = Math.exp(Math.log(200_000) + rs() * Math.log(25));
  let restMm = -lenMm + 1 + (lenMm + gapMm - 2) * rs();
  // Across both beams for less time than 4.5 men take to cross at its speed, a hang looks to the beams
  // like touching men (both beams blocked alike): nothing can tell it, so this repertoire rests such a
  // piece on the lower beam alone (docs/hardware.md).
  if (restingIn({ restMm, lenMm, gapMm }) === 'both' && speedIn * hangUs < 4.5 * 33) restMm = -lenMm + 1 + (gapMm - 2) * rs();
  const { upper, lower } = hangBlocks({ at, speedIn, speedOut, restMm, hangUs, lenMm, gapMm });
  s.blocked[pocket][0].push(upper);
  s.blocked[pocket][1].push(lower!);
  const read = layout.colour && rs() >= noise.missedColour;
  const rgb = read ? colour(s, at + 2_600 + 1_400 * rs(), pocket, piece) : null;
  const end = Math.max(upper.to, lower!.to);
  const next = end + (follow ? 35_000 + 155_000 * rs() : 200_000);
  s.lastPass[pocket] = { aEnd: upper.to, bEnd: lower!.to, clear: next, speed: speedOut, speedB: speedOut, piece, hung: true };
  s.stats.hangs++;
  if (follow) s.stats.follows++;
  // The sensing layer knows a resting piece from a failed beam by the colour read as the upper beam
  // blocked, or, without colour sensors, by the lower beam blocking right after (docs/hardware.md).
  const rest = restingIn({ restMm, lenMm, gapMm });
  const looksFailed = upper.to - upper.from >= STUCK_US && !rgb && (rest === 'upper' || (rest === 'both' && layout.colour));
  return { at: looksFailed ? lower!.from : at, end, oneBeam: false, rgb, sized: restingIn({ restMm, lenMm, gapMm }) !== 'both', looksFailed };
}
