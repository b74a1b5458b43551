// SQLite through better-sqlite3: one connection, WAL with synchronous=FULL so that a commit is on the
// disk before the server answers. Calls are synchronous; a queue keeps one transaction at a time.
import type Database from 'better-sqlite3';
import { chmodSync, closeSync, openSync } from 'node:fs';
import type { Row, Sql } from './sql.ts';

export async function openSqlite(path: string): Promise<Sql> {
  // Loaded when a store is opened, so that the other carrom commands never load the native addon.
  const { default: open } = await import('better-sqlite3');
  createPrivate(path);
  const db = new open(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let s = statements.get(sql);
    if (!s) statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const direct: Sql = {
    dialect: 'sqlite',
    all: async (sql, params = []) => prepare(sql).all(...params) as Row[],
    run: async (sql, params = []) => void prepare(sql).run(...params),
    transaction: () => Promise.reject(new Error('nested transaction')),
    close: async () => undefined,
  };
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const done = queue.then(work, work);
    queue = done.catch(() => undefined);
    return done;
  };
  return {
    dialect: 'sqlite',
    all: (sql, params) => serial(() => direct.all(sql, params)),
    run: (sql, params) => serial(() => direct.run(sql, params)),
    transaction: (work) =>
      serial(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const out = await work(direct);
          db.exec('COMMIT');
          return out;
        } catch (e) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw e;
        }
      }),
    close: () => serial(async () => void db.close()),
  };
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
