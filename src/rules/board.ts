// Boards and the match around them: a new board, the end of a board, games and the end of the match
// (docs/rules.md). The last stop of the pass (adjudicate.ts) for a shot that ends a board.

import type { Params } from './params.ts';
import type { Board, BoardResult, MatchProgress, State } from './state.ts';
import { boardPoints, nextPlayer, sidesOf } from './state.ts';
import type { Colour, Mode } from './types.ts';

export { nextPlayer }; // the turn order lives with the sides and seats (state.ts); the app finds it here

export function newBoard(mode: Mode, params: Params, players: number, number: number, breaker: number): Board {
  const sides = sidesOf(mode);
  const colours: (Colour | null)[] = [];
  const decided = mode !== 'three' && (params.colourAssignment === 'breakerWhite' || params.colourAssignment === 'drawColours');
  for (let s = 0; s < sides; s++) colours.push(null);
  if (decided) {
    // Stryker disable next-line ConditionalExpression: in singles the breaker is 0 or 1, its own remainder
    const breakerSide = mode === 'doubles' ? breaker % 2 : breaker;
    colours[breakerSide] = 'white';
    colours[1 - breakerSide] = 'black';
  }
  const credits = [];
  for (let p = 0; p < (mode === 'three' ? players : 0); p++) credits.push({ white: 0, black: 0 });
  return {
    number,
    firstBreaker: breaker,
    breaker,
    turn: breaker,
    turnId: 0,
    colours,
    onBoard: { white: 9, black: 9, queen: 1 },
    queen: { state: 'onBoard', side: null },
    queenBackAtTurnEnd: false,
    dues: new Array<number>(sides).fill(0),
    broken: false,
    attempts: 0,
    everOwn: new Array<boolean>(sides).fill(false),
    credits,
    pendingPlacement: null,
    queenCoveredTurn: undefined,
  };
}

/** Ends the board with `result`, scores it, and starts the next board, game or ends the match. In the
 * 3-player game every player banks his points of the board (003 L15). `board` is the state's own. */
export function endBoard(state: State, board: Board, result: BoardResult): State {
  const { mode, params } = state;
  const m = state.match;
  const score = m.score.slice();
  const boardScore = mode === 'three' ? boardPoints(state) : null;
  if (boardScore) for (let i = 0; i < score.length; i++) score[i] += boardScore[i];
  else if (result.winner !== null) score[result.winner] += result.points;
  const boards = [...m.boards, result];
  let match: MatchProgress = { score, boards, games: m.games, over: m.over, winner: m.winner, firstBreaker: m.firstBreaker };

  const gameWinner = decideGame(params, score, boards.length);
  if (gameWinner === null) {
    const next = newBoard(mode, params, state.players, board.number + 1, nextPlayer(mode, params, board.firstBreaker));
    return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match, board: next, shots: state.shots, warnings: state.warnings, shot: state.shot, last: state.last, waiting: state.waiting };
  }
  // The last board stays on show; what it owed is written off with it (ICF 28). A spread, the one board of
  // another shape (state.ts), made once a game: copyBoard here cost XS more at the shot that ends a game.
  const last = { ...board, pendingPlacement: null, dues: params.dueWrittenOffAtBoardEnd ? board.dues.map(() => 0) : board.dues };
  if (params.gamesPerMatch <= 1) {
    match = { score, boards, games: m.games, over: true, winner: gameWinner, firstBreaker: m.firstBreaker };
    return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match, board: last, shots: state.shots, warnings: state.warnings, shot: state.shot, last: state.last, waiting: state.waiting };
  }
  const games = [...m.games, { winner: gameWinner, score }];
  const won = games.filter((g) => g.winner === gameWinner).length;
  if (won * 2 > params.gamesPerMatch) {
    match = { score, boards, games, over: true, winner: gameWinner, firstBreaker: m.firstBreaker };
    return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match, board: last, shots: state.shots, warnings: state.warnings, shot: state.shot, last: state.last, waiting: state.waiting };
  }
  // ICF 22(a): the other player breaks first in game 2, the first player again in game 3.
  const firstBreaker = games.length % 2 === 0 ? m.firstBreaker : nextPlayer(mode, params, m.firstBreaker);
  match = { score: new Array<number>(score.length).fill(0), boards: [], games, over: m.over, winner: m.winner, firstBreaker: m.firstBreaker };
  return { rules: state.rules, mode: state.mode, params: state.params, players: state.players, match, board: newBoard(mode, params, state.players, 1, firstBreaker), shots: state.shots, warnings: state.warnings, shot: state.shot, last: state.last, waiting: state.waiting };
}

/** The winner of the game so far, or null while it goes on (ICF 29; a tie after the last board plays another). */
function decideGame(params: Params, score: number[], boardsPlayed: number): number | null {
  let best = 0;
  // Stryker disable next-line EqualityOperator: `i <= score.length` adds a turn comparing undefined, never greater; `>=` moves best to a later side only on a tie, where there is no winner all the same
  for (let i = 1; i < score.length; i++) if (score[i] > score[best]) best = i;
  const unique = score.every((v, i) => i === best || v < score[best]);
  if (score[best] >= params.matchTarget && unique) return best;
  if (params.maxBoards !== null && boardsPlayed >= params.maxBoards && unique) return best;
  return null;
}
