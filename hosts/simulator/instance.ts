// What one simulator started from a checkout takes for itself, so that a second one started beside it
// (another terminal, another test run) neither deletes the first one's database nor is told to try a
// port that is taken: the default results database, claimed with a lock file, and a free port to
// suggest when the one asked for is in use.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';

/** The default database of the first simulator: `.tmp/simulator-results.db`; a second one running at the
 *  same time takes `.tmp/simulator-results-2.db`, and so on. */
export const DEFAULT_RESULTS_DB = '.tmp/simulator-results.db';

const nth = (n: number) => (n === 1 ? DEFAULT_RESULTS_DB : DEFAULT_RESULTS_DB.replace(/\.db$/, `-${n}.db`));

/** Whether the process `pid` still runs (a lock left by one that crashed is free to take). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // it runs, as another user
  }
}

/** Claims the first default database that no running simulator holds: its lock file (`DB.lock`) names
 *  this process, and is removed when it exits. Answers the database's path. */
export function claimDefaultDb(pid = process.pid): string {
  mkdirSync(dirname(DEFAULT_RESULTS_DB), { recursive: true });
  for (let n = 1; ; n++) {
    const db = nth(n);
    const lock = `${db}.lock`;
    try {
      writeFileSync(lock, `${pid}\n`, { flag: 'wx' }); // only one process can make the file
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number(readFileSync(lock, 'utf8').trim());
      if (holder !== pid && Number.isInteger(holder) && holder > 0 && alive(holder)) continue;
      writeFileSync(lock, `${pid}\n`); // a lock its process left behind
    }
    process.once('exit', () => {
      if (existsSync(lock) && readFileSync(lock, 'utf8').trim() === String(pid)) rmSync(lock, { force: true });
    });
    return db;
  }
}

/** Whether `port` can be listened on at `host` now. */
function free(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The first port above `port` that can be listened on now, among the next `tries`; null if none. The
 *  results server of another simulator holds its port, so it is never the one suggested. */
export async function nextFreePort(port: number, host: string, tries = 20): Promise<number | null> {
  for (let p = port + 1; p <= Math.min(65535, port + tries); p++) if (await free(p, host)) return p;
  return null;
}
