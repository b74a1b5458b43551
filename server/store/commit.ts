// Group commit: the records that arrive while a commit is on its way to the disk are stored together in
// the next transaction, so that one fsync makes a whole batch durable instead of one record each (the
// server was bound by one commit per record). Each record is still answered only once the transaction
// that holds it has committed: 201 still means on the disk.
//
// A table's records are in one batch at a time, in the order they came. On PostgreSQL a batch locks its
// tables' rows (one record of a table at a time across processes) but takes only those it can lock at
// once (SKIP LOCKED): a table whose row another process holds is left out, its records back at the head
// of the queue for a later batch, instead of making every other table's record in the batch wait for
// that process's commit (the two processes took each other's tables' records in turn, and were slower
// together than one alone).
import { POSTGRES_TIMEOUTS } from '../db/postgres.ts';
import { DatabaseUnavailable, type Sql } from '../db/sql.ts';
import type { ToStore } from '../records/storable.ts';
import type { StoreOutcome } from './store-batch.ts';

/** Records in one transaction at most (bodies of up to 256 KiB each). */
export const MAX_BATCH = 64;
/** How long a table whose row another process holds waits before its next try, in ms: doubling from 2
 * (the other's commit is a few ms away) up to this. */
const HELD_RETRY_MAX = 32;

interface Waiting {
  r: ToStore;
  done(o: StoreOutcome): void;
  fail(e: unknown): void;
  /** When its table's row was first found held by another session, and how often since (PostgreSQL). */
  heldSince?: number;
  tries?: number;
}

/** What a transaction did with its records: stored these, and left out those whose table was held. */
interface Ran {
  stored: [Waiting, StoreOutcome][];
  held: Waiting[];
}

/** Stores records in the transaction given, outcomes in their order (server/store/store-batch.ts). */
export type StoreBatch = (tx: Sql, records: readonly ToStore[]) => Promise<StoreOutcome[]>;

/** Stores records in one transaction of its own, committed durably: the outcomes and the statements it
 * took but BEGIN and COMMIT. SQLite's writer thread (server/store/sqlite-writer.ts) is one. */
export type Transact = (records: readonly ToStore[]) => Promise<{ outs: StoreOutcome[]; statements: number }>;

export interface GroupCommitOptions {
  /** Where the transactions are run, if not in `sql.transaction` on this thread (SQLite's writer thread). */
  transact?: Transact;
  /** How long a record waits for its table's row held by another process before it is answered 503, as
   * a lock timeout would (PostgreSQL). */
  lockWait?: number;
}

export class GroupCommit {
  private queue: Waiting[] = [];
  private running = 0;
  /** Tables with records in a batch under way: their next records wait in the queue. */
  private readonly busy = new Set<string>();
  /** Tables another process held at the last try: not tried again before this time (Date.now()). */
  private readonly heldUntil = new Map<string, number>();
  private retry: { at: number; timer: NodeJS.Timeout } | null = null;
  /** Transactions run, records stored through them, and the statements they took (BEGIN and COMMIT
   * included: on PostgreSQL each is a round trip): batches are seen in the bench and the tests. `held`:
   * the times a record was left for a later batch because another process held its table's row. */
  readonly counts = { transactions: 0, records: 0, statements: 0, held: 0 };

  private readonly transact: Transact | undefined;
  private readonly lockWait: number;

  /** `parallel`: batches at once (on SQLite, which writes one transaction at a time, 2: one is written
   * while the other's fsync is on its way, server/db/wal-sync.ts). */
  constructor(
    private readonly sql: Sql,
    private readonly storeBatch: StoreBatch,
    private readonly parallel: number,
    { transact, lockWait = POSTGRES_TIMEOUTS.lock }: GroupCommitOptions = {},
  ) {
    this.transact = transact;
    this.lockWait = lockWait;
  }

  store(r: ToStore): Promise<StoreOutcome> {
    return new Promise((done, fail) => {
      this.queue.push({ r, done, fail });
      this.schedule();
    });
  }

  /**
   * A batch starts once the event loop has handled what it has read, so that a batch started at once
   * does not hold only the record that started it (where better-sqlite3 writes on the event loop itself,
   * no request is read while a batch is written). The records of every request read meanwhile join it.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private scheduled = false;

  private pump(): void {
    while (this.running < this.parallel && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) break;
      const tables = new Set(batch.map((w) => w.r.record.table));
      tables.forEach((t) => this.busy.add(t));
      this.running++;
      void this.commit(batch).finally(() => {
        this.running--;
        tables.forEach((t) => this.busy.delete(t));
        if (this.queue.length > 0) this.schedule();
      });
    }
    this.retryHeld();
  }

  /** The next batch, in the queue's order: records of tables neither in a batch under way nor waiting
   * to try a held row again. A table left out has all its records left out, so its order is kept. */
  private take(): Waiting[] {
    const now = Date.now();
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    for (const w of this.queue) {
      const t = w.r.record.table;
      const until = this.heldUntil.get(t);
      if (batch.length < MAX_BATCH && !this.busy.has(t) && (until === undefined || until <= now)) batch.push(w);
      else left.push(w);
    }
    for (const w of batch) this.heldUntil.delete(w.r.record.table);
    this.queue = left;
    return batch;
  }

  /** With a slot free and only held tables' records queued, the next try at the earliest one's time. */
  private retryHeld(): void {
    if (this.running >= this.parallel || this.queue.length === 0) return;
    const at = Math.min(...this.queue.map((w) => this.heldUntil.get(w.r.record.table) ?? Infinity));
    if (!Number.isFinite(at) || (this.retry && this.retry.at <= at)) return;
    if (this.retry) clearTimeout(this.retry.timer);
    const timer = setTimeout(() => {
      this.retry = null;
      this.schedule();
    }, Math.max(0, at - Date.now()));
    // Only records wait on it, each also on its own promise: it keeps no process alive.
    timer.unref();
    this.retry = { at, timer };
  }

  private async commit(batch: Waiting[]): Promise<void> {
    const settle = ({ stored, held }: Ran) => {
      stored.forEach(([w, o]) => w.done(o));
      this.hold(held);
    };
    try {
      settle(await this.run(batch));
    } catch (e) {
      if (batch.length === 1) return batch[0].fail(e);
      // One record that cannot be stored must not take the others with it: each again on its own. A
      // table held by another process has its later records held with it, not stored before. But when
      // a record alone meets the database unavailable as the batch did (down, locked past the wait), the
      // database is the fault: the rest get it at once (503, the tables send them again), where each in
      // turn would have waited as long again before its 503.
      const held: Waiting[] = [];
      let unavailable: unknown = null;
      for (const w of batch) {
        if (unavailable) w.fail(unavailable);
        else if (held.some((h) => h.r.record.table === w.r.record.table)) held.push(w);
        else
          await this.run([w]).then(
            ({ stored, held: h }) => (stored.forEach(([s, o]) => s.done(o)), held.push(...h)),
            (e2: unknown) => {
              if (e instanceof DatabaseUnavailable && e2 instanceof DatabaseUnavailable) unavailable = e2;
              w.fail(e2);
            },
          );
      }
      this.hold(held);
    }
  }

  /** Records left out because another process held their table: back at the head of the queue, in
   * their order, for a later try; answered 503 once they waited as long as a lock wait may last. */
  private hold(held: Waiting[]): void {
    if (held.length === 0) return;
    const now = Date.now();
    const back: Waiting[] = [];
    this.counts.held += held.length;
    for (const w of held) {
      w.heldSince ??= now;
      w.tries = (w.tries ?? 0) + 1;
      const t = w.r.record.table;
      if (now - w.heldSince >= this.lockWait) {
        w.fail(new DatabaseUnavailable(`PostgreSQL is unavailable: the row of table ${t} stayed locked by another session for ${now - w.heldSince} ms (lock timeout)`));
        continue;
      }
      back.push(w);
      this.heldUntil.set(t, Math.max(this.heldUntil.get(t) ?? 0, now + Math.min(2 ** w.tries, HELD_RETRY_MAX)));
    }
    this.queue.unshift(...back);
  }

  private async run(batch: Waiting[]): Promise<Ran> {
    if (this.transact) {
      // Elsewhere (SQLite's writer thread): one writer at a time, so no table is ever held.
      const { outs, statements } = await this.transact(batch.map((w) => w.r));
      this.counts.transactions++;
      this.counts.records += batch.length;
      this.counts.statements += statements + 2;
      return { stored: batch.map((w, i) => [w, outs[i]]), held: [] };
    }
    const count = { statements: 0 };
    const ran = await this.sql.transaction(async (given): Promise<Ran> => {
      const tx = counted(given, count);
      let mine = batch;
      const held: Waiting[] = [];
      // One record of a table at a time across transactions and processes (PostgreSQL; SQLite's
      // transactions are one at a time anyway): the batch locks the rows of the tables it can lock
      // now, and leaves out the others' records, so it never waits for another process's commit (nor
      // deadlocks with it). Nothing else a record writes is shared with another table's. A table that
      // is not there (removed meanwhile) is not left out: its records fail as they would have.
      if (tx.dialect === 'postgres') {
        const ids = [...new Set(batch.map((w) => w.r.record.table))];
        // The ids as one array: the same text whatever the batch's size, planned once per connection.
        const rows = await tx.all(
          `WITH mine AS (SELECT id FROM carrom_tables WHERE id = ANY(CAST(? AS TEXT[])) FOR UPDATE SKIP LOCKED)
           SELECT t.id FROM carrom_tables t LEFT JOIN mine ON mine.id = t.id WHERE t.id = ANY(CAST(? AS TEXT[])) AND mine.id IS NULL`,
          [ids, ids],
        );
        // The tables that are there but were not locked: another session holds their rows.
        const elsewhere = new Set(rows.map((r) => String(r.id)));
        mine = batch.filter((w) => !elsewhere.has(w.r.record.table));
        held.push(...batch.filter((w) => elsewhere.has(w.r.record.table)));
      }
      const outs = mine.length > 0 ? await this.storeBatch(tx, mine.map((w) => w.r)) : [];
      return { stored: mine.map((w, i) => [w, outs[i]]), held };
    });
    if (ran.stored.length > 0) this.counts.transactions++;
    this.counts.records += ran.stored.length;
    this.counts.statements += count.statements + 2;
    return ran;
  }
}

/** `tx`, counting its statements in `count`. */
export function counted(tx: Sql, count: { statements: number }): Sql {
  return {
    ...tx,
    all: (sql, params) => (count.statements++, tx.all(sql, params)),
    run: (sql, params) => (count.statements++, tx.run(sql, params)),
  };
}
