// The request handler: the record interface, the event stream, the reads, and the tournament day's
// interface (routed to server/tournament-http/). Every request gets an answer: a failure is a 500, or a
// 503 with Retry-After when the database is away or locked, with a JSON error, and is logged once with
// its stack. Only a sender that went away mid-body gets none.
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import { routeRead } from './api.ts';
import { ByteBudget, closeAfterAnswer, readBody } from './body.ts';
import { DatabaseUnavailable } from './db/sql.ts';
import type { EventHub } from './events.ts';
import type { Forwarder } from './forward.ts';
import { admit, postRecord, type Replay } from './post.ts';
import { MAX_BODY } from './record.ts';
import type { Store } from './store.ts';
import { write } from './tournament-http/answer.ts';
import { routeAssignment } from './tournament-http/assignment.ts';
import { routeTournament } from './tournament-http/routes.ts';

export interface Context {
  store: Store;
  replay: Replay;
  hub: EventHub;
  forwarder: Forwarder | null;
  now: () => Date;
  log: (line: string) => void;
  /** The server's --name (the tournaments' default club). */
  name: string;
}

/** The bytes of bodies not yet verified that the server holds at once, all requests together: 64 bodies
 *  of the largest size, or hundreds of a usual one (2–40 KiB). A post that would go over is answered 503
 *  before its body is read. */
export const UNVERIFIED_BYTES = 64 * MAX_BODY;
/** Seconds a 503 asks the table to wait (a table backs off on its own anyway, docs/sync.md). */
export const RETRY_AFTER = 5;
/** Node's limits on a request (its defaults: 300 s for the whole request, 60 s for the headers, checked
 *  every 30 s), shortened so that a stalled sender does not hold a connection and its bytes for minutes:
 *  a table sends at most 256 KiB, in well under 30 s even on poor Wi-Fi. The event stream is not
 *  affected: its request is over as soon as its headers are in. */
export const SERVER_TIMEOUTS: Readonly<ServerOptions> = Object.freeze({ requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 });

/** The request's body stopped before its end: the sender went away. */
class CutOff extends Error {}

export function handler(c: Context): RequestListener {
  const unverified = new ByteBudget(UNVERIFIED_BYTES);
  let turningAway = false;
  const full = () => {
    // Said when it starts, not at every post refused while it lasts.
    if (!turningAway) c.log(`over ${UNVERIFIED_BYTES >> 20} MiB of bodies not yet verified are arriving at once: posts answered 503 until they are read`);
    turningAway = true;
  };
  return (req, res) => {
    handle(c, req, res, unverified, full, () => (turningAway = false)).catch((e: Error) => {
      if (e instanceof CutOff) {
        // The sender went away mid-body (a power cut, a lost network): nothing was stored; it will send again.
        c.log(`a send to ${req.url} was cut off before its end; nothing stored`);
        return;
      }
      const cause = e.cause instanceof Error ? `\n  caused by: ${e.cause.stack ?? e.cause.message}` : '';
      c.log(`${req.method} ${req.url}: ${e.stack ?? e.message}${cause}`);
      if (res.headersSent) return void res.end();
      // An answer before the body was read (the database failed at the table's lookup).
      if (!req.complete) closeAfterAnswer(req, res);
      const post = req.method === 'POST';
      if (e instanceof DatabaseUnavailable) {
        res.setHeader('Retry-After', String(RETRY_AFTER));
        json(res, 503, { error: `the database is not available now (see the server's log)${post ? '; nothing was stored, send it again later' : ''}` });
      } else json(res, 500, { error: `the server could not do that (see its log)${post ? '; nothing was stored' : ''}` });
    });
  };
}

async function handle(c: Context, req: IncomingMessage, res: ServerResponse, unverified: ByteBudget, full: () => void, admitted: () => void): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (path === '/api/v1/records') {
    if (req.method !== 'POST') return json(res, 405, { error: 'records are sent with POST' });
    // Nothing of the body is read for a post that names no table of ours or carries no signature.
    const gate = await admit(c.store, req.headers);
    if ('refused' in gate) {
      closeAfterAnswer(req, res);
      return json(res, gate.refused.status, gate.refused.body);
    }
    const declared = req.headers['content-length'] === undefined ? MAX_BODY : Number(req.headers['content-length']);
    const release = declared > MAX_BODY ? null : unverified.take(declared);
    if (!release) {
      // Stop reading: the connection closes once the answer is out.
      closeAfterAnswer(req, res);
      if (declared > MAX_BODY) return json(res, 413, { error: `body over ${MAX_BODY / 1024} KiB` });
      full();
      res.setHeader('Retry-After', String(RETRY_AFTER));
      return json(res, 503, { error: 'too many records are arriving at once; send it again shortly' });
    }
    admitted();
    try {
      const raw = await readBody(req, MAX_BODY).catch((e: Error) => Promise.reject(new CutOff(e.message)));
      if (raw === null) {
        closeAfterAnswer(req, res);
        return json(res, 413, { error: `body over ${MAX_BODY / 1024} KiB` });
      }
      const answer = await postRecord(
        c.store,
        c.replay,
        gate.admitted,
        raw,
        c.now,
        c.forwarder !== null,
        () => c.forwarder?.kick(),
        release,
      );
      return json(res, answer.status, answer.body);
    } finally {
      release();
    }
  }
  // The table's next match and its refusal (docs/tournament.md §5).
  const assigned = await routeAssignment(c.store.sql, req, path, c.now());
  if (assigned) return write(res, assigned, false);
  // The tournament day: the login, the session and /api/v1/tournaments (server/tournament-http/).
  const tournament = await routeTournament({ sql: c.store.sql, now: c.now, serverName: c.name }, req, path);
  if (tournament) return write(res, tournament, req.method === 'HEAD');
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: `${req.method} is not allowed on ${path}` });
  if (path === '/api/v1/events') {
    if (c.hub.subscribe(res)) return;
    res.setHeader('Retry-After', '30');
    return json(res, 503, { error: `${c.hub.limit} event streams are open already, the most this server keeps; try again later` });
  }
  const page = await routeRead(c.store, path, url.searchParams);
  res.writeHead(page.status, { 'Content-Type': page.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...page.headers });
  res.end(req.method === 'HEAD' ? undefined : page.body);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${JSON.stringify(body)}\n`);
}
