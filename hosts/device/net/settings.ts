// What the table keeps for Wi-Fi and results: the network to join, the results server (null: find it by
// mDNS) and who the table is with its secret. Set on the setup page, never at build time. Kept in
// Preference on the ESP32 (preference-settings.ts), in one key file in mcsim (keyNetStore).
import type { KeyStore } from '../../../src/store/key.ts';

export interface NetSettings {
  ssid: string;
  password: string;
  /** Base URL of the results server, or null to find it by mDNS (`_carrom._tcp`). */
  server: string | null;
  table: string;
  /** 64 hex digits. */
  secret: string;
}

/** A blank table: no network, no server, no identity. */
export function blankSettings(): NetSettings {
  return { ssid: '', password: '', server: null, table: '', secret: '' };
}

/** Whether the table knows enough to sign and send results. */
export function canSync(s: NetSettings): boolean {
  return s.ssid !== '' && s.table !== '' && s.secret.length === 64;
}

/** Where the network settings are kept. */
export interface NetStore {
  load(): NetSettings;
  save(s: NetSettings): void;
}

/** The settings as one JSON text in a key (saved whole, in one step); anything that does not read as
 * settings is a blank table, which then opens its setup page rather than stop. */
export function keyNetStore(key: KeyStore): NetStore {
  return {
    load(): NetSettings {
      let o: unknown;
      try {
        o = JSON.parse(key.get() ?? 'null');
      } catch {
        return blankSettings();
      }
      if (!o || typeof o !== 'object') return blankSettings();
      const r = o as Record<string, unknown>;
      const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
      return { ssid: str('ssid'), password: str('password'), server: str('server') || null, table: str('table'), secret: str('secret') };
    },
    save(s: NetSettings): void {
      key.set(JSON.stringify({ ssid: s.ssid, password: s.password, server: s.server ?? '', table: s.table, secret: s.secret }));
    },
  };
}
