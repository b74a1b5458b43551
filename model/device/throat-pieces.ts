// Which piece stands in front of a pocket's colour sensor, and when, from a trace's readings (run.ts plays
// the trace, then hands each pocket's pulses here): each upper pulse's pieces, cut between its readings or
// into the men the pulse's length holds at the lower beam's speed, and the pieces the upper beam did not
// show, from the lower pulse they made. They go into the throat (throat.ts), which the sampler reads.
import type { Calibration } from '../../src/sensing/types.ts';
import { DEFAULT_CONFIG } from '../../src/sensing/types.ts';
import { trainBySize } from '../../src/sensing/classify.ts';
import type { Device } from './world.ts';

/** An upper beam's pulse, and the colour readings taken while it lasted. */
export interface Pulse {
  from: number;
  to: number;
  rgb: (readonly [number, number, number])[];
  at: number[];
  /** The lower beam's first blocked edge after `from`, while the pulse lasted (the piece's speed), or null. */
  lower: number | null;
}

/** How long before a pulse a colour reading is still of it (the sensing layer's COLOUR_EARLY_US,
 * src/sensing/naming.ts: a sensor's clock and the beam's a little apart); and after it (the sensing layer
 * takes a reading up to 1 ms after a passage's last part as that part's: naming.ts parts). */
export const COLOUR_EARLY_US = 1000;
export const COLOUR_LATE_US = 1000;

/** A lower beam's pulse (a piece crossing it). */
export interface Lower {
  from: number;
  to: number;
}

/** A colour reading of a piece the upper beam did not show, and the lower pulse that piece made. */
export interface Crossing {
  pocket: number;
  lower: Lower;
  t: number;
  rgb: readonly [number, number, number];
}

/** The lower pulse a piece read at `t` at the upper beam made, if any: the first one that ends after `t`
 * and begins no later than the slowest piece takes from the upper beam to the lower after it (the sensing
 * layer's maxBeamDelayUs, which names such a piece by a reading that early: naming.ts alone). */
export function lowerOf(lowers: readonly Lower[], t: number): Lower | null {
  for (const b of lowers) if (b.to >= t && b.from <= t + DEFAULT_CONFIG.maxBeamDelayUs && b.to - b.from >= DEFAULT_CONFIG.minPulseUs) return b;
  return null;
}

/** What stood in front of the colour sensor for each piece the upper beam did not show (it missed the
 * piece, or had failed blocked: docs/formats.md §2, "the colour sensor goes on reading while a beam is
 * stuck"): the sensor looks across the upper beam, which the piece crossed a beam gap before the lower, at
 * the same speed. So it was in view for as long as it blocked the lower beam, the lower pulse moved earlier
 * by the beam delay (from that pulse's length and the piece's size: a man, the striker if its reading is
 * nearest the striker's colour; the sensing layer's manMm and strikerMm), moved no further than keeps each
 * of its readings in view. Several readings of one such piece split its span halfway between them. Until
 * issue 30 the model took such a piece as in view 20 ms either side of its reading (assumed), which ended
 * before the lower pulse did, so that the sampler's window at the lower beam's edge read the empty throat;
 * and a piece the upper beam missed was shown over the upper pulse before, seconds earlier. */
export function crossing(d: Device, list: readonly Crossing[], kind: ((rgb: readonly number[]) => string) | null, gapMm: number): void {
  const groups = new Map<Lower, Crossing[]>();
  for (const c of list) groups.set(c.lower, [...(groups.get(c.lower) ?? []), c]);
  for (const [b, group] of groups) {
    const cs = group.sort((x, y) => x.t - y.t);
    const { from, to } = crossingSpan(b, cs, kind, gapMm);
    cs.forEach((c, k) => {
      const a = k === 0 ? from : (cs[k - 1].t + c.t) / 2;
      const z = k === cs.length - 1 ? to : (c.t + cs[k + 1].t) / 2;
      d.throat.add(cs[0].pocket, { from: a, to: z, rgb: c.rgb, counts: countsOf(d, kind, c.rgb) });
    });
  }
}

/** A piece's r + g + b counts over a whole window: a white man's (pieceCounts) times its kind's share
 * (figures' kindCounts: a black sends back far less light). */
function countsOf(d: Device, kind: ((rgb: readonly number[]) => string) | null, rgb: readonly number[]): number {
  return d.f.pieceCounts * (kind ? (d.f.kindCounts[kind(rgb)] ?? 1) : 1);
}

/** When a piece the upper beam did not show, which made lower pulse `b` and was read at `cs`' times, was in
 * the colour sensor's view (crossing()). */
function crossingSpan(b: Lower, cs: readonly Crossing[], kind: ((rgb: readonly number[]) => string) | null, gapMm: number): { from: number; to: number } {
  const first = cs[0].t;
  const last = cs[cs.length - 1].t;
  const to = b.to === Infinity ? last + (b.from > first ? b.from - first : 0) + 1 : b.to;
  const size = kind && cs.some((c) => kind(c.rgb) === 'striker') ? DEFAULT_CONFIG.strikerMm : DEFAULT_CONFIG.manMm;
  let delay = ((to - b.from) * gapMm) / size;
  delay = Math.max(0, Math.min(Math.max(delay, b.from - first), to - last));
  return { from: Math.min(b.from - delay, first), to: Math.max(to - delay, last) };
}

/** The calibrated kind nearest `rgb`. */
export function nearestKind(rgb: readonly number[], cal: Calibration): string {
  let best = '';
  let bestD = Infinity;
  for (const [kind, c] of Object.entries(cal)) {
    const dist = Math.hypot(rgb[0] - c[0], rgb[1] - c[1], rgb[2] - c[2]);
    if (dist < bestD) ((best = kind), (bestD = dist));
  }
  return best;
}

/** Where, between two of a pulse's readings in a row (`whole`, indices into `s.at`), one piece gives way
 * to the next: for each k, the end of reading whole[k]'s span. Since issue 30's fast pairs only for a pulse
 * whose size says the striker is among its pieces, or whose speed is not known (a pulse of men: men()).
 * Touching pieces merge into one pulse, and the trace says only that each reading was taken while its piece blocked the beam, not where in its
 * stretch: two touching pieces' readings may both lie early in their stretches, or both late. Halfway
 * between two readings (what the model took before issue 30) then puts the next piece in front of the
 * sensor up to half a piece early or late, and the sampler reads the wrong one where the sensing layer
 * (which sizes the pieces: train.ts) looks for the first. So where two readings in a row name different
 * kinds, the cut is where the pieces' sizes put it: readings of one kind in a row are as few pieces of that
 * kind as reach past the last of them (the speed from the lower beam's delay, the sizes the sensing layer's
 * own), kept between the two readings; between readings of one kind, halfway. */
function cuts(s: Pulse, whole: readonly number[], kind: ((rgb: readonly number[]) => string) | null, gapMm: number): number[] {
  const halfway = whole.map((i, k) => (k + 1 < whole.length ? (s.at[i] + s.at[whole[k + 1]]) / 2 : s.to));
  if (!kind || s.lower === null || s.lower <= s.from || gapMm <= 0) return halfway;
  const usPerMm = (s.lower - s.from) / gapMm;
  const out = halfway.slice();
  let edge = s.from; // where the current kind's first piece began
  for (let k = 0; k + 1 < whole.length; k++) {
    const a = kind(s.rgb[whole[k]]);
    if (a === kind(s.rgb[whole[k + 1]])) continue;
    const size = (a === 'striker' ? DEFAULT_CONFIG.strikerMm : DEFAULT_CONFIG.manMm) * usPerMm;
    // As many pieces of this kind as put the cut nearest the stretch between the two readings (in it if
    // any does), and the cut kept in that stretch whatever the sizes say (each reading was taken while its
    // own piece blocked the beam): a size is the sensing layer's estimate, a few per cent off a real
    // piece's chord, so a piece read at its very end may seem to end just before its reading; that is
    // not one piece more.
    const lo = s.at[whole[k]];
    const hi = s.at[whole[k + 1]];
    const off = (x: number) => (x < lo ? lo - x : x > hi ? x - hi : 0);
    let cut = edge + size;
    for (let c = cut + size; a !== 'striker' && cut < lo && off(c) < off(cut); c += size) cut = c;
    out[k] = Math.min(Math.max(cut, lo), hi);
    edge = out[k];
  }
  return out;
}

/** The men of pulse `s` as its length holds them at the speed the lower beam's delay gives (the sensing
 * layer's trainBySize, part by part between the gaps the lower beam saw), laid out in equal stretches
 * (the sensing layer's own lay-out of touching men: train.ts edgeAt), each with the index (into `s.rgb`) of the reading that names it, or -1: the contract
 * says a reading is the piece's that blocked the upper beam when it was taken, that readings are never a
 * count (the beams count the pieces), and that a piece with several is named by the one nearest the middle
 * of its stretch (formats.md §2). So each reading goes to the stretch it was taken in (as many readings as
 * pieces, each within an eighth of a man of its own stretch: one each, in order, as train.ts owner gives
 * them), and the piece is in front of the sensor, for its whole stretch, in its naming reading's colour.
 * Its other readings are windows that held its neighbour or the empty throat too (a TCS34725 window is the
 * light of all its field held while it integrated: docs/hardware.md), not the piece's colour: shown as
 * the piece's, a window across the junction of two touching pieces became a piece of its own (cuts) and
 * the piece behind it was in view for its last millimetres only (issue 30's fast pairs). A piece with no
 * reading in its stretch (touching pieces that gave one reading between them: "a piece may have none")
 * shows nothing: a window that saw any of it reads zero counts. Null when the speed is not known or the
 * size says the striker is one of the pieces (its size is not a man's: cuts lays those out); a reading
 * near the striker's colour in a pulse the size says is men is a window across a junction or a man read
 * near the margin, named as the sensing layer names it (a man's size: never the striker). */
function men(s: Pulse, before: Pulse | undefined, whole: readonly number[], kind: ((rgb: readonly number[]) => string) | null, gapMm: number, lowers: readonly Lower[]): { from: number; to: number; reading: number }[] | null {
  if (!kind || gapMm <= 0 || s.to === Infinity || whole.length === 0) return null;
  // The lower beam's pulses as the sensing layer takes them (beam.ts: a clear under minGapUs no gap, a
  // pulse under minPulseUs no piece; a blocked edge ringing after the one before left it is no speed).
  // The speed: from the first of them to begin in the pulse; but the lower beam blocked already as the
  // pulse began (a piece touching the one before, the upper beam seeing a gap the lower did not), the
  // speed of the piece before, whose pulse began that lower one (the passage's speed: passage.ts).
  const lower = merged(lowers);
  const under = lower.find((b) => b.from < s.from && b.to > s.from);
  const first = lower.find((b) => b.from >= s.from && b.from < s.to);
  let delay = first ? first.from - s.from : 0;
  if (under) delay = before && before.from <= under.from && under.from < before.to ? under.from - before.from : 0;
  if (!(delay > 0)) return null;
  // The parts the sensing layer sizes one by one: cut at every gap the lower beam saw while the pulse's
  // pieces crossed it, a beam delay later (passage.ts passageParts). A gap hard by an end or another cut
  // (a quarter of a man) is none.
  const quarterMan = (DEFAULT_CONFIG.manMm / 4 / gapMm) * delay;
  const seen = lower.filter((b) => b.to > s.from + delay && b.from < s.to + delay);
  const bounds = [s.from];
  for (let k = 1; k < seen.length; k++) {
    const cut = (seen[k - 1].to + seen[k].from) / 2 - delay;
    if (cut - bounds[bounds.length - 1] >= quarterMan && s.to - cut >= quarterMan) bounds.push(cut);
  }
  bounds.push(s.to);
  const pieces: { from: number; to: number; reading: number }[] = [];
  for (let p = 0; p + 1 < bounds.length; p++) {
    const from = bounds[p];
    const to = bounds[p + 1];
    const { count, striker } = trainBySize(((to - from) * gapMm) / delay, 0, DEFAULT_CONFIG);
    if (striker !== 'no') return null;
    // The part's readings: those taken in it (the first part's from before the pulse, the last's after it).
    const mine = whole.filter((i) => (p === 0 || s.at[i] >= from) && (p === bounds.length - 2 || s.at[i] < to));
    const span = to - from;
    const edge = (k: number) => from + (span * k) / count;
    const slack = span / count / 8;
    const oneEach = mine.length === count && mine.every((i, k) => s.at[i] >= edge(k) - slack && s.at[i] <= edge(k + 1) + slack);
    const owner = (i: number, n: number) => (oneEach ? n : Math.min(count - 1, Math.max(0, Math.floor(((s.at[i] - from) * count) / span))));
    const part = Array.from({ length: count }, (_, k) => ({ from: edge(k), to: edge(k + 1), reading: -1 }));
    mine.forEach((i, n) => {
      const one = part[owner(i, n)];
      const middle = (one.from + one.to) / 2;
      if (one.reading < 0 || Math.abs(s.at[i] - middle) < Math.abs(s.at[one.reading] - middle)) one.reading = i;
    });
    pieces.push(...part);
  }
  return pieces;
}

/** A beam's pulses as the sensing layer takes them (beam.ts): a clear shorter than minGapUs inside a pulse
 * is a flicker, and a pulse shorter than minPulseUs no piece. */
function merged(pulses: readonly Lower[]): Lower[] {
  const out: Lower[] = [];
  for (const b of pulses) {
    const last = out[out.length - 1];
    if (last && b.from - last.to < DEFAULT_CONFIG.minGapUs) last.to = Math.max(last.to, b.to);
    else out.push({ ...b });
  }
  return out.filter((b) => b.to - b.from >= DEFAULT_CONFIG.minPulseUs);
}

/** What stood in front of pocket `p`'s colour sensor during the upper pulse `s`. A piece blocks the
 * upper beam while it is there: its reading's colour for the whole pulse, several readings (touching
 * pieces) splitting it where they meet (cuts). But a pulse that outlasts the stuck time may be a beam that
 * failed blocked, which pieces cross (the trace's sensor goes on reading while a beam is stuck:
 * docs/formats.md §2): a reading taken late in such a pulse (past `figures.readAfterBlockUs`, where one
 * taken of a piece that lodged as the beam blocked would be) is of a piece that crossed it, in front of
 * the sensor only around its reading (`figures.crossingUs` either side), not of what blocked the beam at
 * its start. Taken for the whole pulse, that piece was in the throat when the sampler read at the block's
 * first edge: the firmware rightly took the block for a piece resting there and dated the piece by it,
 * seconds early (the bench's last pieces lost at high noise, each with a phantom). */
export function presences(d: Device, p: number, s: Pulse, before: Pulse | undefined, kind: ((rgb: readonly number[]) => string) | null, gapMm: number, lowers: readonly Lower[], crossings: Crossing[]): void {
  // A piece of the reading's colour over [from, to], as bright as its kind (figures' kindCounts).
  const piece = (from: number, to: number, rgb: readonly [number, number, number]) => d.throat.add(p, { from, to, rgb, counts: countsOf(d, kind, rgb) });
  if (s.rgb.length === 0) {
    // A pulse long enough to be a piece, with no reading in the trace: the sensor saw nothing.
    if (s.to - s.from >= 1000) d.throat.add(p, { from: s.from, to: s.to, rgb: null });
    return;
  }
  const f = d.f;
  // Readings from the block's first on, each close behind the one before (restingChainUs), are of a piece
  // resting there; only a reading after a break in them can be a piece crossing a failed beam.
  const chained: boolean[] = [];
  s.at.forEach((t, i) => chained.push(i === 0 ? t - s.from <= f.readAfterBlockUs : chained[i - 1] && t - s.at[i - 1] <= f.restingChainUs));
  const late = (i: number) => s.to - s.from > f.stuckUs && !chained[i];
  const whole = s.at.map((_, i) => i).filter((i) => !late(i));
  // A crossing reading: in view over the lower pulse its piece made (crossing(), with the readings of
  // pieces the upper beam missed); without one (the lower beam stuck too), crossingUs either side of it.
  let end = s.to;
  for (let i = 0; i < s.rgb.length; i++) {
    if (!late(i)) continue;
    const lower = lowerOf(lowers, s.at[i]);
    const c: Crossing = { pocket: p, lower: lower ?? { from: s.at[i], to: s.at[i] }, t: s.at[i], rgb: s.rgb[i] };
    const from = lower ? crossingSpan(lower, [c], kind, gapMm).from : s.at[i] - f.crossingUs;
    if (lower) crossings.push(c);
    else piece(Math.max(s.from, from), Math.min(s.to, s.at[i] + f.crossingUs), s.rgb[i]);
    // The readings of what blocked the beam: the first crossing, if any, ends their span.
    end = Math.min(end, Math.max(s.from, from));
  }
  // (A block past the stuck time is a piece at rest or a failed beam, not a train: laid out as below.)
  const laid = s.to - s.from > f.stuckUs ? null : men(s, before, whole, kind, gapMm, lowers);
  if (laid) {
    for (const one of laid) {
      if (one.reading < 0) d.throat.add(p, { from: one.from, to: one.to, rgb: null });
      else piece(one.from, one.to, s.rgb[one.reading]);
    }
    return;
  }
  const ends = cuts(s, whole, kind, gapMm);
  whole.forEach((i, k) => {
    const from = k === 0 ? s.from : ends[k - 1];
    const to = k === whole.length - 1 ? end : ends[k];
    piece(from, to, s.rgb[i]);
  });
}
