// The fsync that makes a SQLite commit durable, done off the event loop. With synchronous=FULL SQLite
// fsyncs its write-ahead log inside COMMIT, and better-sqlite3 runs COMMIT on the event loop: every
// request waited for the disk at every commit (15% of the event loop under load). So the writer runs
// with synchronous=NORMAL, whose COMMIT writes the log's frames without an fsync, and the server
// fsyncs the log file itself, in libuv's thread pool, before it answers: a commit is on the disk once
// its frames are, whoever wrote them (Linux's fdatasync flushes the file, not one descriptor's writes).
// Meanwhile the next batch of records may be written already; one fsync makes both durable.
import { statSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export class WalSync {
  private handle: FileHandle | null = null;
  private inode = -1;
  private inFlight: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** fsyncs done, and syncs asked for: the tests see that syncs are shared. */
  readonly counts = { syncs: 0, asked: 0 };

  /** `wal`: the database's `-wal` file. */
  constructor(private readonly wal: string) {}

  /** Resolves once every byte written to the log before the call is on the disk. */
  sync(): Promise<void> {
    this.counts.asked++;
    return this.start();
  }

  private start(): Promise<void> {
    if (!this.inFlight) {
      const p = this.once().finally(() => {
        if (this.inFlight === p) this.inFlight = null;
      });
      return (this.inFlight = p);
    }
    // The fsync in flight may have begun before the bytes in question were written: the one after it
    // covers them, and every caller until it begins.
    if (!this.next) {
      this.next = this.inFlight
        .catch(() => undefined)
        .then(() => {
          this.next = null;
          return this.start();
        });
    }
    return this.next;
  }

  private async once(): Promise<void> {
    // A log deleted (the last connection of every process closed, which checkpointed it first) or made
    // anew since it was opened is opened again: the descriptor must be the file SQLite writes.
    const now = statSync(this.wal, { throwIfNoEntry: false });
    if (!now) return;
    if (!this.handle || now.ino !== this.inode) {
      await this.handle?.close().catch(() => undefined);
      this.handle = null;
      try {
        this.handle = await open(this.wal, 'r+');
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return; // deleted meanwhile: see above
        throw e;
      }
      this.inode = (await this.handle.stat()).ino;
    }
    await this.handle.datasync();
    this.counts.syncs++;
  }

  async close(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
    await this.next?.catch(() => undefined);
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
  }
}
