// SQLite's writer thread: the group commit's transactions (server/store/commit.ts) written by a connection of
// their own in a worker thread (server/store/sqlite-writer-thread.ts), off the event loop. better-sqlite3 runs
// every statement synchronously, so on the event loop a batch's statements, BEGIN and COMMIT were a
// third of what the event loop did under load, and every request waited while they ran. The thread is
// sent a whole batch as one message (the records as the replay threads packed them, server/records/storable.ts:
// buffers moved, not copied, which the event loop never reads), looks up what is stored,
// writes the rows, commits and answers; the event loop meanwhile answers requests, and makes the commit
// durable as before (the fsync of the log in libuv's pool, server/db/wal-sync.ts) before any record is
// answered. Its transactions take turns with the event loop's own connection's (server/db/sqlite.ts,
// `exclusive`), so the two never wait for each other's lock; the reads stay on the read connection. A
// thread that dies fails the batch it held (the group commit then stores its records again one by one,
// in a new thread); an in-memory database, which only its own connection sees, has no thread.
import type { Worker } from 'node:worker_threads';
import { DatabaseUnavailable, type Sql } from '../db/sql.ts';
import type { SqliteFile } from '../db/sqlite.ts';
import { buffersOf, lost, type NewRecord, type ToStore } from '../records/storable.ts';
import type { StoreOutcome } from './store-batch.ts';
import { startThread } from '../common/threads.ts';

/** An error as it crosses from the thread: its class is not kept by a message, so what the server's
 * answer (503 or 500) and its log depend on is sent as plain fields. */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  unavailable: boolean;
  cause?: SentError;
}

export interface Batch {
  id: number;
  records: readonly ToStore[];
  /** The `wal_autocheckpoint` to write with: 0 while the checkpoint thread makes them. */
  autocheckpoint: number;
}

/** A batch not stored gives back the buffers of its packed records, in their order (server/records/storable.ts). */
export type BatchAnswer = { id: number; outs: StoreOutcome[]; statements: number } | { id: number; error: SentError; buffers: (ArrayBuffer | null)[] };

export function sendable(e: unknown): SentError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), unavailable: false };
  const code = (e as { code?: unknown }).code;
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    ...(typeof code === 'string' ? { code } : {}),
    unavailable: e instanceof DatabaseUnavailable,
    ...(e.cause !== undefined ? { cause: sendable(e.cause) } : {}),
  };
}

/** The error again, as the thread's caller would have seen it had the thread been its own. */
export function revived(s: SentError): Error {
  const cause = s.cause && revived(s.cause);
  const e = s.unavailable ? new DatabaseUnavailable(s.message, { cause }) : new Error(s.message, cause ? { cause } : undefined);
  e.name = s.name;
  if (s.stack !== undefined) e.stack = s.stack;
  if (s.code !== undefined) Object.assign(e, { code: s.code });
  return e;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, { records: readonly ToStore[]; done(a: { outs: StoreOutcome[]; statements: number }): void; fail(e: Error): void }>;
}

const withoutStated = ({ record: { state: _, ...record }, ...rest }: NewRecord & { record: { state?: unknown } }): NewRecord => ({ ...rest, record });

/** Each store's writer, by its database: what the tests stop and count. */
export const sqliteWriters = new WeakMap<Sql, SqliteWriter>();

export class SqliteWriter {
  private thread: Thread | null = null;
  private next = 0;
  private closed = false;
  /** Threads started and batches they committed: the tests see a dead thread replaced. */
  readonly counts = { threads: 0, batches: 0 };

  constructor(private readonly file: SqliteFile) {}

  /** The records in one transaction of the thread's, answered once durable (server/store/commit.ts's Transact). */
  readonly store = (records: readonly ToStore[]): Promise<{ outs: StoreOutcome[]; statements: number }> =>
    this.file.exclusive(() => this.send(records));

  /** The thread now, if there is one (the tests stop it). */
  get worker(): Worker | null {
    return this.thread?.worker ?? null;
  }

  private send(records: readonly ToStore[]): Promise<{ outs: StoreOutcome[]; statements: number }> {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    if (records.some(lost)) return Promise.reject(new Error('the record was lost with a SQLite writer thread that stopped'));
    const t = this.alive();
    const id = ++this.next;
    return new Promise((done, fail) => {
      t.waiting.set(id, { records, done, fail });
      // A packed record goes as it is, its buffer moved. One given as objects (the tests') without the
      // state it states (checked against the replay's, which is what is stored): a message copies every
      // object it holds.
      const slim = records.map((r) => ('packed' in r ? r : withoutStated(r)));
      const batch: Batch = { id, records: slim, autocheckpoint: this.file.autocheckpoint };
      t.worker.postMessage(batch, buffersOf(records).filter((b) => b !== null));
    });
  }

  private alive(): Thread {
    // threadId is -1 once a thread has stopped, even before its 'exit' event is handled.
    if (this.thread && this.thread.worker.threadId >= 0) return this.thread;
    const t: Thread = { worker: startThread('store/sqlite-writer-thread', { workerData: { path: this.file.path } }), waiting: new Map() };
    this.counts.threads++;
    t.worker.on('message', (a: BatchAnswer) => {
      const p = t.waiting.get(a.id);
      t.waiting.delete(a.id);
      if ('error' in a) {
        // Its records as they were, for the group commit to try again.
        p?.records.forEach((r, i) => {
          const b = a.buffers[i];
          if ('packed' in r && b) r.packed = new Uint8Array(b);
        });
        return p?.fail(revived(a.error));
      }
      this.counts.batches++;
      p?.done(a);
    });
    // Its batch fails (500; the group commit tries its records again one by one, in a new thread). A
    // thread's connection is closed as the thread ends, which rolls back what it had not committed.
    const lost = (e: Error) => {
      for (const p of t.waiting.values()) p.fail(e);
      t.waiting.clear();
      if (this.thread === t) this.thread = null;
    };
    t.worker.on('error', (e) => lost(new Error(`the SQLite writer thread failed: ${e.message}`, { cause: e })));
    t.worker.on('exit', (code) => lost(new Error(`the SQLite writer thread stopped (exit code ${code})`)));
    t.worker.unref();
    return (this.thread = t);
  }

  /** Once its last batch is answered. */
  async close(): Promise<void> {
    this.closed = true;
    await this.file.exclusive(async () => undefined);
    const t = this.thread;
    this.thread = null;
    await t?.worker.terminate();
  }
}
