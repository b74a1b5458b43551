// The setup page's form: parsing its url-encoded body and checking every field before anything is kept.
// Pure, so that the checks run in the unit tests; setup-mode.ts serves it on the device.

import { checkServer, parseSetupCode } from '../../../src/sync/setup-code.ts';
import type { NetSettings } from './settings.ts';
import { recordsEndpoint } from './url.ts';

/** application/x-www-form-urlencoded → fields (the last of a repeated name wins). */
export function parseForm(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = decode(at < 0 ? '' : pair.slice(at + 1));
    if (name !== null && value !== null) out.set(name, value);
  }
  return out;
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return null; // a malformed %-escape: the field is ignored, and its check below says it is missing
  }
}

function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

export type FormResult = { ok: true; value: NetSettings } | { ok: false; error: string };

/** The settings a submitted form gives, on top of the current ones; the first problem found otherwise.
 * An empty setup code keeps the table's identity; an empty password keeps the current one only when
 * the network is the same (so the page need not show it). */
export function applyForm(fields: Map<string, string>, current: NetSettings): FormResult {
  const ssid = (fields.get('ssid') ?? '').trim();
  if (ssid === '') return { ok: false, error: 'Wi-Fi network: enter its name (SSID)' };
  if (utf8Length(ssid) > 32) return { ok: false, error: `Wi-Fi network: "${ssid}" is longer than 32 bytes` };
  let password = fields.get('password') ?? '';
  if (password === '' && ssid === current.ssid) password = current.password;
  const hex = /^[0-9a-fA-F]{64}$/.test(password);
  if (password !== '' && !hex && (password.length < 8 || password.length > 63))
    return { ok: false, error: `Wi-Fi password: ${password.length} characters, a WPA2 password has 8-63` };

  const serverText = (fields.get('server') ?? '').trim();
  let server: string | null = null;
  if (serverText !== '') {
    const checked = checkServer(serverText);
    if (!checked.ok) return { ok: false, error: `Results server: ${checked.error}` };
    const endpoint = recordsEndpoint(checked.value);
    if (!endpoint.ok) return { ok: false, error: `Results server: ${endpoint.error}` };
    server = checked.value;
  }

  const codeText = (fields.get('code') ?? '').trim();
  let table = current.table;
  let secret = current.secret;
  if (codeText !== '') {
    const code = parseSetupCode(codeText);
    if (!code.ok) return { ok: false, error: `Setup code: ${code.error}` };
    table = code.value.table;
    secret = code.value.secret;
  } else if (table === '' || secret === '') {
    return { ok: false, error: 'Setup code: enter the code the results server printed for this table (carrom1.<table>.<secret>)' };
  }
  return { ok: true, value: { ssid, password, server, table, secret } };
}
