// Forwarding to a federation server: each record this server stores goes, as the very bytes the table
// sent with the table's own signature, to another results server. The queue is a table in the same
// database, written in the record's own transaction, so nothing is lost while the federation is down.
import type { Store } from './store.ts';

const FIRST_WAIT = 1000;
const LONGEST_WAIT = 5 * 60_000;

export class Forwarder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly target: string,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sends what is due now, then waits for the next due one (or a kick). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.running.then(() => this.kick());
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (!this.closed) this.timer = setTimeout(() => this.kick(), FIRST_WAIT).unref() as NodeJS.Timeout;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const due = await this.store.dueForwards(this.now(), 50);
      if (due.length === 0 || this.closed) return;
      for (const d of due) {
        const error = await this.send(d.table, d.counter).catch((e: Error) => e.message);
        if (error === null) await this.store.forwarded(d.table, d.counter);
        else {
          const wait = Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** d.attempts);
          // Said once per record, and again when the waits reach their longest.
          if (d.attempts === 0 || wait === LONGEST_WAIT) this.log(`forwarding ${d.table} ${d.counter} to ${this.target}: ${error}; trying again in ${wait / 1000} s`);
          await this.store.retryForward(d.table, d.counter, d.attempts + 1, this.now() + wait, error);
        }
        if (this.closed) return;
      }
    }
  }

  /** null when the federation has it (stored now, or before), else what went wrong. */
  private async send(table: string, counter: number): Promise<string | null> {
    const r = await this.store.bodyOf(table, counter);
    if (!r) return null;
    const answer = await fetch(new URL('/api/v1/records', this.target), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': r.signature },
      body: r.body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await answer.text();
    return answer.status === 200 || answer.status === 201 ? null : `${answer.status} ${text.slice(0, 200)}`;
  }
}
