// A record stored, by this process or another on the database (its `record` event in the feed): its
// table's live match is healed from the record's whole log (server/live/live-matches.ts). Only for a
// table that sends shot messages here: a table that never does costs no read.
import type { FeedEvent } from '../store/feed.ts';
import type { Store } from '../store/store.ts';
import type { LiveMatches } from './live-matches.ts';

export function healFrom(store: Store, live: LiveMatches, e: FeedEvent, log: (line: string) => void): void {
  if (e.event !== 'record') return;
  let r: { table?: unknown; counter?: unknown };
  try {
    r = JSON.parse(e.data) as typeof r;
  } catch {
    return; // not a record's event as this server writes them: nothing to heal from
  }
  if (typeof r.table !== 'string' || typeof r.counter !== 'number' || !live.knows(r.table)) return;
  const table = r.table;
  store.bodyOf(table, r.counter).then(
    (stored) => {
      if (!stored) return;
      const body = JSON.parse(stored.body) as { log?: unknown };
      if (typeof body.log === 'string') live.recorded(table, body.log);
    },
    (err: Error) => log(`live shots: the record ${table} #${String(r.counter)} could not be read to heal its live match: ${err.message}`),
  );
}
