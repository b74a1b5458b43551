// Is the lower beam of a pocket still seeing pieces? With a healthy lower beam only what crossed both
// beams went down: an upper pulse alone is a piece that rattled in the mouth and came back out (issue 16).
// But a lower beam that dies clear (its receiver lit for good, a wire off) sees nothing, and every piece
// would look like a rattle and be lost. After a run of upper pulses alone that look like falls (no
// passage through both beams between them; BLIND_AFTER), the lower beam is `blind`: the ones taken for
// rattles (the suspects) are counted after all, and every upper pulse from then on as on a one-beam
// table, until the lower beam's next pulse paired with an upper one (docs/hardware.md, "A lower beam
// that dies"; issue 16 follow-up).
// A lower beam that has not yet shown it works is not a broken one (issue 30): what the table knows of
// it comes from the self-test and the last match (`LowerHealth`, kept in flash by the app). When it
// knows nothing (a new table, never tested, no piece through that pocket yet), an upper pulse alone
// that looks like a fall is a doubt: not counted, a suspect like any other, and the players are asked
// (an `unproven` health fact; Sensing.questions). Their yes says the lower beam missed a piece: it is
// blind, and the suspects are counted; their no drops the doubt. A piece through both beams answers it.

import type { Pulse } from './beam.ts';
import type { Naming } from './naming.ts';
import type { ColourReading } from './train.ts';
import type { HealthFact, SensingConfig } from './types.ts';

/** How much evidence (fallWeight, summed over the upper pulses alone since the last passage through both
 * beams) says a trusted lower beam is blind. A rattle's block and a fall's overlap in length (docs/
 * hardware.md: 10–1000 ms against 4–430 ms), so one pulse proves nothing; what tells is a run, and a
 * piece that crossed briskly: a rattling piece must stop and come back, a falling one passes at speed.
 * In 400 generated matches of 150 shots at each of two noise levels, a rattle in one shot of three
 * (model/table/throat.ts), no pocket reached 7; five pieces at 0.5–8 m/s past a dead beam weigh 10. */
const BLIND_AFTER = 8;
/** And a run of at least this many: brevity alone is no proof, since a rattle can be as brisk as a fall
 * (issue 30's independent traces: rattles of 3 ms – 1.2 s; three of 3–20 ms at one pocket weighed 8 and
 * were counted). Five pieces past a dead beam at 0.5–8 m/s still raise it. */
const BLIND_RUN = 5;
/** A piece that blocks the upper beam no longer than the striker takes at this speed (mm per µs) crossed
 * briskly: it weighs 2, and 3 at twice the speed (a rattle that short must not have stopped at all). */
const BRISK_MM_PER_US = 2 / 1000;

/** What is known of a lower beam: it has seen pieces (`works`), it missed a run of them (`blind`), or
 * nothing yet (`unknown`). */
export type LowerHealth = 'works' | 'blind' | 'unknown';

type Cfg = Pick<SensingConfig, 'beamGapMm' | 'maxBeamDelayUs' | 'strikerMm' | 'calibration'>;

interface Suspect {
  pulse: Pulse;
  reading: ColourReading | null;
  weight: number;
}

export class LowerBeamWatch {
  /** The lower beam has seen a piece (here, or as the self-test or the last match says): an upper pulse
   * alone is a rattle. Until then it is a doubt, put to the players (unproven()). */
  works = false;
  /** The lower beam saw nothing of a run of falls (`blind` reported): upper pulses alone count. */
  blind = false;
  /** Upper pulses alone taken for rattles since the last passage through both beams that looked like
   * falls, with the reading taken of each (null: none): counted if the lower beam turns out blind. */
  private readonly suspects: Suspect[] = [];
  /** The suspects put to the players as doubts and not yet answered (a lower beam not known to work). */
  private readonly asked: Suspect[] = [];
  /** The suspects' weight (fallWeight): BLIND_AFTER, over BLIND_RUN suspects at least, says the lower beam is blind. */
  private evidence = 0;
  private readonly channel: string;

  constructor(
    pocket: number,
    private readonly cfg: Cfg,
    private readonly naming: Naming,
    private readonly reportHealth: (h: HealthFact) => void,
  ) {
    this.channel = `p${pocket}.b`;
  }

  /** An upper pulse that no lower one followed, the lower beam trusted: not a piece. The colour read as
   * it blocked goes with it. If it looks like a fall it is a suspect: the lower beam may have died; when
   * the suspects in a row weigh BLIND_AFTER, it has, and they are counted. */
  rattle(a: Pulse, now: number): Suspect | null {
    const reading = this.naming.ofRattle(a);
    const weight = this.fallWeight(a, reading);
    if (weight === 0) return null;
    const suspect = { pulse: a, reading, weight };
    this.suspects.push(suspect);
    this.evidence += weight;
    if (this.evidence < BLIND_AFTER || this.suspects.length < BLIND_RUN) return suspect;
    this.goneBlind(a.end, now);
    return null;
  }

  /** An upper pulse alone, the lower beam not known to work: a rattle, or a fall past a dead beam. Not
   * counted; if it looks like a fall (a suspect), the players are asked (an `unproven` fact). */
  unproven(a: Pulse, now: number): void {
    const suspect = this.rattle(a, now);
    if (!suspect) return;
    this.asked.push(suspect);
    this.reportHealth({ t: a.end, fact: 'unproven', channel: this.channel });
  }

  /** A doubt waits for the players' answer. */
  get asking(): boolean {
    return this.asked.length > 0;
  }

  /** The players' answer to the doubts: a piece went in (the lower beam missed it: blind, and the
   * suspects are counted), or none did (they were rattles). */
  answer(fell: boolean, t: number, now: number): void {
    if (this.asked.length === 0) return;
    if (fell) {
      this.goneBlind(t, now);
      return;
    }
    for (const s of this.asked) {
      const i = this.suspects.indexOf(s);
      if (i < 0) continue;
      this.suspects.splice(i, 1);
      this.evidence -= s.weight;
    }
    this.asked.length = 0;
  }

  /** A shot began at `t`: the doubts before it are no longer put to the players (the game has moved
   * on); they stay suspects. (A strike is known a second late: a doubt in its own shot may come first.) */
  lapse(t: number): void {
    for (let i = this.asked.length - 1; i >= 0; i--) if (this.asked[i].pulse.end < t) this.asked.splice(i, 1);
  }

  /** What is known of the beam, for the app to keep. */
  get health(): LowerHealth {
    return this.blind ? 'blind' : this.works ? 'works' : 'unknown';
  }

  /** What the self-test or the last match said of the beam, at `t`: a blind one is reported again. */
  known(h: LowerHealth, t: number): void {
    if (h === 'works') this.works = true;
    if (h === 'blind' && !this.blind) {
      this.blind = true;
      this.reportHealth({ t, fact: 'blind', channel: this.channel });
    }
  }

  /** The lower beam saw a piece with the upper one: it works, and the upper pulses alone so far were rattles. */
  alive(): void {
    this.works = true;
    this.blind = false;
    this.suspects.length = 0;
    this.asked.length = 0;
    this.evidence = 0;
  }

  /** The lower beam is blind (a run of falls, or the players said one went in): the falls taken for
   * rattles are counted, with their own times and readings (Sensing dates them no earlier than what it
   * has already given out: the log's time never goes back). */
  private goneBlind(t: number, now: number): void {
    this.blind = true;
    this.reportHealth({ t, fact: 'blind', channel: this.channel });
    for (const s of this.suspects) {
      if (s.reading) this.naming.putBack(s.reading);
      this.naming.alone(s.pulse, now);
    }
    this.suspects.length = 0;
    this.asked.length = 0;
    this.evidence = 0;
  }

  /** How far this upper pulse alone says a piece fell past a dead lower beam: 0 if it is longer than the
   * striker takes at the slowest fall (the beam gap in maxBeamDelayUs) or, where there are colour
   * sensors, no reading near a piece's colour came with it (a fall is read one integration after it
   * blocks): a rattle that stayed in the mouth, no evidence either way. Else 1, or 2 and 3 for a brisk
   * crossing (BRISK_MM_PER_US). */
  private fallWeight(a: Pulse, reading: ColourReading | null): number {
    const slowest = this.cfg.beamGapMm / this.cfg.maxBeamDelayUs; // mm per µs
    const length = a.end - a.start;
    if (length > this.cfg.strikerMm / slowest) return 0;
    if (this.cfg.calibration && (reading === null || !this.naming.nearPiece(reading.rgb))) return 0;
    return length <= this.cfg.strikerMm / (2 * BRISK_MM_PER_US) ? 3 : length <= this.cfg.strikerMm / BRISK_MM_PER_US ? 2 : 1;
  }
}
