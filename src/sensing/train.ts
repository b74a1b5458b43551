// Naming the pieces of one part of a passage (issue 16 §2). A part is one stretch of blocked beams with
// no gap either beam saw: one piece, or touching pieces merged into one pulse. Its size (passage.ts,
// classify.ts: trainBySize) says how many pieces, and whether the striker is one of them: yes, no, or
// maybe (n men and the striker with n − 1 men are 10 mm apart, within the tolerance of the speed).
// Where in the part the striker is, and whether it is there at all when the size cannot say, only the
// colour readings tell: each reading falls in one piece's stretch, and is near the striker's calibrated
// colour if that piece is the striker, near one of the men's if it is a man. Every way of laying out the
// part (the striker first, second, …, or not there) costs the sum of those distances; the cheapest
// wins, if it is cheaper than every other by the colour margin (as classifyColour asks of one reading).
// When several lay-outs are that close, a piece they all call a man is a man (named by its reading), one
// they all call the striker is the striker, and a piece they disagree on is `unknown`, which a player
// names (the striker too: docs/hardware.md, "Merged pulses").

import { classifyColour } from './classify.ts';
import type { Part } from './passage.ts';
import type { Rgb, SeenPiece, SensingConfig } from './types.ts';

export interface ColourReading {
  t: number;
  rgb: Rgb;
}

/** The reading of `readings` (oldest first) that belongs to the piece blocking the upper beam from `from`
 * to `to`: the one nearest the middle of that span, null if there is none. A device's sampler reads the
 * throat in windows back to back while the beam stays blocked (docs/hardware.md, limit 6), so a piece
 * may have several, and the ones at its ends are the least its own: at the leading edge a flicker of the
 * beam opens a window on the empty throat, at the trailing edge the window is part piece, part throat,
 * and at a junction of touching pieces the cut between them is only estimated (a few mm either way) and
 * the neighbour is in view. The window nearest the middle is the one furthest from all three. A trace
 * with one reading per piece (formats.md §2) names it by that reading, as before. */
export function middleReading(readings: readonly ColourReading[], from: number, to: number): ColourReading | null {
  const middle = (from + to) / 2;
  let best: ColourReading | null = null;
  for (const r of readings) if (best === null || Math.abs(r.t - middle) < Math.abs(best.t - middle)) best = r;
  return best;
}

/** The reading of a piece that rested in the throat, blocking the upper beam from `from` to `to`: the mean
 * of `readings` taken in the middle half of that span, else middleReading's. A resting piece fills the
 * sensor's field the same way all along, so every reading taken while it rested is a reading of its middle
 * (formats.md §2: a piece with several is named by the one nearest the middle of its stretch), each with
 * the sensor's own noise; one of them alone may fall within the colour margin where the rest say one kind
 * (a white hung 2.2 s across both beams at high noise, 67 readings: the one nearest the middle of the block
 * asked, the device's nearest named it; issue 30). The middle half leaves out the piece coming to rest and
 * leaving. */
export function restingReading(readings: readonly ColourReading[], from: number, to: number): ColourReading | null {
  const quarter = (to - from) / 4;
  let n = 0;
  const sum: [number, number, number] = [0, 0, 0];
  for (const r of readings) {
    if (r.t < from + quarter || r.t > to - quarter) continue;
    // Stryker disable next-line EqualityOperator: `c <= 3` is equivalent: it adds undefined to a fourth sum, which nothing reads
    for (let c = 0; c < 3; c++) sum[c] += r.rgb[c];
    n++;
  }
  if (n === 0) return middleReading(readings, from, to);
  return { t: Math.floor((from + to) / 2), rgb: [sum[0] / n, sum[1] / n, sum[2] / n] };
}

export interface NamedPiece {
  /** Upper-beam time span of this piece, µs. */
  from: number;
  to: number;
  piece: SeenPiece['piece'];
  /** A colour reading fell in this piece's stretch. */
  read: boolean;
}

type Cfg = Pick<SensingConfig, 'calibration' | 'manMm' | 'strikerMm' | 'colourMaxDistance' | 'colourMargin'>;

/** Lay-outs: the index of the striker among the part's pieces, -1 for none. */
const NO_STRIKER: readonly number[] = Object.freeze([-1]);
const STRIKER_ONLY: readonly number[] = Object.freeze([0]);

/** The pieces of `part`, in order, named from the colour `readings` taken while it passed (oldest first). */
export function nameParts(part: Part, readings: readonly ColourReading[], cfg: Cfg): NamedPiece[] {
  const { count, striker } = part.size;
  // Only men, or the striker alone (the common parts): nothing to weigh.
  // Stryker disable next-line ConditionalExpression, EqualityOperator, StringLiteral: the test of 'yes' changed is equivalent: a part of one piece is sized 'yes' or 'no', never 'maybe' (trainBySize), and cheapest() gives STRIKER_ONLY's lay-out for it
  const tied = striker === 'no' ? NO_STRIKER : striker === 'yes' && count === 1 ? STRIKER_ONLY : cheapest(part, readings, cfg);
  const cal = cfg.calibration;
  const out: NamedPiece[] = [];
  for (let i = 0; i < count; i++) {
    // The piece's stretch: the mean of the tied lay-outs' (they differ by a few mm at most).
    let from = 0;
    let to = 0;
    for (const k of tied) {
      from += edgeAt(part, i, k, cfg);
      to += edgeAt(part, i + 1, k, cfg);
    }
    from = Math.floor(from / tied.length);
    to = Math.floor(to / tied.length);
    let strikers = 0;
    for (const k of tied) if (k === i) strikers++;
    // Of the readings that fell in this piece's stretch, the one nearest its middle (middleReading's rule).
    const middle = (from + to) / 2;
    let reading: ColourReading | null = null;
    for (let j = 0; j < readings.length; j++) {
      if (owner(part, readings, j, tied[0], cfg) !== i) continue;
      if (reading === null || Math.abs(readings[j].t - middle) < Math.abs(reading.t - middle)) reading = readings[j];
    }
    let piece: SeenPiece['piece'];
    if (strikers === tied.length) piece = 'striker';
    else if (strikers > 0) piece = 'unknown';
    else piece = (cal && reading && classifyColour(reading.rgb, cal, cfg, false)) || 'man';
    out.push({ from, to, piece, read: reading !== null });
  }
  return out;
}

/** The lay-outs of `part` (the index of the striker among its pieces, -1 for none) that fit its
 * readings best: the cheapest, and every other within the colour margin of it. */
function cheapest(part: Part, readings: readonly ColourReading[], cfg: Cfg): number[] {
  const { count, striker } = part.size;
  const layouts: number[] = [];
  if (striker !== 'yes') layouts.push(-1);
  for (let k = 0; k < count; k++) layouts.push(k);
  const cal = cfg.calibration;
  // How far each reading is from the striker's colour and from the nearest man's; 0 for both where it is
  // near nothing (or there is no calibration), so that it tells no lay-out from another.
  const toStriker: number[] = [];
  const toMan: number[] = [];
  for (const r of readings) {
    const dS = cal ? distance(r.rgb, cal.striker) : Infinity;
    const dM = cal ? Math.min(distance(r.rgb, cal.white), distance(r.rgb, cal.black), distance(r.rgb, cal.queen)) : Infinity;
    const near = Math.min(dS, dM) <= cfg.colourMaxDistance;
    toStriker.push(near ? dS : 0);
    toMan.push(near ? dM : 0);
  }
  // Each piece weighs in once, by the reading that would name it (its own nearest the middle of its
  // stretch): a device reads a piece several times (hardware.md, limit 6), and summed over every reading
  // the costs would part by more than the margin on readings that, one a piece, leave it open (the pure
  // path asked where the device named; issue 30).
  const costs: number[] = [];
  let best = Infinity;
  for (const k of layouts) {
    let cost = 0;
    // Stryker disable next-line EqualityOperator: `i <= count` is equivalent: no reading names a piece past the last (owner() gives each one below count), so the extra turn adds nothing
    for (let i = 0; i < count; i++) {
      const j = namingReading(part, readings, i, k, cfg);
      if (j >= 0) cost += i === k ? toStriker[j] : toMan[j];
    }
    costs.push(cost);
    best = Math.min(best, cost);
  }
  const tied: number[] = [];
  for (let l = 0; l < layouts.length; l++) if (costs[l] - best < cfg.colourMargin) tied.push(layouts[l]);
  return tied;
}

/** The index of the reading that names piece `i` of `part`, the striker at `k` (-1: none): of the readings
 * in its stretch (owner), the one nearest the middle of it (middleReading's rule). */
function namingReading(part: Part, readings: readonly ColourReading[], i: number, k: number, cfg: Cfg): number {
  const middle = (edgeAt(part, i, k, cfg) + edgeAt(part, i + 1, k, cfg)) / 2;
  let best = -1;
  for (let j = 0; j < readings.length; j++) {
    if (owner(part, readings, j, k, cfg) !== i) continue;
    if (best < 0 || Math.abs(readings[j].t - middle) < Math.abs(readings[best].t - middle)) best = j;
  }
  return best;
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Where piece `i`'s stretch begins (i = count: where the part ends), the striker at index `k` (-1: none). */
function edgeAt(part: Part, i: number, k: number, cfg: Cfg): number {
  const { count } = part.size;
  const total = count * cfg.manMm + (k >= 0 ? cfg.strikerMm - cfg.manMm : 0);
  const before = i * cfg.manMm + (k >= 0 && k < i ? cfg.strikerMm - cfg.manMm : 0);
  return part.from + ((part.to - part.from) * before) / total;
}

/** The piece reading `j` belongs to, the striker at `k`: as many readings as pieces, each within an eighth
 * of a man of its own piece's stretch, go one to each, in order (each piece was read once; the stretches
 * are estimates, a reading at the edge of its piece may fall just over it); otherwise each goes to the
 * piece whose stretch it fell in. A device reads a piece several times (hardware.md, limit 6): two
 * readings of the first of two touching men, the second unread, are not one each (issue 30). */
function owner(part: Part, readings: readonly ColourReading[], j: number, k: number, cfg: Cfg): number {
  const { count } = part.size;
  if (readings.length === count && oneEach(part, readings, k, cfg)) return j;
  const t = readings[j].t;
  let i = 0;
  while (i < count - 1 && t >= edgeAt(part, i + 1, k, cfg)) i++;
  return i;
}

/** Each of `readings` (as many as the part's pieces) lies within an eighth of a man (4.2 mm) of its own
 * piece's stretch, in order, the striker at `k`. The slack is what the cut between touching pieces may be
 * off by (a short chord, a few mm: 31.5 mm against a man's 33.3); a reading further inside a piece's
 * neighbour was taken while the neighbour blocked the beam, and is his (formats.md §2). A quarter of a man
 * (8.3 mm) gave a device's second window of the first of two men, 76 % into him, to the second, unread
 * (issue 30). */
function oneEach(part: Part, readings: readonly ColourReading[], k: number, cfg: Cfg): boolean {
  const slack = (edgeAt(part, 1, -1, cfg) - part.from) / 8;
  for (let i = 0; i < readings.length; i++) {
    const t = readings[i].t;
    if (t < edgeAt(part, i, k, cfg) - slack || t > edgeAt(part, i + 1, k, cfg) + slack) return false;
  }
  return true;
}
