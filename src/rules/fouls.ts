// Fouls and dues (docs/rules.md): the striker's rules, fouls in the sense of 003 and 004 (the turn ends at
// once, a penalty man is placed, the queen and the men the rules name come back), ICF's improper strokes,
// pieces off the board, and which fouls called at the table count under a preset. In the pass after the
// queen (queen.ts), whose decision a foul may override; the dues decided here are charged in turn.ts.

import type { ShotFacts, Verdict } from './pieces.ts';
import type { Board, Shot, State } from './state.ts';

/** Decides the shot's fouls and what they cost; fills that part of `v`, sending the queen back where a foul does. */
export function judgeFouls(state: State, board: Board, shot: Shot, f: ShotFacts, v: Verdict): void {
  const p = state.params;
  // Stryker disable next-line StringLiteral: with no striker the rule is only compared with 'foul' and 'penaltyOneEndTurn', which no other text matches either
  const rule = f.striker ? strikerRule(state, board, f) : '';
  // Fouls in the sense of 003 and 004.
  const ownLastFoul = f.lastOwn && !v.coveredAfter && p.ownLastBeforeQueen === 'foulReturn';
  let foul = ownLastFoul || rule === 'foul' || rule === 'penaltyOneEndTurn' || shot.nocross;
  if (f.opp > 0 && p.opponentManFoul) foul = true;
  if (f.manOff && p.manOffBoard === 'foul') foul = true;
  if (f.strikerOff && p.strikerOffBoard === 'foul') foul = true;
  if (f.lastOpp && p.opponentLastMan === 'foulReturn') foul = true;
  let called = false;
  // Stryker disable next-line ConditionalExpression: the engine never records a called foul that does not count under the preset (engine.ts warns of it instead)
  for (const kind of shot.fouls) if (calledFoulCounts(state, kind)) called = true;
  if (called && !p.improperStrokeVariants) foul = true;
  if (foul) {
    // 003 L23–24, 004 L50–L58: the turn ends, one penalty man, the queen and the men the rules name come back.
    v.foul = true;
    v.dues = 1;
    v.ownBack = ownLastFoul;
    v.oppBack = f.opp > 0 && (p.opponentManDisposition === 'returned' || (f.lastOpp && p.opponentLastMan === 'foulReturn'));
    // 004 L56: with an opponent's man, a queen covered earlier in the same turn goes back too.
    const coveredThisTurn = board.queen.state === 'covered' && board.queenCoveredTurn === board.turnId;
    const queenBack = f.queen || board.queen.state === 'pending' || (f.opp > 0 && p.queenVoidedEvenIfCovered && coveredThisTurn);
    // Stryker disable next-line StringLiteral: any word but 'back', 'pending' and 'covered' leaves the queen where it is (adjudicate.ts, movePieces), as 'asBefore' does
    v.queen = queenBack ? 'back' : 'asBefore';
    return;
  }

  // Without such a foul: ICF and the federations that follow its structure.
  if (f.striker) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: returning the shot's own men when none went in returns none
    if (f.own > 0) v.ownBack = true;
    if (f.queen) {
      v.queen = 'back';
      // Stryker disable next-line BooleanLiteral: the striker's rule decides the turn here: every value of strikerWithQueen and strikerWithOwnAndQueen either keeps the turn or loses it (below)
      v.queenCounts = false;
    }
    // Stryker disable next-line StringLiteral: every striker rule not ending in Continue loses the turn all the same (dueLoseTurn, queenBackDueLoseTurn below) or is a foul (above)
    v.strikerKeepsTurn = rule.endsWith('Continue'); // ICF 46, 71(a), 72(a): "shall continue his turn"
    if (rule === 'returnPlusDueContinue' || rule === 'returnAllPlusDueContinue' || rule === 'queenBackDueContinue') v.dues++;
    else if (rule === 'queenBackDueLoseTurn' || rule === 'dueLoseTurn') {
      v.dues++;
      // Stryker disable next-line BooleanLiteral: these rules are those of shots with no own man and no queen that counts (the line above the striker's rule sets it false), so the turn passes anyway
      v.loseTurn = true;
    }
    // Stryker disable next-line ConditionalExpression,StringLiteral,EqualityOperator: a queen awaiting its cover goes back when the turn passes (turn.ts, passTurn), which these rules make it do
    if (rule === 'queenBackDueLoseTurn' && board.queen.state === 'pending') v.queen = 'back';
    // ICF 68(d): the queen with the striker at the break, or while all nine of his men are on the board.
    const allNine = f.ownColour !== null && board.onBoard[f.ownColour] === 9;
    if (f.queen && rule === 'queenBackDueContinue' && p.queenCoverNeedsTwoWhenAllNineOnBoard && (f.isBreak || allNine)) v.loseTurn = true;
  }
  // Called fouls under ICF: an improper stroke returns what it pocketed, plus a due, and loses the turn (ICF 37, 49–50).
  if (called) {
    v.dues++;
    v.loseTurn = true;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: returning the shot's own men when none went in returns none
    if (f.own > 0) v.ownBack = true;
    if (f.queen || board.queen.state === 'pending') v.queen = 'back';
  }
  // Men and the striker off the board (R30–R31).
  if (f.manOff && p.manOffBoard === 'loseTurnUnlessOwn' && f.own === 0) v.loseTurn = true;
  if (f.strikerOff && p.strikerOffBoard === 'loseTurnUnlessOwn' && f.own === 0) v.loseTurn = true;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no opponent's man in the shot, sending them back adds none (adjudicate.ts, movePieces adds f.opp)
  v.oppBack = f.opp > 0 && p.opponentManDisposition === 'returned';
  // ICF 74(a) keeps a queen awaiting cover only while the turn goes on (an improper stroke loses it too).
  // Stryker disable next-line ConditionalExpression,StringLiteral: a queen left awaiting its cover goes back when the lost turn passes (turn.ts, passTurn)
  if (v.queen === 'keepPending' && v.loseTurn) v.queen = 'back';
}

/** Which rule of the striker applies to this shot (docs/rules.md: strikerAlone … strikerWithOpponent). */
function strikerRule(state: State, board: Board, f: ShotFacts): string {
  const p = state.params;
  if (f.own > 0 && f.queen) return p.strikerWithOwnAndQueen;
  if (f.queen) return p.strikerWithQueen;
  if (f.own > 0) return p.strikerWithOwn;
  if (f.opp > 0) return p.strikerWithOpponent;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: with the striker alone every value of both (dueLoseTurn, queenBackDueLoseTurn, foul) costs one due and the turn, and sends a queen awaiting cover back
  return board.queen.state === 'pending' ? p.whileCoveringStrikerAlone : p.strikerAlone;
}

/** Whether a foul called at the table is one under this preset (touching and back shots are not everywhere). */
export function calledFoulCounts(state: Pick<State, 'params'>, kind: string): boolean {
  if (kind === 'touch') return state.params.touchFoul;
  if (kind === 'backshot') return state.params.backShots === 'forbidden';
  return true;
}
