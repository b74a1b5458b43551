// The queen and its cover (ICF 65–74; docs/rules.md): who may take it, what covers it and when, and what
// this shot does to it before any foul (fouls.ts, next in the pass, may still send it back).

import type { ShotFacts, Verdict } from './pieces.ts';
import type { Board, State } from './state.ts';

/** Decides what the shot does to the queen, from the board before it; fills the queen's part of `v`. */
export function judgeQueen(state: State, board: Board, f: ShotFacts, v: Verdict): void {
  const p = state.params;
  const before = board.queen.state;
  if (f.queen) {
    if (queenLegal(state, board, f)) {
      v.queenCounts = true;
      v.queen = coversAtOnce(state, board, f) ? 'covered' : 'pending';
    } else if (p.queenEarly === 'returnNowLoseTurn') {
      v.queen = 'back';
      v.loseTurn = true; // ICF 68(a), 68(b)
    } else if (p.queenEarly === 'returnNowContinueIfOwn') v.queen = 'back';
    else {
      v.queenCounts = true; // 003 L18/L21, 004 L38: back when the turn ends
      v.queen = 'pending';
      v.queenBackAtTurnEnd = true;
    }
  } else if (before === 'pending' && !board.queenBackAtTurnEnd) {
    // The shot after the queen: men that cover it, or (ICF 74(a)) the striker with own men keeps it awaiting
    // cover while the turn goes on; anything else sends it back.
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator,StringLiteral: a queen not covered here goes back as soon as the turn passes (turn.ts, passTurn), and the turn passes after every shot without a covering man but the striker's with own men (ICF 74(a))
    const uncovered = f.striker && f.own > 0 ? 'keepPending' : 'back';
    v.queen = coveringMen(state, f) > 0 ? 'covered' : uncovered;
  }
  if (f.opp > 0 && p.queenVoidedByOpponentManSameTurn && (f.queen || before === 'pending')) v.queen = 'back';
  // Asked only of the shot that pockets the last own man (ownLastBeforeQueen, fouls.ts and lastmen.ts).
  // Stryker disable next-line ConditionalExpression: coveredAfter is read only for a shot that pockets the last own man (fouls.ts)
  if (f.lastOwn) v.coveredAfter = queenCoveredAfter(state, board, f);
}

/** The men of this shot that can cover the queen (`queenCoverMan`): his own, or also the opponent's men
 * that stay pocketed. A shot with the striker covers nothing: his men come back with it. */
function coveringMen(state: State, f: ShotFacts): number {
  if (f.striker) return 0;
  const p = state.params;
  const anyMan = p.queenCoverMan === 'anyMan' && p.opponentManDisposition === 'stays';
  return f.own + (anyMan ? f.opp : 0);
}

/** Whether the queen stands covered once this shot is counted, before any striker or foul sends it back. */
function queenCoveredAfter(state: State, board: Board, f: ShotFacts): boolean {
  if (board.queen.state === 'covered') return true;
  if (coveringMen(state, f) === 0) return false;
  if (board.queen.state === 'pending') return !board.queenBackAtTurnEnd;
  return f.queen && queenLegal(state, board, f) && coversAtOnce(state, board, f);
}

function queenLegal(state: State, board: Board, f: ShotFacts): boolean {
  const p = state.params;
  const eligible = !p.queenRequiresOwnPocketed || board.everOwn[f.side] || f.own > 0;
  const blocked = p.queenBlockedByOutstandingDue && board.dues[f.side] > 0; // ICF 68(b)
  return eligible && !blocked;
}

/** The queen and covering men in one shot (ICF 70; 002 Regina 1 asks for a later shot). */
function coversAtOnce(state: State, board: Board, f: ShotFacts): boolean {
  const p = state.params;
  const men = coveringMen(state, f);
  if (!p.queenCoverSameShot || men === 0) return false;
  const allNine = f.ownColour !== null && board.onBoard[f.ownColour] === 9;
  return !(p.queenCoverNeedsTwoWhenAllNineOnBoard && (f.isBreak || allNine) && men === 1);
}
