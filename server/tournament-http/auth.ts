// The login, the sessions and the guard on every write (docs/tournament.md §2): a session cookie, the
// CSRF token of the session (a form's `csrf` field, or the JSON interface's `Carrom-CSRF` header), and
// the Origin (or Referer) of the server's own host when the browser sends one. Reads need none of it.
// The scheme and host are the client's (server/common/client.ts): a trusted proxy's forwarded ones behind it.
import type { SessionAnswer } from '../json/tournament.ts';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientOf, originHost } from '../common/client.ts';
import type { Sql } from '../db/sql.ts';
import { HTML_TYPE, json, refuse, seeOther, type Answer } from './answer.ts';
import type { LoginLog } from './login-log.ts';
import { logIn, logOut, newToken, sessionOf, type Session } from './organisers.ts';
import type { CheckQueue } from './passwords.ts';

export const SESSION_COOKIE = 'carrom_session';
export const LOGIN_COOKIE = 'carrom_login';

export function cookies(req: IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return jar;
}

/** `Secure` whenever the client reached us over HTTPS: the browser then never sends the cookie in clear. */
const secure = (req: IncomingMessage) => (clientOf(req).https ? '; Secure' : '');
const cookie = (req: IncomingMessage, name: string, value: string, extra = '') => `${name}=${value}; HttpOnly; SameSite=Strict; Path=/${extra}${secure(req)}`;

export const sameToken = (a: string | undefined, b: string): boolean => a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Null when the request's Origin (or, lacking one, its Referer) is the host the client asked for (its
 * Host header, or a trusted proxy's forwarded host), or it sends neither (a script, not a browser);
 * else why not. */
export function originRefused(req: IncomingMessage): string | null {
  const given = req.headers.origin ?? req.headers.referer;
  if (given === undefined) return null;
  let host: string;
  try {
    host = new URL(given).host;
  } catch {
    return `the request's origin "${given}" is not a URL`;
  }
  const client = clientOf(req);
  const asked = client.host === undefined ? null : originHost(client.host, client.https);
  if (host === asked) return null;
  // Behind a reverse proxy that passes Host without its port, every browser's write lands here: say so.
  const proxied = asked !== null && !asked.includes(':') && host.startsWith(`${asked}:`);
  return `a write from another origin (${given}) is refused${proxied ? ` (the request's host is ${asked}, without the port: behind a reverse proxy, start carrom serve with --trust-proxy and have the proxy send X-Forwarded-Host)` : ''}`;
}

export type Guard = { ok: true; session: Session } | { ok: false; answer: Answer };

/** The session a request may go on, from its headers alone: 401 without one, 403 for another origin.
 * A request without a session cookie is refused without asking the database. */
export async function sessionGuard(sql: Sql, req: IncomingMessage, now: Date): Promise<Guard> {
  const token = cookies(req).get(SESSION_COOKIE);
  const session = token ? await sessionOf(sql, token, now) : null;
  if (!session) return { ok: false, answer: refuse(401, 'log in as an organiser first') };
  const origin = originRefused(req);
  if (origin) return { ok: false, answer: refuse(403, origin) };
  return { ok: true, session };
}

/** A refusal when `token` (the form's field, else the Carrom-CSRF header) is not the session's. */
function csrfRefused(req: IncomingMessage, session: Session, csrf: string | undefined): Answer | null {
  const header = req.headers['carrom-csrf'];
  const token = csrf ?? (typeof header === 'string' ? header : undefined);
  if (sameToken(token, session.csrf)) return null;
  return refuse(403, token === undefined ? 'the CSRF token is missing (the Carrom-CSRF header, or a form\'s csrf field)' : 'the CSRF token is not this session\'s: load the page again');
}

/** The session a write may go on: 401 without one, 403 for another origin or a CSRF token that is not
 * the session's (`csrf`: the form's field, else the header). */
export async function guardWrite(sql: Sql, req: IncomingMessage, now: Date, csrf: string | undefined): Promise<Guard> {
  const guard = await sessionGuard(sql, req, now);
  if (!guard.ok) return guard;
  const refused = csrfRefused(req, guard.session, csrf);
  return refused ? { ok: false, answer: refused } : guard;
}

/** What the headers of a login or logout form can tell before a byte of its body is read: our own origin
 * (403), a form (400), the login cookie for a login (403), a declared length within `max` (413). */
export function formRefused(req: IncomingMessage, max: number, login = true): Answer | null {
  const origin = originRefused(req);
  if (origin) return refuse(403, origin);
  const type = String(req.headers['content-type'] ?? '');
  if (!type.startsWith('application/x-www-form-urlencoded')) return refuse(400, 'the body must be a form (application/x-www-form-urlencoded)');
  if (login && !cookies(req).get(LOGIN_COOKIE)) return refuse(403, 'the login form\'s token is missing or stale: load /login again');
  if (Number(req.headers['content-length']) > max) return refuse(413, `body over ${max >> 10} KiB`);
  return null;
}

export function loginPage(req: IncomingMessage, status = 200, message = ''): Answer {
  const token = newToken();
  const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Organiser login</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/club.css"></head>
<body data-page="login">
<main>
<h1>Organiser login</h1>
${message ? `<p class="error" role="alert">${message}</p>\n` : ''}<form method="post" action="/login">
<input type="hidden" name="csrf" value="${token}">
<label>Name <input name="name" autocomplete="username" required maxlength="40"></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Log in</button>
</form>
</main>
</body>
</html>
`;
  return { status, type: HTML_TYPE, body, headers: { 'Set-Cookie': cookie(req, LOGIN_COOKIE, token), 'Content-Security-Policy': "default-src 'self'" } };
}

/** What the login needs of the server besides its database: the queue of password checks and the log
 * of failed logins (one each per server), and the client's address (server/common/client.ts's clientAddress). */
export interface LoginContext {
  checks: CheckQueue;
  log: LoginLog;
  client: string;
}

/** POST /login: the form's token must be the login cookie's (set with the page), then name and password. */
export async function postLogin(sql: Sql, req: IncomingMessage, form: URLSearchParams, now: Date, login: LoginContext): Promise<Answer> {
  const origin = originRefused(req);
  if (origin) return refuse(403, origin);
  const given = cookies(req).get(LOGIN_COOKIE);
  if (!given || !sameToken(form.get('csrf') ?? undefined, given)) return refuse(403, 'the login form\'s token is missing or stale: load /login again');
  const name = form.get('name') ?? '';
  const r = await logIn(sql, login.checks, name, form.get('password') ?? '', login.client, now);
  if (r.ok) return seeOther('/tournaments', { 'Set-Cookie': [cookie(req, SESSION_COOKIE, r.token), cookie(req, LOGIN_COOKIE, '', '; Max-Age=0')] });
  login.log.refused(r.why, name, login.client);
  if (r.why === 'wait') {
    const when = r.seconds < 60 ? `${r.seconds} second(s)` : `${Math.ceil(r.seconds / 60)} minute(s)`;
    const page = loginPage(req, 429, `Too many wrong passwords for this name from here: try again in ${when}.`);
    return { ...page, headers: { ...page.headers, 'Retry-After': String(r.seconds) } };
  }
  if (r.why === 'busy') {
    // Nothing was checked: too many logins are under way at once, of this name (429) or in all (503).
    const page = loginPage(req, r.everyone ? 503 : 429, 'Too many logins at once: try again in a moment.');
    return { ...page, headers: { ...page.headers, 'Retry-After': '1' } };
  }
  // The same text for a wrong name and a wrong password.
  return loginPage(req, 401, 'Wrong name or password.');
}

/** POST /logout, once sessionGuard has found the session: the form's CSRF token must be the session's. */
export async function postLogout(sql: Sql, req: IncomingMessage, session: Session, form: URLSearchParams): Promise<Answer> {
  const refused = csrfRefused(req, session, form.get('csrf') ?? undefined);
  if (refused) return refused;
  await logOut(sql, cookies(req).get(SESSION_COOKIE)!);
  return seeOther('/', { 'Set-Cookie': cookie(req, SESSION_COOKIE, '', '; Max-Age=0') });
}

export async function getSession(sql: Sql, req: IncomingMessage, now: Date): Promise<Answer> {
  const session = await sessionOf(sql, cookies(req).get(SESSION_COOKIE) ?? null, now);
  // No session is an answer, not a failure: a visitor's page asks this at every load, and a 401 would be
  // a fault in its browser's console.
  return json(200, (session ?? { organiser: null }) satisfies SessionAnswer);
}
