// Replaying a whole match log. `undo` works on the log, not the state: the state after an undo is
// the fold of the log without the shot it takes back (docs/formats.md §1).

import { start, step } from './engine.ts';
import type { LogError, MatchLog } from './log.ts';
import type { State } from './state.ts';
import { type LoggedEvent, type Result, err, ok } from './types.ts';

/** The events that remain once every `undo` has taken its shot back. An undo with nothing to take stays, as a warning. */
export function effectiveEvents(events: readonly LoggedEvent[]): LoggedEvent[] {
  const kept = new KeptEvents<LoggedEvent>();
  for (const ev of events) if (ev.event.e !== 'undo' || kept.undo() < 0) kept.push(ev);
  return kept.items;
}

/**
 * The events an undo has not taken back, in order. An undo cuts the log where its last shot begins: just
 * after the settle before that shot's strike (or at the strike, if the shot before it was never settled;
 * at 0 if there is no shot before it). Each position remembers the last strike and the last settle or
 * strike at or before it, so an undo finds its cut without a scan: a log of n events, undos included,
 * folds in O(n) (a log of thousands of undos with nothing to take used to rescan them all at each one).
 */
export class KeptEvents<T extends { readonly event: { readonly e: string } }> {
  readonly items: T[] = [];
  /** Per position: the index of the last strike at or before it, or -1. */
  private readonly strikeAt: number[] = [];
  /** Per position: the index of the last settle or strike at or before it, or -1. */
  private readonly markAt: number[] = [];

  push(item: T): void {
    const i = this.items.length;
    const e = item.event.e;
    this.strikeAt.push(e === 'strike' ? i : i > 0 ? this.strikeAt[i - 1] : -1);
    this.markAt.push(e === 'strike' || e === 'settle' ? i : i > 0 ? this.markAt[i - 1] : -1);
    this.items.push(item);
  }

  /** Takes the last shot back: the number of events left, or -1 (and nothing changes) when there is no shot. */
  undo(): number {
    const n = this.items.length;
    const strike = n > 0 ? this.strikeAt[n - 1] : -1;
    if (strike < 0) return -1;
    const mark = strike > 0 ? this.markAt[strike - 1] : -1;
    const cut = mark < 0 ? 0 : this.items[mark].event.e === 'settle' ? mark + 1 : strike;
    this.items.length = cut;
    this.strikeAt.length = cut;
    this.markAt.length = cut;
    return cut;
  }
}

export function foldEvents(initial: State, events: readonly LoggedEvent[]): State {
  let state = initial;
  for (const { event, line } of effectiveEvents(events)) state = step(state, event, line);
  return state;
}

/** The final state of a parsed log, or the header's error. */
export function replay(log: MatchLog): Result<State, LogError> {
  const initial = start(log.header);
  if (!initial.ok) return err({ line: log.headerLine, reason: initial.error });
  return ok(foldEvents(initial.value, log.events));
}
