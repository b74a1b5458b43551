// Replaying a whole match log. `undo` works on the log, not the state: the state after an undo is
// the fold of the log without the shot it takes back (docs/formats.md §1).

import { start, step } from './engine.ts';
import type { LogError, MatchLog } from './log.ts';
import type { State } from './state.ts';
import { type LoggedEvent, type Result, err, ok } from './types.ts';

/** The events that remain once every `undo` has taken its shot back. An undo with nothing to take stays, as a warning. */
export function effectiveEvents(events: readonly LoggedEvent[]): LoggedEvent[] {
  const kept: LoggedEvent[] = [];
  for (const ev of events) {
    if (ev.event.e !== 'undo') {
      kept.push(ev);
      continue;
    }
    const cut = undoCut(kept);
    if (cut < 0) kept.push(ev);
    else kept.length = cut;
  }
  return kept;
}

/** Where the last shot begins: just after the settle before its strike (or at the strike, if the shot
 * before it was never settled). -1 when there is no shot to take back. */
export function undoCut(kept: readonly { event: { e: string } }[]): number {
  let strike = kept.length - 1;
  while (strike >= 0 && kept[strike].event.e !== 'strike') strike--;
  if (strike < 0) return -1;
  for (let i = strike - 1; i >= 0; i--) {
    const e = kept[i].event.e;
    if (e === 'settle') return i + 1;
    if (e === 'strike') return strike;
  }
  return 0;
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
