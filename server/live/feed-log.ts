// What one public live feed keeps (docs/server.md §4, "The live feeds"): its newest events, numbered,
// so that a reader that reconnects is sent what it missed; and the tables' live logs as the feeds have
// been told them, for a new reader's snapshot. Both are built from the feeds' bus only (live-source.ts),
// never read from the live matches: a stage between them (a delay) then holds back the snapshots too.
import type { LiveTableJson, ShotEventJson } from '../json/live.ts';

/** One event as a feed sent it: its number in the feed, its name and its data (JSON, encoded once). */
export interface Kept {
  seq: number;
  event: string;
  data: string;
}

/** A feed's newest events, at most `maxEvents` of them and `maxBytes` of their data. Its numbers start
 * after `first` (the time the feed was made, in milliseconds: a feed made again after a restart, or after
 * it was let go, numbers on from past every number it gave before, at fewer than 1,000 events a second)
 * and grow by one at each event. */
export class FeedLog {
  private items: Kept[] = [];
  /** The index in `items` of the oldest kept (those before it are let go, the array cut now and then). */
  private start = 0;
  private bytes = 0;
  seq: number;

  constructor(
    first: number,
    private readonly maxEvents: number,
    private readonly maxBytes: number,
  ) {
    this.seq = first;
  }

  add(event: string, data: string): Kept {
    const k = { seq: ++this.seq, event, data };
    this.items.push(k);
    this.bytes += Buffer.byteLength(data);
    while (this.items.length - this.start > this.maxEvents || (this.bytes > this.maxBytes && this.items.length - this.start > 1)) {
      this.bytes -= Buffer.byteLength(this.items[this.start].data);
      this.start++;
    }
    if (this.start > 1024 && this.start * 2 > this.items.length) {
      this.items = this.items.slice(this.start);
      this.start = 0;
    }
    return k;
  }

  /** The events after the feed's number `after`; null when some of them are no longer kept, or `after`
   * is no number this feed gave (past its newest, or before its first). */
  since(after: number): Kept[] | null {
    if (after > this.seq) return null;
    if (after === this.seq) return [];
    const oldest = this.start < this.items.length ? this.items[this.start].seq : this.seq + 1;
    if (after < oldest - 1) return null;
    return this.items.slice(this.start + (after - oldest + 1));
  }

  /** The kept events and their data's bytes (for tests and the figures). */
  get size(): { events: number; bytes: number } {
    return { events: this.items.length - this.start, bytes: this.bytes };
  }
}

interface Copy {
  matchId: string;
  lines: string[];
  held: string | null;
  assigned: ShotEventJson['assigned'] | null;
}

/** Each table's live log as the feeds' `shot` events told it: what a reader's copy is after them all. */
export class LiveCopies {
  private readonly tables = new Map<string, Copy>();

  /** A shot event applied to its table's copy; the copy after it. */
  apply(e: ShotEventJson): Copy {
    let c = this.tables.get(e.table);
    if (!c || c.matchId !== e.matchId) {
      c = { matchId: e.matchId, lines: [], held: null, assigned: null };
      this.tables.set(e.table, c);
    }
    if (e.assigned) c.assigned = e.assigned;
    if (e.held !== undefined) c.held = e.held;
    else if (e.from !== undefined && e.lines !== undefined) {
      c.lines = [...c.lines.slice(0, e.from), ...e.lines.slice(0, -1).split('\n')];
      c.held = null;
    }
    return c;
  }

  /** The live matches that `pick` keeps, in table order, as a snapshot gives them. */
  snapshot(pick: (table: string, assigned: Copy['assigned']) => boolean): LiveTableJson[] {
    const out: LiveTableJson[] = [];
    for (const [table, c] of [...this.tables].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (c.lines.length === 0 || !pick(table, c.assigned)) continue;
      const t: LiveTableJson = { table, matchId: c.matchId, lines: `${c.lines.join('\n')}\n` };
      if (c.held !== null) t.held = c.held;
      if (c.assigned) t.assigned = c.assigned;
      out.push(t);
    }
    return out;
  }
}
