// What the table keeps for Wi-Fi and results, in Preference: the network to join, the results server
// (null: find it by mDNS) and who the table is with its secret. Set on the setup page, never at build time.

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
