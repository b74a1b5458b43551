// The match as the app keeps it: a base state (the start, or a snapshot taken at the start of a board)
// and the log since. State is their fold; an undo folds a shorter log (replay.ts).

import { step } from '../rules/engine.ts';
import { effectiveEvents, undoCut } from '../rules/replay.ts';
import type { State } from '../rules/state.ts';
import type { GameEvent, LoggedEvent, MatchHeader } from '../rules/types.ts';

export class Match {
  private events: LoggedEvent[] = [];
  /** The events an undo has not taken back, with the state after each: an undo is then a look-up. */
  private kept: { event: LoggedEvent; after: State }[] = [];
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
    const cut = event.e === 'undo' ? undoCut(this.kept.map((k) => k.event)) : -1;
    if (cut >= 0) {
      this.kept.length = cut;
      this.state = cut > 0 ? this.kept[cut - 1].after : this.base;
    } else {
      this.state = step(this.state, event, logged.line);
      this.kept.push({ event: logged, after: this.state });
    }
    return this.state;
  }

  /** Starts again from `base` (a snapshot at the start of a board): the log before it is in the journal. */
  rebase(base: State): void {
    this.baseLine = this.nextLine;
    this.base = base;
    this.state = base;
    this.events = [];
    this.kept = [];
  }

  /** The log since the base, undo events included, as the journal and the simulator show it. */
  log(): readonly LoggedEvent[] {
    return this.events;
  }

  /** What remains once undos are applied (for exports). */
  effective(): LoggedEvent[] {
    return effectiveEvents(this.events);
  }
}
