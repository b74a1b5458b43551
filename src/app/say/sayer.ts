// The said-message cycle: what the app puts on the bottom line (bottom-line.ts), in the table's language
// of the moment. Each message is shown with the way to say it anew, so that a language chosen in SETTINGS
// shows at once (BottomLine.retell); an event's messages come in turn, a piece seen alone.

import { say, type Language, type MessageId } from '../../i18n/index.ts';
import type { State } from '../../rules/state.ts';
import type { GameEvent, MatchHeader } from '../../rules/types.ts';
import type { SeenPiece } from '../../sensing/types.ts';
import type { BottomLine } from './bottom-line.ts';
import { describeEvent, describePiece } from './describe.ts';
import { explainEvent } from './explain.ts';

export class Sayer {
  constructor(
    private readonly line: BottomLine,
    /** The table's language now (the settings'). */
    private readonly language: () => Language,
    /** The host's clock: an event's messages are timed from when they are told. */
    private readonly now: () => number,
  ) {}

  /** The bottom line says `id`, and says it again in another language if the players choose one. */
  say(id: MessageId, a?: string | number): void {
    const sayIt = () => this.line.show(say(this.language(), id, a), sayIt);
    sayIt();
  }

  /** An event's headline and what it asks of the players, in turn; an event without a headline of its own
   * keeps the one the line showed. `warnedFrom`: the engine's warnings from there on are this event's. */
  event(e: GameEvent, before: State, after: State, header: MatchHeader, warnedFrom: number): void {
    const shown = this.line.text;
    const tellIt = () => {
      const lang = this.language();
      const headline = describeEvent(e, before, after, header, lang) ?? shown;
      this.line.tell(explainEvent(e, before, after, header, headline, lang, warnedFrom), this.now(), tellIt);
    };
    tellIt();
  }

  /** A piece the sensing saw go down, before its shot settles. */
  piece(p: SeenPiece): void {
    const sayIt = () => this.line.show(describePiece(p.piece, p.pocket, this.language()), sayIt);
    sayIt();
  }

  /** Why a match would not start: the engine's words, cut to the line (they are English in every language). */
  refused(error: string): void {
    this.line.show(error.toUpperCase().slice(0, 21));
  }
}
