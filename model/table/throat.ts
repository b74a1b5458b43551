// The pocket's throat for the situations of issue 16 that are not a piece crossing at a steady speed:
// a piece that tips into the mouth and rolls back out (a rattle), and a piece that stops in the throat
// for a while and then falls (a hang). Positions are of the piece's leading (lowest) edge, in mm above
// the lower beam: the upper beam is at `gapMm`, the lower one at 0; a piece of `lenMm` (its chord and
// the beam's width) blocks a beam while the beam lies between its leading and trailing edges.

/** How often the throat's situations happen in a generated trace (generate.ts): `rattles`, the share of
 * shots in which a piece rattles in a mouth and comes back out; `hangs`, the share of pieces that hang
 * in the throat; `follows`, the share of hung pieces whose next piece, when it goes to the same pocket,
 * enters 35–190 ms after the hung one cleared both beams. */
export interface Throat {
  name: string;
  rattles: number;
  hangs: number;
  follows: number;
}

export const NO_THROAT: Throat = Object.freeze({ name: 'none', rattles: 0, hangs: 0, follows: 0 });
/** The repertoire of issue 16: a rattle in one shot of three, a hang in one piece of twelve, and every hung piece followed when it can be. */
export const THROAT: Throat = Object.freeze({ name: 'issue 16', rattles: 0.35, hangs: 0.08, follows: 1 });

export interface Interval {
  from: number;
  to: number;
}

export interface Hang {
  /** When the upper beam first blocks, µs. */
  at: number;
  /** Speed coming in, until the piece stops, and falling out again after the hang, mm per µs. */
  speedIn: number;
  speedOut: number;
  /** Where its leading edge stops, mm above the lower beam: in (−lenMm, gapMm), so that it rests in a beam. */
  restMm: number;
  hangUs: number;
  lenMm: number;
  gapMm: number;
}

/** What each beam sees of a hang: the upper beam's block, and the lower one's (null on a one-beam table).
 * The piece comes in at `speedIn` from the upper beam down to its rest, stays `hangUs`, and falls on
 * at `speedOut`; it moves one way only, so each beam is blocked once. */
export function hangBlocks(h: Hang): { upper: Interval; lower: Interval | null } {
  const stop = h.at + (h.gapMm - h.restMm) / h.speedIn;
  /** When the leading edge is at `mm` above the lower beam. */
  const when = (mm: number) => (mm >= h.restMm ? h.at + (h.gapMm - mm) / h.speedIn : stop + h.hangUs + (h.restMm - mm) / h.speedOut);
  const upper = { from: h.at, to: when(h.gapMm - h.lenMm) };
  return { upper, lower: h.gapMm > 0 ? { from: when(0), to: when(-h.lenMm) } : null };
}

/** Which beams the resting piece blocks: the upper one only, both, or the lower one only. */
export function restingIn(h: Pick<Hang, 'restMm' | 'lenMm' | 'gapMm'>): 'upper' | 'both' | 'lower' {
  if (h.restMm > 0) return 'upper';
  return h.restMm + h.lenMm > h.gapMm ? 'both' : 'lower';
}

/** A rattle: the piece tips `depthMm` past the upper beam (less than the gap: the lower beam never sees
 * it) at `speed` mm/µs, stays `stayUs`, and comes back out the way it came. The upper beam's block. */
export function rattleBlock(at: number, speed: number, depthMm: number, stayUs: number): Interval {
  return { from: at, to: at + (2 * depthMm) / speed + stayUs };
}
