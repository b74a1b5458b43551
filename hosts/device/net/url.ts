// A results server's base URL split for the ECMA-419 HTTP client, which takes a host, a port and a path.
// Only http: the table holds no certificates for TLS (a club's server sits on its own network).

export interface Endpoint {
  host: string;
  port: number;
  /** The path of the records endpoint, starting with "/". */
  path: string;
}

export const RECORDS_PATH = '/api/v1/records';

/** `http://host[:port][/path]` → host, port (80) and path ("/"), or an error saying what is wrong. */
export function splitHttpUrl(url: string): { ok: true; value: Endpoint } | { ok: false; error: string } {
  const m = /^http:\/\/([^/:?#\s]+|\[[0-9a-fA-F:.]+\])(?::(\d{1,5}))?(\/[^#\s]*)?$/.exec(url.trim());
  if (!m) {
    if (/^https:/i.test(url.trim())) return { ok: false, error: `the table cannot use https (no certificates on the device): "${url}"` };
    return { ok: false, error: `"${url}" is not an address like http://host:8080/path` };
  }
  const port = m[2] === undefined ? 80 : Number(m[2]);
  if (!(port >= 1 && port <= 65535)) return { ok: false, error: `the port ${m[2]} in "${url}" is not 1-65535` };
  return { ok: true, value: { host: m[1], port, path: m[3] ?? '/' } };
}

/** The records endpoint of a server's base URL (`http://host[:port][/base]`). */
export function recordsEndpoint(base: string): { ok: true; value: Endpoint } | { ok: false; error: string } {
  const split = splitHttpUrl(base);
  if (!split.ok) return split;
  if (split.value.path.includes('?')) return { ok: false, error: `the server "${base}" has a query; give its base address` };
  const prefix = split.value.path.replace(/\/+$/, '');
  return { ok: true, value: { ...split.value, path: prefix.endsWith(RECORDS_PATH) ? prefix : prefix + RECORDS_PATH } };
}

/** The base URL of a server found by mDNS: its address, port and the TXT `path` (its records path). */
export function baseFromService(address: string, port: number, txtPath: string | undefined): string {
  const path = txtPath && txtPath.startsWith('/') && txtPath.endsWith(RECORDS_PATH) ? txtPath.slice(0, -RECORDS_PATH.length) : '';
  return `http://${address}:${port}${path}`;
}

/** A TXT value ("key=value" strings; the SDK hands them as an array, its typing as a record). */
export function txtValue(txt: string[] | Record<string, string> | undefined, key: string): string | undefined {
  if (Array.isArray(txt)) {
    for (const t of txt) if (t.startsWith(`${key}=`)) return t.slice(key.length + 1);
    return undefined;
  }
  return txt?.[key];
}
