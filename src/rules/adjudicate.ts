// Adjudicating one settled shot: the break, the striker, the queen and its cover, opponent's men,
// fouls and dues (docs/rules.md). Fouls of 003/004 are in fouls.ts, board ends in lastmen.ts.

import { copyBoard, nextPlayer, passTurn, payDues, penalise } from './board.ts';
import { applyFoul, calledFoulCounts, foulReasons, strikerRule } from './fouls.ts';
import { lastMenOutcome } from './lastmen.ts';
import { coveringMen, coversAtOnce, pocketAll, queenBack, queenLegal, returnOpp, returnOwn, type ShotFacts } from './pieces.ts';
import type { Board, Shot, State } from './state.ts';
import { sideOf } from './state.ts';
import { type Colour, otherColour } from './types.ts';

/** The state after `shot`, keeping `last` (the shot and the state before it, for a late drop or call):
 * given here rather than added to the result, which would copy the state once more at every shot. */
export function adjudicate(pre: State, shot: Shot, last: State['last']): State {
  // The state's own board, a copy that the rules below change in place: they read the board from their
  // `board` argument only, so the state is made once, not again around the changed board.
  const board = copyBoard(pre.board);
  const state: State = { rules: pre.rules, mode: pre.mode, params: pre.params, players: pre.players, match: pre.match, board, shots: pre.shots + 1, warnings: pre.warnings, shot: pre.shot, last, waiting: pre.waiting };
  const { params } = state;
  const side = sideOf(state, shot.player);

  if (shot.nocross && params.strikerNotCrossing === 'reshoot') {
    // 000 r14: the striker never left the lines; the same player shoots again and nothing changes.
    return state;
  }
  if (!board.broken) {
    const made = breakAttempt(state, board, shot, side);
    if (!made) return state;
  }
  const isBreak = !pre.board.broken;
  decideColours(state, board, shot, side);
  const facts = countShot(state, board, shot, side, isBreak);
  const foul = foulReasons(state, board, shot, facts);
  const next = foul.length > 0 ? applyFoul(state, board, facts) : applyProper(state, board, shot, facts);
  return next;
}

/** A break attempt (ICF 17–18). Returns whether the break was made. */
function breakAttempt(state: State, board: Board, shot: Shot, side: number): boolean {
  const { params } = state;
  let men = 0;
  for (const p of shot.pieces) if (p.piece !== 'striker') men++;
  if (!shot.nocontact || men > 0) {
    board.broken = true;
    return true;
  }
  const strikerLost = shot.pieces.some((p) => p.piece === 'striker') || shot.offboard.includes('striker');
  const improper = shot.fouls.length > 0;
  if (strikerLost || improper) {
    // ICF 18(c): the striker pocketed without contact, or an improper stroke, loses the turn at once.
    const rule = params.breakStrikerNoContact;
    if (rule === 'foul' || (rule === 'generalStrikerRule' && strikerLost)) penalise(state, board, side, 1);
    passBreak(state, board);
    return false;
  }
  board.attempts++;
  if (board.attempts >= params.breakAttempts) {
    if (params.breakFailure === 'foul') penalise(state, board, side, 1);
    passBreak(state, board); // ICF 18(b): the opponent breaks, with black; no rearranging.
  }
  return false;
}

function passBreak(state: State, board: Board): void {
  board.breaker = nextPlayer(state.mode, state.params, board.breaker);
  board.turn = board.breaker;
  board.attempts = 0;
  board.turnId++;
}

/** Colours decided by the first man pocketed (001 option b); a chosen colour comes in with a `colour` call. */
function decideColours(state: State, board: Board, shot: Shot, side: number): void {
  if (state.mode === 'three' || board.colours[side] !== null) return;
  if (state.params.colourAssignment !== 'firstPocketedColour') return;
  const first = shot.pieces.find((p) => p.piece === 'white' || p.piece === 'black');
  if (!first) return;
  const colour = first.piece as Colour;
  board.colours[side] = colour;
  board.colours[1 - side] = otherColour(colour);
}

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
  // (the engine warns of it when the shot settles: overCount).
  whites = Math.min(whites, board.onBoard.white);
  blacks = Math.min(blacks, board.onBoard.black);
  queen = queen && board.onBoard.queen > 0;
  const strikerOff = shot.offboard.includes('striker');
  if (strikerOff && state.params.strikerOffBoard === 'asStrikerPocketed') striker = true;
  const manOff = shot.offboard.some((p) => p !== 'striker');
  const ownColour = state.mode === 'three' ? null : board.colours[side];
  const oppColour = ownColour ? otherColour(ownColour) : null;
  const own = state.mode === 'three' ? whites + blacks : ownColour === 'white' ? whites : ownColour === 'black' ? blacks : 0;
  const opp = state.mode === 'three' ? 0 : ownColour === 'white' ? blacks : ownColour === 'black' ? whites : 0;
  return { side, own, opp, ownColour, oppColour, whites, blacks, queen, striker, strikerOff, manOff, isBreak };
}

/** A shot without a foul of the 003/004 kind: ICF and the federations that follow its structure. */
function applyProper(state: State, board: Board, shot: Shot, f: ShotFacts): State {
  const p = state.params;
  const shooter = board.turn;
  const before = copyBoard(board);
  let dues = 0;
  let loseTurn = false;
  let ownBack = false;
  let sendQueenBack = false;
  let queenCounts = false;
  let strikerKeepsTurn = false;

  if (f.striker) {
    const rule = strikerRule(state, board, f);
    if (f.own > 0) ownBack = true;
    if (f.queen) sendQueenBack = true;
    strikerKeepsTurn = rule.endsWith('Continue'); // ICF 46, 71(a), 72(a): "shall continue his turn"
    if (rule === 'returnPlusDueContinue' || rule === 'returnAllPlusDueContinue') dues++;
    else if (rule === 'queenBackDueContinue') dues++;
    else if (rule === 'queenBackDueLoseTurn' || rule === 'dueLoseTurn') {
      dues++;
      loseTurn = true;
    }
    if (rule === 'queenBackDueLoseTurn' && board.queen.state === 'pending') sendQueenBack = true;
    // ICF 68(d): the queen with the striker at the break, or while all nine of his men are on the board.
    const allNine = f.ownColour !== null && board.onBoard[f.ownColour] === 9;
    if (f.queen && rule === 'queenBackDueContinue' && p.queenCoverNeedsTwoWhenAllNineOnBoard && (f.isBreak || allNine)) loseTurn = true;
  }
  // A queen its owner could not yet take loses the turn where ICF 68(a)-(b) says so, striker or not.
  if (f.queen && !queenLegal(state, board, f) && p.queenEarly === 'returnNowLoseTurn') loseTurn = true;

  // The queen pocketed in this shot.
  let coverNow = false;
  if (f.queen && !sendQueenBack) {
    if (!queenLegal(state, board, f)) {
      if (p.queenEarly === 'returnNowLoseTurn') {
        sendQueenBack = true;
        loseTurn = true; // ICF 68(a), 68(b)
      } else if (p.queenEarly === 'returnNowContinueIfOwn') sendQueenBack = true;
      else queenCounts = true; // 003 L18/L21, 004 L38: back when the turn ends
    } else {
      queenCounts = true;
      coverNow = !ownBack && coversAtOnce(state, board, f);
    }
  }
  const earlyQueenKept = f.queen && !sendQueenBack && !queenLegal(state, board, f);

  // Called fouls under ICF: an improper stroke returns what it pocketed, plus a due, and loses the turn (ICF 37, 49–50).
  let improper = false;
  if (p.improperStrokeVariants) for (const kind of shot.fouls) if (calledFoulCounts(state, kind)) improper = true;
  if (improper) {
    dues++;
    loseTurn = true;
    if (f.own > 0) ownBack = true;
    if (f.queen || board.queen.state === 'pending') sendQueenBack = true;
  }
  // Men and the striker off the board (R30–R31).
  if (f.manOff && p.manOffBoard === 'loseTurnUnlessOwn' && f.own === 0) loseTurn = true;
  if (f.strikerOff && p.strikerOffBoard === 'loseTurnUnlessOwn' && f.own === 0) loseTurn = true;
  if (f.opp > 0 && p.queenVoidedByOpponentManSameTurn && (f.queen || board.queen.state === 'pending')) sendQueenBack = true;

  // Put the pieces where the rules send them.
  pocketAll(state, board, f, shooter);
  if (ownBack) returnOwn(state, board, f, shooter);
  if (f.opp > 0 && p.opponentManDisposition === 'returned') returnOpp(board, f);
  const wasPending = before.queen.state === 'pending' && !before.queenBackAtTurnEnd;
  if (f.queen) board.onBoard.queen = 0;
  if (sendQueenBack) queenBack(board);
  else if (f.queen) {
    board.queen = { state: coverNow ? 'covered' : 'pending', side: f.side };
    if (coverNow) board.queenCoveredTurn = board.turnId;
    board.queenBackAtTurnEnd = earlyQueenKept;
  } else if (wasPending) {
    if (!ownBack && coveringMen(state, f) > 0) ((board.queen = { state: 'covered', side: f.side }), (board.queenCoveredTurn = board.turnId));
    else if (!(f.striker && f.own > 0 && !loseTurn && !improper)) queenBack(board); // ICF 74(a) keeps it pending
  }

  // The board may end here (R27–R29, R40).
  const ended = lastMenOutcome(state, before, board, f);
  if (ended) return ended;

  // The turn (R11, R25–R26).
  const own = f.own > 0;
  let carryOn = (own || queenCounts || strikerKeepsTurn) && !loseTurn;
  if (f.opp > 0 && p.opponentWithOwnTurn === 'end') carryOn = false;

  penalise(state, board, f.side, dues);
  payDues(state, board);
  if (!carryOn) passTurn(state, board);
  return state; // `board` is the state's own (adjudicate)
}
