// The marks of the carrom notation (docs/notation.md) that replaying a log derives: what each line ended
// (boards, games, the match) or took back, how the board changed (the queen, dues, men put back, the
// colours) and the engine's warnings. print.ts writes them beside the shots' tokens (describeLog), and
// read.ts checks a text's marks by deriving them again. `letters` are the sides' letters (print.ts's
// sideLetters).

import { step } from '../rules/engine.ts';
import { type BoardResult, type Counts, type State, publicState } from '../rules/state.ts';
import type { GameEvent } from '../rules/types.ts';

/** The replay at one point of the log: the state, and what ended (boards, games, the match) so far. */
export interface Point {
  state: State;
  ended: { games: readonly string[][]; playing: readonly string[]; all: readonly string[] };
}

/** Which board a state is in: the game and the board's number in it. */
export const boardOf = (s: State): string => `${s.match.games.length}/${s.board.number}`;

/** What the step from `before` to `next` leaves ended: each finished game's boards and result (kept when
 * the game ends: the state forgets a game's boards when the next begins), the boards of the game in
 * play, and the match. Made again at every step that changes the match, as a late drop or a call may
 * judge the last shot again. */
export function endings(before: Point, next: State, event: GameEvent, line: number, letters: string[]): Point['ended'] {
  const prev = before.state.match;
  const m = next.match;
  if (m === prev) return before.ended; // the engine makes a new match only when it changes
  let games = before.ended.games.slice(0, m.games.length);
  // A game ended at this step, or the last one ended otherwise (a late drop judged its last shot again).
  const n = m.games.length;
  const grew = n > prev.games.length;
  const redone = n > 0 && n === prev.games.length && JSON.stringify(m.games[n - 1]) !== JSON.stringify(prev.games[n - 1]);
  if (grew || redone) {
    // The step again, as if the match were one game, keeps the last board (replay.ts's summary does the
    // same); the shot that settled last is judged again from the state before it, so that one too.
    const one = (s: State): State => ({ ...s, params: { ...s.params, gamesPerMatch: 1 } });
    const s = before.state;
    const single = step({ ...one(s), last: s.last ? { pre: one(s.last.pre), shot: s.last.shot } : null }, event, line).match;
    const g = m.games[n - 1];
    games = games.slice(0, n - 1);
    games.push([...boardLines(single.boards, `game ${n} `, letters, single.score, before.ended.playing), `game ${n}: ${who(letters, g.winner)} wins ${g.score.join('-')}`]);
  }
  const playing = m.over && m.games.length > 0 ? [] : boardLines(m.boards, next.params.gamesPerMatch > 1 ? `game ${m.games.length + 1} ` : '', letters, m.score, before.ended.playing);
  const all = [...games.flat(), ...playing];
  if (m.over) all.push(`match: ${who(letters, m.winner)} wins`);
  return { games, playing, all };
}

const who = (letters: string[], side: number | null): string => (side === null ? 'nobody' : letters[side]);

/** One mark per finished board of a game: who won it, by what, the queen, and the game's score after it.
 * The score after the last board is the match's (`score`); earlier boards keep the marks they were given
 * when they ended (`earlier`), else their score is summed from the winners (in the 3-player game every
 * player banks points at a board's end, which the boards alone do not say). */
function boardLines(boards: readonly BoardResult[], game: string, letters: string[], score: readonly number[], earlier: readonly string[]): string[] {
  const sum = letters.map(() => 0);
  return boards.map((b, i) => {
    if (b.winner !== null) sum[b.winner] += b.points;
    const last = i === boards.length - 1;
    if (!last && i < earlier.length && earlier[i].startsWith(`${game}board ${i + 1}: `)) return earlier[i];
    return `${game}board ${i + 1}: ${who(letters, b.winner)} wins ${b.points}${b.queen === null ? '' : `, queen ${who(letters, b.queen)}`}; score ${(last ? score : sum).join('-')}`;
  });
}

/** The marks of one line: what ended or was taken back, and how the board changed (queen, dues, men put
 * back, colours), then the engine's warnings about the line's events. */
export function annotate(from: Point, to: Point, letters: string[], boardStart: boolean): string[] {
  const out: string[] = [];
  const was = from.ended.all;
  const now = to.ended.all;
  let same = 0;
  while (same < was.length && same < now.length && was[same] === now[same]) same++;
  for (const e of was.slice(same)) out.push(`undone: ${e}`);
  if (boardOf(from.state) === boardOf(to.state)) boardChanges(from.state, to.state, letters, boardStart, out);
  for (const e of now.slice(same)) out.push(e);
  if (to.state.warnings.length > from.state.warnings.length) {
    for (const w of to.state.warnings.slice(from.state.warnings.length)) out.push(`warning: ${w.warning}`);
  }
  return out;
}

/** How the board changed over a line (the first line of a board also says the colours, if the rules gave them). */
function boardChanges(from: State, to: State, letters: string[], boardStart: boolean, out: string[]): void {
  const a = publicState(from);
  const b = publicState(to);
  const who = (side: number | null) => (side === null ? 'nobody' : letters[side]);
  const ca = a.board.colours;
  const cb = b.board.colours;
  if ((boardStart || ca.some((c, i) => c !== cb[i])) && cb.every((c) => c !== null)) {
    out.push(`colours: ${cb.map((c, i) => `${letters[i]} ${c}`).join(', ')}`);
  }
  // What went back on the board: against the board before the line's shot, less what the shot pocketed
  // (a man pocketed and one put back as a penalty leave the count as it was); for a line that judged no
  // shot of its own (a call between shots), against the board before the line.
  const judged = to.last !== null && to.last !== from.last && boardOf(to.last.pre) === boardOf(to) ? to.last : null;
  const before: Counts = judged ? { ...judged.pre.board.onBoard } : { ...a.board.onBoard };
  if (judged) {
    for (const p of judged.shot.pieces) if (p.piece === 'white' || p.piece === 'black' || p.piece === 'queen') before[p.piece] = Math.max(0, before[p.piece] - 1);
  }
  const qa = a.board.queen;
  const qb = b.board.queen;
  if (qa.state !== qb.state || qa.side !== qb.side) {
    if (qb.state === 'onBoard') out.push('queen back on the board');
    else if (qb.state === 'pending') out.push(`queen pocketed by ${who(qb.side)}, to cover`);
    else out.push(`queen covered by ${who(qb.side)}`);
  } else if (qb.state === 'onBoard' && before.queen < b.board.onBoard.queen) out.push('queen back on the board');
  if (a.board.dues.some((d, i) => d !== b.board.dues[i])) out.push(`dues ${b.board.dues.join('-')}`);
  const up = (['white', 'black'] as const).filter((c) => b.board.onBoard[c] > before[c]);
  if (up.length > 0) out.push(`on the board again: ${up.map((c) => `${b.board.onBoard[c] - before[c]} ${c}`).join(', ')}`);
}
