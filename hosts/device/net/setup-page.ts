// The setup page the table serves on its own access point: one small form (HTML, no script), and the
// answers after a save. Pure text, escaped, so that a network name cannot inject markup.

import type { NetSettings } from './settings.ts';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;'));
}

const HEAD = '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Carrom table setup</title><style>body{font-family:sans-serif;max-width:30em;margin:1em auto;padding:0 1em}' +
  'label{display:block;margin-top:1em}input{width:100%;font-size:1.1em}.error{color:#b00}</style></head><body>';

/** The form, filled with what the table has (never its password or secret). */
export function setupPage(s: NetSettings, error: string | null = null): string {
  const who = s.table === '' ? 'not set up yet' : `table <b>${escapeHtml(s.table)}</b>`;
  return (
    `${HEAD}<h1>Carrom table setup</h1><p>This is ${who}.</p>` +
    (error === null ? '' : `<p class="error">${escapeHtml(error)}</p>`) +
    '<form method="post" action="/save">' +
    `<label>Wi-Fi network (SSID)<input name="ssid" maxlength="32" value="${escapeHtml(s.ssid)}" required></label>` +
    `<label>Wi-Fi password${s.password === '' ? '' : ' (empty: keep the current one)'}<input name="password" type="password" maxlength="64"></label>` +
    `<label>Results server (empty: find it on the network by mDNS)<input name="server" placeholder="http://192.168.1.20:8080" value="${escapeHtml(s.server ?? '')}"></label>` +
    `<label>Setup code${s.table === '' ? '' : ' (empty: keep this table\'s)'}<input name="code" placeholder="carrom1.table-1.…" autocomplete="off"></label>` +
    '<p><button>Save</button></p></form></body></html>'
  );
}

/** The answer to a valid form, sent at once. The table keeps the settings only when no shot is in play
 * (setup-mode.ts), so the page says what the organiser sees then, and what a power cut before it means. */
export function savedPage(s: NetSettings, error: string | null = null): string {
  return (
    `${HEAD}<h1>Saved</h1><p>Table <b>${escapeHtml(s.table)}</b> joins <b>${escapeHtml(s.ssid)}</b> and sends its results to ${
      s.server === null ? 'the server it finds by mDNS' : `<b>${escapeHtml(s.server)}</b>`
    }.</p>` +
    (error === null ? '' : `<p class="error">${escapeHtml(error)}</p>`) +
    '<p>The table keeps these settings as soon as no shot is in play (at once if none is), then closes this ' +
    'access point and its setup page. If it loses power before this access point closes, the settings are not ' +
    'kept: the table starts with the ones it had, and you open the setup page again.</p></body></html>'
  );
}
