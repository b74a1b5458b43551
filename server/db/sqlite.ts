// SQLite through better-sqlite3, in WAL mode. A commit is on the disk before the server answers: the
// writer runs with synchronous=NORMAL, so that COMMIT writes the log without waiting for the disk, and
// every transaction then waits for an fsync of the log done off the event loop (server/db/wal-sync.ts);
// synchronous=FULL would make COMMIT itself fsync, on the event loop. Calls are synchronous, on the event
// loop (but for the records' transactions, written by a connection in a thread of its own:
// server/store/sqlite-writer.ts), so nothing here may wait inside SQLite: a busy timeout would freeze every
// request while another process (a backup, the sqlite3 tool) holds the write lock. So the connections
// have none; a statement that finds the database locked is tried again every few ms off the event loop,
// for about a second, and then fails as DatabaseUnavailable (503).
// Two connections: the writer, whose transactions a queue keeps one at a time, and a reader for the
// statements that write nothing, which never queue behind a write (WAL lets them read the last commit
// while a write is open, ours or another process's). A read may so see a commit whose fsync is still
// under way; what the server acknowledges from a read (a duplicate's 200) waits for it (`durable`).
import type Database from 'better-sqlite3';
import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseUnavailable, type Row, type Sql } from './sql.ts';
import { Checkpointer } from './checkpoint.ts';
import { WalSync } from './wal-sync.ts';

/** The page size of a database made here, in bytes (SQLite's default is 4096). A record's body (22 KB on
 * average, up to 40 KiB) is a chain of overflow pages, and the log gets a frame for each page a commit
 * changed, each written with two write calls and checksummed (and copied by the checkpoint): at 8 KiB a
 * record of the bench's is 6.9 frames rather than 12.2, and the writer thread and the checkpoints took
 * some 11 % less CPU per record, for some 12 % more bytes of log. A database made before keeps its own:
 * SQLite changes it only with a VACUUM outside WAL mode, which rewrites the whole file (docs/server.md). */
export const NEW_PAGE_SIZE = 8192;

/** How long a locked statement is tried again, in ms, and the longest wait between tries: short, because
 * another writer (a second server on the file) frees the lock for a moment only between its transactions. */
const LOCK_PATIENCE = 1000;
const LONGEST_WAIT = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a thread waits between tries of a locked statement: the event loop with a timer (1 ms at the
 * least, and it goes on with other work meanwhile), a thread that has nothing else to do blocked for a
 * fraction of a millisecond (`pauseThread`). */
export interface LockWaits {
  first: number;
  pause(ms: number): Promise<unknown>;
}

const onTheLoop: LockWaits = { first: 1, pause: sleep };
const blocked = new Int32Array(new SharedArrayBuffer(4));

/** SQLite's writer thread (server/store/sqlite-writer-thread.ts) waits for another process's write lock from
 * 0.1 ms on, doubling: two servers on one file take the lock in turn, each for a transaction of a few
 * ms, and a timer's 1 ms at the least, often more, left the lock free for the other while this thread
 * slept (two processes stored about a tenth more records per second this way, in interleaved runs of
 * the bench). */
export const pauseThread: LockWaits = {
  first: 0.1,
  pause: (ms) => (Atomics.wait(blocked, 0, 0, ms), Promise.resolve()),
};
const codeOf = (e: unknown): string => String((e as { code?: unknown }).code ?? '');
const isLocked = (e: unknown): boolean => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(e));

/** `e` as DatabaseUnavailable when it is a passing fault of the database (locked, disk full or failing),
 * else unchanged: a read-only file or a broken schema is a 500 and the operator's to fix. */
export function classifySqlite(e: unknown): unknown {
  if (e instanceof DatabaseUnavailable || !(e instanceof Error)) return e;
  const code = codeOf(e);
  if (isLocked(e)) return new DatabaseUnavailable(`the SQLite database is locked by another process (${code}: ${e.message})`, { cause: e });
  if (/^SQLITE_(FULL|IOERR)/.test(code)) return new DatabaseUnavailable(`the SQLite database cannot be written now (${code}: ${e.message})`, { cause: e });
  return e;
}

/** What a read-only connection's `all` says of a statement that writes: it goes to the writer. */
const WRITES = Symbol('writes');

/** Runs `attempt`, again after a wait while the database is locked; then DatabaseUnavailable. */
async function patiently<T>(attempt: () => T, waits: LockWaits = onTheLoop): Promise<T> {
  const until = performance.now() + LOCK_PATIENCE;
  for (let wait = waits.first; ; wait = Math.min(LONGEST_WAIT, wait * 2)) {
    try {
      return attempt();
    } catch (e) {
      if (!isLocked(e) || performance.now() >= until) throw classifySqlite(e);
    }
    await waits.pause(wait);
  }
}

function statements(db: Database.Database): (sql: string) => Database.Statement {
  const cache = new Map<string, Database.Statement>();
  return (sql) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
}

/** Each open database's log syncer and checkpoint thread: what the tests count. */
export const walSyncs = new WeakMap<Sql, WalSync>();
export const checkpointers = new WeakMap<Sql, Checkpointer>();

/** What a connection of this process's other than the writer (server/store/sqlite-writer.ts, in a thread of its
 * own) needs to write to an open database file as the writer would. */
export interface SqliteFile {
  readonly path: string;
  /** Runs `work`, a whole transaction written by that other connection, in turn with the writer's own
   * transactions (so the two never wait for each other's lock), then answers once it is on the disk. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The `wal_autocheckpoint` a writer is to run with now: 0 while the checkpoint thread makes them. */
  readonly autocheckpoint: number;
}
/** The file of each open database (not of an in-memory one, which only its own connection sees). */
export const sqliteFiles = new WeakMap<Sql, SqliteFile>();

/** The settings of a connection that writes: see the top of this file. */
export function writerSettings(db: Database.Database): void {
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
}

/** A connection's statements, for the work of a transaction its caller opened on it. */
export function inTransaction(db: Database.Database): Sql {
  const write = statements(db);
  return {
    dialect: 'sqlite',
    all: async (sql, params = []) => guardedSync(() => write(sql).all(...params) as Row[]),
    run: async (sql, params = []) => guardedSync(() => void write(sql).run(...params)),
    transaction: () => Promise.reject(new Error('nested transaction')),
    close: async () => undefined,
  };
}

/** Runs `work` in a transaction of `db`'s, which takes the write lock at its start. */
export async function transactionOn<T>(db: Database.Database, work: () => Promise<T>, waits: LockWaits = onTheLoop): Promise<T> {
  await patiently(() => db.exec('BEGIN IMMEDIATE'), waits);
  try {
    const out = await work();
    await patiently(() => db.exec('COMMIT'), waits);
    return out;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

export async function openSqlite(path: string): Promise<Sql> {
  // Loaded when a store is opened, so that the other carrom commands never load the native addon.
  const { default: open } = await import('better-sqlite3');
  createPrivate(path);
  const db = new open(path, { timeout: 0 });
  await patiently(() => {
    // Before the WAL mode writes the file's first page: a page size is fixed once the file is made.
    if (Number(db.pragma('page_count', { simple: true })) === 0) db.pragma(`page_size = ${NEW_PAGE_SIZE}`);
    db.pragma('journal_mode = WAL');
    writerSettings(db);
  });
  // An in-memory database is one connection's own: it reads through the writer.
  const memory = path === '' || path === ':memory:' || path.startsWith('file::memory:');
  const readDb = memory ? db : new open(path, { readonly: true, timeout: 0 });
  // The reader's first read makes the log file if it is not there yet (a new database).
  if (!memory) await patiently(() => readDb.prepare('SELECT 1 FROM sqlite_master LIMIT 1').all());
  const wal = memory ? null : new WalSync(`${path}-wal`);
  // Checkpoints in a thread of their own (server/db/checkpoint.ts); SQLite's own again if it is gone.
  let autocheckpoint = memory ? 1000 : 0;
  const ownCheckpoints = () => void db.pragma(`wal_autocheckpoint = ${(autocheckpoint = 1000)}`);
  if (!memory) db.pragma('wal_autocheckpoint = 0');
  const checkpoints = memory ? null : new Checkpointer(path, ownCheckpoints);
  const durable = async (): Promise<void> => {
    try {
      await wal?.sync();
    } catch (e) {
      throw new DatabaseUnavailable(`the SQLite database's log could not be written to the disk (${codeOf(e)}: ${(e as Error).message})`, { cause: e });
    }
  };
  const write = statements(db);
  const read = statements(readDb);
  const direct = inTransaction(db);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const done = queue.then(work, work);
    queue = done.catch(() => undefined);
    return done;
  };
  // One transaction at a time, this connection's or another's of this process (server/store/sqlite-writer.ts),
  // or one statement that writes outside a transaction (a table added, a forward done: it commits by itself).
  const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
    const out = await serial(async () => {
      const out = await work();
      checkpoints?.committed();
      return out;
    });
    // The writer is free for the next transaction while this one's fsync is under way.
    await durable();
    return out;
  };
  /** `sql`'s rows, read on the reading connection; WRITES for a statement that writes (the writer's). */
  const readNow = (sql: string, params: readonly unknown[]): Promise<Row[]> | typeof WRITES => {
    try {
      const s = read(sql);
      return s.readonly ? Promise.resolve(s.all(...params) as Row[]) : WRITES;
    } catch (e) {
      if (!isLocked(e)) return Promise.reject(classifySqlite(e));
    }
    return patiently(() => read(sql).readonly).then((reads) => (reads ? patiently(() => read(sql).all(...params) as Row[]) : exclusive(() => patiently(() => write(sql).all(...params) as Row[]))));
  };
  const database: Sql = {
    dialect: 'sqlite',
    all: (sql, params = []) => {
      // A read runs at once on the reading connection, without a promise of its own until it has to wait:
      // every page, every ask and every login reads, and under a siege the two promises a read took here
      // (each step through `patiently`) were a share of the event loop's time. Only a locked database
      // waits (`patiently`, as before).
      if (!memory) {
        const answer = readNow(sql, params);
        if (answer !== WRITES) return answer;
      }
      return exclusive(() => patiently(() => write(sql).all(...params) as Row[]));
    },
    run: (sql, params = []) => exclusive(() => patiently(() => void write(sql).run(...params))),
    transaction: (work) => exclusive(() => transactionOn(db, () => work(direct))),
    durable,
    close: () =>
      serial(async () => {
        await checkpoints?.close();
        await wal?.close();
        if (readDb !== db) readDb.close();
        db.close();
      }),
  };
  if (wal) walSyncs.set(database, wal);
  if (!memory) sqliteFiles.set(database, { path, exclusive, get autocheckpoint() { return autocheckpoint; } });
  if (checkpoints) checkpointers.set(database, checkpoints);
  return database;
}

/** The file holds every table's secret: a new one is made readable by its owner only (0600), before
 * SQLite opens it; SQLite gives its -wal and -shm files the database file's permissions. A file that is
 * there already keeps its own (`carrom serve` warns when others may read it). */
function createPrivate(path: string): void {
  if (path === ':memory:' || path === '') return;
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch {
    // There already (EEXIST), or not to be made here (no such folder, no permission): SQLite's own
    // open says which, as it did before.
    return;
  }
  try {
    chmodSync(path, 0o600); // whatever the umask
  } finally {
    closeSync(fd);
  }
}

function guardedSync<T>(work: () => T): T {
  try {
    return work();
  } catch (e) {
    throw classifySqlite(e);
  }
}
