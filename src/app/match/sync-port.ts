// What the table app asks of results sync (src/sync/sync.ts, which the device's network builds as this
// port: hosts/device/net/wire.ts): the match kept with its journal (kept-match.ts) hands it the log and
// the records, the offered match's screen (../screen/offer.ts) its answer. Re-exported by ../ports.ts
// with the app's other ports.

import type { PublicState } from '../../rules/state.ts';
import type { Assignment } from '../../sync/assignment.ts';
import type { SyncView } from '../../sync/sync.ts';

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
