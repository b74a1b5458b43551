// The end of a shot's turn: penalty men charged and paid (dues), and whether the player goes on or the
// turn passes (ICF 11, 25–26, 45; docs/rules.md). The pass (adjudicate.ts) comes here last.

import type { ShotFacts, Verdict } from './pieces.ts';
import type { Board, State } from './state.ts';
import { nextPlayer } from './state.ts';
import type { Colour } from './types.ts';

/** Charges the shot's dues, pays what can be paid, and passes the turn unless the verdict lets the player go on. */
export function endTurn(state: State, board: Board, f: ShotFacts, v: Verdict): State {
  // The turn (R11, R25–R26): an own man, a queen that counts or the striker's rule carries it on.
  let carryOn = !v.foul && (f.own > 0 || v.queenCounts || v.strikerKeepsTurn) && !v.loseTurn;
  if (f.opp > 0 && state.params.opponentWithOwnTurn === 'end') carryOn = false;
  penalise(state, board, f.side, v.dues);
  payDues(state, board);
  if (!carryOn) passTurn(state, board);
  return state; // `board` is the state's own (adjudicate.ts)
}

/** Passes the turn: an uncovered queen goes back (ICF 69; 003 L21, 004 L38), the next player shoots. */
export function passTurn(state: State, board: Board): void {
  if (board.queen.state === 'pending') {
    board.queen = { state: 'onBoard', side: null };
    board.onBoard.queen = 1;
  }
  // Stryker disable next-line BooleanLiteral: the flag is read only while the queen awaits its cover, and set whenever it starts to (adjudicate.ts, movePieces)
  board.queenBackAtTurnEnd = false;
  board.turn = nextPlayer(state.mode, state.params, board.turn);
  // Stryker disable next-line UpdateOperator: turn ids are only compared for equality; counting down keeps each turn's id apart as counting up does
  board.turnId++;
}

/** Takes one penalty man of `side` out of the pockets and back onto the board; false if it has none. */
export function takeMan(state: Pick<State, 'mode' | 'params'>, board: Board, side: number): Colour | null {
  if (state.mode === 'three') {
    const c = board.credits[side];
    const values = state.params.threePlayerValues;
    // The player gives back his cheapest man.
    const colour: Colour | null =
      c.black > 0 && (c.white === 0 || values.black <= values.white) ? 'black' : c.white > 0 ? 'white' : null;
    // Stryker disable next-line ConditionalExpression: without it the player's credit and the board gain a key `null` that nothing reads, and null is returned all the same
    if (!colour) return null;
    c[colour]--;
    board.onBoard[colour]++;
    return colour;
  }
  const colour = board.colours[side];
  if (!colour || board.onBoard[colour] >= 9) return null;
  board.onBoard[colour]++;
  return colour;
}

/** Adds `n` penalty men against `side`: taken now where it has men in the pockets, else owed or waived. */
export function penalise(state: State, board: Board, side: number, n: number): void {
  for (let i = 0; i < n; i++) {
    if (takeMan(state, board, side)) continue;
    if (state.params.dueWhenNoneAvailable === 'owe') board.dues[side]++;
  }
}

/** Pays outstanding dues from men now in the pockets (ICF 45(b): as soon as one is available). */
export function payDues(state: State, board: Board): void {
  // Stryker disable next-line EqualityOperator: one side more reads dues[length], undefined, and pays nothing
  for (let side = 0; side < board.dues.length; side++) {
    while (board.dues[side] > 0) {
      const colour = takeMan(state, board, side);
      if (!colour) break;
      board.dues[side]--;
      if (state.params.dueLapse === 'beforeNextTurn' && state.mode !== 'three') {
        const p = board.pendingPlacement;
        if (p && p.side === side) p.count++;
        else board.pendingPlacement = { side, colour, count: 1, turnId: board.turnId };
      }
    }
  }
}

/** 004 L63: a debt paid while the opponent forgot to take the man out is cancelled when the next turn starts. */
export function lapsePlacement(board: Board): boolean {
  const p = board.pendingPlacement;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: the engine calls this only with a placement from an earlier turn (engine.ts, strike), and does not read the answer
  if (!p || p.turnId === board.turnId) return false;
  board.onBoard[p.colour] = Math.max(0, board.onBoard[p.colour] - p.count);
  board.pendingPlacement = null;
  // Stryker disable next-line BooleanLiteral: the engine does not read the answer
  return true;
}
