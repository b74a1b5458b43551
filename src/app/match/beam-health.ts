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

/** The parts of the sensing layer the lower beams' health is read from. */
type BeamSensing = Pick<Sensing, 'lowerHealth' | 'lowerHealthOf'>;

/** The lower beams' health as the app keeps it: read from the journal at boot, told to each new sensing
 * layer (Sensing.lowerBeams), updated from what a match's sensing layer saw and from the self-test's or
 * the calibration's pulses, and written back to the journal (KeptMatch.beams) at rest: flash is not
 * written while pieces move, so a change seen then is owed until a call at rest. A plain object and the
 * functions below rather than a class: the bundle minifies a function's name, never a property's. */
export interface KeptBeams {
  /** Where it is written. */
  readonly kept: Pick<KeptMatch, 'beams'>;
  /** Each lower beam's health, as last read, seen or kept. */
  health: LowerHealth[];
  /** A beam's health changed while pieces moved: written at the next call at rest. */
  owed: boolean;
  /** Each beam's pulse count as the calibration or self-test began (installEnded). */
  pulses: readonly number[];
}

/** Nothing known yet (until the journal is read at boot: its `health` then is parseBeams of its record). */
export const keptBeams = (kept: Pick<KeptMatch, 'beams'>): KeptBeams => ({ kept, health: UNKNOWN_BEAMS.slice(), owed: false, pulses: [] });

/** What the sensing layer now knows of the lower beams, into the journal if it changed (written only
 * `atRest`; otherwise owed). */
export function keepBeams(b: KeptBeams, sensing: BeamSensing, atRest: boolean): void {
  let changed = false;
  for (let p = 0; p < b.health.length; p++) if (sensing.lowerHealthOf(p) !== b.health[p]) changed = true;
  if (changed) b.health = sensing.lowerHealth();
  if (changed || b.owed) b.owed = !b.kept.beams(beamsText(b.health), atRest);
}

/** The calibration or the self-test begins: each beam's pulse count now (SensorWatch.pulses). */
export function installStarted(b: KeptBeams, pulses: readonly number[]): void {
  b.pulses = pulses.slice();
}

/** It ended: a lower beam that blocked and cleared as pieces were dropped works (no rattle there asks
 * the players any more; a dead one, its receiver lit for good, never blocks); kept in the journal.
 * `pulses`: each beam's count now, beams in the order p0.a, p0.b, p1.a… (the lower beam of pocket p is
 * 2p + 1). */
export function installEnded(b: KeptBeams, pulses: readonly number[], atRest: boolean): void {
  b.health = b.health.map((h, p) => (pulses[2 * p + 1] > b.pulses[2 * p + 1] ? 'works' : h));
  b.owed = !b.kept.beams(beamsText(b.health), atRest);
}
