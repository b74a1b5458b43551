// A shot's pieces: the facts a shot is judged on, counted once by the pass (adjudicate.ts), and the
// verdict its rules fill in; and the check that a shot has no more of a kind than the board had.

import type { Board, QueenState, Shot } from './state.ts';
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
  /** The shot pockets the last own man, or the opponent's last man, that was on the board. */
  lastOwn: boolean;
  lastOpp: boolean;
  /** The queen before the shot (the board's own object: the pass replaces it, never changes it). */
  queenBefore: { state: QueenState; side: number | null };
}

/** What the rules decide about one shot, each rule its own fields, in the pass's order (adjudicate.ts):
 * the queen (queen.ts), then fouls and dues (fouls.ts), which may override what the queen rule said; the
 * pass then moves the pieces, the last men may end the board (lastmen.ts), else the turn ends (turn.ts). */
export interface Verdict {
  /** Where the queen goes: left as it was, back to the centre, pocketed and awaiting cover, covered; or
   * (keepPending) a queen awaiting cover that stays so unless the turn is lost (ICF 74(a)). */
  queen: 'asBefore' | 'back' | 'pending' | 'covered' | 'keepPending';
  /** A queen pocketed too early that counts for now and goes back when the turn ends (003 L18/L21, 004 L38). */
  queenBackAtTurnEnd: boolean;
  /** The queen counts as pocketed for carrying on the turn. */
  queenCounts: boolean;
  /** The queen stands covered once this shot is counted, before any foul sends it back. */
  coveredAfter: boolean;
  /** A foul in the sense of 003 and 004: the turn ends at once, one penalty man, the board does not end. */
  foul: boolean;
  dues: number;
  loseTurn: boolean;
  strikerKeepsTurn: boolean;
  ownBack: boolean;
  oppBack: boolean;
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
