// The replays in worker threads: the rules engine is most of a record's work, and on the event loop it
// held up every other request. A post's body is read there too (server/records/read-record.ts). Each table goes
// to one thread (by its id), so that thread's Replayer has the table's previous log to go on from. With
// no threads (`threads: 0`) the reading and the replay run in-process. A thread answers a body with its
// counter and the record for the store, packed for SQLite's writer thread (server/records/storable.ts).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { Replayed } from './check.ts';
import { ownBuffer, readRecord } from './read-record.ts';
import type { Checked, ResultRecord } from './record.ts';
import { Replayer } from './replay.ts';
import { readOf, type Read } from './storable.ts';
import { startThread } from '../common/threads.ts';

/** The default: a thread per core but the one the event loop keeps, at least one, at most four. */
export const defaultReplayThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

interface Waiting {
  done(v: Checked<Replayed> | Read): void;
  fail(e: Error): void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** The young generation of a replay thread, in MiB (Node's default for a thread is 48). A thread keeps
 * each table's last log until the table's next record, some 100 records later at 100 tables, with the
 * body's text it came in, the log's events and its fold (110 KB a table on the bench's records), so a
 * scavenge finds megabytes alive whenever it comes, and its time went more with the scavenges than with
 * what they copied: on the bench's records, in 96 MiB one came every 110 records or so, in 192 every
 * 180 to 210, each taking about as long (16-17 ms, though copying 13 MB rather than 8), so about half
 * the scavenging per record; 256 did no better. The cost is memory: a process replaying those records
 * in one such thread peaked 35-45 MB higher. */
export const REPLAY_YOUNG_MB = 192;

const start = (): Worker => startThread('records/replay-worker', { resourceLimits: { maxYoungGenerationSizeMb: REPLAY_YOUNG_MB } });

export class ReplayPool {
  /** A thread that died is started again for the next record that needs it. */
  private readonly threads: (Thread | null)[] = [];
  private readonly local: Replayer | null;
  private next = 0;
  private running = 0;

  /** `pack`: the records go on to another thread (SQLite's writer thread), so a replay thread packs
   * them (server/records/storable.ts); else it answers with their objects, which the event loop stores. */
  constructor(
    threads: number,
    private readonly pack = false,
  ) {
    this.local = threads === 0 ? new Replayer() : null;
    for (let i = 0; i < threads; i++) this.threads.push(this.spawn(i));
  }

  replay(record: ResultRecord): Checked<Replayed> | Promise<Checked<Replayed>> {
    if (this.local) return this.local.replay(record);
    return this.send(record.table, { record }) as Promise<Checked<Replayed>>;
  }

  /** A post's verified body, read and replayed in the table's thread. `raw` is moved there: it is
   * empty here afterwards. */
  read(table: string, raw: Uint8Array): Read | Promise<Read> {
    if (this.local) return readOf(readRecord(this.local, table, raw));
    const body = ownBuffer(raw);
    return this.send(table, { table, body, pack: this.pack }, [body]) as Promise<Read>;
  }

  private send(table: string, message: object, transfer: ArrayBuffer[] = []): Promise<Checked<Replayed> | Read> {
    const id = ++this.next;
    const i = hash(table) % this.threads.length;
    const alive = this.threads[i];
    // threadId is -1 once a thread has stopped, even before its 'exit' event is handled.
    const t = alive && alive.worker.threadId >= 0 ? alive : (this.threads[i] = this.spawn(i));
    this.running++;
    const settled = () => void this.running--;
    return new Promise<Checked<Replayed> | Read>((done, fail) => {
      t.waiting.set(id, { done, fail });
      t.worker.postMessage({ id, ...message }, transfer);
    }).finally(settled);
  }

  /** Records sent to a thread and not answered yet (an in-process replay is over before anyone can ask). */
  get inFlight(): number {
    return this.running;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
  }

  private spawn(i: number): Thread {
    const t: Thread = { worker: start(), waiting: new Map() };
    t.worker.on('message', (m: { id: number; value?: Checked<Replayed> | Read; fault?: string }) => {
      const p = t.waiting.get(m.id);
      t.waiting.delete(m.id);
      if (m.value) p?.done(m.value);
      else p?.fail(new Error(`replay thread: ${m.fault}`));
    });
    // A thread that dies (out of memory, say) fails the records it held (500: the tables send them again).
    const lost = (e: Error) => {
      for (const p of t.waiting.values()) p.fail(e);
      t.waiting.clear();
      if (this.threads[i] === t) this.threads[i] = null;
    };
    t.worker.on('error', lost);
    t.worker.on('exit', (code) => lost(new Error(`replay thread stopped (exit code ${code})`)));
    t.worker.unref();
    return t;
  }
}

/** A table's thread: FNV-1a of its id. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
