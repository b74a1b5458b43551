// The app's hooks into the installer (install.ts runs the calibration's and the self-test's screens):
// the table the sensing layer is told about (the host's, or the calibration kept in flash, then each one
// a run keeps), the screens started only between shots, and drawn again four times a second while they
// run (a beam that stays blocked becomes a fault with no reading to show it).

import { Install, type InstallHost } from './install/install.ts';
import type { AppOptions } from './ports.ts';
import { bootTable, parseStored, type TableConfig } from './install/table-config.ts';

/** How often a running screen is drawn again, readings or not (microseconds). */
const LIVE_US = 250_000;

export class InstallHooks {
  readonly install: Install;
  /** The table as the sensing layer sees it: the host's defaults, or the calibration kept in flash. */
  table: TableConfig;
  /** Why the calibration kept in flash was not used (it did not parse), or null. */
  calibrationError: string | null;
  private drawnAt = 0;

  constructor(o: AppOptions, app: Pick<InstallHost, 'health' | 'cfg'>) {
    const booted = bootTable(o.install?.store, o.table);
    this.table = booted.table;
    this.calibrationError = booted.error;
    this.install = new Install(o.install ?? {}, {
      now: () => o.clock.now(),
      health: app.health,
      cfg: app.cfg,
      seats: () => [0, 1, 2, 3],
      calibrated: (text) => this.calibrated(text),
    });
  }

  /** CALIBRATE or SELF-TEST from the menu: only between shots (false: a shot is in play, nothing starts). */
  start(what: 'calibrate' | 'selftest', atRest: boolean): boolean {
    if (!atRest) return false;
    this.install.start(what);
    return true;
  }

  /** The host's timer while a screen runs; true when the screen is to be drawn again. */
  advance(t: number): boolean {
    this.install.advance(t);
    if (t - this.drawnAt < LIVE_US) return false;
    this.drawnAt = t;
    return true;
  }

  /** A run kept a calibration: the sensing layer is made with it from now on (and from the next boot). */
  private calibrated(text: string): void {
    const parsed = parseStored(text);
    if (parsed.ok) ((this.table = parsed.value), (this.calibrationError = null));
  }
}
