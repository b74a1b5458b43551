// A beam of a pocket gate blocked longer than any passage (beam.ts: the stuck time): a failed beam, or a
// piece resting in the throat? A piece that hangs there (issue 16) shows as a block far longer than the
// other beam's, and is no fault: it is one piece, counted when it falls (passage.ts: rested). A beam
// that fails blocks with no piece coming in with it, and is reported stuck; the other beam then counts
// alone, and its pulses within the stuck span must be judged knowing that (stuck spans, kept here after
// they closed while a pulse of the other beam may still fall in them).

import type { Beam, Pulse } from './beam.ts';
import type { Naming } from './naming.ts';
import type { SensingConfig } from './types.ts';

type Cfg = Pick<SensingConfig, 'maxBeamDelayUs' | 'calibration' | 'beamGapMm'>;

export class StuckBeams {
  /** `beams`, `pulses` (each beam's waiting pulses) and `spans` (each beam's closed stuck spans) are the
   * gate's own arrays, read here. */
  constructor(
    private readonly cfg: Cfg,
    private readonly beams: readonly [Beam, Beam],
    private readonly pulses: readonly [Pulse[], Pulse[]],
    private readonly spans: readonly [Pulse[], Pulse[]],
    private readonly naming: Naming,
  ) {}

  /** Is the block that began on `beam` at `start`, now as long as the stuck time, a piece resting in the
   * throat rather than a failed beam? A piece comes in from above: the lower beam's block is one if the
   * upper beam began a pulse within a beam delay before it. The upper beam's is one if the colour
   * sensor, which reads as the upper beam blocks, saw a piece's colour then; on a table without colour
   * sensors, if the lower beam began blocking within a beam delay after it (a piece lodged across both:
   * with colour sensors the reading is the surer sign, since a piece passing just after a beam failed
   * looks the same). A beam that fails blocks with no such company, and is reported stuck as before. */
  resting(beam: 0 | 1, start: number): boolean {
    const delay = this.cfg.maxBeamDelayUs;
    if (beam === 1) return this.began(0, start - delay, start);
    if (this.cfg.calibration) return this.naming.readAsBlockBegan(start);
    return this.cfg.beamGapMm > 0 && this.began(1, start, start + delay);
  }

  /** `beam` was stuck through the whole of [from, to]: stuck now since before `from`, or a closed span.
   * (A lower beam that cleared while a piece was still in the upper one sees it after all.) */
  through(beam: 0 | 1, from: number, to: number): boolean {
    if (this.beams[beam].stuckAt(from)) return true;
    for (const s of this.spans[beam]) if (s.start <= from && to <= s.end) return true;
    return false;
  }

  /** `beam` was stuck at some time within [from, to]: stuck now since before `to`, or a closed span. */
  during(beam: 0 | 1, from: number, to: number): boolean {
    if (this.beams[beam].stuckAt(to)) return true;
    for (const s of this.spans[beam]) if (s.start <= to && s.end >= from) return true;
    return false;
  }

  /** A pulse of `beam` began within [from, to]: the one being assembled, or one still to be matched. */
  private began(beam: 0 | 1, from: number, to: number): boolean {
    const open = this.beams[beam].since();
    if (open >= from && open <= to) return true;
    for (const p of this.pulses[beam]) if (p.start >= from && p.start <= to) return true;
    return false;
  }
}
