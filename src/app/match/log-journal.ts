// The match log into the journal (src/store): one record per settled shot, written only at rest; a new
// board's compaction goes with the first record after it. A flash that refuses a write (full, worn) must
// not stop the table: what it refused stays here and is written with the next record that lands (a
// power cut meanwhile loses it, as it would the shot in progress), and `failed` says so until then.
import { formatEvent } from '../../rules/log.ts';
import type { GameEvent } from '../../rules/types.ts';
import { Journal, type JournalContent, type StoragePort } from '../../store/journal.ts';

interface Compaction {
  header: string;
  state: string;
  line: number;
  /** The whole log before it, for the outbox to keep first; null once kept (or if lost). */
  log: string | null;
}

export class LogJournal {
  private readonly journal: Journal;
  private pending: GameEvent[] = [];
  private compaction: Compaction | null = null;
  /** A new match's header the journal has not taken yet, or null. */
  private header: string | null = null;
  /** What the table knows of its beams (a JSON text, app.ts), carried into every new match and
   * compaction; `beamsOwed`: changed since it was last written. */
  private beamsText: string | null = null;
  private beamsOwed = false;
  /** The last write failed: what it held is still waiting. */
  failed = false;

  constructor(
    storage: StoragePort,
    private readonly keepLog: (log: string) => void,
  ) {
    this.journal = new Journal(storage);
  }

  /** The newest whole slot, or null for a blank journal. Writes nothing. */
  open(): JournalContent | null {
    const c = this.journal.open();
    this.beamsText = c?.beams ?? null;
    return c;
  }

  /** What the table knows of its beams now: written at the next write at rest (writeBeams, write). */
  beams(text: string): void {
    if (text === this.beamsText) return;
    this.beamsText = text;
    this.beamsOwed = true;
  }

  /** At rest, with no event waiting: the beams record, if it changed. */
  writeBeams(): void {
    if (this.beamsOwed) this.flush(false);
  }

  /** A new match: its header first; until it lands, no record may go after the old match's. */
  begin(header: string): void {
    this.header = header;
    this.clear();
    this.flush(false);
  }

  /** Nothing waits of the match opened (a restored or a new one). */
  clear(): void {
    this.pending = [];
    this.compaction = null;
  }

  /** No event waits: a compaction may be asked for only then. */
  get idle(): boolean {
    return this.pending.length === 0;
  }

  /** Compacts to a snapshot (as of log line `line`) with the next record; the outbox keeps `log` first. */
  compactWithNext(header: string, state: string, line: number, log: string | null): void {
    this.compaction = { header, state, line, log };
  }

  add(e: GameEvent): void {
    this.pending.push(e);
  }

  /** At rest: what waits, as one record after the header and the compaction still owed. */
  write(): void {
    this.flush(true);
  }

  private flush(events: boolean): void {
    try {
      if (this.header !== null) {
        this.journal.begin(this.header, this.beamsText);
        this.header = null;
        this.beamsOwed = false;
      }
      const c = this.compaction;
      if (c) {
        // The outbox first: a cut between the two leaves the journal's log whole, and more in the outbox.
        if (c.log !== null) this.keepLog(c.log);
        c.log = null;
        this.journal.compact(c.header, c.state, c.line, this.beamsText);
        this.compaction = null;
        this.beamsOwed = false;
      }
      // The beams before the shot's events: the events' record landing is what commits the shot.
      if (this.beamsOwed && this.beamsText !== null) {
        this.journal.beams(this.beamsText);
        this.beamsOwed = false;
      }
      if (events) {
        this.journal.append(this.pending.map(formatEvent).join('\n'));
        this.pending = [];
      }
      this.failed = false;
    } catch {
      this.failed = true;
    }
  }
}
