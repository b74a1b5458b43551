// Group commit: the records that arrive while a commit is on its way to the disk are stored together in
// the next transaction, so that one fsync makes a whole batch durable instead of one record each (the
// server was bound by one commit per record). Each record is still answered only once the transaction
// that holds it has committed: 201 still means on the disk.
import type { Sql } from './db/sql.ts';
import type { NewRecord, StoreOutcome } from './store.ts';

/** Records in one transaction at most (bodies of up to 256 KiB each). */
export const MAX_BATCH = 64;

interface Waiting {
  r: NewRecord;
  done(o: StoreOutcome): void;
  fail(e: unknown): void;
}

/** Stores records in the transaction given, outcomes in their order (server/store-batch.ts). */
export type StoreBatch = (tx: Sql, records: readonly NewRecord[]) => Promise<StoreOutcome[]>;

/** Stores records in one transaction of its own, committed durably: the outcomes and the statements it
 * took but BEGIN and COMMIT. SQLite's writer thread (server/sqlite-writer.ts) is one. */
export type Transact = (records: readonly NewRecord[]) => Promise<{ outs: StoreOutcome[]; statements: number }>;

export class GroupCommit {
  private readonly queue: Waiting[] = [];
  private running = 0;
  /** Transactions run, records stored through them, and the statements they took (BEGIN and COMMIT
   * included: on PostgreSQL each is a round trip): batches are seen in the bench and the tests. */
  readonly counts = { transactions: 0, records: 0, statements: 0 };

  /** `parallel`: batches at once (on SQLite, which writes one transaction at a time, 2: one is written
   * while the other's fsync is on its way, server/db/wal-sync.ts). */
  /** `transact`: where the transactions are run, if not in `sql.transaction` on this thread. */
  constructor(
    private readonly sql: Sql,
    private readonly storeBatch: StoreBatch,
    private readonly parallel: number,
    private readonly transact: Transact = (records) => this.inTransaction(records),
  ) {}

  store(r: NewRecord): Promise<StoreOutcome> {
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
      const batch = this.queue.splice(0, MAX_BATCH);
      this.running++;
      void this.commit(batch).finally(() => {
        this.running--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    try {
      const outs = await this.run(batch.map((w) => w.r));
      batch.forEach((w, i) => w.done(outs[i]));
    } catch (e) {
      if (batch.length === 1) return batch[0].fail(e);
      // One record that cannot be stored must not take the others with it: each again on its own.
      for (const w of batch) {
        await this.run([w.r]).then(
          ([o]) => w.done(o),
          (e2: unknown) => w.fail(e2),
        );
      }
    }
  }

  private async run(records: NewRecord[]): Promise<StoreOutcome[]> {
    const { outs, statements } = await this.transact(records);
    this.counts.transactions++;
    this.counts.records += records.length;
    this.counts.statements += statements + 2;
    return outs;
  }

  private async inTransaction(records: readonly NewRecord[]): Promise<{ outs: StoreOutcome[]; statements: number }> {
    const count = { statements: 0 };
    const outs = await this.sql.transaction(async (given) => {
      const tx = counted(given, count);
      // One record of a table at a time across transactions and processes (PostgreSQL; SQLite's
      // transactions are one at a time anyway): the tables' rows are locked in name order, so two
      // batches that share tables wait for each other instead of deadlocking. Nothing else a record
      // writes is shared with another table's.
      if (tx.dialect === 'postgres') {
        const ids = [...new Set(records.map((r) => r.record.table))].sort();
        await tx.run(`SELECT id FROM carrom_tables WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id FOR UPDATE`, ids);
      }
      return this.storeBatch(tx, records);
    });
    return { outs, statements: count.statements };
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
