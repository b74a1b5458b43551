// A table being installed, for the tests of SETTINGS › INSTALL: the reference board's parts as the device
// describes them, a key for the calibration kept in memory, and a piece dropped through a pocket.
import type { KeyStore } from '../../src/store/key.ts';
import type { Reading, Rgb } from '../../src/sensing/types.ts';
import { header } from '../../tools/script.ts';
import { boardParts } from './board.ts';
import { passage, colour } from './readings.ts';
import { MemoryFlash, makeTable, type TestTable } from './table.ts';

/** The reference board's parts, two beams and a colour sensor a pocket. */
export const HARDWARE = boardParts('reference-v1');
/** Each piece's size as the beams measure it (mm). */
export const SIZE = Object.freeze({ white: 33.3, black: 33.3, queen: 33.3, striker: 42.8 } as const);

/** The calibration's own key (Preference on the device), in memory. */
export class MemoryKey implements KeyStore {
  text: string | null = null;
  get() {
    return this.text;
  }
  set(text: string) {
    this.text = text;
  }
}

/** An ICF table on the reference board with an installer, its calibration kept in `key`. */
export function installTable(flash = new MemoryFlash(), key = new MemoryKey()): TestTable & { key: MemoryKey } {
  return { ...makeTable(header('icf'), flash, undefined, 10, { install: { hardware: HARDWARE, store: key } }), key };
}

/** A piece of `size` mm through `pocket` at 1.2 m/s from `at`, read as `rgb`. */
export const drop = (pocket: number, at: number, size: number, rgb: Rgb): Reading[] => [...passage(pocket, at, 1.2, size), colour(pocket, at + 10_000, rgb)].sort((a, b) => a.t - b.t);
