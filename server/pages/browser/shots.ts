// A table's live match as the pages show it shot by shot (docs/server.md §4, "The live feeds"): the live
// log the feed gave, folded with the rules engine (src/rules, the same as the table's and the server's),
// cut into shots (a strike to the next strike), each with what the engine made of it: who shot, what
// fell and where, the calls and fouls, the queen and its cover, dues, a board's or the match's end, and
// the running score; and the last lines of the match in the carrom notation (src/notation). No words
// here: live-shots.ts says them in the page's language.
import { printNotation } from '../../../src/notation/print.ts';
import { start, step } from '../../../src/rules/engine.ts';
import { parseLog } from '../../../src/rules/log.ts';
import { foldEvents, KeptEvents } from '../../../src/rules/replay.ts';
import type { State } from '../../../src/rules/state.ts';
import type { Call, Colour, LoggedEvent, MatchHeader, PocketPiece } from '../../../src/rules/types.ts';

export interface ShotShown {
  /** The shot's number in its board (0: what came before the board's first strike). */
  n: number;
  /** The board (and game, where the rules play several) it was played in. */
  game: number;
  board: number;
  /** The shooter's index in the log's players, null before a first strike. */
  player: number | null;
  pocketed: { piece: PocketPiece; pocket?: number }[];
  /** Pieces a player named after the shot (an unknown piece, named). */
  named: { piece: PocketPiece; pocket?: number }[];
  calls: Call[];
  /** The shot was taken back (an undo). */
  undone: boolean;
  /** The queen changed: pocketed by a side (to cover), covered by a side, or back on the board. */
  queen: { now: 'pending' | 'covered' | 'back'; side: number | null } | null;
  /** The dues per side, when the shot changed them. */
  dues: number[] | null;
  /** A board that ended with this shot: its winner (a side) and points. */
  boardEnd: { board: number; winner: number | null; points: number } | null;
  gameEnd: { game: number; winner: number } | null;
  matchEnd: { winner: number | null } | null;
  /** The match's score after it, per side. */
  score: number[];
}

export interface LiveShown {
  header: MatchHeader;
  shots: ShotShown[];
  /** The match as it stands after the last line. */
  score: number[];
  board: number;
  over: boolean;
  /** The last lines of the shots in the carrom notation (without times). */
  notation: string[];
}

/** A live log (its lines, the header first) shown shot by shot, or why it cannot be (a line the engine
 * refuses: the page says so and waits for the next event). */
export function showLive(lines: readonly string[], notationLines = 6): LiveShown | string {
  const parsed = parseLog(`${lines.join('\n')}\n`);
  if (!parsed.ok) return `line ${parsed.error.line}: ${parsed.error.reason}`;
  const { header, events } = parsed.value;
  const initial = start(header);
  if (!initial.ok) return initial.error;
  const kept = new KeptEvents<LoggedEvent>();
  const shots: ShotShown[] = [];
  let state = initial.value;
  let before = state;
  let cur: ShotShown | null = null;
  let n = 0;
  const close = () => {
    if (cur) finish(cur, before, state);
  };
  for (const logged of events) {
    const ev = logged.event;
    if (ev.e === 'strike' || cur === null) {
      close();
      if (boardKey(state) !== boardKey(before) || cur === null) n = 0;
      before = state;
      if (ev.e === 'strike') n++;
      cur = { n: ev.e === 'strike' ? n : 0, game: state.match.games.length + 1, board: state.board.number, player: null, pocketed: [], named: [], calls: [], undone: false, queen: null, dues: null, boardEnd: null, gameEnd: null, matchEnd: null, score: [] };
      shots.push(cur);
    }
    if (ev.e === 'undo') {
      if (kept.undo() >= 0) state = foldEvents(initial.value, kept.items);
      cur.undone = true;
      continue;
    }
    kept.push(logged);
    state = step(state, ev, logged.line);
    if (ev.e === 'strike' && state.shot) cur.player = state.shot.player;
    else if (ev.e === 'pocket') cur.pocketed.push(ev.pocket === undefined ? { piece: ev.piece } : { piece: ev.piece, pocket: ev.pocket });
    else if (ev.e === 'identify') cur.named.push(ev.pocket === undefined ? { piece: ev.piece } : { piece: ev.piece, pocket: ev.pocket });
    else if (ev.e === 'call') cur.calls.push(callOf(ev));
  }
  close();
  const printed = printNotation(header, events, { times: false });
  const text = printed.ok ? printed.value.split('\n') : [];
  const moves = text.slice(text.indexOf('') + 1).filter((l) => l !== '');
  return { header, shots, score: state.match.score.slice(), board: state.board.number, over: state.match.over, notation: moves.slice(-notationLines) };
}

const boardKey = (s: State): string => `${s.match.games.length}/${s.board.number}`;

function callOf(ev: Call & { e: 'call'; t: number }): Call {
  switch (ev.call) {
    case 'offboard':
      return { call: 'offboard', piece: ev.piece };
    case 'foul':
      return { call: 'foul', kind: ev.kind };
    case 'colour':
      return { call: 'colour', colour: ev.colour as Colour };
    default:
      return { call: ev.call };
  }
}

/** What the shot changed, from the state before its strike to the state after its last event. */
function finish(shot: ShotShown, from: State, to: State): void {
  shot.score = to.match.score.slice();
  const m0 = from.match;
  const m1 = to.match;
  if (m1.games.length > m0.games.length) {
    const g = m1.games[m1.games.length - 1];
    shot.gameEnd = { game: m1.games.length, winner: g.winner };
    // The game's last board: the match's boards start again with the next game.
    const last = m1.boards.length === 0 ? null : m1.boards[m1.boards.length - 1];
    if (last && m1.boards.length > 0) shot.boardEnd = { board: m1.boards.length, winner: last.winner, points: last.points };
  } else if (m1.boards.length > m0.boards.length) {
    const b = m1.boards[m1.boards.length - 1];
    shot.boardEnd = { board: m1.boards.length, winner: b.winner, points: b.points };
  }
  if (m1.over && !m0.over) shot.matchEnd = { winner: m1.winner };
  if (boardKey(from) !== boardKey(to)) return;
  const q0 = from.board.queen;
  const q1 = to.board.queen;
  if (q0.state !== q1.state || q0.side !== q1.side) {
    shot.queen = q1.state === 'onBoard' ? { now: 'back', side: null } : { now: q1.state, side: q1.side };
  }
  if (from.board.dues.some((d, i) => d !== to.board.dues[i])) shot.dues = to.board.dues.slice();
}
