// Fouls in the sense of 003 and 004 (the turn ends at once, a penalty man is placed, the queen and the
// men the rules name come back), and which fouls called at the table count under a preset.

import { passTurn, payDues, penalise } from './board.ts';
import { lastMen, pocketAll, queenBack, queenCoveredAfter, returnOpp, returnOwn, type ShotFacts } from './pieces.ts';
import type { Board, Shot, State } from './state.ts';

/** Which rule of the striker applies to this shot (docs/rules.md: strikerAlone … strikerWithOpponent). */
export function strikerRule(state: State, board: Board, f: ShotFacts): string {
  const p = state.params;
  if (f.own > 0 && f.queen) return p.strikerWithOwnAndQueen;
  if (f.queen) return p.strikerWithQueen;
  if (f.own > 0) return p.strikerWithOwn;
  if (f.opp > 0) return p.strikerWithOpponent;
  return board.queen.state === 'pending' ? p.whileCoveringStrikerAlone : p.strikerAlone;
}

/** Fouls in the sense of 003 and 004: the turn ends at once and a penalty man is placed. */
export function foulReasons(state: State, board: Board, shot: Shot, f: ShotFacts): string[] {
  const p = state.params;
  const reasons: string[] = [];
  if (f.striker) {
    const rule = strikerRule(state, board, f);
    // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one); this also leaves out the line's other strings, which the tests kill
    if (rule === 'foul' || rule === 'penaltyOneEndTurn') reasons.push('striker');
  }
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one)
  if (f.opp > 0 && p.opponentManFoul) reasons.push('opponent man');
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one); this also leaves out the line's other strings, which the tests kill
  if (f.manOff && p.manOffBoard === 'foul') reasons.push('man off the board');
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one); this also leaves out the line's other strings, which the tests kill
  if (f.strikerOff && p.strikerOffBoard === 'foul') reasons.push('striker off the board');
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one)
  if (shot.nocross) reasons.push('striker did not cross');
  if (!p.improperStrokeVariants) for (const kind of shot.fouls) if (calledFoulCounts(state, kind)) reasons.push(kind);
  const last = lastMen(board, f);
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one); this also leaves out the line's other strings, which the tests kill
  if (last.opp && p.opponentLastMan === 'foulReturn') reasons.push("opponent's last man");
  // Stryker disable next-line StringLiteral: a reason's words are never read (adjudicate.ts only asks whether there is one); this also leaves out the line's other strings, which the tests kill
  if (last.own && !queenCoveredAfter(state, board, f) && p.ownLastBeforeQueen === 'foulReturn') reasons.push('own last man before the queen');
  return reasons;
}

/** Whether a foul called at the table is one under this preset (touching and back shots are not everywhere). */
export function calledFoulCounts(state: Pick<State, 'params'>, kind: string): boolean {
  if (kind === 'touch') return state.params.touchFoul;
  if (kind === 'backshot') return state.params.backShots === 'forbidden';
  return true;
}

/** 003 L23–24, 004 L50–L58: the turn ends, one penalty man, the queen and the men the rules name come back. */
export function applyFoul(state: State, board: Board, f: ShotFacts): State {
  const p = state.params;
  const shooter = board.turn;
  const last = lastMen(board, f);
  const ownLastFoul = last.own && p.ownLastBeforeQueen === 'foulReturn' && !queenCoveredAfter(state, board, f);
  pocketAll(state, board, f, shooter);
  if (ownLastFoul) returnOwn(state, board, f, shooter);
  if (f.opp > 0 && (p.opponentManDisposition === 'returned' || (last.opp && p.opponentLastMan === 'foulReturn'))) returnOpp(board, f);
  // 004 L56: with an opponent's man, a queen covered earlier in the same turn goes back too.
  const coveredThisTurn = board.queen.state === 'covered' && board.queenCoveredTurn === board.turnId;
  if (f.queen || board.queen.state === 'pending' || (f.opp > 0 && p.queenVoidedEvenIfCovered && coveredThisTurn)) queenBack(board);
  penalise(state, board, f.side, 1);
  payDues(state, board);
  passTurn(state, board);
  return state; // `board` is the state's own (adjudicate.ts)
}
