// The setup code an organiser gives a table (`carrom serve --add-table ID` prints it on stderr):
//   carrom1.<table id>.<secret, 64 hex digits>
// typed or pasted into the table's setup page, and the checks every sync setting goes through before
// it is kept in Preference. Errors say what is wrong and where, for a person at the setup page.

import type { SyncSettings } from './ports.ts';

export const SETUP_PREFIX = 'carrom1';

const TABLE_ID = /^[a-z0-9-]{1,40}$/;
// Stryker disable next-line Regex: checkSecret tests it only on 64 characters, where 64 hex digits at either end are the whole
const SECRET = /^[0-9a-f]{64}$/;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export function checkTableId(id: string): string | null {
  if (id.length === 0) return 'the table id is empty';
  if (id.length > 40) return `the table id has ${id.length} characters (at most 40)`;
  if (!TABLE_ID.test(id)) return `the table id "${id}" may hold only a-z, 0-9 and -`;
  return null;
}

export function checkSecret(secret: string): string | null {
  if (secret.length !== 64) return `the secret has ${secret.length} characters (64 hex digits expected)`;
  if (!SECRET.test(secret)) return 'the secret must be 64 hex digits (0-9, a-f)';
  return null;
}

/** A server's base URL: http or https, a host, no query or fragment; the trailing slash is dropped. */
export function checkServer(url: string): Checked<string> {
  const m = /^(https?):\/\/([^/?#\s]+)(\/[^?#\s]*)?$/.exec(url.trim());
  if (!m) return { ok: false, error: `the server "${url}" is not an address like http://host:8080` };
  const port = /:(\d*)$/.exec(m[2]);
  if (port && !(Number(port[1]) >= 1 && Number(port[1]) <= 65535)) return { ok: false, error: `the server's port "${port[1]}" is not 1-65535` };
  return { ok: true, value: `${m[1]}://${m[2]}${(m[3] ?? '').replace(/\/+$/, '')}` };
}

/** `carrom1.<table>.<secret>`; spaces around it and a lower/upper-case secret are accepted. */
export function parseSetupCode(text: string): Checked<{ table: string; secret: string }> {
  const code = text.trim();
  const parts = code.split('.');
  if (parts[0] !== SETUP_PREFIX) return { ok: false, error: `a setup code starts with "${SETUP_PREFIX}."` };
  if (parts.length !== 3) return { ok: false, error: `a setup code has three parts, ${SETUP_PREFIX}.<table>.<secret>; this one has ${parts.length}` };
  const table = parts[1];
  const secret = parts[2].toLowerCase();
  const error = checkTableId(table) ?? checkSecret(secret);
  return error ? { ok: false, error } : { ok: true, value: { table, secret } };
}

export function formatSetupCode(table: string, secret: string): string {
  return `${SETUP_PREFIX}.${table}.${secret}`;
}

/** Settings as the setup page or Preference hands them over, checked; the server may be empty (mDNS). */
export function checkSettings(s: { server?: unknown; table?: unknown; secret?: unknown }): Checked<SyncSettings> {
  if (typeof s.table !== 'string') return { ok: false, error: 'the table id is missing' };
  if (typeof s.secret !== 'string') return { ok: false, error: 'the secret is missing' };
  const error = checkTableId(s.table) ?? checkSecret(s.secret.toLowerCase());
  if (error) return { ok: false, error };
  let server: string | null = null;
  if (s.server !== undefined && s.server !== null && s.server !== '') {
    if (typeof s.server !== 'string') return { ok: false, error: 'the server must be an address' };
    const checked = checkServer(s.server);
    if (!checked.ok) return checked;
    server = checked.value;
  }
  return { ok: true, value: { server, table: s.table, secret: s.secret.toLowerCase() } };
}
