// A whole trace through the sensing layer: the match log it makes, and the health facts seen.
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import { Sensing } from './sensing.ts';
import type { Trace } from './trace.ts';
import type { HealthFact, SensingConfig } from './types.ts';

export interface Sensed {
  header: MatchHeader;
  events: GameEvent[];
  health: HealthFact[];
}

export function senseTrace(trace: Trace, tuning: Partial<SensingConfig> = {}): Sensed {
  const events: GameEvent[] = [];
  const health: HealthFact[] = [];
  const { header, readings } = trace;
  const sensing = new Sensing(
    { ...tuning, beamGapMm: header.beamGapMm, calibration: header.calibration },
    { event: (e) => events.push(e), health: (h) => health.push(h) },
    header.match,
  );
  for (const r of readings) sensing.reading(r);
  sensing.finish(readings.length > 0 ? readings[readings.length - 1].t : 0);
  return { header: header.match, events, health };
}
