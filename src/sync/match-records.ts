// The current match's records as the outbox keeps them (docs/sync.md): the log read back after a boot
// and how far its records went, and the unsent board records a newer one carries. When to make a record,
// archive the log or drop the older ones is the sync core's (sync.ts); this side only reads the outbox.
// Plain functions: in the device's bundle their names are minified, where a class's methods are not.

import type { Entry, Outbox, Recorded } from './outbox.ts';

/** Boards finished in a match (each game's count starts again). */
export const boardsDone = (s: { match: { boards: readonly unknown[]; games: readonly unknown[] } }) => s.match.games.length * 1000 + s.match.boards.length;

/** The event lines of a match log (its header line not counted). */
export const eventLines = (log: string) => {
  let n = -1; // the header line
  for (let i = log.indexOf('\n'); i >= 0; i = log.indexOf('\n', i + 1)) n++;
  return n;
};

/** After a boot: the log before line `line` of the match whose header line is `header`, and the event
 * lines the outbox holds of it; null when the outbox's newest log is not that match's, or too short. */
export function logBefore(outbox: Outbox, header: string, line: number): { log: string; events: number } | null {
  const log = outbox.latestLog();
  if (log === null || !log.startsWith(`${header}\n`)) return null;
  const events = eventLines(log);
  if (events < line - 2) return null;
  let end = 0;
  for (let i = 0; i < line - 1; i++) end = log.indexOf('\n', end) + 1;
  return { log: log.slice(0, end), events };
}

/** How far the records of the match whose log is `log` went, as the outbox's newest log says (a record
 * a power cut kept from being made is one past it). */
export function recordedOf(outbox: Outbox, log: string): Recorded {
  const l = outbox.latest();
  return l && log.startsWith(l.log) ? { boards: l.boards, over: l.over } : { boards: 0, over: false };
}

/** Unsent board records whose log the new record's log (`log`, under `counter`) begins with: it carries
 * all they do, so they may go (flash is small). Not the one on its way (`sending`). */
export function carried(outbox: Outbox, counter: number, log: string, sending: number | null): Entry[] {
  const out: Entry[] = [];
  for (const e of outbox.queued()) {
    if (e.counter === counter || e.kind !== 'board' || sending === e.counter) continue;
    let old: unknown;
    try {
      old = (JSON.parse(outbox.bodyText(e)) as { log?: unknown }).log;
    } /* Stryker disable next-line BlockStatement: emptied, `old` stays undefined, which the check below skips */ catch {
      continue;
    }
    // Stryker disable next-line ConditionalExpression: startsWith of no text looks for its name ('undefined', '5'), which no log begins with (its header is JSON)
    if (typeof old === 'string' && log.startsWith(old)) out.push(e);
  }
  return out;
}
