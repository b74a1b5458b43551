// What the table knows of its pockets' lower beams (issue 30), kept in flash beside the match (a record
// of the journal, src/store/journal.ts) so that the next match and the next boot know it: a lower beam
// the self-test or a match has seen block and clear `works` (an upper pulse alone there is a rattle), one
// that missed a run of falls, or a fall the players vouched for, is `blind` (an upper pulse alone counts),
// and of one never seen the table knows nothing (`unknown`: it asks the players; src/sensing/lower-blind.ts).
// One JSON object: {"lowerBeams": ["works", "unknown", "blind", "works"]}. A record that does not parse,
// or a journal written before there was one, says nothing: every beam `unknown`.

import type { LowerHealth } from '../../sensing/lower-blind.ts';
import type { Sensing } from '../../sensing/sensing.ts';
import type { KeptMatch } from './kept-match.ts';

const HEALTHS: readonly LowerHealth[] = Object.freeze(['works', 'blind', 'unknown']);

export const UNKNOWN_BEAMS: readonly LowerHealth[] = Object.freeze(['unknown', 'unknown', 'unknown', 'unknown']);

/** The beams' health as the journal keeps it. */
export const beamsText = (lower: readonly LowerHealth[]): string => JSON.stringify({ lowerBeams: lower });

/** The beams' health a kept record says; absent or bad, nothing known. */
export function parseBeams(text: string | null | undefined): LowerHealth[] {
  const out = UNKNOWN_BEAMS.slice();
  if (text === null || text === undefined) return out;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return out;
  }
  const list = typeof v === 'object' && v !== null ? (v as { lowerBeams?: unknown }).lowerBeams : undefined;
  if (!Array.isArray(list)) return out;
  for (let p = 0; p < out.length; p++) if (HEALTHS.includes(list[p] as LowerHealth)) out[p] = list[p] as LowerHealth;
  return out;
}

/** What the self-test or the calibration saw: a lower beam that blocked and cleared there works (a
 * dead one, its receiver lit for good, never blocks). `pulsesBefore`/`pulsesAfter`: each beam's count
 * of pulses (SensorWatch.pulses, beams in the order p0.a, p0.b, p1.a…) as it began and as it ended. */
export function afterInstall(lower: readonly LowerHealth[], pulsesBefore: readonly number[], pulsesAfter: readonly number[]): LowerHealth[] {
  return lower.map((h, p) => (pulsesAfter[2 * p + 1] > pulsesBefore[2 * p + 1] ? 'works' : h));
}

/** The parts of the sensing layer the lower beams' health is read from and told to. */
type BeamSensing = Pick<Sensing, 'lowerBeams' | 'lowerHealth' | 'lowerHealthOf' | 'answer'>;

/** The lower beams' health as the app keeps it: read from the journal at boot, told to each new sensing
 * layer, updated from what a match's sensing layer saw and from the self-test's or the calibration's
 * pulses, and written back to the journal (KeptMatch.beams) at rest: flash is not written while pieces
 * move, so a change seen then is owed until a call at rest. */
export class KeptBeams {
  private health: LowerHealth[] = UNKNOWN_BEAMS.slice();
  /** A beam's health changed while pieces moved: written at the next call at rest. */
  private owed = false;
  /** Each beam's pulse count as the calibration or self-test began (afterInstall). */
  private pulsesAtInstall: readonly number[] = [];

  constructor(private readonly kept: Pick<KeptMatch, 'beams'>) {}

  /** At boot: what the journal's beams record says (absent or bad: nothing known). */
  read(text: string | null | undefined): void {
    this.health = parseBeams(text);
  }

  /** A new sensing layer is told what the self-test and the last match said (a beam known blind is a
   * fault it shows), as at time `t`. */
  tell(sensing: BeamSensing, t: number): void {
    sensing.lowerBeams(this.health, t);
  }

  /** What the sensing layer now knows of the lower beams, into the journal if it changed (written only
   * `atRest`; otherwise owed). */
  keep(sensing: BeamSensing, atRest: boolean): void {
    let changed = false;
    for (let p = 0; p < this.health.length; p++) if (sensing.lowerHealthOf(p) !== this.health[p]) changed = true;
    if (changed) this.health = sensing.lowerHealth();
    if (changed || this.owed) this.owed = !this.kept.beams(beamsText(this.health), atRest);
  }

  /** The players' answer to `PIECE IN?` at `pocket` (src/sensing/lower-blind.ts): a piece went in or
   * none did; what it says of the beam is kept. */
  answer(sensing: BeamSensing, pocket: number, fell: boolean, t: number, atRest: boolean): void {
    sensing.answer(pocket, fell, t);
    this.keep(sensing, atRest);
  }

  /** The calibration or the self-test begins: each beam's pulse count now (SensorWatch.pulses). */
  installStarted(pulses: readonly number[]): void {
    this.pulsesAtInstall = pulses.slice();
  }

  /** It ended: a lower beam that blocked and cleared as pieces were dropped works (no rattle there asks
   * the players any more); kept in the journal. */
  installEnded(pulses: readonly number[], atRest: boolean): void {
    this.health = afterInstall(this.health, this.pulsesAtInstall, pulses);
    this.owed = !this.kept.beams(beamsText(this.health), atRest);
  }
}
