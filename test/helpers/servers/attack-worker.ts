// The process of test/helpers/servers/attack.ts's `attacks`: runs the plans it is given (its argument, as JSON)
// and answers "stats" and "stop" from its parent; it ends when its parent stops it or goes away.
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { attack, type Plan, type Target } from './attack.ts';

const { t, plans, nice } = JSON.parse(process.argv[2]) as { t: Target; plans: Plan[]; nice: number };

// The attacker stands for other machines on the network: on this one, its thread (this process's main
// thread: Linux's priority is a thread's) yields the cores it shares with the server and with the process
// that times the tables and the visitor, so that what is timed is the server's work, not the attacker's.
// Its other threads (its collector's helpers) have the priority the test's process began with, as they
// had when the attack was a thread of it, not the one the test may have given itself since (the siege's
// nice -10, which a process forked inherits).
try {
  for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), nice);
  setPriority(process.pid, 10);
} catch {
  // Not Linux, or not allowed: it runs as it is.
}

const send = (m: { what: string; value?: unknown }) => process.send!(m);
const running = plans.map((p) => attack(t, p.kind, p.n, p.options));
void Promise.all(running.map((a) => a.ready())).then(() => send({ what: 'ready' }));
process.on('message', (m: string) => {
  if (m === 'stats') send({ what: 'stats', value: running.map((a) => a.stats) });
  if (m === 'stop') {
    running.forEach((a) => a.stop());
    send({ what: 'stop' });
  }
});
// Its sockets are unref'd: the channel to the parent is what keeps it running, until the parent
// disconnects (stop) or ends.
process.on('disconnect', () => process.exit(0));
