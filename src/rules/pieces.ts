// Counting a shot's pieces and moving them: the facts a shot is judged on, and the queen's cover.

import type { Board, Shot, State } from './state.ts';
import type { Colour } from './types.ts';

/** What went in, counted. In the 3-player game every man is the shooter's own. */
export interface ShotFacts {
  side: number;
  own: number;
  opp: number;
  ownColour: Colour | null;
  oppColour: Colour | null;
  whites: number;
  blacks: number;
  queen: boolean;
  striker: boolean;
  strikerOff: boolean;
  manOff: boolean;
  isBreak: boolean;
}

/** More of a kind pocketed in one shot than were on the board: the count the shot is judged on is cut
 * to what was there (a piece goes in only once; the sensors or a player counted one twice). Returns what
 * to warn, or null. Men not yet named are not counted. */
export function overCount(board: Board, shot: Shot): string | null {
  let whites = 0;
  let blacks = 0;
  let queens = 0;
  for (const p of shot.pieces) {
    if (p.piece === 'white') whites++;
    else if (p.piece === 'black') blacks++;
    else if (p.piece === 'queen') queens++;
  }
  const { white, black, queen } = board.onBoard;
  if (whites <= white && blacks <= black && queens <= queen) return null; // the usual case: nothing built
  const over = [tooMany(whites, white, 'whites'), tooMany(blacks, black, 'blacks'), tooMany(queens, queen, 'queens')];
  return `${over.filter((x) => x !== '').join(', ')}: the shot is judged on what was on the board`;
}

function tooMany(pocketed: number, there: number, kind: string): string {
  return pocketed > there ? `${pocketed} ${pocketed === 1 ? kind.slice(0, -1) : kind} pocketed but ${there} on the board` : '';
}

export function lastMen(board: Board, f: ShotFacts): { own: boolean; opp: boolean } {
  if (!f.ownColour || !f.oppColour) {
    const menLeft = board.onBoard.white + board.onBoard.black - f.whites - f.blacks;
    return { own: f.own > 0 && menLeft === 0, opp: false };
  }
  return {
    own: f.own > 0 && board.onBoard[f.ownColour] - f.own === 0,
    opp: f.opp > 0 && board.onBoard[f.oppColour] - f.opp === 0,
  };
}

/** The men of this shot that can cover the queen (`queenCoverMan`): his own, or also the opponent's men
 * that stay pocketed. A shot with the striker covers nothing: his men come back with it. */
export function coveringMen(state: State, f: ShotFacts): number {
  if (f.striker) return 0;
  const p = state.params;
  const anyMan = p.queenCoverMan === 'anyMan' && p.opponentManDisposition === 'stays';
  return f.own + (anyMan ? f.opp : 0);
}

/** Whether the queen stands covered once this shot is counted, before any striker or foul sends it back. */
export function queenCoveredAfter(state: State, board: Board, f: ShotFacts): boolean {
  if (board.queen.state === 'covered') return true;
  if (coveringMen(state, f) === 0) return false;
  if (board.queen.state === 'pending') return !board.queenBackAtTurnEnd;
  return f.queen && queenLegal(state, board, f) && coversAtOnce(state, board, f);
}

export function queenLegal(state: State, board: Board, f: ShotFacts): boolean {
  const p = state.params;
  const eligible = !p.queenRequiresOwnPocketed || board.everOwn[f.side] || f.own > 0;
  const blocked = p.queenBlockedByOutstandingDue && board.dues[f.side] > 0; // ICF 68(b)
  return eligible && !blocked;
}

/** The queen and covering men in one shot (ICF 70; 002 Regina 1 asks for a later shot). */
export function coversAtOnce(state: State, board: Board, f: ShotFacts): boolean {
  const p = state.params;
  const men = coveringMen(state, f);
  if (!p.queenCoverSameShot || men === 0) return false;
  const allNine = f.ownColour !== null && board.onBoard[f.ownColour] === 9;
  return !(p.queenCoverNeedsTwoWhenAllNineOnBoard && (f.isBreak || allNine) && men === 1);
}

/** Takes this shot's pieces off the board (before any are sent back). */
export function pocketAll(state: State, board: Board, f: ShotFacts, shooter: number): void {
  board.onBoard.white -= f.whites;
  board.onBoard.black -= f.blacks;
  if (state.mode === 'three') {
    board.credits[shooter].white += f.whites;
    board.credits[shooter].black += f.blacks;
  }
  if (f.own > 0) board.everOwn[f.side] = true;
}

export function returnOwn(state: State, board: Board, f: ShotFacts, shooter: number): void {
  board.onBoard.white += state.mode === 'three' || f.ownColour === 'white' ? f.whites : 0;
  board.onBoard.black += state.mode === 'three' || f.ownColour === 'black' ? f.blacks : 0;
  if (state.mode === 'three') {
    board.credits[shooter].white -= f.whites;
    board.credits[shooter].black -= f.blacks;
  }
}

export function returnOpp(board: Board, f: ShotFacts): void {
  if (f.oppColour) board.onBoard[f.oppColour] += f.opp;
}

export function queenBack(board: Board): void {
  board.queen = { state: 'onBoard', side: null };
  board.onBoard.queen = 1;
  board.queenBackAtTurnEnd = false;
}

