// One passage through a two-beam gate: the pulses of both beams that belong to the same pieces.
// Touching pieces cross the two beams at different chords, so a gap between them may show on one beam
// and not on the other: one merged pulse on one beam then faces two or three on the other (issue 8).
// The lower beam sees what the upper one saw, one beam delay later; a passage is complete when its
// last pulses on both beams end at the same place along the path (within half a man). Its pieces are
// cut at every gap either beam saw, and each part is sized on its own.

import type { Pulse } from './beam.ts';
import { trainBySize, type TrainSize } from './classify.ts';
import type { SensingConfig } from './types.ts';

type Cfg = Pick<SensingConfig, 'beamGapMm' | 'manMm' | 'strikerMm'>;

/** Touching pieces leave a gap of at most 3.4 mm on a beam (docs/hardware.md: 0–3.4 ms at 1 m/s); a little more for the beam's width. */
const TOUCHING_GAP_MM = 4.5;

/** How far a merged pulse's size may be off (docs/hardware.md, "Merged pulses"): a gap between touching
 * pieces too short to count adds up to 2 mm, and the speed, from two leading edges each a few tens of µs
 * off (jitter, ringing), is off by up to EDGE_US / delay of itself. */
const MERGED_MM = 2;
const EDGE_US = 40;

/** How many of the waiting pulses of each beam make the passage that begins with `as[0]` and `bs[0]`,
 * or null while a pulse still to come may belong to it. `openA`/`openB`: the earliest start of a pulse
 * of that beam not yet handed over (+Infinity if none); `now`: the time reached (+Infinity at the end). */
export function passageExtent(as: readonly Pulse[], bs: readonly Pulse[], openA: number, openB: number, now: number, cfg: Cfg): { na: number; nb: number } | null {
  const delay = Math.max(bs[0].start - as[0].start, 1);
  const halfMan = (cfg.manMm / 2 / cfg.beamGapMm) * delay; // µs for half a man at the measured speed
  const touchingAtEntry = (TOUCHING_GAP_MM / cfg.beamGapMm) * delay; // µs: the widest gap between touching pieces
  let na = 1;
  let nb = 1;
  for (;;) {
    // Where the lower beam's pulses end, seen one delay earlier, against where the upper beam's end.
    const excess = bs[nb - 1].end - delay - as[na - 1].end;
    if (Math.abs(excess) <= halfMan) {
      // Both beams agree the pieces so far end here. A piece right behind (a gap on both beams no
      // wider than touching pieces leave) touched them: same passage, so it is sized at their speed,
      // not by its own leading edges, which a gap seen wider on one beam than the other would skew.
      // The widest gap at the pace the pieces left at: after a piece that hung on the upper beam the
      // leading edges' delay is the length of the hang, the trailing edges' that of the fall.
      const trail = bs[nb - 1].end - as[na - 1].end;
      const touching = trail < delay / 2 ? (TOUCHING_GAP_MM / cfg.beamGapMm) * Math.max(trail, 1) : touchingAtEntry;
      const a = as[na];
      const b = bs[nb];
      const aNear = a ? a.start - as[na - 1].end <= touching : openA - as[na - 1].end <= touching;
      const bNear = b ? b.start - bs[nb - 1].end <= touching : openB - bs[nb - 1].end <= touching;
      if (!aNear || !bNear) {
        const undecided = now !== Infinity && ((!a && now - as[na - 1].end <= touching) || (!b && now - bs[nb - 1].end <= touching));
        return undecided ? null : { na, nb };
      }
      if (!a || !b) return now === Infinity ? { na, nb } : null;
      na++;
      nb++;
      continue;
    }
    // One beam goes on past the other's last pulse: the other beam's next pulse belongs here, if it
    // starts before this passage ends on the longer beam.
    // Stryker disable next-line EqualityOperator: `>= 0` is equivalent: here |excess| > halfMan, so excess is never 0
    const upper = excess > 0;
    const list = upper ? as : bs;
    const n = upper ? na : nb;
    const limit = upper ? bs[nb - 1].end - delay : as[na - 1].end + delay;
    const next = list[n];
    if (next) {
      if (next.start >= limit) return { na, nb }; // not this passage's: take what both beams agree on
      if (upper) na++;
      else nb++;
      continue;
    }
    const open = upper ? openA : openB;
    if (now !== Infinity && (open < limit || now < limit)) return null;
    return { na, nb };
  }
}

/** One beam blocked half as long again as the other, or longer than four men: not pieces crossing at a
 * steady speed (touching pieces block both beams alike, within the few per cent a fall changes the
 * speed) but a piece that stopped in the throat, on one beam or across both, and then fell. */
export function rested(as: readonly Pulse[], na: number, bs: readonly Pulse[], nb: number, cfg: Cfg): boolean {
  const blockedA = blockedWithin(as, na, -Infinity, Infinity);
  const blockedB = blockedWithin(bs, nb, -Infinity, Infinity);
  if (Math.max(blockedA, blockedB) > 1.5 * Math.min(blockedA, blockedB)) return true;
  const speed = cfg.beamGapMm / Math.max(bs[0].start - as[0].start, 1);
  return (speed * (blockedA + blockedB)) / 2 > 4.5 * cfg.manMm;
}

/** The size of a piece that hung in the throat, if one beam saw it cross whole at a speed the edges
 * give: resting on the lower beam, it crossed the upper one coming in (speed from the leading edges);
 * resting on the upper beam, it crossed the lower one falling out (speed from the trailing edges, both
 * passed after it fell on). Resting across both, neither beam saw it whole: null. */
export function restedSize(a: Pulse, b: Pulse, cfg: Cfg): number | null {
  const lengthA = a.end - a.start;
  const lengthB = b.end - b.start;
  if (1.5 * lengthA < lengthB && b.start > a.start) return (cfg.beamGapMm / (b.start - a.start)) * lengthA;
  if (1.5 * lengthB < lengthA && b.end > a.end) return (cfg.beamGapMm / (b.end - a.end)) * lengthB;
  return null;
}

export interface Part {
  /** Upper-beam time span of this part of the passage, µs. */
  from: number;
  to: number;
  /** How many pieces, and whether the striker is among them (classify.ts: trainBySize). */
  size: TrainSize;
}

/** The pieces of a passage: `as[0..na)` and `bs[0..nb)`, cut at every gap either beam saw. */
export function passageParts(as: readonly Pulse[], na: number, bs: readonly Pulse[], nb: number, cfg: Cfg): Part[] {
  const aFrom = as[0].start;
  const aTo = as[na - 1].end;
  const bFrom = bs[0].start;
  const bTo = bs[nb - 1].end;
  // Lower-beam times onto the upper beam's, stretched end to end (the piece speeds up as it falls).
  const scale = (aTo - aFrom) / Math.max(bTo - bFrom, 1);
  const toA = (t: number) => aFrom + (t - bFrom) * scale;
  const toB = (t: number) => bFrom + (t - aFrom) / scale;
  const delay = Math.max(bFrom - aFrom, 1);
  const speed = cfg.beamGapMm / delay; // mm per µs, from the leading edges (docs/hardware.md)
  const quarterMan = cfg.manMm / 4 / speed;
  const cuts: number[] = [];
  for (let i = 1; i < na; i++) cuts.push((as[i - 1].end + as[i].start) / 2);
  for (let i = 1; i < nb; i++) cuts.push(toA((bs[i - 1].end + bs[i].start) / 2));
  cuts.sort((x, y) => x - y);
  const parts: Part[] = [];
  let from = aFrom;
  for (let i = 0; i <= cuts.length; i++) {
    const to = i < cuts.length ? cuts[i] : aTo;
    // A gap both beams saw is one cut; a cut hard by an end or another cut is the same gap seen twice.
    if (i < cuts.length && (to - from < quarterMan || aTo - to < quarterMan)) continue;
    const blocked = (blockedWithin(as, na, from, to) + blockedWithin(bs, nb, toB(from), toB(to))) / 2;
    const sizeMm = speed * blocked;
    parts.push({ from, to, size: trainBySize(sizeMm, MERGED_MM + (sizeMm * EDGE_US) / delay, cfg) });
    from = to;
  }
  return parts;
}

/** How long the first `n` pulses were blocked between `from` and `to`. */
function blockedWithin(pulses: readonly Pulse[], n: number, from: number, to: number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.max(0, Math.min(pulses[i].end, to) - Math.max(pulses[i].start, from));
  return sum;
}
