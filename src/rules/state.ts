// The engine's state, and the public view of it that `carrom replay` prints (docs/formats.md §1).

import type { Params } from './params.ts';
import type { Colour, Mode, PocketPiece } from './types.ts';

export type QueenState = 'onBoard' | 'pending' | 'covered';

export interface Counts {
  white: number;
  black: number;
  queen: number;
}

/** Men a player of the 3-player game has pocketed and keeps (colour matters only for points). */
export interface Credit {
  white: number;
  black: number;
}

/** Men ordered back to pay a debt, that the opponent has not placed yet (dueLapse: beforeNextTurn). */
export interface PendingPlacement {
  side: number;
  colour: Colour;
  count: number;
  turnId: number;
}

export interface Board {
  number: number;
  /** Who was due to break this board (the rotation follows it, not who finally broke). */
  firstBreaker: number;
  breaker: number;
  turn: number;
  /** Increases each time the turn passes; debts lapse against it. */
  turnId: number;
  colours: (Colour | null)[];
  onBoard: Counts;
  queen: { state: QueenState; side: number | null };
  /** The queen was pocketed before its owner could take it and goes back when the turn ends. */
  queenBackAtTurnEnd: boolean;
  /** The `turnId` in which the queen was covered; undefined before (and in snapshots made before there was
   * one). Always a key of the boards the engine makes, last, so that they have one shape; JSON leaves it out. */
  queenCoveredTurn?: number;
  dues: number[];
  broken: boolean;
  /** Failed break attempts of the current breaker. */
  attempts: number;
  /** Per side: has pocketed one of its own men in this board (ICF 65, 68(c)). */
  everOwn: boolean[];
  /** 3-player game: men each player has pocketed and keeps. */
  credits: Credit[];
  pendingPlacement: PendingPlacement | null;
}

export interface BoardResult {
  winner: number | null;
  points: number;
  queen: number | null;
}

export interface MatchProgress {
  score: number[];
  boards: BoardResult[];
  games: { winner: number; score: number[] }[];
  over: boolean;
  winner: number | null;
  /** The player who broke board 1 of the match. */
  firstBreaker: number;
}

export interface ShotPiece {
  piece: PocketPiece;
  pocket: number | undefined;
}

/** One shot as the sensors and the players described it. */
export interface Shot {
  player: number;
  pieces: ShotPiece[];
  nocontact: boolean;
  nocross: boolean;
  offboard: PocketPiece[];
  fouls: string[];
}

export interface Warning {
  line: number;
  warning: string;
}

/** Every state is made as one object literal with all these keys in this order (engine.ts's start), never
 * by spreading another state. V8 (Node 20) gives what a spread makes a new shape (hidden class) for each
 * place that spreads and each shape it spreads from; states go from one such place to the next, so a match's
 * states had a dozen shapes, the spreads gave up their fast path and each read of a field met many shapes.
 * Literals written alike share one shape. XS spends no more operations on the literal than on the spread. */
export interface State {
  readonly rules: string;
  readonly mode: Mode;
  readonly params: Params;
  /** Number of players (2, 4 or 3). */
  readonly players: number;
  readonly match: MatchProgress;
  readonly board: Board;
  readonly shots: number;
  readonly warnings: readonly Warning[];
  /** The shot in progress (after a strike, before its settle). */
  readonly shot: Shot | null;
  /** The shot that settled last and the state before it was adjudicated, for late drops and later calls. */
  readonly last: { readonly pre: State; readonly shot: Shot } | null;
  /** Adjudication of `last` waits for a player: pieces to name, or a colour to choose. */
  readonly waiting: 'identify' | 'colour' | null;
}

export const sidesOf = (mode: Mode): number => (mode === 'three' ? 3 : 2);
export const sideOf = (state: Pick<State, 'mode'>, player: number): number => (state.mode === 'doubles' ? player % 2 : player);
/** Seats are numbered clockwise seen from above; singles players sit at seats 0 and 2. */
export const seatOf = (state: Pick<State, 'mode'>, player: number): number => (state.mode === 'singles' ? player * 2 : player);

/** The player who shoots after `player` (ICF 22(b) "to the right" is anticlockwise seen from above). */
export function nextPlayer(mode: Mode, params: Pick<Params, 'turnDirection'>, player: number): number {
  if (mode === 'singles') return 1 - player;
  const n = mode === 'doubles' ? 4 : 3;
  return params.turnDirection === 'clockwise' ? (player + 1) % n : (player + n - 1) % n;
}

export const isUnknown = (piece: PocketPiece): boolean => piece === 'man' || piece === 'unknown';

/** What `carrom replay` prints. Key order is part of the contract (Node and XS must print the same bytes). */
export function publicState(state: State) {
  const { match } = state;
  return {
    rules: state.rules,
    mode: state.mode,
    match: {
      score: match.score.slice(),
      boards: match.boards.map((b) => ({ winner: b.winner, points: b.points, queen: b.queen })),
      games: match.games.map((g) => ({ winner: g.winner, score: g.score.slice() })),
      over: match.over,
      winner: match.winner,
    },
    board: publicBoard(state),
    shots: state.shots,
    warnings: state.warnings.map((w) => ({ line: w.line, warning: w.warning })),
  };
}

/** The board part of `publicState`: a few fields, whatever the length of the match (the display's
 * model reads it at every redraw, and the match's history would make that cost grow board by board). */
export function publicBoard(state: State) {
  const { board } = state;
  return {
    number: board.number,
    breaker: board.breaker,
    turn: board.turn,
    colours: board.colours.slice(),
    onBoard: { white: board.onBoard.white, black: board.onBoard.black, queen: board.onBoard.queen },
    queen: { state: board.queen.state, side: board.queen.side },
    dues: board.dues.slice(),
    awaiting: awaiting(state),
    ...(state.mode === 'three' ? { points: boardPoints(state) } : {}),
  };
}

export type PublicState = ReturnType<typeof publicState>;

function awaiting(state: State): Record<string, number> | null {
  if (state.waiting === 'identify' && state.last) {
    let n = 0;
    for (const p of state.last.shot.pieces) if (isUnknown(p.piece)) n++;
    return { identify: n };
  }
  if (state.waiting === 'colour' && state.last) return { colour: sideOf(state, state.last.shot.player) };
  const pending = state.board.pendingPlacement;
  // Stryker disable next-line ConditionalExpression,StringLiteral: no placement waits in the 3-player game (turn.ts, payDues), so only the two-sided answer is ever given
  if (pending) return { placed: state.mode === 'three' ? pending.side : 1 - pending.side };
  return null;
}

/** 3-player game: each player's points in the board so far (men kept, and the queen if he covered it). */
export function boardPoints(state: Pick<State, 'board' | 'params' | 'players'>): number[] {
  const values = state.params.threePlayerValues;
  const { board } = state;
  const points: number[] = [];
  for (let p = 0; p < state.players; p++) {
    const c = board.credits[p];
    const queen = board.queen.state === 'covered' && board.queen.side === p ? values.queen : 0;
    points.push(c.white * values.white + c.black * values.black + queen);
  }
  return points;
}
