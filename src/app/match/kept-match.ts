// The match as the table keeps it: the fold (match.ts) and its journal in flash (log-journal.ts), the
// log before the journal's base (the outbox keeps it for the records), the log's clock, which goes on
// across power cuts, and the records of the boards and the match that ended, made once nothing moves.

import { formatEvent, formatHeader, formatLog } from '../../rules/log.ts';
import { canSnapshot, snapshot } from '../../rules/snapshot.ts';
import { publicState, type State } from '../../rules/state.ts';
import type { GameEvent, MatchHeader } from '../../rules/types.ts';
import type { JournalContent, StoragePort } from '../../store/journal.ts';
// Boards finished so far, counted as the records count them (one function in the device's bundle).
import { boardsDone } from '../../sync/match-records.ts';
import { replayEvents } from './journal-read.ts';
import { LogJournal } from './log-journal.ts';
import { Match } from './match.ts';
import type { SyncPort } from './sync-port.ts';

/** The game and board a state is in: the journal is compacted once per board. */
const boardKey = (s: State) => `${s.match.games.length}.${s.board.number}`;

export class KeptMatch {
  match!: Match;
  private readonly journal: LogJournal;
  /** The log before the match's base (header line included): the journal no longer has it. Null if lost. */
  private prefix: string | null = null;
  /** Records of boards (and the match) that ended, made when no shot is in progress. */
  private finishedKinds: ('board' | 'match')[] = [];
  /** Milliseconds added to this boot's clock so that the log's times never go back (the device model
   * reads it to play a trace on the log's time origin: tools/device/bundle.ts). */
  offsetMs = 0;
  /** The time of the last event logged: none goes before it (a lost shot is logged at the buttons' time). */
  private lastT = 0;
  /** The board the journal's base is at. */
  private boardKey = '';

  constructor(
    storage: StoragePort,
    private readonly sync: SyncPort | undefined,
  ) {
    this.journal = new LogJournal(storage, (log) => this.sync?.keepLog(log));
  }

  /** The last write to flash failed: what it held is still waiting. */
  get failed(): boolean {
    return this.journal.failed;
  }

  /** The journal's newest slot, read at boot (null: a blank journal). */
  read(): JournalContent | null {
    return this.journal.open();
  }

  /** A new match from `nowUs`: its header first in the journal, its log's clock from 0. */
  begin(header: MatchHeader, base: State, nowUs: number): void {
    this.journal.begin(formatHeader(header));
    this.open(header, base, 2);
    this.prefix = `${formatHeader(header)}\n`;
    this.offsetMs = -Math.floor(nowUs / 1000);
  }

  /** The match from `base`, its first event on log line `line`. */
  open(header: MatchHeader, base: State, line: number): void {
    this.match = new Match(header, base, line);
    this.journal.clear();
    this.finishedKinds = [];
    this.lastT = 0;
    this.boardKey = boardKey(base);
  }

  /** After open, at boot: the journal's events folded, the log before them asked of the outbox, the
   * clock carried on after the last logged time plus a second for the reboot. */
  replay(content: JournalContent, nowUs: number): void {
    const headerLine = formatHeader(this.match.header);
    this.prefix = content.snapshot ? (this.sync?.restoreLog(headerLine, content.snapshot.line) ?? null) : `${headerLine}\n`;
    const lastT = replayEvents(content, (e) => this.match.apply(e));
    this.boardKey = boardKey(this.match.state);
    this.offsetMs = lastT + 1000 - Math.floor(nowUs / 1000);
    this.lastT = lastT;
  }

  /** An event from the sensing layer on the log's clock: never before the last one logged. */
  stamp(raw: GameEvent): GameEvent {
    const e = { ...raw, t: Math.max(this.lastT, raw.t + this.offsetMs) } as GameEvent;
    this.lastT = e.t;
    return e;
  }

  /** `e` into the fold; returns the state after it. A new board's first strike first rebases the match on
   * a snapshot of the state before it, for the journal to compact to. Not now: flash is written only at
   * rest (docs/hardware.md: an erase masks interrupts for up to 400 ms, and pieces are moving), so it
   * happens with the shot's own record, once it settles. */
  apply(e: GameEvent): State {
    const before = this.match.state;
    if (e.e === 'strike' && boardKey(before) !== this.boardKey && canSnapshot(before) && this.journal.idle) {
      const base = { ...before, last: null };
      const log = this.fullLog();
      this.journal.compactWithNext(formatHeader(this.match.header), snapshot(base), this.match.nextLine, log);
      this.prefix = log;
      this.match.rebase(base);
      this.boardKey = boardKey(base);
    }
    return this.match.apply(e);
  }

  /** `e` into the journal: one record per shot, written when no shot is in progress (settled, or a call
   * between shots). */
  record(e: GameEvent, after: State): void {
    this.journal.add(e);
    if (after.shot === null) this.journal.write();
  }

  /** What `e` ended goes to the outbox as records, once nothing moves: a match record after its last board's;
   * then sync hears that the log grew (the shot's message, src/sync/shots.ts: after the records, which go first). */
  ended(before: State, after: State): void {
    if (boardsDone(after) > boardsDone(before)) this.finishedKinds.push('board');
    if (after.match.over && !before.match.over) this.finishedKinds.push('match');
    if (after.shot !== null) return;
    if (this.finishedKinds.length > 0) {
      const log = this.fullLog();
      const state = publicState(after);
      for (const kind of this.finishedKinds) this.sync?.finished(kind, log, state);
      this.finishedKinds = [];
    }
    this.sync?.logGrew(() => this.fullLog());
  }

  /** What the table knows of its beams (a JSON text), kept in the journal beside the match: written at
   * rest only (flash is not written while pieces move). False: it waits for a later call at rest. */
  beams(text: string, atRest: boolean): boolean {
    this.journal.beams(text);
    if (!atRest || !this.journal.idle) return false;
    this.journal.writeBeams();
    return true;
  }

  /** The match log as docs/formats.md writes it: the events since the board the journal was last compacted at. */
  logText(): string {
    return formatLog(this.match.header, this.match.log().map((l) => l.event));
  }

  /** The whole match log so far (the journal's part, after what the outbox kept), or null if a power cut lost its start. */
  fullLog(): string | null {
    if (this.prefix === null) return null;
    let out = this.prefix;
    for (const l of this.match.log()) out += `${formatEvent(l.event)}\n`;
    return out;
  }
}
