// Each tournament's delay (docs/tournament.md §8.2), as this process knows it: read from the database at
// start, again when an organiser changes a tournament here, and every REFRESH_MS for a change made by
// another process on the database (§8 of docs/server.md). The delay stage (delay.ts) and the stored
// reads' filter (delay-reads.ts) ask it synchronously; a tournament it does not know yet counts as the
// longest delay until it is read (a public view may lag too much for a moment, never too little).
import type { Sql } from '../db/sql.ts';
import { DELAY_MAX } from '../tournament/caps.ts';

/** How often the delays are read again for a change another process made. */
export const REFRESH_MS = 5_000;
export const MINUTE = 60_000;
/** The longest delay, in milliseconds. */
export const LONGEST = DELAY_MAX * MINUTE;

export class Delays {
  /** Minutes, by tournament id. */
  private minutes = new Map<number, number>();
  /** Tournaments asked for and not known, to look for at the next read. */
  private asked = new Set<number>();
  /** Tournaments asked for that a read begun after the asking did not find: none on this database (a
   *  record may name any), so none delayed; found by a later read, they count as they are then. */
  private absent = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private readonly changed: (() => void)[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Reads them now, then every REFRESH_MS. */
  async start(): Promise<void> {
    await this.read();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  /** `f` runs after each read that changed a delay (the stage computes its releases again). */
  onChange(f: () => void): void {
    this.changed.push(f);
  }

  /** The tournament's delay in milliseconds; null when not known (yet): a new tournament, read at once. */
  of(tournament: number): number | null {
    const m = this.minutes.get(tournament);
    if (m !== undefined) return m * MINUTE;
    if (this.absent.has(tournament)) return 0;
    this.asked.add(tournament);
    void this.refresh();
    return null;
  }

  /** The tournaments with a delay, and the longest: nothing to filter when there is none. */
  delayed(): ReadonlyMap<number, number> {
    const out = new Map<number, number>();
    for (const [t, m] of this.minutes) if (m > 0) out.set(t, m * MINUTE);
    return out;
  }

  /** Reads them again (one read at a time); a failure is said and the old ones are kept. */
  refresh(): Promise<void> {
    this.reading ??= this.read().catch((e: Error) => this.log(`tournament delays: could not read them again (the ones known are kept): ${e.message}`)).finally(() => (this.reading = null));
    return this.reading;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async read(): Promise<void> {
    // Only what was asked before this read began: a tournament made meanwhile is looked for at the next.
    const asked = [...this.asked];
    this.asked.clear();
    const rows = await this.sql.all('SELECT id, delay_minutes FROM carrom_tournaments');
    const next = new Map(rows.map((r) => [Number(r.id), Number(r.delay_minutes)]));
    const same = next.size === this.minutes.size && [...next].every(([t, m]) => this.minutes.get(t) === m);
    this.minutes = next;
    let absent = 0;
    for (const t of asked) if (!next.has(t) && !this.absent.has(t)) (this.absent.add(t), absent++);
    if (!same || absent > 0) for (const f of this.changed) f();
  }
}
