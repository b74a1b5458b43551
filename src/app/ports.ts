// The ports the table app (app.ts) is built with: what the host gives it (its clock, display, storage,
// the table's geometry, where results and settings go) and what the app tells the host back. The device
// (hosts/device) and the simulator (hosts/simulator) build them.

import type { PublicState } from '../rules/state.ts';
import type { GameEvent, MatchHeader } from '../rules/types.ts';
import type { Calibration } from '../sensing/types.ts';
import type { StoragePort } from '../store/journal.ts';
import type { Assignment } from '../sync/assignment.ts';
import type { SyncView } from '../sync/sync.ts';
import type { Changes } from '../view/changes.ts';
import type { InstallOptions } from './install.ts';
import type { KeyStore } from './table-config.ts';

export interface Clock {
  /** Microseconds since the host started. */
  now(): number;
  /** How far the host's readings are complete (µs): a reading stamped earlier may still be on its way
   * (a colour sample its sampler has not handed over yet), so the tick advances the sensing layer no
   * further than this, lest it judge a passage without it. Absent: every reading is in at once (now). */
  complete?(): number;
}

export interface DisplayPort {
  /** A 128×64 frame in SSD1306 page layout (1 KiB). `changed` says which columns of which pages differ
   * from the frame shown last (read during the call only); absent, the whole frame. A display that sends
   * page by page may stop when the bus must stay free: it returns false, keeps the rest pending, and
   * sends it at the next call (then `changed` may be empty). */
  show(frame: Uint8Array, changed?: Changes): boolean | void;
  brightness?(level: 'low' | 'mid' | 'high'): void;
}

/** Finished boards and matches, for a host that wants to hear of them (the mcsim build traces them). */
export interface ResultsPort {
  boardFinished(match: MatchHeader, state: PublicState): void;
}

/** Results for the club's server (src/sync/sync.ts): records at each board's and the match's end, and
 * the early boards' log, which the journal forgets at compaction but a record must carry. Every method
 * is required: a port (or a wrapper around one) that left one out would switch a feature off unseen. */
export interface SyncPort {
  /** After a boot: the log before line `line` of the match whose header line is `header`, or null. */
  restoreLog(header: string, line: number): string | null;
  matchStarted(): void;
  /** After a boot: the restored match, for records a power cut kept from being made. */
  resume(log: string | null, state: PublicState): void;
  /** The journal is about to forget the log before its newest board: the whole log so far. */
  keepLog(log: string): void;
  /** A board (then the match) ended, at rest; `log` is the whole match log so far, null if lost.
   * `abandoned`: the players started a new match before this one ended (a `board` record that says so). */
  finished(kind: 'board' | 'match', log: string | null, state: PublicState, abandoned?: boolean): void;
  /** The host's timer; true if what the display shows of sync changed. `free`: no match in progress
   * (none begun, or the last one over), so the table may ask for its next match. `still`: at rest and
   * no strike being made sure of (TableApp.still): a shot's message goes only then. */
  tick(now: number, atRest: boolean, enabled: boolean, free?: boolean, still?: boolean): boolean;
  /** A shot settled, or a call was made between shots: `log` reads the whole log (built only if asked). */
  logGrew(log: () => string | null): void;
  /** A tournament's next match for this table, not yet started or refused (docs/tournament.md §5.2). */
  offer(): Assignment | null;
  /** The offered match has just been started: its records carry its ids. */
  acceptOffer(): void;
  /** The players refused the offered match (wrong table). */
  refuseOffer(): void;
  /** A shot started: an upload in flight stops now (its flash reads and sends), to go again at rest. */
  shotStarted(): void;
  view(): SyncView;
  retryNow(): void;
  /** Wi-Fi (re)connected: a wait after network failures ends now. */
  networkUp(): void;
  forget(): void;
  openSetup(): { network: string; code: string } | { error: string; none?: true };
  closeSetup(): void;
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
