// SQLite's checkpoints (copying the write-ahead log's pages into the database file, with an fsync of
// each) done in a thread of their own. SQLite runs one inside COMMIT once the log passes 1000 pages,
// and better-sqlite3's COMMIT runs on the event loop: every few dozen records a commit held every
// request for two fsyncs and the copy (a checkpoint was half of what COMMIT cost the event loop). So the
// writer makes none (`wal_autocheckpoint = 0`) and a thread with a connection of its own makes a PASSIVE
// one after commits, at most every CHECKPOINT_EVERY ms (a second): it never takes the write lock, so
// writes go on meanwhile. It runs with synchronous=NORMAL, which fsyncs the log before the copy and the
// database file after it, before the log may be started again, as SQLite's own does. While records keep
// coming a passive checkpoint never catches up with the writer, and SQLite starts the log again from its
// beginning only after one that did: so once the log holds RESTART_FRAMES pages, the thread makes a
// RESTART checkpoint, which holds new writes back (they try again, server/db/sqlite.ts) for the last
// pages' copy, and the log is written from its start again. A thread that cannot start or that dies
// hands the checkpoints back to SQLite (`wal_autocheckpoint` again), so the log never grows without
// bound.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The least time between two checkpoints' starts, in ms. A checkpoint copies each page changed since
 * the one before once, however often it changed: the pages every batch changes (the tables' b-trees,
 * the matches', the feed's) were copied five times a second at 200 ms, and twice as often with two
 * processes, whose threads each keep their own pace. At 1000 ms the bench stored some 5 % more records
 * per second, with one process and with two (four pairs of runs against 200 ms, each first in turn;
 * three against 500 ms agree); under its 2,000 records a second the log grew to 150 MiB rather than 64
 * (its file keeps that size). */
export const CHECKPOINT_EVERY = 1000;
/** Pages in the log past which the log is started again: some 32 MiB of 8 KiB pages (server/db/sqlite.ts,
 * NEW_PAGE_SIZE), 16 MiB in a database made with 4 KiB ones. */
export const RESTART_FRAMES = 4000;

// A CommonJS script run in the thread: better-sqlite3 is a native addon, loaded there by its path.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.addon);
// A RESTART waits at most this long for the writer and the readers (the writers' patience is longer).
const db = new Database(workerData.path, { timeout: 400 });
db.pragma('synchronous = NORMAL');
parentPort.on('message', () => {
  let out;
  try {
    const passive = db.pragma('wal_checkpoint(PASSIVE)')[0];
    const restart = passive.log >= workerData.restartFrames ? db.pragma('wal_checkpoint(RESTART)')[0] : null;
    out = { done: passive, restarted: restart !== null && restart.busy === 0 };
  } catch (e) {
    out = { error: String(e && e.message || e) }; // busy (another process's checkpoint): the next one
  }
  parentPort.postMessage(out);
});
`;

export class Checkpointer {
  private worker: Worker | null;
  private running = false;
  private lastStart = -Infinity;
  /** Checkpoints the thread made: what the tests count. */
  readonly counts = { checkpoints: 0, restarts: 0, failed: 0 };

  /** `path`: the database file. `giveBack`: turn SQLite's own checkpoints on again (the thread is gone). */
  constructor(
    path: string,
    private readonly giveBack: () => void,
    restartFrames = RESTART_FRAMES,
    private readonly now: () => number = () => performance.now(),
  ) {
    const addon = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { path, addon, restartFrames } });
    this.worker.unref();
    this.worker.on('message', (m: { restarted?: boolean; error?: string }) => {
      this.running = false;
      if (m.error !== undefined) this.counts.failed++;
      else this.counts.checkpoints++;
      if (m.restarted) this.counts.restarts++;
    });
    const lost = () => {
      if (!this.worker) return;
      this.worker = null;
      this.running = false;
      this.giveBack();
    };
    this.worker.on('error', lost);
    this.worker.on('exit', lost);
  }

  /** A transaction was committed: a checkpoint, unless one is under way or began lately. */
  committed(): void {
    if (!this.worker || this.running || this.now() - this.lastStart < CHECKPOINT_EVERY) return;
    this.running = true;
    this.lastStart = this.now();
    this.worker.postMessage('checkpoint');
  }

  /** Whether the checkpoints are made in the thread (false once it is gone). */
  get inThread(): boolean {
    return this.worker !== null;
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null; // a stop asked for is no loss
    await w?.terminate();
  }
}
