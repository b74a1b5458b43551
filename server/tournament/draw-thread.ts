// The draw thread (server/tournament/draws.ts): draws the rounds it is given with the tournament core, off the
// event loop. A draw the core refuses goes back as its message; anything else as a fault.
import { parentPort } from 'node:worker_threads';
import { drawNextRound } from './draw.ts';
import { TournamentError, type Tournament } from './types.ts';

parentPort!.on('message', (m: { id: number; tournament: Tournament }) => {
  try {
    parentPort!.postMessage({ id: m.id, matches: drawNextRound(m.tournament) });
  } catch (e) {
    if (e instanceof TournamentError) parentPort!.postMessage({ id: m.id, refused: e.message });
    else parentPort!.postMessage({ id: m.id, fault: (e as Error).stack ?? String(e) });
  }
});
