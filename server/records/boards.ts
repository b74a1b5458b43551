// One row per finished board, folded from a match log with our own rules engine (docs/server.md, "The
// CSV export"). The engine starts the next board as soon as one ends, so the final position of the
// board that ended (men left per side, turns) is taken from the same step replayed once more with the
// match forced to end there: the engine then keeps that board on show.
import { effectiveEvents } from '../../src/rules/replay.ts';
import { start, step } from '../../src/rules/engine.ts';
import type { MatchLog } from '../../src/rules/log.ts';
import type { BoardResult, MatchProgress, State } from '../../src/rules/state.ts';
import type { GameEvent } from '../../src/rules/types.ts';
import type { BoardJson } from '../json/club.ts';

/** The contract's fields, then SoL's per-board ones (turns, shots) and the colours the men left belong to. */
export type BoardRow = BoardJson;

interface Tracked {
  result: BoardResult;
  row: BoardRow;
  shotsAtEnd: number;
}

/** The rows of every finished board of a log, and the final state (the same fold `carrom replay` makes). */
export function boardRows(log: MatchLog): { rows: BoardRow[]; final: State } | { error: string } {
  const fold = BoardFold.start(log.header);
  if (typeof fold === 'string') return { error: `line ${log.headerLine}: ${fold}` };
  for (const { event, line } of effectiveEvents(log.events)) fold.step(event, line);
  return { rows: fold.rows(), final: fold.state };
}

/** The fold of a log's effective events (undos applied) into the engine's state and the board rows, one
 * event at a time, so that a later record of the same match can go on from where an earlier one ended
 * (server/records/replay.ts) instead of replaying the whole log again. */
export class BoardFold {
  private constructor(
    public state: State,
    /** The engine forgets a game's boards when the next game starts; we keep them. */
    private games: Tracked[][],
    private current: Tracked[],
  ) {}

  static start(header: MatchLog['header']): BoardFold | string {
    const initial = start(header);
    return initial.ok ? new BoardFold(initial.value, [], []) : initial.error;
  }

  rows(): BoardRow[] {
    return [...this.games.flat(), ...this.current].map((d) => d.row);
  }

  step(event: GameEvent, line: number): void {
    const { state, games } = this;
    let current = this.current;
    const shotsBefore = (list: Tracked[], i: number) => (i > 0 && list[i - 1] ? list[i - 1].shotsAtEnd : (games[games.length - 1]?.at(-1)?.shotsAtEnd ?? 0));
    const next = step(state, event, line);
    const m = next.match;
    // Games whose boards the engine no longer shows: all but the last one once the match is over.
    const closed = m.over && m.games.length > 0 ? m.games.length - 1 : m.games.length;
    if (closed > games.length) {
      // This board ended the game: its result and position are seen only in the forced replay. Its number
      // says how many boards came before it: a late drop may end the game with a board whose end (the game
      // going on) already had a row, which the row judged again replaces.
      const ended = finish(state, null, event, line, games.length + 1, 0, next.shots);
      current.length = Math.min(current.length, ended.row.board - 1);
      ended.row.shots = next.shots - shotsBefore(current, current.length);
      current.push(ended);
      games.push(current);
      current = [];
    } else {
      // A late drop can judge the last shot again: the board (or game) it ended may now end otherwise, or not at all.
      if (closed < games.length) current = games.pop() ?? [];
      else if (closed > 0 && m.games[closed - 1] !== state.match.games[closed - 1]) {
        // The board that ended the last game was judged again and still ends it, perhaps by other points.
        const last = games[closed - 1];
        last[last.length - 1] = finish(state, null, event, line, closed, shotsBefore(last, last.length - 1), next.shots);
      }
      const boards = m.boards;
      if (current.length > boards.length) current.length = boards.length;
      const i = boards.length - 1;
      if (i >= 0 && (current.length <= i || current[i].result !== boards[i])) {
        current.length = Math.min(current.length, i);
        current.push(finish(state, next, event, line, games.length + 1, shotsBefore(current, current.length), next.shots));
      }
    }
    this.current = current;
    this.state = next;
  }
}

/** The row of the board that `event` ended. `after` is the engine's own next state, or null where it no
 * longer shows that board (the game ended and the next one began). */
function finish(before: State, after: State | null, event: GameEvent, line: number, game: number, shotsBefore: number, shotsAtEnd: number): Tracked {
  let shown = after?.match.over ? after : step(forceEnd(before, false), event, line);
  // A tie at the top ends no game: then only the position is read, from a replay with the score made unique.
  if (!shown.match.over) shown = step(forceEnd(before, true), event, line);
  const real = after ?? shown;
  const result = real.match.boards[real.match.boards.length - 1];
  const b = shown.match.over ? shown.board : before.board;
  const three = before.mode === 'three';
  const left = (side: number) => {
    const c = b.colours[side];
    return three || !c ? null : b.onBoard[c];
  };
  const row: BoardRow = {
    game,
    board: b.number,
    breaker: b.breaker,
    winner: result.winner,
    points: result.points,
    queen: result.queen,
    menLeft0: left(0),
    menLeft1: left(1),
    turns: b.turnId + 1,
    shots: shotsAtEnd - shotsBefore,
    colour0: three ? null : b.colours[0],
    colour1: three ? null : b.colours[1],
  };
  return { result, row, shotsAtEnd };
}

/** The same state under parameters that end the match at the next board end, so that the board stays on
 * show. `unique` also lifts side 0's score, for a tie; points read from such a replay would be wrong. */
function forceEnd(s: State, unique: boolean): State {
  const params = { ...s.params, matchTarget: 0, maxBoards: null, gamesPerMatch: 1 };
  // Whole literals in the engine's key order, as the engine makes its states (src/rules/state.ts, State).
  const match = (m: MatchProgress): MatchProgress =>
    unique ? { score: m.score.map((v, i) => (i === 0 ? v + 1_000_000 : v)), boards: m.boards, games: m.games, over: m.over, winner: m.winner, firstBreaker: m.firstBreaker } : m;
  const lift = (x: State, last: State['last']): State => ({ rules: x.rules, mode: x.mode, params, players: x.players, match: match(x.match), board: x.board, shots: x.shots, warnings: x.warnings, shot: x.shot, last, waiting: x.waiting });
  return lift(s, s.last ? { pre: lift(s.last.pre, s.last.pre.last), shot: s.last.shot } : null);
}
