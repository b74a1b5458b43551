// The client of a request as server/common/client.ts tells it (docs/server.md §10), over real HTTP on loopback:
// the connection's own address, scheme and host; behind a trusted proxy, the forwarded ones, the
// client's address the first from the right that is not a trusted proxy's; forged or malformed headers,
// and any from a peer not trusted, counting for nothing. `clientAddress` is the one function the rest
// of the server asks (server/http.ts re-exports it).
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientOf, see, ProxyTrust, type Client } from '../../../server/common/client.ts';
import { clientAddress } from '../../../server/http.ts';

/** A server that answers each request with its client as `trust` makes it out. */
async function echo(trust: string | null): Promise<{ server: Server; ask(headers: Record<string, string>): Promise<Client & { viaHttp: string }> }> {
  const parsed = trust === null ? null : ProxyTrust.parse(trust);
  assert.notEqual(typeof parsed, 'string');
  const server = createServer((req, res) => {
    see(req, parsed as ProxyTrust | null);
    res.end(JSON.stringify({ ...clientOf(req), viaHttp: clientAddress(req) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const ask = (headers: Record<string, string>) =>
    new Promise<Client & { viaHttp: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, headers, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d)).on('end', () => resolve(JSON.parse(body)));
      });
      req.on('error', reject).end();
    });
  return { server, ask };
}

const FORGED = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'club.lan:8443', Forwarded: 'for=198.51.100.1;proto=https;host=evil.example' };

describe('the client of a request (server/common/client.ts)', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('without a trusted proxy: the connection\'s address, scheme and Host, whatever forwarded headers say', async () => {
    const e = await echo(null);
    server = e.server;
    const c = await e.ask({ ...FORGED, Host: 'club.lan:8080' });
    assert.deepEqual(c, { address: '127.0.0.1', https: false, host: 'club.lan:8080', viaHttp: '127.0.0.1' });
  });

  it('from a peer that is not the trusted proxy: the same', async () => {
    const e = await echo('192.0.2.1,10.0.0.0/8');
    server = e.server;
    assert.deepEqual(await e.ask({ ...FORGED, Host: 'club.lan' }), { address: '127.0.0.1', https: false, host: 'club.lan', viaHttp: '127.0.0.1' });
  });

  it('from a trusted proxy: its X-Forwarded-For (the nearest untrusted address), -Proto and -Host count', async () => {
    const e = await echo('loopback');
    server = e.server;
    // What nginx's $proxy_add_x_forwarded_for makes of a client's forged header: the one it saw, last.
    const c = await e.ask({ Host: 'club.lan', 'X-Forwarded-For': '203.0.113.9, 198.51.100.7', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'club.lan:8443' });
    assert.deepEqual(c, { address: '198.51.100.7', https: true, host: 'club.lan:8443', viaHttp: '198.51.100.7' });
    // A chain through two trusted proxies: the address before them.
    assert.equal((await e.ask({ 'X-Forwarded-For': '198.51.100.7, 127.0.0.2' })).address, '198.51.100.7');
    // Forwarded (RFC 7239), when there are no X-Forwarded-* headers: its last element.
    const f = await e.ask({ Host: 'x', Forwarded: 'for=192.0.2.9;proto=http, for="[2001:db8::1]:4711";proto=https;host="club.lan:8443"' });
    assert.deepEqual(f, { address: '2001:db8::1', https: true, host: 'club.lan:8443', viaHttp: '2001:db8::1' });
    // Values that are not an address, a scheme or a host count for nothing.
    const junk = await e.ask({ Host: 'club.lan', 'X-Forwarded-For': 'unknown', 'X-Forwarded-Proto': 'gopher', 'X-Forwarded-Host': 'evil.example/path' });
    assert.deepEqual(junk, { address: '127.0.0.1', https: false, host: 'club.lan', viaHttp: '127.0.0.1' });
  });

  it('refuses a --trust-proxy that is not addresses or subnets, saying which', () => {
    assert.match(String(ProxyTrust.parse('10.0.0.5,club.lan')), /"club\.lan" is not an IP address or subnet/);
    assert.match(String(ProxyTrust.parse('10.0.0.0/33')), /"10\.0\.0\.0\/33" is not/);
    assert.ok(ProxyTrust.parse('fd00::/8, 10.0.0.5') instanceof ProxyTrust);
  });
});
