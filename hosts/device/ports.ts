// What the table host needs from a board, whatever builds it: the device's own provider on the ESP32,
// or stand-ins in the Moddable desktop simulator.
import type { BoardTable } from '../../boards/types.ts';
import type { StoragePort } from '../../src/store/journal.ts';
import type { DisplayPort } from '../../src/app/app.ts';
import type { HealthFact, Reading } from '../../src/sensing/types.ts';
import type { HardwarePart } from '../../src/app/install/selftest.ts';
import type { KeyStore } from '../../src/store/key.ts';

/** Something that hands over readings in batches (ECMA-419 style: onReadable, then read()). */
export interface ReadingSource {
  read(): Reading[];
  close(): void;
}

export interface Board {
  /** The board's sensors (boards/<board>/board.json): beam gap, colour calibration. Absent: the reference table's. */
  table?: BoardTable;
  /** Microseconds since start (Time.microseconds on the ESP32). */
  now(): number;
  /** How far the readings handed over are complete (µs): none stamped earlier is still to come. The app's
   * tick advances the sensing layer no further (the reference board's hold, esp32/hold.ts). Absent: now. */
  complete?(): number;
  /** Beam edges timestamped below JavaScript, colour readings, strip readings; a sensor that stops
   * answering is a health fact, and the others go on. */
  sources(onReadable: (source: ReadingSource) => void, onHealth?: (fact: HealthFact) => void): ReadingSource[];
  buttons(onEdge: (name: 'up' | 'down' | 'select', pressed: boolean, t: number) => void): { close(): void };
  display: DisplayPort;
  storage: StoragePort;
  /** A repeating timer (the Clock port's tick). */
  every(ms: number, fn: () => void): void;
  log(text: string): void;
  /** Releases everything the board opened: sources, buttons, timers, the display's bus. */
  close(): void;
  /** The board's parts and their pins, for the self-test's messages (absent: faults name only the channel). */
  hardware?: readonly HardwarePart[];
  /** Channels of parts that do not answer ("display", "p2.c", "s1"); the board logs a display fault itself. */
  faults?: readonly string[];
  /** Where the calibration is kept, apart from the journal (absent: it lasts until power off). */
  calibration?: KeyStore;
  /** Where the settings (language, brightness, settle time, Wi-Fi) are kept, apart from the journal. */
  settings?: KeyStore;
}
