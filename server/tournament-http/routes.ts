// The tournament's HTTP interface (docs/tournament.md §2–§4), routed from server/http.ts: the login and
// the session, then /api/v1/tournaments. Reads are public; every write goes through `write`, which checks
// the session, the origin and the CSRF token on the headers (auth.ts) before it reads a byte of the body,
// and runs the change in one transaction with its change log entry: a refusal (Refusal) rolls all of it
// back. The login's form is the only body read from a sender not yet known: it is small, and read within
// one budget over all such bodies (docs/tournament.md §2).
import type { IncomingMessage } from 'node:http';
import { addressKey, readBody, readHeldBody, type BodyBudget } from '../common/body.ts';
import type { Sql } from '../db/sql.ts';
import { refuse, json, Refusal, type Answer } from './answer.ts';
import { formRefused, getSession, guardWrite, loginPage, postLogin, postLogout, sessionGuard, type LoginContext } from './auth.ts';
import { changesOf } from './changes.ts';
import { addEntrant, importEntrants, listEntrants, patchEntrant, removeEntrant } from './entrants.ts';
import { jsonObject, type Body } from './fields.ts';
import type { Session } from './organisers.ts';
import { countedAfter, pairingsCsvOf, roundParam, solOf, standingsAfter, standingsCsvOf } from './exports.ts';
import { bracketOf, rankingOf } from './ranking.ts';
import { tablesReport } from './reports.ts';
import { handResult, replay, walkover } from './results.ts';
import { boardsOf, discardRound, drawRound, matchView, moveMatch, prepareDraw, publishRound, roundView, swapEntrants } from './rounds.ts';
import { storedMatch } from '../tournament/stored.ts';
import type { BracketAnswer, EntrantAnswer, EntrantsAnswer, EntrantsImported, LogAnswer, RankingAnswer, RoundAnswer, StandingsAnswer, TablesReportAnswer, TournamentAnswer, TournamentsAnswer } from '../json/tournament.ts';
import { createTournament, listTournaments, tournamentRow, tournamentView, updateTournament } from './tournaments.ts';

export interface TournamentContext {
  sql: Sql;
  now: () => Date;
  /** The server's --name: a tournament's default club for the .sol export. */
  serverName: string;
  /** The bodies read before their sender is known (the login's form), and where a refusal for their
   *  budget is said (sparsely: server/common/sparse-log.ts). */
  strangers: { budget: BodyBudget; refused: (line: string) => void };
  /** The login's queue of checks, its log, and the client's address. */
  login: LoginContext;
}

/** The largest body a write takes: an entry list of a few thousand lines. */
export const WRITE_MAX = 1 << 20;
/** The largest login or logout form: a name, a password of hundreds of characters, the form's token. */
export const FORM_MAX = 8 << 10;
/** The bytes of login forms held at once, all senders together: 128 of the largest, thousands of a
 *  usual one (some 150 bytes). Counted as they arrive; over it: 503. */
export const STRANGERS_BYTES = 1 << 20;
/** One address's share of STRANGERS_BYTES (an IPv6 /64's): 8 forms of the largest. Over it: 429. */
export const STRANGERS_SHARE = 64 << 10;
/** Seconds a 429 or 503 for the budget asks the sender to wait. */
const RETRY_AFTER = 5;

const TOURNAMENT = /^\/api\/v1\/tournaments(?:\/(\d{1,15})(\/.*)?)?$/;

/** The answer for a path of the tournament's, or null for any other path. */
export async function routeTournament(c: TournamentContext, req: IncomingMessage, path: string): Promise<Answer | null> {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  if (path === '/login') {
    if (read) return loginPage(req);
    if (method === 'POST') return login(c, req);
    return refuse(405, `${method} is not allowed on ${path}`);
  }
  if (path === '/logout') return method === 'POST' ? logout(c, req) : refuse(405, 'log out with POST');
  if (path === '/api/v1/session') return read ? getSession(c.sql, req, c.now()) : refuse(405, `${method} is not allowed on ${path}`);
  const m = TOURNAMENT.exec(path);
  if (!m) return null;
  try {
    if (m[1] === undefined) {
      if (read) return json(200, { tournaments: await listTournaments(c.sql) } satisfies TournamentsAnswer);
      if (method === 'POST') return await write(c, req, async (tx, body, s) => json(201, { tournament: await tournamentView(tx, await createTournament(tx, jsonObject(body), s.organiser, c.serverName, c.now())) } satisfies TournamentAnswer));
      return refuse(405, `${method} is not allowed on ${path}`);
    }
    return await routeOne(c, req, method, Number(m[1]), m[2] ?? '');
  } catch (e) {
    if (e instanceof Refusal) return refuse(e.status, e.message, e.headers);
    throw e;
  }
}

async function routeOne(c: TournamentContext, req: IncomingMessage, method: string, id: number, rest: string): Promise<Answer> {
  const read = method === 'GET' || method === 'HEAD';
  const now = c.now;
  const entrant = /^\/entrants\/(\d{1,15})$/.exec(rest);
  const round = /^\/rounds\/(\d{1,4})(\/swap|\/move|\/publish)?$/.exec(rest);
  const match = /^\/matches\/(\d{1,15})\/(result|walkover|replay)$/.exec(rest);
  if (read) {
    await tournamentRow(c.sql, id); // a 404 for an unknown tournament, whatever is asked of it
    const asked = new URL(req.url ?? '/', 'http://x').searchParams.get('round');
    if (rest === '') return json(200, { tournament: await tournamentView(c.sql, id) } satisfies TournamentAnswer);
    if (rest === '/entrants') return json(200, { entrants: await listEntrants(c.sql, id) } satisfies EntrantsAnswer);
    if (rest === '/log') return json(200, { changes: await changesOf(c.sql, id) } satisfies LogAnswer);
    if (round && !round[2]) return json(200, { round: await roundView(c.sql, id, Number(round[1])) } satisfies RoundAnswer);
    if (rest === '/standings') {
      const n = await roundParam(c.sql, id, asked);
      return json(200, { round: n, counted: await countedAfter(c.sql, id, n), standings: await standingsAfter(c.sql, id, n) } satisfies StandingsAnswer);
    }
    if (rest === '/bracket') return json(200, { bracket: await bracketOf(c.sql, id) } satisfies BracketAnswer);
    if (rest === '/ranking') return json(200, (await rankingOf(c.sql, id)) satisfies RankingAnswer);
    if (rest === '/tables') return json(200, (await tablesReport(c.sql, id, now())) satisfies TablesReportAnswer);
    if (rest === '/standings.csv') return csvFile(await standingsCsvOf(c.sql, id, await roundParam(c.sql, id, asked)), `standings-${id}.csv`);
    if (rest === '/pairings.csv') return csvFile(await pairingsCsvOf(c.sql, id, await roundParam(c.sql, id, asked)), `pairings-${id}.csv`);
    if (rest === '/export.sol') return { status: 200, type: 'application/json; charset=utf-8', body: await solOf(c.sql, id), headers: { 'Content-Disposition': `attachment; filename="tournament-${id}.sol"` } };
  } else if (rest === '/rounds' && method === 'POST') {
    // The draw is searched for before the transaction, off the event loop (rounds.ts, server/tournament/draws.ts).
    return write(c, req, async (tx, _body, s, drawn) => json(201, { round: await roundView(tx, id, await drawRound(tx, id, drawn, s.organiser, now())) } satisfies RoundAnswer), () => prepareDraw(c.sql, id));
  } else if (round && !round[2] && method === 'DELETE') {
    return write(c, req, async (tx, _body, s) => {
      await discardRound(tx, id, Number(round[1]), s.organiser, now());
      return json(200, { discarded: Number(round[1]) });
    });
  } else if (round && round[2] && method === 'POST') {
    const n = Number(round[1]);
    return write(c, req, async (tx, body, s) => {
      if (round[2] === '/swap') await swapEntrants(tx, id, n, jsonObject(body), s.organiser, now());
      else if (round[2] === '/move') await moveMatch(tx, id, n, jsonObject(body), s.organiser, now());
      else await publishRound(tx, id, n, s.organiser, now());
      return json(200, { round: await roundView(tx, id, n) });
    });
  } else if (match && method === 'POST') {
    return write(c, req, async (tx, body, s) => {
      const m = Number(match[1]);
      if (match[2] === 'result') await handResult(tx, id, m, jsonObject(body), s.organiser, now());
      else if (match[2] === 'walkover') await walkover(tx, id, m, jsonObject(body), s.organiser, now());
      else await replay(tx, id, m, jsonObject(body), s.organiser, now());
      const stored = storedMatch((await tx.all('SELECT * FROM carrom_tmatches WHERE id = ?', [m]))[0]);
      return json(200, { match: matchView(stored, (await boardsOf(tx, [stored])).get(m)) });
    });
  } else if (rest === '' && method === 'PATCH') {
    return write(c, req, async (tx, body, s) => {
      await updateTournament(tx, id, jsonObject(body), s.organiser, now());
      return json(200, { tournament: await tournamentView(tx, id) });
    });
  } else if (rest === '/entrants' && method === 'POST') {
    return write(c, req, async (tx, body, s) => json(201, { entrant: await addEntrant(tx, id, jsonObject(body), s.organiser, now()) } satisfies EntrantAnswer));
  } else if (rest === '/entrants.csv' && method === 'POST') {
    return write(c, req, async (tx, body, s) => json(201, { entrants: await importEntrants(tx, id, csvText(body), s.organiser, now()) } satisfies EntrantsImported));
  } else if (entrant && method === 'PATCH') {
    return write(c, req, async (tx, body, s) => json(200, { entrant: await patchEntrant(tx, id, Number(entrant[1]), jsonObject(body), s.organiser, now()) }));
  } else if (entrant && method === 'DELETE') {
    return write(c, req, async (tx, _body, s) => {
      await removeEntrant(tx, id, Number(entrant[1]), s.organiser, now());
      return json(200, { removed: Number(entrant[1]) });
    });
  }
  return refuse(read ? 404 : 405, read ? `nothing at /api/v1/tournaments/${id}${rest}` : `${method} is not allowed on /api/v1/tournaments/${id}${rest}`);
}

const csvFile = (body: string, name: string): Answer => ({ status: 200, type: 'text/csv; charset=utf-8', body, headers: { 'Content-Disposition': `attachment; filename="${name}"` } });

function csvText(body: Buffer): string {
  const text = body.toString('utf8');
  if (text.includes('\uFFFD')) throw new Refusal(400, 'the CSV is not UTF-8');
  return text;
}

/** The body of a request whose sender is known already (a session's): at most `max` bytes. */
async function bodyOf(req: IncomingMessage, max: number): Promise<Buffer> {
  const body = await readBody(req, max);
  if (body === null) throw new Refusal(413, `body over ${max >= 1 << 20 ? `${max >> 20} MiB` : `${max >> 10} KiB`}`);
  return body;
}

/** A write of the JSON interface: the session, origin and CSRF on the headers first (nothing of the body
 * is read without them), then the body, then `prepare` (work that needs no transaction, the draw's
 * search), then `work` in one transaction. */
async function write<P = undefined>(c: TournamentContext, req: IncomingMessage, work: (tx: Sql, body: Buffer, s: Session, prepared: P) => Promise<Answer>, prepare?: () => Promise<P>): Promise<Answer> {
  const guard = await guardWrite(c.sql, req, c.now(), undefined);
  if (!guard.ok) return guard.answer;
  const body = await bodyOf(req, WRITE_MAX);
  const prepared = (prepare ? await prepare() : undefined) as P;
  return c.sql.transaction((tx) => work(tx, body, guard.session, prepared));
}

/** POST /login: what its headers can tell first (our origin, a form, the login cookie, a length within
 * FORM_MAX, room in the strangers' budget), then the form, read within that budget. */
async function login(c: TournamentContext, req: IncomingMessage): Promise<Answer> {
  const refused = formRefused(req, FORM_MAX);
  if (refused) return refused;
  // The client's address (a trusted proxy's X-Forwarded-For behind one: server/common/client.ts).
  const address = addressKey(c.login.client);
  const room = c.strangers.budget.room(address);
  if (room) return overBudget(c, req, room);
  const hold = c.strangers.budget.hold(address);
  try {
    const raw = await readHeldBody(req, FORM_MAX, hold);
    if (raw === 'size') return refuse(413, `body over ${FORM_MAX >> 10} KiB`);
    if (!Buffer.isBuffer(raw)) return overBudget(c, req, raw);
    hold.release();
    return await postLogin(c.sql, req, new URLSearchParams(raw.toString('utf8')), c.now(), c.login);
  } finally {
    hold.release();
  }
}

/** POST /logout: a session's (checked on the headers, with the origin), then its small form. */
async function logout(c: TournamentContext, req: IncomingMessage): Promise<Answer> {
  const refused = formRefused(req, FORM_MAX, false);
  if (refused) return refused;
  const guard = await sessionGuard(c.sql, req, c.now());
  if (!guard.ok) return guard.answer;
  let body: Buffer;
  try {
    body = await bodyOf(req, FORM_MAX);
  } catch (e) {
    if (e instanceof Refusal) return refuse(e.status, e.message);
    throw e;
  }
  return postLogout(c.sql, req, guard.session, new URLSearchParams(body.toString('utf8')));
}

/** A login form refused for the strangers' budget: 429 when its address holds its share, 503 when all
 * of them together are full. */
function overBudget(c: TournamentContext, req: IncomingMessage, over: 'share' | 'all'): Answer {
  const who = `${req.method} ${req.url} from ${c.login.client}`;
  const headers = { 'Retry-After': String(RETRY_AFTER) };
  if (over === 'share') {
    c.strangers.refused(`${who}: 429, its address is sending ${STRANGERS_SHARE >> 10} KiB of login forms at once already`);
    return refuse(429, `this address is sending ${STRANGERS_SHARE >> 10} KiB of login forms at once already; try again shortly`, headers);
  }
  c.strangers.refused(`${who}: 503, over ${STRANGERS_BYTES >> 10} KiB of login forms are arriving at once`);
  return refuse(503, 'too many logins are arriving at once; try again shortly', headers);
}

export type { Body };
