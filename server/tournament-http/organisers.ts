// Organiser accounts and their sessions (docs/tournament.md §1, §2): what `carrom serve --add-organiser`
// and its siblings do, and what the login checks. Only the command line adds an organiser.
import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../db/sql.ts';
import { checkPassword, hashPassword, type CheckQueue } from './passwords.ts';

export const ORGANISER_NAME = /^[a-z0-9._-]{1,40}$/;
/** A session ends this long after its login … */
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** … or after this long without a request, whichever comes first. */
export const SESSION_IDLE_MS = 2 * 3600_000;
/** The bound on guessing (docs/tournament.md §2), kept for each name typed at the login and each client
 * address (an IPv6 address by its /64): this many wrong passwords from there cost no wait … */
export const FREE_FAILURES = 5;
/** … then each further one makes that address wait before it may try that name again: this long after
 * the fifth, twice as long after each next … */
export const FIRST_WAIT_MS = 15_000;
/** … up to this long (about 100 guesses a day from one address). */
export const LONGEST_WAIT_MS = 15 * 60_000;
/** An address that has not tried a name for this long starts again from nothing. */
export const FORGET_MS = 24 * 3600_000;

/** The wait before the next try after `failures` wrong passwords from one address. */
export const waitAfter = (failures: number): number => (failures < FREE_FAILURES ? 0 : Math.min(FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES), LONGEST_WAIT_MS));

export interface OrganiserListing {
  organiser: string;
  addedAt: string;
  lastLoginAt: string | null;
}

/** Adds the organiser, or gives an existing one the new password, ends its sessions and lifts the waits
 * on its name (a reset):
 * whether it was new. */
export async function addOrganiser(sql: Sql, name: string, password: string, at: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return sql.transaction(async (tx) => {
    const known = (await tx.all('SELECT name FROM carrom_organisers WHERE name = ?', [name])).length > 0;
    if (known) {
      await tx.run('UPDATE carrom_organisers SET hash = ? WHERE name = ?', [hash, name]);
      await tx.run('DELETE FROM carrom_sessions WHERE organiser = ?', [name]);
      // A new password lifts the waits on the name: the reset of a forgotten password (§1).
      await tx.run('DELETE FROM carrom_login_throttle WHERE name = ?', [name]);
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

/** `carrom serve --unlock-organiser NAME`: lifts the waits on the name from every address; how many
 * addresses were waiting (or had failures counted). Null for a name that is no organiser's. */
export async function unlockOrganiser(sql: Sql, name: string): Promise<number | null> {
  return sql.transaction(async (tx) => {
    if ((await tx.all('SELECT name FROM carrom_organisers WHERE name = ?', [name])).length === 0) return null;
    const n = Number((await tx.all('SELECT COUNT(*) AS n FROM carrom_login_throttle WHERE name = ?', [name]))[0].n);
    await tx.run('DELETE FROM carrom_login_throttle WHERE name = ?', [name]);
    return n;
  });
}

export interface Session {
  organiser: string;
  csrf: string;
  expiresAt: string;
}

/** A login's outcome: a session; or refused: a wrong name or password, an address that must wait
 * `seconds` before it tries that name again, or too many logins under way (of that name, or in all). */
export type Login =
  | { ok: true; token: string; session: Session }
  | { ok: false; why: 'wrong' }
  | { ok: false; why: 'wait'; seconds: number }
  | { ok: false; why: 'busy'; everyone: boolean };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** The key the bound counts an address under: an IPv4 address as it is, an IPv6 address by its first 64
 * bits (one host's, or one home's, share of the network: they are handed out by the /64), an IPv4 one
 * written in IPv6 (`::ffff:a.b.c.d`) as the IPv4 one. */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...new Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const EPOCH = new Date(0).toISOString();
/** What the tries of a name that is no organiser's are counted under (no organiser's name has a `*`). */
const UNKNOWN_NAME = '*';

/** The seconds `client` must still wait before it tries `name` again, 0 if none (a read only). */
async function waitOf(sql: Sql, name: string, client: string, now: Date): Promise<number> {
  const row = (await sql.all('SELECT next_at FROM carrom_login_throttle WHERE name = ? AND client = ?', [name, client]))[0];
  const until = row ? new Date(String(row.next_at)).getTime() : 0;
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 1000)) : 0;
}
let forgotAt = 0;

/** Logins whose statements run at once (docs/tournament.md §2): a flood of wrong logins (two to five
 * statements each) holds at most these of the database's connections (PostgreSQL's pool has 10), so
 * that the tables' posts and the pages' reads still find one; the other logins wait here, in order. */
export const LOGIN_LANES = 2;
let lanesBusy = 0;
const laneQueue: (() => void)[] = [];
async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (lanesBusy >= LOGIN_LANES) await new Promise<void>((go) => laneQueue.push(go));
  else lanesBusy++;
  try {
    return await work();
  } finally {
    const next = laneQueue.shift();
    if (next) next();
    else lanesBusy--;
  }
}

/**
 * Counts a try of `name` from `client` as a wrong password before its password is checked, in one
 * statement that only succeeds if no other try took the same count meanwhile (on any process): a burst
 * from one address gets FREE_FAILURES tries, then waits. The seconds to wait, or 0 when it may try.
 */
async function countTry(sql: Sql, name: string, client: string, now: Date): Promise<number> {
  const at = now.toISOString();
  // Now and then, the addresses that have not tried a name for FORGET_MS are forgotten.
  if (now.getTime() - forgotAt > 10 * 60_000) {
    forgotAt = now.getTime();
    await sql.run('DELETE FROM carrom_login_throttle WHERE last_at < ?', [new Date(now.getTime() - FORGET_MS).toISOString()]);
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    await sql.run('INSERT INTO carrom_login_throttle (name, client, failures, next_at, last_at) VALUES (?, ?, 0, ?, ?) ON CONFLICT (name, client) DO NOTHING', [name, client, EPOCH, at]);
    const row = (await sql.all('SELECT failures, next_at FROM carrom_login_throttle WHERE name = ? AND client = ?', [name, client]))[0];
    if (!row) continue; // lifted meanwhile (a good login, the operator): counted again from nothing
    const until = new Date(String(row.next_at)).getTime();
    if (until > now.getTime()) return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    const failures = Number(row.failures) + 1;
    const next = new Date(now.getTime() + waitAfter(failures)).toISOString();
    const took = await sql.all('UPDATE carrom_login_throttle SET failures = ?, next_at = ?, last_at = ? WHERE name = ? AND client = ? AND failures = ? RETURNING failures', [failures, next, at, name, client, failures - 1]);
    if (took.length > 0) return 0;
    // Another try took this count first: read again.
  }
  return 1; // never seen: tries racing each other this hard are told to come back
}

/**
 * Checks a name and password typed at `client`'s address (docs/tournament.md §2). The try is counted
 * against that name and address before the password is checked (and forgiven by a good password), so
 * that no burst gets more tries than the bound; a refused try costs no check. The checks themselves
 * wait their turn in `checks`. A wrong name and a wrong password are refused alike.
 */
export async function logIn(sql: Sql, checks: CheckQueue, typed: string, password: string, client: string, now: Date): Promise<Login> {
  // PostgreSQL refuses a NUL in a query's text (SQLite takes it): such a name is no organiser's anyway
  // (ORGANISER_NAME), and its tries count under U+FFFD in the NUL's place, alike on both.
  const name = typed.replace(/\u0000/g, '\uFFFD').slice(0, 80);
  const key = clientKey(client);
  // The tries of names that are no organiser's count together, by address: one row per address however
  // many names it makes up. An address told to wait is told so before it takes a place in the queue of
  // checks …
  const [row, waiting] = await inLane(async () => {
    const found = ORGANISER_NAME.test(name) ? (await sql.all('SELECT hash FROM carrom_organisers WHERE name = ?', [name]))[0] : undefined;
    return [found, await waitOf(sql, found ? name : UNKNOWN_NAME, key, now)] as const;
  });
  const counted = row ? name : UNKNOWN_NAME;
  if (waiting > 0) return { ok: false, why: 'wait', seconds: waiting };
  const place = checks.enter(name);
  if (place === 'name' || place === 'all') return { ok: false, why: 'busy', everyone: place === 'all' };
  let good: boolean;
  try {
    // … and its try is counted before its password is checked.
    const wait = await inLane(() => countTry(sql, counted, key, now));
    if (wait > 0) return { ok: false, why: 'wait', seconds: wait };
    await place.turn;
    // An unknown name costs a check too, so that the answer's time does not tell which names exist.
    good = row ? await checkPassword(password, String(row.hash)) : (await checkPassword(password, DUMMY), false);
  } finally {
    place.leave();
  }
  if (!good) return { ok: false, why: 'wrong' };
  const at = now.toISOString();
  const token = newToken();
  const csrf = newToken();
  await sql.transaction(async (tx) => {
    await tx.run('INSERT INTO carrom_sessions (token_hash, organiser, csrf, created_at, seen_at) VALUES (?, ?, ?, ?, ?)', [tokenHash(token), name, csrf, at, at]);
    await tx.run('UPDATE carrom_organisers SET last_login_at = ? WHERE name = ?', [at, name]);
    // The good password forgives this address its wrong ones; other addresses' waits stay.
    await tx.run('DELETE FROM carrom_login_throttle WHERE name = ? AND client = ?', [name, key]);
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

/** Whether `token` is a session that has not ended, without counting the request as activity and
 * without a write: what the delay asks of every read (server/audience.ts), which must not queue behind
 * the writer. */
export async function sessionLives(sql: Sql, token: string, now: Date): Promise<boolean> {
  const row = (await sql.all('SELECT created_at, seen_at FROM carrom_sessions WHERE token_hash = ?', [tokenHash(token)]))[0];
  return row !== undefined && expiry(String(row.created_at), String(row.seen_at)) > now.toISOString();
}

export async function logOut(sql: Sql, token: string): Promise<void> {
  await sql.run('DELETE FROM carrom_sessions WHERE token_hash = ?', [tokenHash(token)]);
}
