// What a board folder's board.json holds: the one pin map that the host provider hands the firmware
// (as `device`) and that tools/docs/wiring.ts prints for the installer. Keys of `pin` are the firmware's
// names: beam<pocket><a|b> (a upper, b lower), buttonUp, buttonDown, buttonSelect.
import type { Calibration } from '../src/sensing/types.ts';

export interface BoardTable {
  /** Distance between the two beams of a pocket gate; 0 = one beam per pocket (no speed, no size). */
  beamGapMm: number;
  /** The colour sensors' reading of each piece; null = no colour sensors (pieces come out unknown). */
  calibration: Calibration | null;
}

export interface BoardAddresses {
  /** SSD1306 128×64 on the main bus. */
  display: number;
  /** One strip controller per seat, seat 0 first. */
  strips: number[];
  /** The TCA9548A I²C switch; channel n leads to the colour sensor of pocket n. Absent: no colour sensors. */
  colourSwitch?: number;
  /** The TCS34725 colour sensors' address (the same on every channel). */
  colour?: number;
}

export interface BoardData {
  board: string;
  about: string;
  table: BoardTable;
  /** The one I²C bus; `port` is the ESP32's controller (0 or 1) that JavaScript and the sampler driver share. */
  i2c: { data: number; clock: number; hz: number; port: number };
  pin: Record<string, number>;
  address: BoardAddresses;
}
