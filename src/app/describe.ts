// The last event in a few words, for the bottom line of the display ("WHITE → P2", "STRIKER: DUE").
import type { State } from '../rules/state.ts';
import type { GameEvent, MatchHeader, PocketPiece } from '../rules/types.ts';
import { sideNames } from '../view/screen.ts';

export const describePiece = (piece: PocketPiece, pocket: number | undefined): string =>
  `${piece.toUpperCase()} → P${pocket ?? '?'}`;

export function describeEvent(e: GameEvent, before: State, after: State, header: MatchHeader): string | null {
  const names = sideNames(header);
  switch (e.e) {
    case 'strike':
      return `SHOT: ${header.players[after.board.turn].toUpperCase().slice(0, 10)}`;
    case 'pocket':
      return after.shot ? describePiece(e.piece, e.pocket) : `LATE ${describePiece(e.piece, e.pocket)}`;
    case 'undo':
      return 'SHOT TAKEN BACK';
    case 'identify':
      return `NAMED ${e.piece.toUpperCase()}`;
    case 'call':
      return e.call === 'foul' ? `FOUL: ${e.kind.toUpperCase()}` : e.call === 'offboard' ? `OFF: ${e.piece.toUpperCase()}` : e.call.toUpperCase();
    case 'settle':
      return settled(before, after, names);
  }
}

/** What the shot that just settled did, in order of importance. */
function settled(before: State, after: State, names: string[]): string {
  if (after.match.over && !before.match.over) return `MATCH TO ${after.match.winner === null ? '?' : names[after.match.winner]}`;
  const boards = after.match.boards;
  if (boards.length > before.match.boards.length || after.match.games.length > before.match.games.length) {
    const b = after.match.games.length > before.match.games.length ? null : boards[boards.length - 1];
    return b && b.winner !== null ? `BOARD: ${names[b.winner]} +${b.points}` : 'GAME OVER';
  }
  if (after.waiting === 'identify') return 'NAME THE PIECE';
  if (after.waiting === 'colour') return 'CHOOSE A COLOUR';
  const dues = after.board.dues.reduce((a, b) => a + b, 0) - before.board.dues.reduce((a, b) => a + b, 0);
  if (dues > 0) return 'STRIKER: DUE';
  const q = after.board.queen;
  if (q.state === 'covered' && before.board.queen.state !== 'covered') return `QUEEN COVERED`;
  if (q.state === 'pending' && before.board.queen.state === 'onBoard') return 'QUEEN: COVER IT';
  if (q.state === 'onBoard' && before.board.queen.state !== 'onBoard') return 'QUEEN BACK';
  return after.board.turn === before.board.turn ? 'SHOOT AGAIN' : 'TURN PASSES';
}
