// The logs of the records this process stored lately, by table and counter. Which match a record joins
// depends on the log of the table's record just below it (server/store/store.ts, matchFor), and reading that
// record's body back and parsing it as JSON again was a tenth of the work of storing one. A stored
// record does not change (unique on table and counter, a second body is a conflict), and each log is
// kept with its body's signature, which the caller reads with the row and must match: a table removed
// with its records and added again (`carrom serve --remove-table`) reuses its counters with other
// bodies. Only logs of committed records are kept. Bounded by the characters held (the first kept go
// first), so a flood of large logs holds a fixed amount of memory.

/** Characters of logs kept at most (some 16 MiB for logs of ASCII text, as a table's are). */
export const RECENT_LOG_CHARS = 16 * 1024 * 1024;

export class RecentLogs {
  private readonly logs = new Map<string, { signature: string; log: string }>();
  private chars = 0;
  /** Lookups answered from memory and not: what the tests count. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly capacity = RECENT_LOG_CHARS) {}

  /** A committed record's log, and the signature of its body. */
  keep(table: string, counter: number, signature: string, log: string): void {
    const key = keyOf(table, counter);
    this.drop(key);
    if (log.length > this.capacity) return;
    this.logs.set(key, { signature, log });
    this.chars += log.length;
    for (const [oldest, l] of this.logs) {
      if (this.chars <= this.capacity) break;
      this.logs.delete(oldest);
      this.chars -= l.log.length;
    }
  }

  /** The log of the table's record `counter` whose body has `signature`, if it is kept. */
  get(table: string, counter: number, signature: string): string | undefined {
    const kept = this.logs.get(keyOf(table, counter));
    const log = kept?.signature === signature ? kept.log : undefined;
    if (log === undefined) this.counts.misses++;
    else this.counts.hits++;
    return log;
  }

  /** The signature the table's record `counter` is kept with, if it is (not counted as a look-up). */
  signatureOf(table: string, counter: number): string | undefined {
    return this.logs.get(keyOf(table, counter))?.signature;
  }

  get size(): { entries: number; chars: number } {
    return { entries: this.logs.size, chars: this.chars };
  }

  private drop(key: string): void {
    const had = this.logs.get(key);
    if (had === undefined) return;
    this.logs.delete(key);
    this.chars -= had.log.length;
  }
}

// A table id has no space (a-z, 0-9, -).
const keyOf = (table: string, counter: number): string => `${table} ${counter}`;
