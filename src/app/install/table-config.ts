// What calibration keeps in flash: one small key, apart from the match journal, read at every boot.
// A stored value that does not parse is ignored with a reason (the table runs on its defaults).

import type { Calibration, Rgb } from '../../sensing/types.ts';
import type { KeyStore } from '../../store/key.ts';
import type { CalibrationResult } from './calibration.ts';

/** The table as the sensing layer is told about it. */
export interface TableConfig {
  beamGapMm: number;
  calibration: Calibration | null;
  /** Measured sizes of a man and of the striker (speed × blocked time); absent: the sensing defaults. */
  manMm?: number;
  strikerMm?: number;
}

export function storedText(beamGapMm: number, r: CalibrationResult): string {
  const out: Record<string, unknown> = { carromCalibration: 1, beamGapMm, calibration: r.calibration };
  if (r.manMm !== null && r.strikerMm !== null && r.manMm < r.strikerMm) ((out.manMm = r.manMm), (out.strikerMm = r.strikerMm));
  return JSON.stringify(out);
}

const isRgb = (v: unknown): v is Rgb => Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'number' && x >= 0 && x <= 1);

/** The table config a stored text makes, or what is wrong with it. */
export function parseStored(text: string): { ok: true; value: TableConfig } | { ok: false; error: string } {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { ok: false, error: 'stored calibration: not JSON' };
  }
  if (!v || typeof v !== 'object' || v.carromCalibration !== 1) return { ok: false, error: 'stored calibration: not a calibration (carromCalibration 1)' };
  if (typeof v.beamGapMm !== 'number' || !(v.beamGapMm >= 0 && v.beamGapMm < 100)) return { ok: false, error: 'stored calibration: beamGapMm must be 0–100' };
  const c = v.calibration as Record<string, unknown> | null;
  if (c !== null && !(c && typeof c === 'object' && ['white', 'black', 'queen', 'striker'].every((k) => isRgb(c[k])))) {
    return { ok: false, error: 'stored calibration: calibration needs white, black, queen and striker as [r, g, b] in 0–1' };
  }
  const value: TableConfig = { beamGapMm: v.beamGapMm, calibration: c as Calibration | null };
  if (v.manMm !== undefined || v.strikerMm !== undefined) {
    const { manMm, strikerMm } = v;
    if (typeof manMm !== 'number' || typeof strikerMm !== 'number' || !(manMm > 0 && manMm < strikerMm && strikerMm < 100)) {
      return { ok: false, error: 'stored calibration: manMm and strikerMm must be sizes with manMm < strikerMm' };
    }
    value.manMm = manMm;
    value.strikerMm = strikerMm;
  }
  return { ok: true, value };
}

/** The table at boot: the calibration kept in `store` if there is one and it parses, else the host's
 * (with the reason the kept one was not used). */
export function bootTable(store: KeyStore | undefined, host: TableConfig): { table: TableConfig; error: string | null } {
  const text = store?.get() ?? null;
  if (text === null) return { table: { ...host }, error: null };
  const parsed = parseStored(text);
  return parsed.ok ? { table: parsed.value, error: null } : { table: { ...host }, error: parsed.error };
}
