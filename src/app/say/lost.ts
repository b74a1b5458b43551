// A shot lost to a power cut. Flash is never written while pieces move (docs/hardware.md 2), so the journal
// ends at the last settled shot, and a shot in flight when the power went is gone; its pieces are in the
// pockets all the same. Nor can the table know whether one was in flight: the strike is known only a
// second after the striker left the baseline (docs/formats.md §2), with pieces already moving, and a mark at
// each placement of the striker would double the writes per shot (docs/hardware.md 5) and still not tell a
// shot from a striker put down. So after every restore the table says which shot would have been lost,
// and the players either put its pieces back and play it again, or name what went down and the table
// logs it as that shot (strike, pockets, settle), so that the board and the log agree again.

import { say, type Language } from '../../i18n/index.ts';
import type { GameEvent, Piece } from '../../rules/types.ts';

const LETTERS: Readonly<Record<Piece, string>> = Object.freeze({ white: 'W', black: 'B', queen: 'Q', striker: 'S' });
/** More than every piece of a board: a bound on what a slip of the finger can add. */
const MAX_PIECES = 21;

export class LostShot {
  readonly pieces: Piece[] = [];

  /** `shot`: its number in the match (the shots adjudicated, plus one). */
  constructor(readonly shot: number) {}

  /** What the play screen says until the players answer, or play on. */
  notice(lang: Language = 'en'): string {
    return say(lang, 'lostShotNotice', this.shot);
  }

  add(piece: Piece): void {
    if (this.pieces.length < MAX_PIECES) this.pieces.push(piece);
  }

  clear(): void {
    this.pieces.length = 0;
  }

  /** "2W B Q": what the players said went down, or NONE IN. */
  tally(lang: Language = 'en'): string {
    const parts: string[] = [];
    for (const piece of ['white', 'black', 'queen', 'striker'] as const) {
      const n = this.pieces.filter((p) => p === piece).length;
      if (n > 0) parts.push(`${n > 1 ? n : ''}${LETTERS[piece]}`);
    }
    return parts.length ? parts.join(' ') : say(lang, 'noneIn');
  }

  /** The shot as the log records it: a strike, each piece into a pocket (which one is not known), a settle. */
  events(t: number): GameEvent[] {
    return [{ e: 'strike', t }, ...this.pieces.map((piece): GameEvent => ({ e: 'pocket', piece, t })), { e: 'settle', t }];
  }
}
