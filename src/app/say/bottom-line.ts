// The play screen's bottom line: what the table says last. An event's messages are shown one after
// another (every 2.5 s, while nothing else took their place); the app's own messages stand alone. The
// line knows how to say itself again, so that a language chosen in SETTINGS shows at once.

import type { Said } from './explain.ts';

/** How long each message of the bottom line stays before the next (microseconds). */
const SAID_US = 2_500_000;

export class BottomLine {
  /** The text shown now. */
  text = 'READY';
  /** What the last event asks of the players, shown in turn (`text` is the one shown). */
  private said: Said[] = [];
  private index = 0;
  private at = 0;
  /** Says the line again in the table's language (set by whoever said it last). */
  private again: (() => void) | null = null;

  /** A text of its own (an app message, a piece seen); `again` says it in the language of the moment. */
  show(text: string, again: (() => void) | null = null): void {
    this.text = text;
    this.again = again;
  }

  /** These messages one after another from the first, from `now`; `again` tells them anew. */
  tell(said: Said[], now: number, again: (() => void) | null = null): void {
    this.said = said;
    this.index = 0;
    this.at = now;
    if (said.length > 0) this.text = said[0].display;
    this.again = again;
  }

  /** The language changed: the line as its sayer would say it now. */
  retell(): void {
    this.again?.();
  }

  /** Every 2.5 s the next message, while the line still shows one of them; true if the text changed. */
  advance(t: number): boolean {
    const said = this.said;
    if (said.length < 2 || t - this.at < SAID_US) return false;
    if (this.text !== said[this.index].display) {
      this.said = [];
      return false;
    }
    this.index = (this.index + 1) % said.length;
    this.at = t;
    this.text = said[this.index].display;
    return true;
  }

  /** The page's sentences of the messages shown now (none once something else took the line). */
  sentences(): string[] {
    const out: string[] = [];
    if (this.said.length > 0 && this.text === this.said[this.index].display) for (const s of this.said) if (s.page) out.push(s.page);
    return out;
  }
}
