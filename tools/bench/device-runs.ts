// The runs of `npm run bench -- device` (device.ts prints their tables): a trace through the firmware
// in the device model (tools/device/xs.ts) and its log read back, the pure path's log of the same trace
// (`carrom sense`), and how the two compare with each other and with the truth.
import { parseLog } from '../../src/rules/log.ts';
import type { GameEvent } from '../../src/rules/types.ts';
import { senseTrace } from '../../src/sensing/index.ts';
import type { Noise } from '../../model/table/noise.ts';
import { FIRMWARE_CAPTURE, type DeviceModel, type DeviceRun, type DeviceRunOptions } from '../device/xs.ts';
import type { Tally } from '../tracegen/accuracy.ts';

/** This tree's firmware: its capture driver, and colour and strips read as its board.ts reads them. */
export const THIS_TREE: Omit<DeviceRunOptions, 'opsPerMs'> = Object.freeze({ capture: FIRMWARE_CAPTURE, colour: 'auto', strips: 'auto' });

/** The trace `text` through the device: the run, and the events of the log it wrote. `of` names the trace
 * in the error when the log does not parse. */
export async function deviceRun(model: DeviceModel, text: string, o: DeviceRunOptions, of?: string): Promise<{ r: DeviceRun; sensed: GameEvent[] }> {
  const r = await model.run(text, o);
  const log = parseLog(r.log);
  if (!log.ok) throw new Error(`bench device: the device's log${of === undefined ? '' : ` of ${of}`} does not parse (${log.error.line}: ${log.error.reason})`);
  return { r, sensed: log.value.events.map((e) => e.event) };
}

/** What the runs of one noise level at one speed add up to (a row of the sweep's table). */
export interface Cell {
  tally: Tally;
  shots: number;
  /** Sensed strike minus the true strike, ms, for each true strike with a sensed one within 100 ms. */
  strikeErrors: number[];
  missedStrikes: number;
  worstLatencyMs: number;
  worstWhat: string;
  longest: { us: number; what: string; ops: number; blockedUs: number };
  queueHigh: number;
  lostEdges: number;
  refused: number;
  native: boolean;
}

/** Each true strike's error (sensed − true, ms) where the device sensed one within 100 ms, and how many it missed. */
export function strikeErrors(truth: readonly GameEvent[], sensed: readonly GameEvent[]): { errors: number[]; missed: number } {
  const s = sensed.filter((e) => e.e === 'strike').map((e) => e.t);
  const errors: number[] = [];
  let missed = 0;
  for (const e of truth) {
    if (e.e !== 'strike') continue;
    let best: number | null = null;
    for (const t of s) if (Math.abs(t - e.t) <= 100 && (best === null || Math.abs(t - e.t) < Math.abs(best - e.t))) best = t;
    if (best === null) missed++;
    else errors.push(best - e.t);
  }
  return { errors, missed };
}

export /** The pieces of `device` that the pure path (`pure`) has alike (the same kind, pocket and time, ms), and
 * how many pieces either has that the other has not alike. */
function alike(pure: readonly GameEvent[], device: readonly GameEvent[]): { same: number; pieces: number; unlike: number } {
  const key = (e: GameEvent) => (e.e === 'pocket' ? `${e.piece} ${e.pocket} ${e.t}` : null);
  const left = new Map<string, number>();
  let pieces = 0;
  for (const e of pure) {
    const k = key(e);
    if (k !== null) ((left.set(k, (left.get(k) ?? 0) + 1)), pieces++);
  }
  let same = 0;
  let onDevice = 0;
  for (const e of device) {
    const k = key(e);
    if (k !== null) onDevice++;
    if (k !== null && (left.get(k) ?? 0) > 0) ((left.set(k, left.get(k)! - 1)), same++);
  }
  return { same, pieces, unlike: Math.max(pieces, onDevice) - same };
}

/** The pure path's log of a generated trace. */
export const pureLog = (g: { header: Parameters<typeof senseTrace>[0]['header']; readings: Parameters<typeof senseTrace>[0]['readings'] }) => senseTrace({ header: g.header, readings: g.readings }).events;

export /** The targets (issue 3): 100 % on clean signals; otherwise ≥ 99.9 % counted, ≥ 99.5 % classified; no phantom. */
function meets(noise: Noise, c: Cell): boolean {
  const t = c.tally;
  if (t.phantoms > 0) return false;
  if (noise.name === 'clean') return t.counted === t.truthPieces && t.classified === t.truthPieces;
  return t.counted >= 0.999 * t.truthPieces && t.classified >= 0.995 * t.truthPieces;
}

