// What the server knows of the client of a request: its address, whether it reached us over HTTPS, and
// the host it asked for. Taken from the connection itself, unless the connection comes from a reverse
// proxy the operator trusts (`carrom serve --trust-proxy`, docs/server.md §10): then the proxy's
// `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` (or, lacking them, RFC 7239's
// `Forwarded`) say what the proxy saw. Without --trust-proxy, or from any other peer, those headers are
// ignored: anyone can send them.
//
// Everything that asks who the client is goes through here: the address (`clientAddress`, for whatever
// counts or logs by address), the scheme (the cookies' `Secure`) and the host (the Origin check).
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export interface Client {
  /** The client's IP address: the connection's peer, or the one a trusted proxy says it saw. */
  address: string;
  /** Reached over HTTPS: this server's own TLS, or a trusted proxy's (its forwarded proto). */
  https: boolean;
  /** The host (with its port, when not the scheme's default) the client asked for, as a browser's
   * Origin gives it; undefined when the request named none. */
  host: string | undefined;
}

/** The proxies whose forwarded headers count: addresses and subnets. */
export class ProxyTrust {
  private readonly list = new BlockList();
  /** As given, for the log. */
  readonly text: string;

  private constructor(text: string) {
    this.text = text;
  }

  /** `spec`: `loopback` (a proxy on this computer), or addresses and subnets separated by commas
   * (`10.0.0.5`, `10.0.0.0/24`, `fd00::1`); the reason as a string when it is not that. */
  static parse(spec: string): ProxyTrust | string {
    const trust = new ProxyTrust(spec);
    for (const item of spec.split(',').map((s) => s.trim())) {
      if (item === 'loopback') {
        trust.list.addSubnet('127.0.0.0', 8, 'ipv4');
        trust.list.addAddress('::1', 'ipv6');
        continue;
      }
      const [address, bits, extra] = item.split('/');
      const family = isIP(address);
      const max = family === 6 ? 128 : 32;
      if (!family || extra !== undefined || (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= max))) {
        return `"${item}" is not an IP address or subnet (such as 127.0.0.1, 10.0.0.0/24, ::1, or loopback)`;
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) trust.list.addAddress(address, type);
      else trust.list.addSubnet(address, Number(bits), type);
    }
    return trust;
  }

  trusts(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

const seen = new WeakMap<IncomingMessage, Client>();

/** Works out the request's client (with `trust`, the proxies whose headers count; null: none) and keeps
 * it for `clientOf`. The request handler calls it first (server/http.ts). */
export function see(req: IncomingMessage, trust: ProxyTrust | null): Client {
  const client = clientFrom(req, trust);
  seen.set(req, client);
  return client;
}

/** The request's client, as `see` found it (a request it did not see: the connection's, no proxy). */
export function clientOf(req: IncomingMessage): Client {
  return seen.get(req) ?? see(req, null);
}

/** The client's IP address: the one place that says it (rate limits and log lines by address use it). */
export const clientAddress = (req: IncomingMessage): string => clientOf(req).address;

/** An IPv4 peer on a dual-stack socket (`::ffff:10.0.0.5`) as the address it is. */
const plain = (address: string): string => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address);

function clientFrom(req: IncomingMessage, trust: ProxyTrust | null): Client {
  const peer = plain(req.socket.remoteAddress ?? '');
  const direct: Client = { address: peer, https: (req.socket as { encrypted?: boolean }).encrypted === true, host: req.headers.host };
  if (!trust || !trust.trusts(peer)) return direct;
  const forwarded = lastForwarded(req.headers.forwarded);
  const proto = (last(req.headers['x-forwarded-proto']) ?? forwarded.proto)?.toLowerCase();
  const host = last(req.headers['x-forwarded-host']) ?? forwarded.host;
  return {
    address: forwardedFor(req, trust) ?? peer,
    https: proto === 'https' ? true : proto === 'http' ? false : direct.https,
    host: host !== undefined && HOST.test(host) ? host : direct.host,
  };
}

/** A host and optional port, as a Host header holds it (no path, no spaces, no user). */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The last of a header's comma-separated values: the one the nearest proxy added (a proxy that appends,
 * as nginx's `$proxy_add_x_forwarded_for` does, keeps what the client sent in front of it). */
function last(header: string | string[] | undefined): string | undefined {
  const values = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return values.at(-1);
}

/** The client's address from X-Forwarded-For (or Forwarded's `for=`): from the right, the first that is
 * not itself a trusted proxy (a chain of them each appends the one it saw); undefined when none is an
 * address (`for=unknown`, an obfuscated name). */
function forwardedFor(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  const header = req.headers['x-forwarded-for'];
  const chain = header !== undefined
    ? (Array.isArray(header) ? header.join(',') : header).split(',').map((s) => s.trim())
    : forwardedElements(req.headers.forwarded).map((e) => e.for ?? '');
  for (const given of chain.reverse()) {
    const address = plain(bare(given));
    if (!isIP(address)) return undefined;
    if (!trust.trusts(address)) return address;
  }
  return undefined;
}

/** An address without its brackets and port: `[2001:db8::1]:4711` and `192.0.2.1:4711` as addresses. */
function bare(given: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(given);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(given);
  return v4 ? v4[1] : given;
}

type ForwardedElement = Partial<Record<'for' | 'proto' | 'host', string>>;

/** RFC 7239's `Forwarded: for=192.0.2.60;proto=https;host=club.lan, for=…`: its elements, each with
 * the parameters we use (quoted values unquoted). */
function forwardedElements(header: string | undefined): ForwardedElement[] {
  if (!header) return [];
  return header.split(',').map((element) => {
    const out: ForwardedElement = {};
    for (const pair of element.split(';')) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      const name = pair.slice(0, at).trim().toLowerCase();
      const value = pair.slice(at + 1).trim().replace(/^"(.*)"$/, '$1');
      if (name === 'for' || name === 'proto' || name === 'host') out[name] = value;
    }
    return out;
  });
}

const lastForwarded = (header: string | undefined): ForwardedElement => forwardedElements(header).at(-1) ?? {};

/** `host` as the URL of `https` or not gives it: the scheme's default port left out, so that
 * `club.lan:443` over HTTPS is the Origin `https://club.lan`'s host. */
export function originHost(host: string, https: boolean): string | null {
  try {
    return new URL(`${https ? 'https' : 'http'}://${host}`).host;
  } catch {
    return null;
  }
}
