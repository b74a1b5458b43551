// A replay thread (server/replay-pool.ts): replays the records it is given with its own Replayer, which
// keeps the last log of each table routed to it.
import { parentPort } from 'node:worker_threads';
import type { ResultRecord } from './record.ts';
import { Replayer } from './replay.ts';

const replayer = new Replayer();
parentPort!.on('message', ({ id, record }: { id: number; record: ResultRecord }) => {
  let out;
  try {
    out = { id, value: replayer.replay(record) };
  } catch (e) {
    // A fault of the rules engine: the record is answered 500 and the thread goes on with the next.
    out = { id, fault: (e as Error).stack ?? String(e) };
  }
  parentPort!.postMessage(out);
});
