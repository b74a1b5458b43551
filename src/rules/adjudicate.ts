// Adjudicating one settled shot in one pass (docs/rules.md, "One pass"): the shot is counted once, then
// each rule decides its own concept from the shot and the board before it, in this order, each file
// visited once: the opening (opening.ts: the break, the colours), the queen and its cover (queen.ts),
// fouls and dues (fouls.ts); the pass then moves the pieces where the verdict sends them, the last men
// may end the board (lastmen.ts says how, board.ts ends it and sets the next), else the turn ends (turn.ts).

import { judgeFouls } from './fouls.ts';
import { endBoard } from './board.ts';
import { lastMenResult } from './lastmen.ts';
import { opening } from './opening.ts';
import type { ShotFacts, Verdict } from './pieces.ts';
import { judgeQueen } from './queen.ts';
import type { Board, Shot, State } from './state.ts';
import { sideOf } from './state.ts';
import { endTurn, penalise } from './turn.ts';

/** The state after `shot`, keeping `last` (the shot and the state before it, for a late drop or call):
 * given here rather than added to the result, which would copy the state once more at every shot. */
export function adjudicate(pre: State, shot: Shot, last: State['last']): State {
  // The state's own board, a copy that the rules below change in place: they read the board from their
  // `board` argument only, so the state is made once, not again around the changed board.
  const board = copyBoard(pre.board);
  const state: State = { rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board, shots: pre.shots + 1, warnings: pre.warnings, shot: pre.shot, last, waiting: pre.waiting };
  const side = sideOf(state, shot.player);

  // 000 r14: the striker never left the lines; the same player shoots again and nothing changes.
  if (shot.nocross && state.params.strikerNotCrossing === 'reshoot') return state;
  // Stryker disable next-line StringLiteral,BooleanLiteral: 'asBefore' stands for any word but those movePieces acts on; coveredAfter is read only where queen.ts sets it, oppBack is set by fouls.ts on every path
  const v: Verdict = { queen: 'asBefore', queenBackAtTurnEnd: false, queenCounts: false, coveredAfter: false, foul: false, dues: 0, loseTurn: false, strikerKeepsTurn: false, ownBack: false, oppBack: false };
  const isBreak = !board.broken;
  if (!opening(state, board, shot, side, v)) {
    penalise(state, board, side, v.dues); // the break passed on (ICF 18): no dues paid, the breaker changed
    return state;
  }
  const f = countShot(state, board, shot, side, isBreak);
  judgeQueen(state, board, f, v);
  judgeFouls(state, board, shot, f, v);
  movePieces(state, board, f, v);
  if (!v.foul) {
    const result = lastMenResult(state, board, f);
    if (result) return endBoard(state, board, result);
  }
  return endTurn(state, board, f, v);
}

/** What went in, counted against the board before the shot. In the 3-player game every man is the shooter's own. */
function countShot(state: State, board: Board, shot: Shot, side: number, isBreak: boolean): ShotFacts {
  let whites = 0;
  let blacks = 0;
  let queen = false;
  let striker = false;
  for (const p of shot.pieces) {
    if (p.piece === 'white') whites++;
    else if (p.piece === 'black') blacks++;
    else if (p.piece === 'queen') queen = true;
    else if (p.piece === 'striker') striker = true;
  }
  // A piece can go in only once: more than are on the board is a counting error, cut to what was there
  // (the engine warns of it when the shot settles: overCount, pieces.ts).
  whites = Math.min(whites, board.onBoard.white);
  blacks = Math.min(blacks, board.onBoard.black);
  queen = queen && board.onBoard.queen > 0;
  const strikerOff = shot.offboard.includes('striker');
  if (strikerOff && state.params.strikerOffBoard === 'asStrikerPocketed') striker = true;
  const manOff = shot.offboard.some((p) => p !== 'striker');
  // Stryker disable next-line ConditionalExpression,StringLiteral: the 3-player game has no colours: board.colours[side] is null there too
  const ownColour = state.mode === 'three' ? null : board.colours[side];
  // Colours are decided in pairs (board.ts, opening.ts, the colour call): the other side has the other one.
  const oppColour = ownColour ? board.colours[1 - side] : null;
  // Stryker disable next-line ConditionalExpression: a side without a colour has pocketed no man (the colour is decided, or chosen, before a shot with men is judged)
  const own = state.mode === 'three' ? whites + blacks : ownColour === 'white' ? whites : ownColour === 'black' ? blacks : 0;
  // Stryker disable next-line ConditionalExpression,StringLiteral: in the 3-player game ownColour is null, which gives 0 as well; a side without a colour has pocketed no man
  const opp = state.mode === 'three' ? 0 : ownColour === 'white' ? blacks : ownColour === 'black' ? whites : 0;
  // The last men: with no colours (the 3-player game, or none decided yet) the last man of all.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: with no own man the board would have none of that colour left, which ends the board before; colours are decided in pairs
  const lastOwn = own > 0 && (ownColour && oppColour ? board.onBoard[ownColour] === own : board.onBoard.white + board.onBoard.black === whites + blacks);
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: with no opponent's man the board would have none of that colour left, which ends the board before; onBoard[null] is undefined, never a count
  const lastOpp = opp > 0 && oppColour !== null && board.onBoard[oppColour] === opp;
  return { side, own, opp, ownColour, oppColour, whites, blacks, queen, striker, strikerOff, manOff, isBreak, lastOwn, lastOpp, queenBefore: board.queen };
}

/** Puts the pieces where the verdict sends them: the shot's men off the board, those sent back on it, the queen. */
function movePieces(state: State, board: Board, f: ShotFacts, v: Verdict): void {
  const three = state.mode === 'three';
  const shooter = board.turn;
  board.onBoard.white -= f.whites;
  board.onBoard.black -= f.blacks;
  if (three) {
    board.credits[shooter].white += f.whites;
    board.credits[shooter].black += f.blacks;
  }
  if (f.own > 0) board.everOwn[f.side] = true;
  if (v.ownBack) {
    board.onBoard.white += three || f.ownColour === 'white' ? f.whites : 0;
    board.onBoard.black += three || f.ownColour === 'black' ? f.blacks : 0;
    if (three) {
      board.credits[shooter].white -= f.whites;
      board.credits[shooter].black -= f.blacks;
    }
  }
  if (v.oppBack && f.oppColour) board.onBoard[f.oppColour] += f.opp;
  if (f.queen) board.onBoard.queen = 0;
  if (v.queen === 'back') {
    board.queen = { state: 'onBoard', side: null };
    board.onBoard.queen = 1;
    // Stryker disable next-line BooleanLiteral: the flag is read only while the queen awaits its cover, and set whenever it starts to (below)
    board.queenBackAtTurnEnd = false;
  } else if (v.queen === 'pending' || v.queen === 'covered') {
    board.queen = { state: v.queen, side: f.side };
    // Stryker disable next-line ConditionalExpression: a queen pending is covered in the same turn or goes back, so its turn id is the cover's
    if (v.queen === 'covered') board.queenCoveredTurn = board.turnId;
    board.queenBackAtTurnEnd = v.queenBackAtTurnEnd;
  }
}

/** A board to change without changing `b`: every part that a rule changes in place is copied. Written
 * out field by field rather than spread: the engine copies a board at each shot it judges (twice, with
 * the one before the shot kept to compare), and the copies were a quarter of a replay's time. */
export function copyBoard(b: Board): Board {
  return {
    number: b.number,
    firstBreaker: b.firstBreaker,
    breaker: b.breaker,
    turn: b.turn,
    turnId: b.turnId,
    colours: b.colours.slice(),
    onBoard: { white: b.onBoard.white, black: b.onBoard.black, queen: b.onBoard.queen },
    queen: { state: b.queen.state, side: b.queen.side },
    queenBackAtTurnEnd: b.queenBackAtTurnEnd,
    dues: b.dues.slice(),
    broken: b.broken,
    attempts: b.attempts,
    everOwn: b.everOwn.slice(),
    credits: b.credits.length === 0 ? [] : b.credits.map((x) => ({ white: x.white, black: x.black })),
    pendingPlacement: b.pendingPlacement ? { side: b.pendingPlacement.side, colour: b.pendingPlacement.colour, count: b.pendingPlacement.count, turnId: b.pendingPlacement.turnId } : null,
    queenCoveredTurn: b.queenCoveredTurn,
  };
}
