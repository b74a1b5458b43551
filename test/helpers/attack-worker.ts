// The thread of test/helpers/attack.ts's `attacks`: runs the plans it is given and answers "stats" and
// "stop" from its parent.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { attack, type Plan, type Target } from './attack.ts';

// The attacker stands for other machines on the network: on this one, its thread (this thread alone:
// Linux's priority is a thread's) yields the cores it shares with the server and with the thread that
// times the tables and the visitor, so that what is timed is the server's work, not the attacker's.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // Not Linux: it runs as it is.
}

const { t, plans } = workerData as { t: Target; plans: Plan[] };
const running = plans.map((p) => attack(t, p.kind, p.n, p.options));
void Promise.all(running.map((a) => a.ready())).then(() => parentPort!.postMessage({ what: 'ready' }));
parentPort!.on('message', (m: string) => {
  if (m === 'stats') parentPort!.postMessage({ what: 'stats', value: running.map((a) => a.stats) });
  if (m === 'stop') {
    running.forEach((a) => a.stop());
    parentPort!.postMessage({ what: 'stop' });
  }
});
