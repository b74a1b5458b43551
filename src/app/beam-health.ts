// What the table knows of its pockets' lower beams (issue 30), kept in flash beside the match (a record
// of the journal, src/store/journal.ts) so that the next match and the next boot know it: a lower beam
// the self-test or a match has seen block and clear `works` (an upper pulse alone there is a rattle), one
// that missed a run of falls, or a fall the players vouched for, is `blind` (an upper pulse alone counts),
// and of one never seen the table knows nothing (`unknown`: it asks the players; src/sensing/lower-blind.ts).
// One JSON object: {"lowerBeams": ["works", "unknown", "blind", "works"]}. A record that does not parse,
// or a journal written before there was one, says nothing: every beam `unknown`.

import type { LowerHealth } from '../sensing/lower-blind.ts';

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
