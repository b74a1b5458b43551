// A password-check thread (server/tournament-http/password-threads.ts): derives a scrypt key on this
// thread, after setting this thread's priority to the one it is given (Linux's priority is a thread's).
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';

export interface CheckMessage {
  id: number;
  password: string;
  salt: Uint8Array;
  keylen: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
  /** The nice value to run this check at. */
  nice: number;
}

parentPort!.on('message', (m: CheckMessage) => {
  // Set before every check, not once: whoever renices the whole process (a supervisor, the siege test)
  // sets this thread too, and the check must still go after the event loop.
  try {
    setPriority(m.nice);
  } catch {
    // Not allowed (a lower nice than this thread has, without the privilege): it runs as it is.
  }
  try {
    const key = scryptSync(m.password, m.salt, m.keylen, { N: m.N, r: m.r, p: m.p, maxmem: m.maxmem });
    parentPort!.postMessage({ id: m.id, key });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, fault: (e as Error).message });
  }
});
