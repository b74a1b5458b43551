// The last event in a few words, for the bottom line of the display ("WHITE → P2", "STRIKER: DUE"), in
// the table's language (src/i18n).
import { say, type Language, type MessageId } from '../../i18n/index.ts';
import type { State } from '../../rules/state.ts';
import type { CallName, FoulKind, GameEvent, MatchHeader, PocketPiece } from '../../rules/types.ts';
import { sideNames } from '../../view/screen.ts';

/** The message of each piece (the ids are the pieces' own names). */
export const PIECE_WORDS: Readonly<Record<PocketPiece, MessageId>> = Object.freeze({
  white: 'white',
  black: 'black',
  queen: 'queen',
  striker: 'striker',
  man: 'man',
  unknown: 'unknown',
});

export const FOUL_WORDS: Readonly<Record<FoulKind, MessageId>> = Object.freeze({
  touch: 'foulTouch',
  technique: 'foulTechnique',
  line: 'foulLine',
  backshot: 'foulBackshot',
  placement: 'foulPlacement',
  technical: 'foulTechnical',
  other: 'foulOther',
});

const CALL_WORDS: Readonly<Record<CallName, MessageId>> = Object.freeze({
  nocontact: 'noContact',
  offboard: 'offBoard',
  foul: 'foul',
  nocross: 'noCross',
  colour: 'colour',
  placed: 'placed',
});

export const describePiece = (piece: PocketPiece, pocket: number | undefined, lang: Language = 'en'): string =>
  say(lang, 'pocketed', say(lang, PIECE_WORDS[piece]), pocket ?? '?');

export function describeEvent(e: GameEvent, before: State, after: State, header: MatchHeader, lang: Language = 'en'): string | null {
  const names = sideNames(header);
  switch (e.e) {
    case 'strike':
      return say(lang, 'shotBy', header.players[after.board.turn].toUpperCase().slice(0, 10));
    case 'pocket':
      return after.shot
        ? describePiece(e.piece, e.pocket, lang)
        : say(lang, 'pocketedLate', say(lang, PIECE_WORDS[e.piece]), e.pocket ?? '?');
    case 'undo':
      return say(lang, 'shotTakenBack');
    case 'identify':
      return say(lang, 'named', say(lang, PIECE_WORDS[e.piece]));
    case 'call':
      if (e.call === 'foul') return say(lang, 'foulCalled', say(lang, FOUL_WORDS[e.kind]));
      if (e.call === 'offboard') return say(lang, 'offCalled', say(lang, PIECE_WORDS[e.piece]));
      return say(lang, CALL_WORDS[e.call]);
    case 'settle':
      return settled(before, after, names, lang);
  }
}

/** What the shot that just settled did, in order of importance. */
function settled(before: State, after: State, names: string[], lang: Language): string {
  if (after.match.over && !before.match.over) return say(lang, 'matchTo', after.match.winner === null ? '?' : names[after.match.winner]);
  const boards = after.match.boards;
  const games = after.match.games;
  if (games.length > before.match.games.length) {
    // The match's score began again at 0: the last board's points are what the game's score gained.
    const score = games[games.length - 1].score;
    let best = 0;
    for (let i = 1; i < score.length; i++) if (score[i] - before.match.score[i] > score[best] - before.match.score[best]) best = i;
    const gained = score[best] - before.match.score[best];
    return gained > 0 ? say(lang, 'boardTo', names[best], gained) : say(lang, 'gameOver');
  }
  if (boards.length > before.match.boards.length) {
    const b = boards[boards.length - 1];
    return b.winner !== null ? say(lang, 'boardTo', names[b.winner], b.points) : say(lang, 'gameOver');
  }
  if (after.waiting === 'identify') return say(lang, 'nameThePiece');
  if (after.waiting === 'colour') return say(lang, 'chooseAColour');
  const dues = after.board.dues.reduce((a, b) => a + b, 0) - before.board.dues.reduce((a, b) => a + b, 0);
  if (dues > 0) return say(lang, 'strikerDue');
  const q = after.board.queen;
  if (q.state === 'covered' && before.board.queen.state !== 'covered') return say(lang, 'queenCovered');
  if (q.state === 'pending' && before.board.queen.state === 'onBoard') return say(lang, 'queenCoverIt');
  if (q.state === 'onBoard' && before.board.queen.state !== 'onBoard') return say(lang, 'queenBack');
  return say(lang, after.board.turn === before.board.turn ? 'shootAgain' : 'turnPasses');
}

/** A game of the match just ended (not the match): who won it and the games so far, after the last
 * board's points, shown until the next game's first strike. */
export function describeGameEnd(before: State, after: State, header: MatchHeader, lang: Language = 'en'): string[] {
  const games = after.match.games;
  if (games.length <= before.match.games.length || after.match.over) return [];
  const names = sideNames(header);
  const won = names.map(() => 0);
  for (const g of games) won[g.winner]++;
  return [say(lang, 'gameTo', games.length, names[games[games.length - 1].winner]), say(lang, 'gamesAre', won.join('-'))];
}
