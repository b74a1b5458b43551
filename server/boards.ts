// One row per finished board, folded from a match log with our own rules engine (docs/server.md, "The
// CSV export"). The engine starts the next board as soon as one ends, so the final position of the
// board that ended (men left per side, turns) is taken from the same step replayed once more with the
// match forced to end there: the engine then keeps that board on show.
import { effectiveEvents } from '../src/rules/replay.ts';
import { start, step } from '../src/rules/engine.ts';
import type { MatchLog } from '../src/rules/log.ts';
import type { BoardResult, State } from '../src/rules/state.ts';
import type { GameEvent } from '../src/rules/types.ts';

/** The contract's fields, then SoL's per-board ones (turns, shots) and the colours the men left belong to. */
export interface BoardRow {
  game: number;
  board: number;
  breaker: number;
  winner: number | null;
  points: number;
  queen: number | null;
  menLeft0: number | null;
  menLeft1: number | null;
  turns: number;
  shots: number;
  colour0: string | null;
  colour1: string | null;
}

interface Tracked {
  result: BoardResult;
  row: BoardRow;
  shotsAtEnd: number;
}

/** The rows of every finished board of a log, and the final state (the same fold `carrom replay` makes). */
export function boardRows(log: MatchLog): { rows: BoardRow[]; final: State } | { error: string } {
  const initial = start(log.header);
  if (!initial.ok) return { error: `line ${log.headerLine}: ${initial.error}` };
  let state = initial.value;
  const done: Tracked[] = [];
  for (const { event, line } of effectiveEvents(log.events)) {
    const next = step(state, event, line);
    const boards = next.match.boards;
    // A late drop can judge the last shot again: the board it ended may now end otherwise, or not at all.
    if (done.length > boards.length) done.length = boards.length;
    const i = boards.length - 1;
    if (i >= 0 && (done.length <= i || done[i].result !== boards[i])) {
      done.length = i;
      const shotsBefore = i > 0 ? done[i - 1].shotsAtEnd : 0;
      done.push(finish(state, next, event, line, shotsBefore));
    }
    state = next;
  }
  return { rows: done.map((d) => d.row), final: state };
}

function finish(before: State, after: State, event: GameEvent, line: number, shotsBefore: number): Tracked {
  const result = after.match.boards[after.match.boards.length - 1];
  const shown = after.match.over ? after : step(forceEnd(before), event, line);
  const b = shown.match.over ? shown.board : before.board;
  const left = (side: number) => {
    const c = b.colours[side];
    return after.mode === 'three' || !c ? null : b.onBoard[c];
  };
  const row: BoardRow = {
    game: before.match.games.length + 1,
    board: b.number,
    breaker: b.breaker,
    winner: result.winner,
    points: result.points,
    queen: result.queen,
    menLeft0: left(0),
    menLeft1: left(1),
    turns: b.turnId + 1,
    shots: after.shots - shotsBefore,
    colour0: after.mode === 'three' ? null : b.colours[0],
    colour1: after.mode === 'three' ? null : b.colours[1],
  };
  return { result, row, shotsAtEnd: after.shots };
}

/** The same state under parameters that end the match at the next board end (the board then stays on
 * show), with the score made unique so the engine has a winner. Only positions are read from it. */
function forceEnd(s: State): State {
  const params = { ...s.params, matchTarget: 0, maxBoards: null, gamesPerMatch: 1 };
  const score = s.match.score.map((v, i) => (i === 0 ? v + 1_000_000 : v));
  const patched = { ...s, params, match: { ...s.match, score } };
  if (!s.last) return patched;
  const pre = s.last.pre;
  return { ...patched, last: { ...s.last, pre: { ...pre, params, match: { ...pre.match, score: pre.match.score.map((v, i) => (i === 0 ? v + 1_000_000 : v)) } } } };
}
