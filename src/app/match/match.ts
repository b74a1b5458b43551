// The match as the app keeps it: a base state (the start, or a snapshot taken at the start of a board)
// and the log since. State is their fold; an undo folds the shorter log again (replay.ts). Only the
// events are kept, not a state per event: the heap stays small, and an undo costs one board's fold.

import { step } from '../../rules/engine.ts';
import { foldEvents } from '../../rules/replay.ts';
import type { State } from '../../rules/state.ts';
import type { GameEvent, LoggedEvent, MatchHeader } from '../../rules/types.ts';

export class Match {
  private events: LoggedEvent[] = [];
  state: State;

  constructor(
    readonly header: MatchHeader,
    private base: State,
    /** The log line of the first event after `base` (the header is line 1). */
    private baseLine = 2,
  ) {
    this.state = base;
  }

  get nextLine(): number {
    return this.baseLine + this.events.length;
  }

  apply(event: GameEvent): State {
    const logged = { event, line: this.nextLine };
    this.events.push(logged);
    this.state = event.e === 'undo' ? foldEvents(this.base, this.events) : step(this.state, event, logged.line);
    return this.state;
  }

  /** Starts again from `base` (a snapshot at the start of a board): the log before it is in the journal. */
  rebase(base: State): void {
    this.baseLine = this.nextLine;
    this.base = base;
    this.state = base;
    this.events = [];
  }

  /** The log since the base, undo events included. */
  log(): readonly LoggedEvent[] {
    return this.events;
  }
}

/** A game of the match has ended and the next one's first strike is still to come: the finished game
 * stays on show (the display's score and the simulator's page). */
export function gameEnded(s: State): boolean {
  const b = s.board;
  return s.match.games.length > 0 && s.match.boards.length === 0 && !s.match.over && s.shot === null && b.number === 1 && !b.broken && b.attempts === 0 && b.turnId === 0;
}
