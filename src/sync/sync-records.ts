// Results sync, the records (docs/sync.md): what the outbox keeps of the current match (match-records.ts),
// records made at rest when a board or the match ends, signed and queued, the log archived before the
// journal forgets it, older board records a newer one carries dropped. sync.ts builds the sending on it
// (when a record goes, the answers, backoff, the display's view).
//
// One object in two files, not two: the host's timer reaches the sending's state as directly as before,
// with no hop between objects at each tick. This file imports nothing of sync.ts.

import type { PublicState } from '../rules/state.ts';
import type { StoragePort } from '../store/journal.ts';
import { Assigner } from './assigner.ts';
import type { Assignment } from './assignment.ts';
import { boardsDone, carried, eventLines, logBefore, recordedOf } from './match-records.ts';
import { Outbox, type Recorded } from './outbox.ts';
import type { DigestFactory, RandomPort, ServerFinder, SettingsPort, SetupPort, SyncSettings, TransportPort, WallClockPort } from './ports.ts';
import { recordText, signedBody, type RecordKind } from './record.ts';
import { ShotSender } from './shots.ts';

export interface SyncOptions {
  /** The outbox's own flash area (not the journal's). */
  storage: StoragePort;
  transport: TransportPort;
  digest: DigestFactory;
  random: RandomPort;
  settings: SettingsPort;
  firmware: string;
  wallClock?: WallClockPort;
  finder?: ServerFinder;
  setup?: SetupPort;
  /** The host's own work that waits for rest (the device's setup page: its settings are written to
   * flash only while nothing moves), run at each tick at rest before the sync core's, with its time. */
  atRest?: (now: number) => void;
}

export class SyncRecords {
  // `declare`: fields the constructor sets, so that no definition of them comes first (bytes in the
  // device's bundle); the object holds the same fields.
  declare readonly outbox: Outbox;
  protected declare settings: SyncSettings | null;
  /** The record on its way (sync.ts): a board record that drops older ones keeps it. */
  protected inFlight: { counter: number; kind: RecordKind; token: number; since: number } | null = null;
  protected lastError: string | null = null;
  /** Event lines of the current match's log that the outbox holds (a record's, or an archive). */
  private archived = 0;
  /** How far the current match's records went (so that a reboot can make one a power cut prevented). */
  private recorded: Recorded = { boards: 0, over: false };
  /** Bumped at every change the display shows. */
  protected version = 0;
  /** The next match, from a tournament's server (docs/tournament.md §5). */
  declare readonly assigner: Assigner;
  /** Each shot's lines to the server, best effort (shots.ts, docs/sync.md §7). */
  declare readonly shots: ShotSender;

  constructor(protected readonly o: SyncOptions) {
    this.outbox = new Outbox(o.storage);
    this.outbox.open();
    this.settings = o.settings.load();
    this.assigner = new Assigner({
      outbox: this.outbox,
      digest: o.digest,
      random: o.random,
      transport: o.transport,
      wallClock: o.wallClock,
      error: (text) => ((this.lastError = text), this.version++),
      changed: () => this.version++,
      safely: (write) => void this.safely(write),
    });
    this.assigner.load(this.settings);
    this.shots = new ShotSender(o.digest, o.transport);
  }

  // --- the match log (the journal forgets early boards; the outbox keeps them) ----------------------

  /** After a boot: the log before line `line` of the match whose header line is `header`, or null. */
  restoreLog(header: string, line: number): string | null {
    const before = logBefore(this.outbox, header, line);
    if (!before) return null;
    this.archived = before.events;
    return before.log;
  }

  matchStarted(): void {
    this.archived = 0;
    this.recorded = { boards: 0, over: false };
    this.assigner.matchStarted();
    this.shots.matchStarted();
  }

  /** The next match the server gave this table, while the players have not started or refused it. */
  offer(): Assignment | null {
    return this.assigner.offer();
  }

  /** The offered match has just been started (after matchStarted): its records carry its ids. */
  acceptOffer(): void {
    this.assigner.accept();
  }

  /** The players refused the offered match (wrong table): the table tells the server. */
  refuseOffer(): void {
    this.assigner.refuse();
  }

  /** After a boot, at rest: a record a power cut kept from being made (between the journal's write of
   * the board's last shot and the record's) is made now. */
  resume(log: string | null, state: PublicState): void {
    if (log === null) return;
    this.recorded = recordedOf(this.outbox, log);
    if (boardsDone(state) > this.recorded.boards) this.finished('board', log, state);
    if (state.match.over && !this.recorded.over) this.finished('match', log, state);
  }

  /** The journal is about to forget the log before its newest board: unless a record holds all of it, archive it. */
  keepLog(log: string): void {
    const events = eventLines(log);
    // A table not set up makes no records, and so keeps no archive for them (no flash wear for nothing).
    if (events <= this.archived || !this.settings) return;
    this.safely(() => this.outbox.archive(log, this.recorded));
    this.archived = events;
  }

  /** A board, or the match, ended (at rest): the record is made, signed and queued now. `abandoned`: the
   * players started a new match before this one ended; a `board` record says so. */
  finished(kind: RecordKind, log: string | null, state: PublicState, abandoned = false): void {
    const s = this.settings;
    if (!s) return;
    if (log === null) {
      this.lastError = 'the log before a power cut is lost: no record made';
      this.version++;
      return;
    }
    const made = this.safely(() =>
      this.outbox.add(kind, (counter) => {
        const ids = this.assigner.playing ?? undefined;
        const text = recordText({ table: s.table, counter, kind, firmware: this.o.firmware, log, state, madeAt: this.o.wallClock?.iso() ?? null, abandoned, ids });
        return signedBody(text, s.secret, this.o.digest);
      }),
    );
    if (!made) return;
    this.shots.recorded(made.counter, log);
    this.archived = eventLines(log);
    this.recorded = kind === 'match' ? { boards: boardsDone(state), over: true } : { boards: boardsDone(state), over: this.recorded.over };
    // A match record drops nothing: it follows the last board's record, which the server gets too.
    if (kind === 'board') this.dropOlder(made.counter, log);
    this.version++;
  }

  /** Unsent board records whose log the new record's log begins with: it carries all they do (flash is small). */
  private dropOlder(counter: number, log: string): void {
    for (const e of carried(this.outbox, counter, log, this.inFlight ? this.inFlight.counter : null)) this.safely(() => this.outbox.acknowledge(e.counter, 'dropped'));
    if (!this.inFlight) this.safely(() => this.outbox.tidy());
  }

  /** A flash write that failed (full, broken) is shown, never a crash of the table. */
  protected safely<T>(write: () => T): T | null {
    try {
      return write();
    } catch (e) {
      this.lastError = `flash: ${e instanceof Error ? e.message : String(e)}`;
      this.version++;
      return null;
    }
  }
}
