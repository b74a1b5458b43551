// The organisers' password checks (passwords.ts) in threads of their own, each at a lower priority than
// the event loop (CHECK_NICE more). A check is scrypt: 32 MiB and 75 ms of a core on the 2-core Xeon the
// login was written on, 250–280 ms (a third of it the kernel's, faulting the 32 MiB in) on the 2-core
// EPYC VM of 7 December 2026. Under issue 29's siege (test/server/siege.test.ts) the guessers' free tries
// (5 an address, 50 addresses) are checked one after another for a minute and more, a whole core; in
// libuv's thread pool, at the event loop's own priority, the checks took that core from the tables'
// posts and the reads whenever the machine had less than two to give. At CHECK_NICE more, the kernel
// gives the event loop (and the database's threads) a core first; the checks take what is left, and
// every core when the machine is idle. The bounds on the checks (passwords.ts's CheckQueue: how many at
// once, per name, in all) are unchanged: this only says who goes first. A thread stops when it has had
// no check for a minute.
import { getPriority } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../common/threads.ts';
import type { CheckMessage } from './password-thread.ts';

/** How much lower a check runs than the event loop (nice values; 19 at most). */
export const CHECK_NICE = 10;
/** Threads at most: CheckQueue's checks at once (passwords.ts) need no more; more calls wait. */
const THREADS_MAX = 2;
const IDLE_MS = 60_000;

interface Slot {
  worker: Worker;
  busy: boolean;
  idle: NodeJS.Timeout | null;
}

const slots: Slot[] = [];
const waiting: ((s: Slot) => void)[] = [];
let next = 0;

/** The nice value a check runs at: CHECK_NICE over the calling thread's (the event loop's), read at each
 *  check (it may have been changed since). */
export function checkNice(): number {
  try {
    return Math.min(19, getPriority() + CHECK_NICE);
  } catch {
    return CHECK_NICE;
  }
}

function take(): Promise<Slot> {
  const free = slots.find((s) => !s.busy);
  if (free || slots.length < THREADS_MAX) {
    const s = free ?? start();
    if (s.idle) clearTimeout(s.idle);
    s.busy = true;
    return Promise.resolve(s);
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function give(s: Slot): void {
  const alive = slots.includes(s);
  const waiter = waiting.shift();
  if (waiter) return alive ? waiter(s) : void take().then(waiter);
  if (!alive) return;
  s.busy = false;
  s.idle = setTimeout(() => drop(s), IDLE_MS).unref();
}

function drop(s: Slot): void {
  const i = slots.indexOf(s);
  if (i >= 0) slots.splice(i, 1);
  if (s.idle) clearTimeout(s.idle);
  void s.worker.terminate();
}

function start(): Slot {
  const worker = startThread('tournament-http/password-thread');
  worker.unref();
  const s: Slot = { worker, busy: false, idle: null };
  slots.push(s);
  return s;
}

/** scrypt's key of `password` and `salt`, derived in a check thread at checkNice(). */
export async function deriveOffLoop(password: string, salt: Buffer, keylen: number, o: { N: number; r: number; p: number; maxmem: number }): Promise<Buffer> {
  const s = await take();
  const id = ++next;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const settle = (f: () => void) => {
        s.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        f();
      };
      const onMessage = (m: { id: number; key?: Uint8Array; fault?: string }) => {
        if (m.id !== id) return;
        settle(() => (m.key ? resolve(Buffer.from(m.key.buffer, m.key.byteOffset, m.key.byteLength)) : reject(new Error(`password check: ${m.fault}`))));
      };
      // A thread that fails is dropped; the next check starts another.
      const onError = (e: Error) => settle(() => (drop(s), reject(e)));
      const onExit = (code: number) => settle(() => (drop(s), reject(new Error(`password-check thread stopped (exit code ${code})`))));
      s.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const m: CheckMessage = { id, password, salt: new Uint8Array(salt), keylen, ...o, nice: checkNice() };
      s.worker.postMessage(m);
    });
  } finally {
    give(s);
  }
}
