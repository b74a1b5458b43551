// The opening of a board: the break (ICF 17–18) and the colours its first men decide (001 option b). The
// first rule of the pass (adjudicate.ts): a break not made ends the shot there, with the penalty men it
// decides here charged by turn.ts.

import type { Verdict } from './pieces.ts';
import type { Board, Shot, State } from './state.ts';
import { nextPlayer } from './state.ts';
import { type Colour, otherColour } from './types.ts';

/** Whether the shot goes on to be judged: false for a break attempt that did not make the break (its
 * penalty, if any, in `v.dues`). */
export function opening(state: State, board: Board, shot: Shot, side: number, v: Verdict): boolean {
  if (!board.broken && !breakAttempt(state, board, shot, v)) return false;
  decideColours(state, board, shot, side);
  return true;
}

/** A break attempt (ICF 17–18). Returns whether the break was made. */
function breakAttempt(state: State, board: Board, shot: Shot, v: Verdict): boolean {
  const { params } = state;
  let men = 0;
  for (const p of shot.pieces) if (p.piece !== 'striker') men++;
  if (!shot.nocontact || men > 0) {
    board.broken = true;
    return true;
  }
  // Stryker disable next-line ConditionalExpression: no man went in (above), so any piece pocketed here is the striker
  const strikerLost = shot.pieces.some((p) => p.piece === 'striker') || shot.offboard.includes('striker');
  const improper = shot.fouls.length > 0;
  if (strikerLost || improper) {
    // ICF 18(c): the striker pocketed without contact, or an improper stroke, loses the turn at once.
    const rule = params.breakStrikerNoContact;
    if (rule === 'foul' || (rule === 'generalStrikerRule' && strikerLost)) v.dues = 1;
    passBreak(state, board);
    return false;
  }
  board.attempts++;
  if (board.attempts >= params.breakAttempts) {
    if (params.breakFailure === 'foul') v.dues = 1;
    passBreak(state, board); // ICF 18(b): the opponent breaks, with black; no rearranging.
  }
  return false;
}

function passBreak(state: State, board: Board): void {
  board.breaker = nextPlayer(state.mode, state.params, board.breaker);
  board.turn = board.breaker;
  board.attempts = 0;
  // Stryker disable next-line UpdateOperator: turn ids are only compared for equality, and nothing is recorded against one before the break is made
  board.turnId++;
}

/** Colours decided by the first man pocketed (001 option b); a chosen colour comes in with a `colour` call. */
function decideColours(state: State, board: Board, shot: Shot, side: number): void {
  if (state.mode === 'three' || board.colours[side] !== null) return;
  // Stryker disable next-line ConditionalExpression: under every other assignment both colours are set before a shot is judged (board.ts at the board's start; the colour call, or the engine, before the shot for firstPotterChooses)
  if (state.params.colourAssignment !== 'firstPocketedColour') return;
  const first = shot.pieces.find((p) => p.piece === 'white' || p.piece === 'black');
  if (!first) return;
  const colour = first.piece as Colour;
  board.colours[side] = colour;
  board.colours[1 - side] = otherColour(colour);
}
