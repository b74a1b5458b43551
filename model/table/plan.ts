// A match log as shots to act out: who strikes from which seat, what goes in while the pieces move,
// and what happens between shots (late drops, calls). Undo is followed, as replay.ts folds it.

import { start, step } from '../../src/rules/engine.ts';
import { KeptEvents } from '../../src/rules/replay.ts';
import { seatOf, type State } from '../../src/rules/state.ts';
import type { GameEvent, MatchHeader, Piece, PocketPiece } from '../../src/rules/types.ts';
import type { TraceCall } from '../../src/sensing/types.ts';

export interface ShotPlan {
  seat: number;
  pieces: { piece: Piece; pocket: number }[];
  /** Calls made while the pieces move (nocontact, foul, offboard, nocross). */
  during: TraceCall[];
  /** Late drops, and calls between this shot and the next (colour, placed, undo, fouls, …). */
  after: ({ late: { piece: Piece; pocket: number } } | { call: TraceCall })[];
}

/** The log's shots, with the seat of each strike and every piece of a definite kind. */
export function planShots(header: MatchHeader, events: readonly GameEvent[]): ShotPlan[] {
  const s0 = start(header);
  if (!s0.ok) throw new Error(s0.error);
  let state: State = s0.value;
  const plans: ShotPlan[] = [];
  const kept = new KeptEvents<{ event: GameEvent; after: State }>();
  let settled = true;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    const current = plans[plans.length - 1];
    if (e.e === 'strike') {
      plans.push({ seat: e.seat ?? seatOf(state, state.board.turn), pieces: [], during: [], after: [] });
      settled = false;
    } else if (e.e === 'settle') settled = true;
    else if (e.e === 'pocket' && current) {
      const item = { piece: definite(e.piece, events, i), pocket: e.pocket ?? 0 };
      if (settled) current.after.push({ late: item });
      else current.pieces.push(item);
    } else if (e.e === 'identify') {
      // Pieces are definite here; the generator asks for names only where this table cannot tell.
    } else if (current) {
      const call: TraceCall = e.e === 'undo' ? { call: 'undo' } : (({ e: _e, t: _t, ...c }) => c as TraceCall)(e);
      if (settled) current.after.push({ call });
      else current.during.push(call);
    }
    // Follow the game as the log plays it, undo included (replay.ts), to know whose seat strikes.
    const cut = e.e === 'undo' ? kept.undo() : -1;
    if (cut >= 0) {
      state = cut > 0 ? kept.items[cut - 1].after : s0.value;
    } else {
      state = step(state, e, i + 2);
      kept.push({ event: e, after: state });
    }
  }
  return plans;
}

/** A piece of unknown kind takes the kind the next identify gives it, else white. */
function definite(piece: PocketPiece, events: readonly GameEvent[], at: number): Piece {
  if (piece !== 'man' && piece !== 'unknown') return piece;
  for (let j = at + 1; j < events.length && events[j].e !== 'strike'; j++) {
    const e = events[j];
    if (e.e === 'identify') return e.piece;
  }
  return 'white';
}
