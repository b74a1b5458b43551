// GET /api/v1/health: for a monitoring system (docs/server.md §9), whether the database answers. 200
// {"ok":true,"db":"sqlite","ms":3} when it does, 503 {"ok":false,"db":…,"error":…} with why when it does
// not. It costs every asker the same small bounded amount, whoever asks and however often: no body is
// read, no table or record is looked at, and one probe runs at a time (askers while one is under way
// share its answer), bounded by HEALTH_TIMEOUT.
//
// The probe is what a post needs: on SQLite a write transaction that writes nothing (BEGIN IMMEDIATE,
// COMMIT: the write lock taken and let go), so that a file locked by another process, where reads still
// answer and posts are refused, is told; on PostgreSQL a `SELECT 1`, which needs a connection.
import { DatabaseUnavailable, type Sql } from './db/sql.ts';

/** The longest a probe is waited for, in ms: SQLite tries a locked statement again for about a second. */
export const HEALTH_TIMEOUT = 2_000;

export interface Health {
  status: 200 | 503;
  body: { ok: boolean; db: Sql['dialect']; ms?: number; error?: string };
}

/** Why the database did not answer, for anyone who asks: the kind of fault, never an address or a path. */
function why(e: unknown, dialect: Sql['dialect']): string {
  if (e instanceof DatabaseUnavailable) {
    if (dialect === 'postgres') return 'PostgreSQL is unavailable';
    if (/locked by another process/.test(e.message)) return 'the SQLite database is locked by another process';
    return 'the SQLite database cannot be written now';
  }
  return 'the database failed (see the server\'s log)';
}

/** The health check of `sql`: `check()` probes it, or shares the probe under way. A probe that outlives
 *  its asker's timeout is shared by the next asker too: at most one statement of the check is ever at the
 *  database. */
export function healthCheck(sql: Sql, log: (line: string) => void): () => Promise<Health> {
  let asking: Promise<unknown> | null = null;
  const ask = (): Promise<unknown> => {
    asking ??= (sql.dialect === 'sqlite' ? sql.transaction(async () => undefined) : sql.all('SELECT 1 AS one')).finally(() => (asking = null));
    return asking;
  };
  let running: Promise<Health> | null = null;
  const probe = async (): Promise<Health> => {
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), HEALTH_TIMEOUT)));
    try {
      if ((await Promise.race([ask(), late])) === 'late') return { status: 503, body: { ok: false, db: sql.dialect, error: `the database did not answer in ${HEALTH_TIMEOUT / 1000} s` } };
      return { status: 200, body: { ok: true, db: sql.dialect, ms: Math.round(performance.now() - start) } };
    } catch (e) {
      // A fault that is not the database being away is a bug or the operator's to fix: said in the log.
      if (!(e instanceof DatabaseUnavailable)) log(`GET /api/v1/health: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return { status: 503, body: { ok: false, db: sql.dialect, error: why(e, sql.dialect) } };
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    running ??= probe().finally(() => (running = null));
    return running;
  };
}
