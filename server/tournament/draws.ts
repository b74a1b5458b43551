// Drawing a round off the event loop (docs/tournament.md §3.5). The core's draw is quick for a real field,
// but a Swiss that must backtrack (late rounds of a large field, where the last entrants to pair have all
// met) can search for seconds and grow its memory by hundreds of MiB: on the event loop that stopped every
// table's records and every page. So each draw runs in a thread of its own (server/tournament/draw-thread.ts), one
// at a time, bounded in time and memory: past either the thread is stopped and the draw refused (422),
// and the next draw starts a new thread. The thread stops itself when no draw came for a minute.
import type { Worker } from 'node:worker_threads';
import { startThread } from '../common/threads.ts';
import { TournamentError, type Match, type Tournament } from './types.ts';

/** The longest a draw may search, in ms: a real field is drawn in well under a second. */
export const DRAW_TIME_MAX = 10_000;
/** The draw thread's heap, in MiB: a draw of 1,000 entrants needs a few. */
export const DRAW_HEAP_MB = 256;
/** Draws waiting for the thread at most; more are refused (503) rather than kept. */
const WAITING_MAX = 8;
const IDLE_MS = 60_000;

/** The server's answer to a draw that could not run now (503): the organiser tries again. */
export class DrawsBusy extends Error {}

let thread: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let next = 0;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;

function stop(): void {
  void thread?.terminate();
  thread = null;
}

/** The next round of `t` (the core's drawNextRound), drawn in the draw thread. Rejects with a
 * TournamentError for what the core refuses, and for a draw over DRAW_TIME_MAX or DRAW_HEAP_MB. */
export function drawOffLoop(t: Tournament): Promise<Match[]> {
  if (waiting >= WAITING_MAX) return Promise.reject(new DrawsBusy(`${waiting} draws are waiting for the draw thread: try again in a few seconds`));
  waiting++;
  const run = queue.then(() => drawNow(t)).finally(() => waiting--);
  queue = run.catch(() => undefined);
  return run;
}

function drawNow(t: Tournament): Promise<Match[]> {
  if (idle) clearTimeout(idle);
  const worker = (thread ??= startThread('tournament/draw-thread', { resourceLimits: { maxOldGenerationSizeMb: DRAW_HEAP_MB } }));
  worker.unref();
  const id = ++next;
  return new Promise<Match[]>((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      idle = setTimeout(stop, IDLE_MS).unref();
      settle();
    };
    const onMessage = (m: { id: number; matches?: Match[]; refused?: string; fault?: string }) => {
      if (m.id !== id) return;
      if (m.matches) done(() => resolve(m.matches!));
      else if (m.refused !== undefined) done(() => reject(new TournamentError(m.refused!)));
      else done(() => reject(new Error(`draw thread: ${m.fault}`)));
    };
    // Out of memory: the thread fails with ERR_WORKER_OUT_OF_MEMORY and exits.
    const onError = (e: Error & { code?: string }) => {
      thread = null;
      done(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new TournamentError(`the draw needed more than ${DRAW_HEAP_MB} MiB and was stopped`) : e));
    };
    const onExit = (code: number) => {
      thread = null;
      done(() => reject(new Error(`draw thread stopped (exit code ${code})`)));
    };
    const timer = setTimeout(() => {
      stop();
      done(() => reject(new TournamentError(`the draw searched for more than ${DRAW_TIME_MAX / 1000} s without finding a round and was stopped`)));
    }, DRAW_TIME_MAX);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ id, tournament: t });
  });
}
