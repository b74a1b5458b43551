// The thread of test/helpers/attack.ts's `attacks`: runs the plans it is given and answers "stats" and
// "stop" from its parent.
import { parentPort, workerData } from 'node:worker_threads';
import { attack, type Plan, type Target } from './attack.ts';

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
