// The network settings in Preference (NVS on the ESP32: names up to 15 characters, values up to
// 4000 bytes; all of ours are far shorter). `ok` is cleared first and set last: a cut during a save
// leaves the table unconfigured (setup mode at the next boot), never with half old, half new settings.
import Preference from 'preference';
import { blankSettings, type NetSettings, type NetStore } from './settings.ts';

const DOMAIN = 'carromnet';

function text(key: string): string {
  const v = Preference.get(DOMAIN, key);
  return typeof v === 'string' ? v : '';
}

export function loadSettings(): NetSettings {
  if (Preference.get(DOMAIN, 'ok') !== 1) return blankSettings();
  const server = text('server');
  return { ssid: text('ssid'), password: text('password'), server: server === '' ? null : server, table: text('table'), secret: text('secret') };
}

export function saveSettings(s: NetSettings): void {
  Preference.set(DOMAIN, 'ok', 0);
  Preference.set(DOMAIN, 'ssid', s.ssid);
  Preference.set(DOMAIN, 'password', s.password);
  Preference.set(DOMAIN, 'server', s.server ?? '');
  Preference.set(DOMAIN, 'table', s.table);
  Preference.set(DOMAIN, 'secret', s.secret);
  Preference.set(DOMAIN, 'ok', 1);
}

export const preferenceNetStore: NetStore = Object.freeze({ load: loadSettings, save: saveSettings });
