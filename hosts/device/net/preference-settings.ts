// The network settings in Preference (NVS on the ESP32: names up to 15 characters, values up to
// 4000 bytes), as one JSON text in one key (settings.ts keyNetStore, the same text mcsim keeps in a file).
// One key, so that a save is one NVS write, not seven: the capture interrupt is held off for each
// write (setup-mode.ts writes only at rest, and the fewer the better), and NVS replaces one entry
// atomically (it writes the new entry before it erases the old), so a cut during a save leaves the
// settings the table had or the new ones, whole; never half of each, and never none.
//
// Tables set up by an earlier firmware kept one key a field, with `ok` cleared first and set last:
// they are read once from there (a half-done save of theirs reads as no settings, as before), and the
// first save removes them.
import Preference from 'preference';
import { PreferenceKey } from '../preference-key.ts';
import { blankSettings, keyNetStore, type NetSettings, type NetStore } from './settings.ts';

const DOMAIN = 'carromnet';
const KEY = 'settings';
const OLD_KEYS = Object.freeze(['ok', 'ssid', 'password', 'server', 'table', 'secret']);

function oldText(key: string): string {
  const v = Preference.get(DOMAIN, key);
  return typeof v === 'string' ? v : '';
}

/** The settings as firmware before one key kept them. */
function loadOld(): NetSettings {
  if (Preference.get(DOMAIN, 'ok') !== 1) return blankSettings();
  const server = oldText('server');
  return { ssid: oldText('ssid'), password: oldText('password'), server: server === '' ? null : server, table: oldText('table'), secret: oldText('secret') };
}

const store = keyNetStore(new PreferenceKey(DOMAIN, KEY));

export function loadSettings(): NetSettings {
  return Preference.get(DOMAIN, KEY) === undefined ? loadOld() : store.load();
}

export function saveSettings(s: NetSettings): void {
  store.save(s);
  // After the new key: a cut between leaves the new settings, which are read first.
  for (const k of OLD_KEYS) if (Preference.get(DOMAIN, k) !== undefined) Preference.delete(DOMAIN, k);
}

export const preferenceNetStore: NetStore = Object.freeze({ load: loadSettings, save: saveSettings });
