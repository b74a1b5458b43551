// Forwarding to a federation server: each record this server stores goes, as the very bytes the table
// sent with the table's own signature, to another results server. The queue is a table in the same
// database, written in the record's own transaction, so nothing is lost while the federation is down.
// Several processes on one database share the queue: each entry is claimed by one before it is sent.
import { clubSignature } from './club.ts';
import type { Store } from '../store/store.ts';

const FIRST_WAIT = 1000;
const LONGEST_WAIT = 5 * 60_000;
/** After a failure of our own database: wait this long before looking at the queue again. */
const TROUBLE_WAIT = 5000;
const SEND_TIMEOUT = 10_000;
/** Entries claimed at a time, and how long a claim holds: longer than sending them all can take. */
const CLAIM = 10;
const CLAIM_HOLDS = CLAIM * SEND_TIMEOUT + 60_000;
/** Answers that the same bytes will always get: kept as refused, never sent again. */
const REFUSALS = new Set([400, 409, 413, 422]);

/** The club's identity with the federation: it signs what it forwards with `key` (docs/server.md §6). */
export interface ClubKey {
  club: string;
  key: string;
}

/** The records endpoint under the federation's URL, its path kept (`http://h/fed/clubs/a/` and
 * `http://h/fed/clubs/a` both post to `http://h/fed/clubs/a/api/v1/records`). */
export function recordsUrl(target: string): URL {
  const base = new URL(target);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  return new URL('api/v1/records', base);
}

/** Why a send got no answer. fetch says only "fetch failed"; what the operator needs (the connection
 * refused, the name not found, the TLS certificate) is in its cause. */
function sendFailure(e: Error): string {
  const cause = e.cause instanceof Error ? e.cause : null;
  // An AggregateError (each address of a name tried) has an empty message and a code.
  const why = cause ? cause.message || String((cause as { code?: unknown }).code ?? '') : '';
  return why && why !== e.message ? `${e.message} (${why})` : e.message;
}

type Outcome = { sent: true } | { sent: false; error: string; refused?: { status: number; answer: string } };

export class Forwarder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private troubled = false;
  private again = false;
  private readonly url: URL;

  constructor(
    private readonly store: Store,
    private readonly target: string,
    private readonly log: (line: string) => void,
    private readonly now: () => number = Date.now,
    private readonly club: ClubKey | null = null,
  ) {
    this.url = recordsUrl(target);
  }

  /** Sends what is due now, then waits for the next due one (or a kick). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      // Once the drain under way ends: one more look, however many records were stored meanwhile.
      this.again = true;
      return;
    }
    this.again = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Our own database failing (down, locked, a table gone) is said once with its stack, and the queue
    // is looked at again a little later: the entries stay in the database, nothing is lost.
    this.running = this.drain()
      .then(
        () => {
          if (this.troubled) this.log('forwarding: the queue can be read again');
          this.troubled = false;
          return FIRST_WAIT;
        },
        (e: Error) => {
          if (!this.troubled) this.log(`forwarding: cannot use the queue in the database: ${e.stack ?? e.message}; trying again every ${TROUBLE_WAIT / 1000} s`);
          this.troubled = true;
          return TROUBLE_WAIT;
        },
      )
      .then((wait) => {
        this.running = null;
        if (this.closed) return;
        if (this.again && !this.troubled) this.kick();
        else this.timer = setTimeout(() => this.kick(), wait).unref() as NodeJS.Timeout;
      });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const due = await this.store.claimForwards(this.now(), CLAIM, this.now() + CLAIM_HOLDS);
      if (due.length === 0) return;
      for (const [i, d] of due.entries()) {
        if (this.closed) {
          // Stopping: what this process claimed and did not send is due again, for the next to start.
          for (const left of due.slice(i)) await this.store.retryForward(left.table, left.counter, left.attempts, this.now(), 'not sent: the server stopped');
          return;
        }
        const out = await this.send(d.table, d.counter).catch((e: Error): Outcome => ({ sent: false, error: sendFailure(e) }));
        if (out.sent) await this.store.forwarded(d.table, d.counter);
        else if (out.refused) {
          this.log(`forwarding ${d.table} ${d.counter} to ${this.target}: refused, ${out.error}; kept as refused, not sent again`);
          await this.store.refuseForward({ table: d.table, counter: d.counter, ...out.refused, refusedAt: new Date(this.now()).toISOString() });
        } else {
          const wait = Math.min(LONGEST_WAIT, FIRST_WAIT * 2 ** d.attempts);
          // Said once per record, and again when the waits reach their longest.
          if (d.attempts === 0 || wait === LONGEST_WAIT) this.log(`forwarding ${d.table} ${d.counter} to ${this.target}: ${out.error}; trying again in ${wait / 1000} s`);
          await this.store.retryForward(d.table, d.counter, d.attempts + 1, this.now() + wait, out.error);
        }
      }
      if (this.closed) return;
    }
  }

  private async send(table: string, counter: number): Promise<Outcome> {
    const r = await this.store.bodyOf(table, counter);
    if (!r) return { sent: true };
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': r.signature };
    if (this.club) {
      headers['Carrom-Club'] = this.club.club;
      headers['Carrom-Club-Signature'] = clubSignature(this.club.key, r.signature, r.body);
    }
    const answer = await fetch(this.url, { method: 'POST', headers, body: r.body, signal: AbortSignal.timeout(SEND_TIMEOUT) });
    const text = await answer.text();
    if (answer.status === 200 || answer.status === 201) return { sent: true };
    const error = `${answer.status} ${text.slice(0, 200).trim()}`;
    return REFUSALS.has(answer.status) ? { sent: false, error, refused: { status: answer.status, answer: text.slice(0, 1000).trim() } } : { sent: false, error };
  }
}
