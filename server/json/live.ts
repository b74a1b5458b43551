// The public live feeds' JSON (docs/server.md §4, "The live feeds"): what GET /api/v1/live… sends, as
// server-sent events or NDJSON lines, typed once for the server (server/live/feeds.ts) and the pages'
// script (server/pages/browser/shots.ts).
import type { AssignedJson, RecordEventJson } from './club.ts';

/** A table's live log changed, as the live matches publish it on their bus (server/live/live-matches.ts)
 * and the feeds send it as a `shot` event: a reader truncates its copy of the table's live log to `from`
 * lines and appends `lines` (an append when `from` is what it had; `healed` when lines it had were
 * replaced); or the table's feed waits (`held`, with why). */
export interface ShotEventJson {
  table: string;
  /** The table's own count on the server's bus, one more at each event of the table across its matches
   *  (this process's count), not the feed's. */
  seq: number;
  matchId: string;
  from?: number;
  lines?: string;
  healed?: true;
  held?: string;
  assigned?: AssignedJson;
}

/** A table's live match as a feed holds it: the whole live log so far (JSON Lines, the header first). */
export interface LiveTableJson {
  table: string;
  matchId: string;
  lines: string;
  held?: string;
  assigned?: AssignedJson;
}

/** The first event a reader gets (and again after a `reset`): every live match of the feed. */
export interface LiveSnapshotJson {
  tables: LiveTableJson[];
}

/** What the feeds send, by event name. */
export interface LiveEvents {
  snapshot: LiveSnapshotJson;
  shot: ShotEventJson;
  record: RecordEventJson;
  reset: Record<string, never>;
}

/** One NDJSON line: the same as one server-sent event (`id`, `event`, `data`). */
export type LiveLineJson = { [K in keyof LiveEvents]: { id: number; event: K; data: LiveEvents[K] } }[keyof LiveEvents];
