// GET /api/v1/live… (docs/server.md §4, "The live feeds"): which feed, in which form, from where. The
// club's feed is /api/v1/live, a table's /api/v1/live/tables/<table>, a tournament's
// /api/v1/live/tournaments/<id>; each as server-sent events, or as NDJSON when the path ends in
// `.ndjson`, the query says `format=ndjson` or the request accepts application/x-ndjson (or
// application/ndjson) and not text/event-stream. A reader resumes with `Last-Event-ID` or `?after=`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TABLE_ID } from '../records/record.ts';
import type { Store } from '../store/store.ts';
import type { Format } from './feed-streams.ts';
import type { FeedName, LiveFeeds } from './feeds.ts';

export const LIVE_PATH = '/api/v1/live';

/** Whether `path` is one of the live feeds' (or under their path: answered 404 there). */
export const isLivePath = (path: string): boolean => path === LIVE_PATH || path === `${LIVE_PATH}.ndjson` || path.startsWith(`${LIVE_PATH}/`);

/** The 404's words for a path under the feeds' that is none of them (the route table of public reads
 * answers it: server/http.ts). */
export const noLiveFeed = (path: string): string => `no live feed at ${path.slice(0, 100)}: the feeds are ${LIVE_PATH}, ${LIVE_PATH}/tables/<table> and ${LIVE_PATH}/tournaments/<id>`;

/** The request's feed, form and resume point, or a refusal (status and why). */
export function readLiveRequest(path: string, query: URLSearchParams, headers: IncomingMessage['headers']): { name: FeedName; format: Format; after: number | null } | { status: number; error: string } {
  const ndjsonPath = path.endsWith('.ndjson');
  const rest = path.slice(LIVE_PATH.length, ndjsonPath ? -'.ndjson'.length : undefined);
  let name: FeedName;
  let m: RegExpExecArray | null;
  if (rest === '') name = { club: true };
  else if ((m = /^\/tables\/([^/]*)$/.exec(rest))) {
    if (!TABLE_ID.test(m[1])) return { status: 404, error: `no table "${m[1].slice(0, 60)}": a table's id is 1–40 characters of a-z, 0-9, -` };
    name = { table: m[1] };
  } else if ((m = /^\/tournaments\/([^/]*)$/.exec(rest))) {
    if (!/^[1-9]\d{0,9}$/.test(m[1])) return { status: 404, error: `no tournament "${m[1].slice(0, 60)}": a tournament's id is a number` };
    name = { tournament: Number(m[1]) };
  } else return { status: 404, error: noLiveFeed(path) };
  const asked = query.get('format');
  if (asked !== null && asked !== 'sse' && asked !== 'ndjson') return { status: 400, error: `query "format" must be sse or ndjson, not "${asked.slice(0, 40)}"` };
  const accept = String(headers.accept ?? '');
  const wantsNd = /application\/(x-)?ndjson/.test(accept) && !accept.includes('text/event-stream');
  const format: Format = ndjsonPath || asked === 'ndjson' || (asked === null && wantsNd) ? 'ndjson' : 'sse';
  const afterQuery = query.get('after');
  if (afterQuery !== null && !/^\d{1,15}$/.test(afterQuery)) return { status: 400, error: `query "after" must be the number of an event of this feed (its id), not "${afterQuery.slice(0, 40)}"` };
  const header = headers['last-event-id'];
  // A Last-Event-ID that is no number of ours is answered as one no longer kept: reset, then a snapshot.
  const after = afterQuery !== null ? Number(afterQuery) : typeof header === 'string' ? (/^\d{1,15}$/.test(header) ? Number(header) : 0) : null;
  return { name, format, after };
}

/** Answers a live feed's request: the reader opened, or a JSON refusal. True when the database was asked. */
export async function routeLive(feeds: LiveFeeds, store: Store, req: IncomingMessage, res: ServerResponse, url: URL, address: string): Promise<boolean> {
  const asked = readLiveRequest(url.pathname, url.searchParams, req.headers);
  if ('error' in asked) return refuse(res, asked.status, asked.error), false;
  const { name } = asked;
  if ('table' in name && (await store.secretOf(name.table)) === null) return refuse(res, 404, `no table "${name.table}" on this server`), true;
  if ('tournament' in name && (await store.sql.all('SELECT id FROM carrom_tournaments WHERE id = ?', [name.tournament])).length === 0) {
    return refuse(res, 404, `no tournament ${name.tournament} on this server`), true;
  }
  if (req.method === 'HEAD') {
    // The head a reader would get, and no stream.
    res.writeHead(200, { 'Content-Type': asked.format === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
    return res.end(), !('club' in name);
  }
  const refused = feeds.subscribe(res, address, name, asked.format, asked.after);
  if (refused) {
    res.setHeader('Retry-After', '30');
    refuse(res, refused.status, refused.error);
  }
  return !('club' in name);
}

function refuse(res: ServerResponse, status: number, error: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify({ error })}\n`);
}
