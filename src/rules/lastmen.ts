// The end of a board: own last man, opponent's last man, both in one stroke, and the points
// (ICF 25–28, 75–85; docs/rules.md). Fouls of this kind (003, 004) are handled as fouls (fouls.ts). In the
// pass (adjudicate.ts) after the pieces are moved: the pass ends a board decided here (board.ts), else
// the turn ends (turn.ts).

import type { ShotFacts } from './pieces.ts';
import type { Board, BoardResult, State } from './state.ts';
import { boardPoints } from './state.ts';

/** How the board ends with this shot, or null while it goes on. `board` has the shot's pieces moved. */
export function lastMenResult(state: State, board: Board, f: ShotFacts): BoardResult | null {
  if (state.mode === 'three') return threePlayerEnd(state, board);
  if (!f.lastOwn && !f.lastOpp) return null;
  const p = state.params;
  const side = f.side;
  const opp = 1 - side;
  const ownColour = f.ownColour!;
  const oppColour = f.oppColour!;
  const score = state.match.score;
  const q = board.queen;
  const qBefore = f.queenBefore;
  // ICF 75, 77, 78, 80–82: 3 points become 1 once the side receiving them has 22.
  const three = (recipient: number) => (p.icfCapSpecialValues && score[recipient] >= 22 ? 1 : 3);
  const covered = q.state === 'covered' ? q.side : null;
  const end = (winner: number, points: number, queen: number | null): BoardResult => ({ winner, points, queen });

  if (f.lastOwn && f.lastOpp && p.simultaneousLastMen === 'icf') {
    if (f.striker) {
      // Stryker disable next-line ConditionalExpression: a queen pocketed here was not covered before, so the last line of this branch says the same; kept for the law it names
      if (f.queen) return end(opp, three(opp), covered); // ICF 82
      if (qBefore.state === 'covered') return end(opp, qBefore.side === side ? 1 : 3, qBefore.side); // ICF 83, 85
      return end(opp, three(opp), covered); // as ICF 78
    }
    if (q.state === 'covered' && qBefore.state !== 'covered') return end(side, three(side), side); // ICF 77, 75
    if (qBefore.state === 'covered') return end(side, winPoints(state, board, side, oppColour), covered); // [interp] 25(a)
    return end(opp, three(opp), covered); // ICF 78
  }
  if (f.lastOpp) {
    // Stryker disable next-line ConditionalExpression: the other value, 'foulReturn', makes the shot a foul (fouls.ts), which never comes here
    if (p.opponentLastMan !== 'loseBoard') return null;
    return end(opp, ...opponentLastManPoints(state, board, side, opp));
  }
  // The shooter's own last man.
  if (q.state === 'covered') {
    if (board.onBoard[ownColour] > 0) return null; // sent back with the striker: the board goes on
    return end(side, winPoints(state, board, side, oppColour), covered);
  }
  // 001 L23: the striker's rule sent the man back with it; the player plays again, the board goes on.
  if (f.striker && p.ownLastWithStriker === 'strikerRule' && board.onBoard[ownColour] > 0) return null;
  switch (p.ownLastBeforeQueen) {
    case 'loseBy3':
      return end(opp, three(opp), null); // ICF 80, 81; 002 Cas.5
    case 'loseNonOffenderMenPlus3':
      return end(opp, board.onBoard[oppColour] + 3, null); // 000 r13 literal
    case 'allowedIfVariant':
      if (board.onBoard[ownColour] > 0) return null;
      return end(side, board.onBoard[oppColour], null); // 001 L33 "Lažja varianta"
    case 'foulReturn':
      return null;
  }
}

/** Points for the winner of a board (ICF 26; 000 r5; 001 L35–37; 002 Fine 2; 003 L28; 004 L67–69). */
function winPoints(state: State, board: Board, winner: number, oppColour: 'white' | 'black'): number {
  return board.onBoard[oppColour] + queenBonus(state, board, winner);
}

function queenBonus(state: State, board: Board, winner: number): number {
  const p = state.params;
  if (board.queen.state !== 'covered' || board.queen.side !== winner) return 0;
  const cap = p.queenBonusCapFrom;
  return cap !== null && state.match.score[winner] >= cap ? 0 : p.queenBonus;
}

/** The offender pocketed the opponent's last man: what the opponent wins by, and who covered the queen
 * (ICF 76, 79; 000 r12; 001 L24; 002 Cas.6). */
function opponentLastManPoints(state: State, board: Board, offender: number, winner: number): [number, number | null] {
  const p = state.params;
  const offenderColour = board.colours[offender]!;
  const men = board.onBoard[offenderColour];
  const q = board.queen;
  const covered = q.state === 'covered' ? q.side : null;
  switch (p.opponentLastManPoints) {
    case 'boardPlus3':
      // "perde o Board e mais três pontos" (000 r12), "zgubi igro in tri dodatne točke" (001 L24): the board as
      // the winner scores it, queen cap and all, and three more, which no cap touches.
      return [winPoints(state, board, winner, offenderColour) + 3, covered];
    case 'plus3Always':
      return [men + 3, covered];
    case 'plus3UnlessOffenderCovered':
      return covered === offender ? [men, covered] : [men + 3, covered ?? winner];
    case 'icf':
      if (covered === null) {
        const dropped = p.icfCapSpecialValues && state.match.score[winner] >= 22;
        return dropped ? [men, null] : [men + p.queenBonus, winner];
      }
      return [men + queenBonus(state, board, winner), covered];
  }
}

/** The 3-player game ends its board when no man is left; each player banks his points (003 L15, board.ts). */
function threePlayerEnd(state: State, board: Board): BoardResult | null {
  if (board.onBoard.white + board.onBoard.black > 0) return null;
  const points = boardPoints(state); // state.board is `board`, the pass's own
  let best = 0;
  // Stryker disable next-line EqualityOperator: \`i <= points.length\` adds a turn comparing undefined, never greater; \`>=\` moves best to a later player only on a tie, with the same points and, the best not unique, no winner all the same (this also leaves out \`<=\`, which the tests kill)
  for (let i = 1; i < points.length; i++) if (points[i] > points[best]) best = i;
  const unique = points.every((v, i) => i === best || v < points[best]);
  const queen = board.queen.state === 'covered' ? board.queen.side : null;
  return { winner: unique ? best : null, points: points[best], queen };
}
