// A short block of the lower beam alone right behind a passage through both beams is no piece (issue
// 18): dust shaken off the man, a flicker of the light, a receiver slow to settle (docs/hardware.md,
// "Ringing and glitches"). The gate remembers where and how fast its last passage left the lower beam,
// and asks here of each lower pulse with no upper one before it. Apart from passage.ts, which finds the
// pulses of one passage, because this rule is about what comes after it.

import type { Pulse } from './beam.ts';
import type { StuckBeams } from './stuck.ts';
import type { SensingConfig } from './types.ts';

type Cfg = Pick<SensingConfig, 'beamGapMm' | 'manMm'>;

/** How fast a passage went, mm per µs: the faster of its leading edges' speed and its trailing edges'.
 * A piece that hung in the throat is slow by one of them (the length of the hang), not by both. */
export function leavingSpeed(as: readonly Pulse[], na: number, bs: readonly Pulse[], nb: number, cfg: Cfg): number {
  const leading = bs[0].start - as[0].start;
  const trailing = bs[nb - 1].end - as[na - 1].end;
  return Math.max(leading > 0 ? cfg.beamGapMm / leading : 0, trailing > 0 ? cfg.beamGapMm / trailing : 0);
}

/** A pulse of the lower beam alone that began within a beam gap behind a passage that left that beam at
 * `lowerEnd` at `speed` (leavingSpeed), and is shorter than half a man at that speed: not a piece (issue
 * 18). Nothing of a man comes back up into a beam it has passed; a real piece crosses the upper beam first
 * (which has just seen the man, so it works) and blocks both beams alike, a man or more long. This block
 * is a millimetre or two at the man's speed: dust shaken off it, a flicker of the light, a receiver slow
 * to settle. A piece the upper beam missed is a man long on the lower one, unless it went twice as fast as
 * the man it followed within a beam gap: it would have caught the man up, one passage (passageExtent).
 * The faster speed makes the window shorter and the block longer: the doubt goes to counting. */
export function flicker(b: Pulse, lowerEnd: number, speed: number, cfg: Cfg): boolean {
  const after = b.start - lowerEnd;
  return speed > 0 && after >= 0 && after * speed <= cfg.beamGapMm && (b.end - b.start) * speed < cfg.manMm / 2;
}

export class BehindPassage {
  /** Where the last passage through both beams left the lower beam (µs), and how fast it went (mm per µs). */
  // Stryker disable next-line UnaryOperator: before the first passage the speed is 0, which alone makes nothing a flicker
  private lowerEnd = -Infinity;
  private speed = 0;

  constructor(private readonly cfg: Cfg) {}

  /** A passage of the first `na` upper and `nb` lower pulses was counted. */
  passed(as: readonly Pulse[], na: number, bs: readonly Pulse[], nb: number): void {
    this.lowerEnd = bs[nb - 1].end;
    this.speed = leavingSpeed(as, na, bs, nb, this.cfg);
  }

  /** Lower pulse `b`, alone, is a flicker behind the last passage (flicker()), unless the upper beam could
   * not have seen a piece (stuck during it) or the pulse lost an edge (its length is not known). */
  isFlicker(b: Pulse, stuck: StuckBeams): boolean {
    if (b.loose || stuck.during(0, b.start, b.end)) return false;
    return flicker(b, this.lowerEnd, this.speed, this.cfg);
  }
}
