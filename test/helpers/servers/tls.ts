// Throw-away certificates for the TLS and proxy tests, made with `openssl` as docs/server.md §10 makes a club's:
// a local CA, and certificates it signs for 127.0.0.1 and localhost. Nothing here is trusted outside
// the test that made it: a client trusts the CA only when the test hands it `ca`. And requests over
// either, as a browser makes them: an organiser's login and a write.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';

/** Whether `openssl` is on the PATH (Debian's openssl package; .ci/run installs it). */
export const hasOpenssl = (): boolean => spawnSync('openssl', ['version']).status === 0;

const openssl = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });

export interface Ca {
  /** The CA certificate, PEM: what a client trusts. */
  cert: string;
  certFile: string;
  keyFile: string;
  dir: string;
}

/** A CA valid for a day, its files in `dir` as `<name>.crt` and `<name>.key`. */
export function makeCa(dir: string, name = 'carrom-test-ca'): Ca {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1', '-subj', `/CN=${name}`, '-keyout', keyFile, '-out', certFile]);
  return { cert: readFileSync(certFile, 'utf8'), certFile, keyFile, dir };
}

export interface Issued {
  certFile: string;
  keyFile: string;
  /** The certificate's serial number, in hex capitals as Node's getPeerCertificate() gives it. */
  serial: string;
}

/** A server certificate signed by `ca` for `names` (IP:127.0.0.1, DNS:localhost by default), with a key
 * of its own, written to `<name>.crt` and `<name>.key` in the CA's folder. */
export function issue(ca: Ca, name: string, names = ['IP:127.0.0.1', 'DNS:localhost']): Issued {
  const certFile = join(ca.dir, `${name}.crt`);
  const keyFile = join(ca.dir, `${name}.key`);
  const csr = join(ca.dir, `${name}.csr`);
  const ext = join(ca.dir, `${name}.ext`);
  writeFileSync(ext, `subjectAltName=${names.join(',')}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
  openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', `/CN=${name}`, '-keyout', keyFile, '-out', csr]);
  openssl(['x509', '-req', '-in', csr, '-CA', ca.certFile, '-CAkey', ca.keyFile, '-CAcreateserial', '-days', '1', '-extfile', ext, '-out', certFile]);
  const serial = openssl(['x509', '-in', certFile, '-noout', '-serial']).toString().trim().replace(/^serial=/, '');
  return { certFile, keyFile, serial: serial.toUpperCase() };
}

export interface Asked {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Over HTTPS: the serial number of the certificate the server presented. */
  serial: string | null;
}

/** One request over a new connection (so that a reloaded certificate shows), HTTP or HTTPS, trusting
 * only `ca` for HTTPS. Node's fetch takes no CA of a test's. */
export function ask(url: string, o: { method?: string; headers?: Record<string, string>; body?: string; ca?: string } = {}): Promise<Asked> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(u, { method: o.method ?? 'GET', headers: o.headers, agent: false, ca: o.ca, timeout: 20_000 }, (res) => {
      const serial = 'getPeerCertificate' in res.socket ? (res.socket as TLSSocket).getPeerCertificate().serialNumber ?? null : null;
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, serial }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in 20 s`)));
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The name=value of cookie `name` among an answer's Set-Cookie headers, with its attributes. */
export function setCookie(a: Asked, name: string): { pair: string; attributes: string[] } | null {
  const line = (a.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { pair, attributes };
}

export interface OrganiserTry {
  /** The login page's answer (it sets the login cookie). */
  page: Asked;
  /** POST /login's answer: 303 with the session cookie when it worked. */
  login: Asked;
  /** POST /api/v1/tournaments with the session and its CSRF token (null when the login did not work). */
  write: Asked | null;
}

/** An organiser's login and a CSRF-checked write through `base` as a browser at `origin` (default:
 * `base`'s) makes them: the form's token and cookie, the Origin header, the session's CSRF token. */
export async function organiserTry(base: string, name: string, password: string, o: { ca?: string; origin?: string } = {}): Promise<OrganiserTry> {
  const origin = o.origin ?? new URL(base).origin;
  const page = await ask(`${base}/login`, { ca: o.ca });
  const token = /name="csrf" value="([\w-]+)"/.exec(page.body)?.[1] ?? '';
  const loginCookie = setCookie(page, 'carrom_login')?.pair ?? '';
  const login = await ask(`${base}/login`, {
    method: 'POST',
    ca: o.ca,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: loginCookie, Origin: origin },
    body: new URLSearchParams({ name, password, csrf: token }).toString(),
  });
  const session = setCookie(login, 'carrom_session')?.pair;
  if (login.status !== 303 || !session) return { page, login, write: null };
  const csrf = (JSON.parse((await ask(`${base}/api/v1/session`, { ca: o.ca, headers: { Cookie: session } })).body) as { csrf: string }).csrf;
  const write = await ask(`${base}/api/v1/tournaments`, {
    method: 'POST',
    ca: o.ca,
    headers: { 'Content-Type': 'application/json', Cookie: session, 'Carrom-CSRF': csrf, Origin: origin },
    body: JSON.stringify({ name: 'Club open', date: '2026-12-01', rules: 'icf' }),
  });
  return { page, login, write };
}
