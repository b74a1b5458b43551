// Organiser accounts and their sessions (docs/tournament.md §1, §2): what `carrom serve --add-organiser`
// and its siblings do, and what the login checks. Only the command line adds an organiser.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { checkPassword, hashPassword } from './passwords.ts';

export const ORGANISER_NAME = /^[a-z0-9._-]{1,40}$/;
/** A session ends this long after its login … */
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** … or after this long without a request, whichever comes first. */
export const SESSION_IDLE_MS = 2 * 3600_000;
/** Five wrong passwords for one name within ten minutes lock that name out for the rest of them. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MS = 10 * 60_000;

export interface OrganiserListing {
  organiser: string;
  addedAt: string;
  lastLoginAt: string | null;
}

/** Adds the organiser, or gives an existing one the new password and ends its sessions (a reset):
 * whether it was new. */
export async function addOrganiser(sql: Sql, name: string, password: string, at: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return sql.transaction(async (tx) => {
    const known = (await tx.all('SELECT name FROM carrom_organisers WHERE name = ?', [name])).length > 0;
    if (known) {
      await tx.run('UPDATE carrom_organisers SET hash = ? WHERE name = ?', [hash, name]);
      await tx.run('DELETE FROM carrom_sessions WHERE organiser = ?', [name]);
    } else await tx.run('INSERT INTO carrom_organisers (name, hash, added_at, last_login_at) VALUES (?, ?, ?, NULL)', [name, hash, at]);
    return !known;
  });
}

export async function listOrganisers(sql: Sql): Promise<OrganiserListing[]> {
  const rows = await sql.all('SELECT name, added_at, last_login_at FROM carrom_organisers ORDER BY name');
  return rows.map((r) => ({ organiser: String(r.name), addedAt: String(r.added_at), lastLoginAt: r.last_login_at === null ? null : String(r.last_login_at) }));
}

/** Removes the organiser and ends its sessions at once; the change log keeps its name. False if unknown. */
export async function removeOrganiser(sql: Sql, name: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    if ((await tx.all('SELECT name FROM carrom_organisers WHERE name = ?', [name])).length === 0) return false;
    await tx.run('DELETE FROM carrom_sessions WHERE organiser = ?', [name]);
    await tx.run('DELETE FROM carrom_organisers WHERE name = ?', [name]);
    return true;
  });
}

export interface Session {
  organiser: string;
  csrf: string;
  expiresAt: string;
}

export type Login = { ok: true; token: string; session: Session } | { ok: false; locked: number | null };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Checks a name and password. A name locked out is refused whatever the password (`locked`: the seconds
 * left); a wrong name and a wrong password are refused alike. */
export async function logIn(sql: Sql, typed: string, password: string, now: Date): Promise<Login> {
  // PostgreSQL refuses a NUL in a query's text (SQLite takes it): such a name is no organiser's anyway
  // (ORGANISER_NAME), and its failures count under U+FFFD in the NUL's place, alike on both.
  const name = typed.replace(/\u0000/g, '\uFFFD');
  const since = new Date(now.getTime() - LOCKOUT_MS).toISOString();
  const failures = await sql.all('SELECT at FROM carrom_login_failures WHERE name = ? AND at > ? ORDER BY at', [name, since]);
  if (failures.length >= LOCKOUT_FAILURES) {
    // Locked until ten minutes after the fifth failure of the window.
    const until = new Date(String(failures[failures.length - LOCKOUT_FAILURES].at)).getTime() + LOCKOUT_MS;
    return { ok: false, locked: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
  }
  const row = ORGANISER_NAME.test(name) ? (await sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', [name]))[0] : undefined;
  // An unknown name costs a hash too, so that the answer's time does not tell which names exist.
  const good = row ? await checkPassword(password, String(row.hash)) : (await checkPassword(password, DUMMY), false);
  const at = now.toISOString();
  if (!good) {
    await sql.transaction(async (tx) => {
      await tx.run('DELETE FROM carrom_login_failures WHERE at <= ?', [since]);
      await tx.run('INSERT INTO carrom_login_failures (name, at) VALUES (?, ?)', [name.slice(0, 80), at]);
    });
    return { ok: false, locked: null };
  }
  const token = newToken();
  const csrf = newToken();
  await sql.transaction(async (tx) => {
    await tx.run('INSERT INTO carrom_sessions (token_hash, organiser, csrf, created_at, seen_at) VALUES (?, ?, ?, ?, ?)', [tokenHash(token), name, csrf, at, at]);
    await tx.run('UPDATE carrom_organisers SET last_login_at = ? WHERE name = ?', [at, name]);
    await tx.run('DELETE FROM carrom_login_failures WHERE name = ?', [name]);
  });
  return { ok: true, token, session: { organiser: name, csrf, expiresAt: expiry(at, at) } };
}

// A hash of nothing anyone types, checked when the name is unknown.
const DUMMY = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function expiry(createdAt: string, seenAt: string): string {
  return new Date(Math.min(new Date(createdAt).getTime() + SESSION_ABSOLUTE_MS, new Date(seenAt).getTime() + SESSION_IDLE_MS)).toISOString();
}

/** The session of `token` if it has not ended; a request on it counts as activity (the idle clock
 * starts again). An ended session is deleted and is null, as none. */
export async function sessionOf(sql: Sql, token: string | null, now: Date): Promise<Session | null> {
  if (!token) return null;
  const key = tokenHash(token);
  const row = (await sql.all('SELECT organiser, csrf, created_at, seen_at FROM carrom_sessions WHERE token_hash = ?', [key]))[0];
  if (!row) return null;
  const at = now.toISOString();
  if (expiry(String(row.created_at), String(row.seen_at)) <= at) {
    await sql.run('DELETE FROM carrom_sessions WHERE token_hash = ?', [key]);
    return null;
  }
  await sql.run('UPDATE carrom_sessions SET seen_at = ? WHERE token_hash = ?', [at, key]);
  return { organiser: String(row.organiser), csrf: String(row.csrf), expiresAt: expiry(String(row.created_at), at) };
}

export async function logOut(sql: Sql, token: string): Promise<void> {
  await sql.run('DELETE FROM carrom_sessions WHERE token_hash = ?', [tokenHash(token)]);
}
