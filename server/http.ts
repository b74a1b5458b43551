// The request handler: the record interface, the event stream, the reads, and the tournament day's
// interface (routed to server/tournament-http/). Every request gets an answer: a failure is a 500, or a
// 503 with Retry-After when the database is away or locked, with a JSON error. A 500 is logged with its
// stack; the 503s of one outage are logged once when it starts (with the stack) and once when it ends
// (how many were refused), not once each. Only a sender that went away mid-body gets no answer. A post
// sent with `Expect: 100-continue` is told 100 only once its headers have passed (Node's own would say
// 100 before any check).
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import { routeRead } from './club/api.ts';
import { addressKey, BodyBudget, closeAfterAnswer, CutOff, readHeldBody, type BodyHold } from './common/body.ts';
import { clientAddress, clientOf, see, type ProxyTrust } from './common/client.ts';
import { json } from './common/reply.ts';
import { DatabaseUnavailable } from './db/sql.ts';
import { healthCheck } from './health.ts';
import type { EventHub } from './live/events.ts';
import type { LiveMatches } from './live/live-matches.ts';
import type { LiveFeeds } from './live/feeds.ts';
import { isLivePath, noLiveFeed, routeLive } from './live/feeds-http.ts';
import type { Delays } from './live/delays.ts';
import { isOrganiser, publicSql, viewFor } from './audience.ts';
import { SHOTS_PATH } from './live/shot-message.ts';
import type { Forwarder } from './forward/forward.ts';
import type { ShotRelay } from './forward/relay.ts';
import type { Replay } from './post.ts';
import type { Store } from './store/store.ts';
import { noRoom, postRecordRequest, postShot, RECORDS_PATH, RETRY_AFTER, UNVERIFIED_BYTES, UNVERIFIED_SHARE, type Unverified } from './table-posts.ts';
import { write } from './tournament-http/answer.ts';
import type { LoginContext } from './tournament-http/auth.ts';
import { LoginLog } from './tournament-http/login-log.ts';
import { CheckQueue } from './tournament-http/passwords.ts';
import { ASSIGNMENT_PATH, REFUSAL_PATH, routeAssignment } from './tournament-http/assignment.ts';
import { Asks } from './tournament-http/asks.ts';
import { routeTournament, STRANGERS_BYTES, STRANGERS_SHARE } from './tournament-http/routes.ts';
import { SparseLog } from './common/sparse-log.ts';
import { allowedOn, isPublicRead } from './common/public-reads.ts';

export interface Context {
  store: Store;
  replay: Replay;
  hub: EventHub;
  /** The tables' live matches from their shot messages (server/live/live-matches.ts). */
  live: LiveMatches;
  /** The public live feeds, per table, per tournament and the club's (server/live/feeds.ts). */
  feeds: LiveFeeds;
  /** The same feeds for organisers logged in: live, where `feeds` (the public's) are delayed per
   *  tournament, and numbered apart from them; absent, everyone gets `feeds`. */
  organiserFeeds?: LiveFeeds;
  /** The event streams of organisers logged in: live, where `hub`'s (the public's) are delayed per
   *  tournament (server/live/delay.ts); absent, everyone gets `hub`. */
  organiserHub?: EventHub;
  /** The tournaments' delays (server/live/delays.ts): the public's reads of records are as of now − each. */
  delays?: Delays;
  forwarder: Forwarder | null;
  /** The shot messages passed on to the federation (server/forward/relay.ts), with --forward. */
  relay?: ShotRelay | null;
  now: () => Date;
  log: (line: string) => void;
  /** The server's --name (the tournaments' default club). */
  name: string;
  /** The reverse proxies whose forwarded headers count (--trust-proxy); null: none (server/common/client.ts). */
  trustProxy?: ProxyTrust | null;
  /** The HTTPS port when the server serves TLS itself (--tls-cert): the plain port then serves the
   *  tables and the public reads, and sends the organiser's side there (docs/server.md §10). */
  httpsPort?: number | null;
}

/** The client's address (a trusted proxy's X-Forwarded-For behind one): server/common/client.ts says it, for
 *  whatever counts or logs requests by address. */
export { clientAddress } from './common/client.ts';

/** The budget of bodies not yet verified and the 503's wait (server/table-posts.ts), as they were named here. */
export { RETRY_AFTER, UNVERIFIED_BYTES, UNVERIFIED_SHARE } from './table-posts.ts';

/** Node's limits on a request (its defaults: 300 s for the whole request, 60 s for the headers, checked
 *  every 30 s), shortened so that a stalled sender does not hold a connection and its bytes for minutes:
 *  a table sends at most 256 KiB, in well under 30 s even on poor Wi-Fi. The event stream is not
 *  affected: its request is over as soon as its headers are in. */
export const SERVER_TIMEOUTS: Readonly<ServerOptions> = Object.freeze({ requestTimeout: 30_000, headersTimeout: 10_000, connectionsCheckingInterval: 1_000 });

/** The handler of requests, and of those sent with `Expect: 100-continue` (the server's
 *  'checkContinue' event: Node then leaves the 100 to us). */
export interface Handlers {
  request: RequestListener;
  checkContinue: RequestListener;
  /** Says what is still to be said (the failed logins of the minute) as the server stops. */
  close(): void;
}

/** The 503s of one outage of the database: said when it starts and when it ends. A request of each kind
 * (posts, reads) that failed must succeed again for it to end: a SQLite file locked by another process
 * refuses posts while reads go on. */
class Outage {
  private since: Date | null = null;
  private refused = 0;
  private readonly failing = new Set<Kind>();
  constructor(private readonly c: Context) {}

  failed(kind: Kind, what: string, e: Error): void {
    this.refused++;
    this.failing.add(kind);
    if (this.since) return;
    this.since = this.c.now();
    this.c.log(`the database is not available: answering 503 until it is back (said once). First: ${what}: ${stackOf(e)}`);
  }

  worked(kind: Kind): void {
    if (!this.since || !this.failing.delete(kind) || this.failing.size > 0) return;
    const seconds = Math.round((this.c.now().getTime() - this.since.getTime()) / 1000);
    this.c.log(`the database is available again: ${this.refused} request${this.refused === 1 ? ' was' : 's were'} answered 503 in the ${seconds} s it was not`);
    this.since = null;
    this.refused = 0;
  }
}

type Kind = 'posts' | 'reads';

const stackOf = (e: Error): string => {
  const cause = e.cause instanceof Error ? `\n  caused by: ${e.cause.stack ?? e.cause.message}` : '';
  return `${e.stack ?? e.message}${cause}`;
};

/** What the handler keeps across requests: the budgets of strangers' bodies and the lines an abuser
 *  could repeat, said sparsely. */
interface Shared extends Unverified {
  /** The bodies read before their sender is known on the organiser's side (the login's). */
  strangers: BodyBudget;
  cutOff: SparseLog;
}

export function handler(c: Context): Handlers {
  const outage = new Outage(c);
  // The login's state of this server: its queue of password checks and its log of failures.
  const logins = { checks: new CheckQueue(), log: new LoginLog(c.log) };
  // The tables' asks for their next match that counted, by nonce (a replay counts for nothing).
  const asks = new Asks(c.log);
  const shared: Shared = {
    unverified: new BodyBudget(UNVERIFIED_BYTES, UNVERIFIED_SHARE),
    strangers: new BodyBudget(STRANGERS_BYTES, STRANGERS_SHARE),
    cutOff: new SparseLog(c.log),
    refused: new SparseLog(c.log),
  };
  const health = healthCheck(c.store.sql, c.log);
  const listener = (expectsContinue: boolean): RequestListener => (req, res) => {
    see(req, c.trustProxy ?? null);
    // The monitoring's check (server/health.ts): no body, no log line, its own bounded answer.
    if (new URL(req.url ?? '/', 'http://x').pathname === '/api/v1/health') return void answerHealth(req, res, health);
    const kind: Kind = req.method === 'POST' ? 'posts' : 'reads';
    handle(c, req, res, { ...logins, client: clientAddress(req) }, shared, expectsContinue, asks).then((used) => {
      if (used) outage.worked(kind);
    }, (e: Error) => {
      if (e instanceof CutOff) {
        // The sender went away mid-body (a power cut, a lost network), or stalled until the request
        // timeout: nothing was stored; a table sends it again.
        shared.cutOff.say(`a send to ${new URL(req.url ?? '/', 'http://x').pathname} was cut off before its end; nothing stored`);
        return;
      }
      if (e instanceof DatabaseUnavailable) outage.failed(kind, `${req.method} ${req.url}`, e);
      else c.log(`${req.method} ${req.url}: ${stackOf(e)}`);
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
  return { request: listener(false), checkContinue: listener(true), close: () => logins.log.flush() };
}

/** Answers one request; true when the database answered what it was asked (the end of an outage). */
async function handle(c: Context, req: IncomingMessage, res: ServerResponse, login: LoginContext, shared: Shared, expectsContinue: boolean, asks: Asks): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  if (path === RECORDS_PATH) return postRecordRequest(c, req, res, shared, expectsContinue);
  if (path === SHOTS_PATH) return postShot(c, req, res, shared, expectsContinue);
  // The table's next match and its refusal (docs/tournament.md §5). A refusal's body is read as a
  // record's is: once its headers have passed (server/tournament-http/assignment.ts), within the budget
  // of bodies not yet verified and its address's share.
  if (path === ASSIGNMENT_PATH || path === REFUSAL_PATH) {
    const address = addressKey(clientAddress(req));
    const held: { hold: BodyHold | null } = { hold: null };
    const read = async (max: number): Promise<Buffer | null> => {
      if (Number(req.headers['content-length']) > max) return null;
      const room = shared.unverified.room(address);
      if (room) throw noRoom(req, shared, room, 'records and refusals');
      if (expectsContinue) res.writeContinue();
      held.hold = shared.unverified.hold(address);
      const raw = await readHeldBody(req, max, held.hold);
      if (raw === 'size') return null;
      if (!Buffer.isBuffer(raw)) throw noRoom(req, shared, raw, 'records and refusals');
      return raw;
    };
    try {
      const assigned = (await routeAssignment(c.store.sql, req, path, c.now(), asks, read, (table) => c.store.secretOf(table)))!;
      // Refused before its body was all read: the rest is not read on.
      if (!req.complete) closeAfterAnswer(req, res);
      return write(res, assigned, false), true;
    } finally {
      held.hold?.release();
    }
  }
  // Nothing else has header checks before its body: the 100 costs nothing.
  if (expectsContinue) res.writeContinue();
  // A read is of a path in the route table of public reads, or nothing (server/common/public-reads.ts): a
  // path there for another method says which (405), one under the live feeds' names them.
  if ((req.method === 'GET' || req.method === 'HEAD') && !isPublicRead(path)) {
    const allow = allowedOn(path);
    if (allow) return res.setHeader('Allow', allow), json(res, 405, { error: `${req.method} is not allowed on ${path} (it takes ${allow})` }), false;
    return json(res, 404, { error: isLivePath(path) ? noLiveFeed(path) : `nothing at ${path}` }), false;
  }
  // With TLS, the organiser's side is not served in clear: no password or session crosses the hall.
  const clear = inClear(c, req, path);
  if (clear) {
    if (!req.complete) closeAfterAnswer(req, res);
    if (clear.redirect) res.writeHead(308, { Location: clear.redirect, 'Cache-Control': 'no-store' }).end();
    else json(res, 403, { error: clear.error });
    return false;
  }
  // The tournament day: the login, the session and /api/v1/tournaments (server/tournament-http/).
  const strangers = { budget: shared.strangers, refused: (line: string) => shared.refused.say(line) };
  // The public's reads of a tournament see its draw as of now − its delay (server/live/delay-rows.ts).
  const tsql = req.method === 'GET' || req.method === 'HEAD' ? await publicSql(c.store.sql, c.delays, req, c.now) : c.store.sql;
  const tournament = await routeTournament({ sql: tsql, now: c.now, serverName: c.name, strangers, login }, req, path);
  if (tournament) {
    // A body refused (or not wanted) before it was all in is not read on: the connection closes once
    // the answer is out, without reading what is in flight (closeAfterAnswer).
    if (!req.complete) closeAfterAnswer(req, res, true);
    // A tournament made or changed here may have a new delay: this process applies it before it answers.
    if (req.method !== 'GET' && req.method !== 'HEAD' && tournament.status < 300) await c.delays?.refresh();
    return write(res, tournament, req.method === 'HEAD'), true;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    if (!req.complete) closeAfterAnswer(req, res, true);
    return json(res, 405, { error: `${req.method} is not allowed on ${path}` }), false;
  }
  if (path === '/api/v1/events') {
    const hub = c.organiserHub && (await isOrganiser(c.store.sql, req, c.now())) ? c.organiserHub : c.hub;
    const refused = hub.subscribe(res, clientAddress(req), req.headers['last-event-id']);
    if (!refused) return false;
    res.setHeader('Retry-After', '30');
    return json(res, refused.status, { error: refused.error }), false;
  }
  if (isLivePath(path)) {
    const feeds = c.organiserFeeds && (await isOrganiser(c.store.sql, req, c.now())) ? c.organiserFeeds : c.feeds;
    return routeLive(feeds, c.store, req, res, url, clientAddress(req));
  }
  const page = await routeRead(c.store, path, url.searchParams, viewFor(c.store.sql, c.delays, req, c.now));
  res.writeHead(page.status, { 'Content-Type': page.type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...page.headers });
  res.end(req.method === 'HEAD' ? undefined : page.body);
  // The pages are the server's own text; the API's reads asked the database.
  return path.startsWith('/api/') || path.startsWith('/matches/');
}

async function answerHealth(req: IncomingMessage, res: ServerResponse, health: ReturnType<typeof healthCheck>): Promise<void> {
  // A body sent with it is not read: the connection closes after the answer.
  const sent = req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';
  if (sent) closeAfterAnswer(req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: 'the health check is asked with GET' });
  const { status, body } = await health();
  if (req.method === 'HEAD') return void res.writeHead(status, { 'Cache-Control': 'no-store' }).end();
  json(res, status, body);
}

/** With TLS on (`httpsPort`), a request of the organiser's side that came in clear: the login page is
 *  sent to HTTPS (308), a write refused (403) before its body is read. Null for what the plain port
 *  serves: the tables' endpoints (routed before this), the pages and the public reads. */
function inClear(c: Context, req: IncomingMessage, path: string): { redirect?: string; error: string } | null {
  if (!c.httpsPort || clientOf(req).https) return null;
  const read = req.method === 'GET' || req.method === 'HEAD';
  if (read && path !== '/login') return null;
  const host = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)/.exec(clientOf(req).host ?? '')?.[0] ?? '127.0.0.1';
  const https = `https://${host}${c.httpsPort === 443 ? '' : `:${c.httpsPort}`}`;
  if (read) return { redirect: `${https}${req.url ?? '/login'}`, error: '' };
  return { error: `the organiser's side is served over HTTPS only on this server: ${https}/login (nothing was read or changed)` };
}

