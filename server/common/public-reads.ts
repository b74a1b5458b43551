// The server's route table of what anyone may read (GET and HEAD, no login): every path the reads, the
// pages and the tournament's public interface answer. The request handler (server/http.ts) answers 404
// to a read of any other path before routing it, so that a read added to the routes is reachable only
// once it is listed here; and the delay's test (test/server/live/delay-every-read.test.ts) reads every path
// listed, as a spectator while a delayed tournament plays, and finds nothing newer than its delay. So a
// read added later without the delay fails that test.
// A table's own endpoints (its posts, its next match: signed by its secret) and the health check are
// routed before this and are not the public's reads.

export interface PublicRead {
  /** The path, with `{table}`, `{match}` (the server's match id), `{tournament}` and `{round}` to fill in. */
  path: string;
  /** What it answers: `records` when it shows the tables' play (the delay applies to it), `text` when it
   *  is the server's own text or settings only (a page's HTML and script read the others). */
  shows: 'records' | 'text';
  /** Read as a stream of server-sent events, not one answer. */
  stream?: true;
}

export const PUBLIC_READS: readonly PublicRead[] = Object.freeze([
  { path: '/', shows: 'text' },
  { path: '/club.js', shows: 'text' },
  { path: '/live.js', shows: 'text' },
  { path: '/club.css', shows: 'text' },
  { path: '/favicon.svg', shows: 'text' },
  { path: '/leaderboard', shows: 'text' },
  { path: '/tables/{table}', shows: 'text' },
  { path: '/tables/{table}/overlay', shows: 'text' },
  { path: '/login', shows: 'text' },
  { path: '/tournaments', shows: 'text' },
  { path: '/tournaments/{tournament}', shows: 'text' },
  { path: '/tournaments/{tournament}/hall', shows: 'text' },
  { path: '/tournaments/{tournament}/bracket', shows: 'text' },
  { path: '/tournaments/{tournament}/tables', shows: 'text' },
  { path: '/tournaments/{tournament}/print/pairings', shows: 'text' },
  { path: '/tournaments/{tournament}/print/standings', shows: 'text' },
  { path: '/tournaments/{tournament}/print/scoresheets', shows: 'text' },
  { path: '/api/v1/events', shows: 'records', stream: true },
  // The live feeds (server/live/feeds.ts), each also as NDJSON (a table's `.ndjson` form is in its `{table}`).
  { path: '/api/v1/live', shows: 'records', stream: true },
  { path: '/api/v1/live.ndjson', shows: 'records', stream: true },
  { path: '/api/v1/live/tables/{table}', shows: 'records', stream: true },
  { path: '/api/v1/live/tournaments/{tournament}', shows: 'records', stream: true },
  { path: '/api/v1/live/tournaments/{tournament}.ndjson', shows: 'records', stream: true },
  { path: '/api/v1/tables', shows: 'records' },
  { path: '/api/v1/matches/{table}', shows: 'records' },
  { path: '/matches/{match}/notation', shows: 'records' },
  { path: '/api/v1/export.csv', shows: 'records' },
  { path: '/api/v1/export.json', shows: 'records' },
  { path: '/api/v1/leaderboard', shows: 'records' },
  { path: '/api/v1/forwarding', shows: 'records' },
  { path: '/api/v1/session', shows: 'text' },
  { path: '/api/v1/tournaments', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/entrants', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/log', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/rounds/{round}', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/standings', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/bracket', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/ranking', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/tables', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/standings.csv', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/pairings.csv', shows: 'records' },
  { path: '/api/v1/tournaments/{tournament}/export.sol', shows: 'records' },
]);

/** The paths that are there for another method only (the organiser's writes): a GET or HEAD of one is
 * answered 405 with `Allow`, not 404, before any route is tried, as the 404 is; so this list makes no
 * read reachable. (The tables' own paths, routed before the route table, answer their own 405.) */
export const WRITTEN_ONLY: readonly { path: string; allow: string }[] = Object.freeze([
  { path: '/logout', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/rounds', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/rounds/{round}/swap', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/rounds/{round}/move', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/rounds/{round}/publish', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/matches/{match}/result', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/matches/{match}/walkover', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/matches/{match}/replay', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/entrants.csv', allow: 'POST' },
  { path: '/api/v1/tournaments/{tournament}/entrants/{entrant}', allow: 'PATCH, DELETE' },
]);

// Each placeholder matches what its route takes (and a little more: the route itself answers 404 or 400).
const PART: Record<string, string> = { '{table}': '[^/]+', '{match}': '\\d+', '{tournament}': '\\d+', '{round}': '\\d+', '{entrant}': '\\d+' };
const patternOf = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, (p) => PART[p])}$`);
const PATTERNS = PUBLIC_READS.map((r) => patternOf(r.path));
const WRITTEN = WRITTEN_ONLY.map((w) => ({ pattern: patternOf(w.path), allow: w.allow }));

/** Whether `path` is one of the public reads. */
export const isPublicRead = (path: string): boolean => PATTERNS.some((p) => p.test(path));

/** The methods a path that is no read is there for (the `Allow` of its 405), or null: nothing there. */
export const allowedOn = (path: string): string | null => WRITTEN.find((w) => w.pattern.test(path))?.allow ?? null;
