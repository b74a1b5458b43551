// Which of a table's asks for its next match count (docs/tournament.md §5.1), and the lane the others
// wait in (server/tournament-http/assignment.ts answers both). An ask counts when the table signed it,
// with its time near the server's and a nonce not taken before (`Asks`); any other is answered from reads
// alone, a few at once (`Lane`), so that anyone's asks hold at most READ_ONLY_ASKS_AT_ONCE of the
// database's connections.
import type { IncomingMessage } from 'node:http';
import { askText } from '../../src/sync/assignment.ts';
import { verify, wellFormedSignature } from '../common/sign.ts';

/** How far a signed ask's `Carrom-Time` may be from the server's clock, either way (§5.1): the bound on a
 *  replay, and on the clocks' difference (a table's clock comes from SNTP or from this server's `Date`). */
export const ASK_WINDOW_MS = 5 * 60_000;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** Which asks count (§5.1): signed with the table's secret over its id, the nonce and its time, the time
 * within ASK_WINDOW_MS of the server's, the nonce not taken before. The nonces taken are kept for twice
 * the window (after that their time is out of it anyway), so that one played back inside the window is
 * refused too; only a table's own signed asks add one. What makes a table's asks change nothing is said
 * in the log once per table and reason (for this process's life), not at each ask. */
export class Asks {
  /** `table\nnonce` → when it may be forgotten (ms, the server's clock); in the order they were taken. */
  private readonly taken = new Map<string, number>();
  private readonly said = new Set<string>();
  /** The asks that change nothing, answered a few at once. */
  readonly readOnly = new Lane(READ_ONLY_ASKS_AT_ONCE, READ_ONLY_ASKS_WAITING);
  constructor(private readonly log: (line: string) => void = () => undefined) {}

  /** Null when the ask counts (its nonce is then taken), or why it changes nothing. */
  check(table: string, secret: string, nonce: string, req: IncomingMessage, now: Date): string | null {
    const why = this.fault(table, secret, nonce, req, now);
    if (why !== null) {
      const kind = why.replace(/[\d.]+ s/g, 'N s');
      if (!this.said.has(`${table}\n${kind}`)) this.log(`table ${table}'s asks for its next match change nothing: ${why} (said once for this table)`);
      this.said.add(`${table}\n${kind}`);
      return why;
    }
    const ms = now.getTime();
    for (const [key, until] of this.taken) {
      if (until > ms) break;
      this.taken.delete(key);
    }
    this.taken.set(`${table}\n${nonce}`, ms + 2 * ASK_WINDOW_MS);
    return null;
  }

  private fault(table: string, secret: string, nonce: string, req: IncomingMessage, now: Date): string | null {
    const signature = req.headers['carrom-signature'];
    if (signature === undefined) return 'unsigned (a table on older firmware: it gets its match, and changes nothing until it signs)';
    if (typeof signature !== 'string' || !wellFormedSignature(signature)) return 'header Carrom-Signature must be sha256=<64 lowercase hex digits>';
    const time = req.headers['carrom-time'];
    if (time !== undefined && (typeof time !== 'string' || !ISO_UTC.test(time) || Number.isNaN(Date.parse(time)))) return 'header Carrom-Time must be an ISO 8601 UTC time (2026-12-01T10:14:30.000Z)';
    if (!verify(secret, Buffer.from(askText(table, nonce, time ?? null), 'utf8'), signature)) return "the signature does not verify with the table's secret";
    if (time === undefined) return "no Carrom-Time (the table has no time yet: this answer's Date gives it one, and its next ask counts)";
    const off = (Date.parse(time) - now.getTime()) / 1000;
    if (Math.abs(off) * 1000 > ASK_WINDOW_MS) return `its time is ${Math.round(Math.abs(off))} s ${off < 0 ? 'behind' : 'ahead of'} the server's, more than ${ASK_WINDOW_MS / 1000} s (set the clocks right)`;
    if (this.taken.has(`${table}\n${nonce}`)) return 'its nonce was taken already (an ask played back)';
    return null;
  }
}

/** Asks that change nothing answered at once, at most: each holds one of the database's connections (10
 *  on PostgreSQL) for its few reads. A table on older firmware asks every 30 s; 1,000 strangers' asks
 *  every 2 s held them all and the tables' posts waited for 5 s (issue 29 §6, measured by
 *  test/server/siege.test.ts). */
export const READ_ONLY_ASKS_AT_ONCE = 2;
/** Asks that change nothing waiting their turn, at most; one more is answered 503 at once (Retry-After). */
export const READ_ONLY_ASKS_WAITING = 32;
/** Seconds a 503 for a full lane asks to wait. */
export const LANE_RETRY_AFTER = 5;

/** At most `atOnce` of a kind of work at once and `waiting` more in line, in the order they came. */
export class Lane {
  private running = 0;
  private readonly line: (() => void)[] = [];
  constructor(readonly atOnce: number, readonly waiting: number) {}

  /** `work`'s result once it has had its turn, or null at once when the line is full (nothing run). */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running < this.atOnce) this.running++;
    else if (this.line.length >= this.waiting) return null;
    // The place of the work that ends is handed on to the next, without being given back between.
    else await new Promise<void>((resolve) => this.line.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}
