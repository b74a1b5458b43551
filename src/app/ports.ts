// The ports the table app (app.ts) is built with: what the host gives it (its clock, display, storage,
// the table's geometry, where results and settings go) and what the app tells the host back. The device
// (hosts/device) and the simulator (hosts/simulator) build them.

import type { PublicState } from '../rules/state.ts';
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import type { Calibration } from '../sensing/types.ts';
import type { StoragePort } from '../store/journal.ts';
import type { InstallOptions } from './install/install.ts';
import type { SyncPort } from './match/sync-port.ts';
import type { DisplayPort } from './screen/display-out.ts';
import type { KeyStore } from '../store/key.ts';

// Declared beside the one code that calls them (the subfolders may not import this file, above them):
// here for the hosts, with the others.
export type { DisplayPort, SyncPort };

export interface Clock {
  /** Microseconds since the host started. */
  now(): number;
  /** How far the host's readings are complete (µs): a reading stamped earlier may still be on its way
   * (a colour sample its sampler has not handed over yet), so the tick advances the sensing layer no
   * further than this, lest it judge a passage without it. Absent: every reading is in at once (now). */
  complete?(): number;
}

/** Finished boards and matches, for a host that wants to hear of them (the mcsim build traces them). */
export interface ResultsPort {
  boardFinished(match: MatchHeader, state: PublicState): void;
}

/** Why Wi-Fi is down, when the host can tell: the access point refused the password. */
export type WifiTrouble = 'wrongPassword';

export interface AppOptions {
  clock: Clock;
  display: DisplayPort;
  storage: StoragePort;
  results?: ResultsPort;
  /** Results sync (src/sync/sync.ts), on a table set up for it. */
  sync?: SyncPort;
  table: { beamGapMm: number; calibration: Calibration | null };
  /** The match to start when the journal is blank. */
  defaultMatch: MatchHeader;
  /** Calibration and self-test: the hardware's parts and pins, the key the calibration is kept in. */
  install?: InstallOptions;
  /** Where the settings are kept, apart from the journal (absent: they last until power off). */
  settings?: KeyStore;
  /** Sees every event as it enters the log, and every new match (a simulator's live log). */
  observer?: { event?(e: GameEvent): void; match?(header: MatchHeader): void; changed?(): void };
}
