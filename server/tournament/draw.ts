// The next round of a tournament, whatever its system: what the server calls when the organiser asks
// for a draw. Deterministic: the same state gives the same round.
import { drawAllPlayAll } from './all-play-all.ts';
import { drawKnockout } from './knockout.ts';
import { drawSwiss } from './swiss.ts';
import type { Match, Tournament } from './types.ts';

export function drawNextRound(t: Tournament): Match[] {
  switch (t.system) {
    case 'swiss': return drawSwiss(t);
    case 'knockout': return drawKnockout(t);
    case 'all-play-all': return drawAllPlayAll(t);
  }
}
