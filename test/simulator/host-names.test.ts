// The Host guard with --host (a tablet at the club): writes are taken for this machine's own addresses
// and names, and still refused for any other name (DNS rebinding) and from foreign Origins. The server
// listens on loopback here; the names are those it would take when listening on every interface.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';
import { isLoopback, lanAddresses, LOOPBACK_NAMES, ownHostNames } from '../../hosts/simulator/host-names.ts';
import { LIMITS, serve } from '../../hosts/simulator/server.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { header } from '../../tools/script.ts';

const IFACES: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  wlan0: [
    { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' },
    { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fe80::1/64', scopeid: 3 },
  ],
};

describe('simulator --host: the names writes are taken for', () => {
  it('on loopback only localhost; on every interface also its addresses and the machine name', () => {
    assert.deepEqual([...ownHostNames('127.0.0.1', IFACES, 'clubpc')].sort(), [...LOOPBACK_NAMES].sort());
    assert.deepEqual([...ownHostNames('0.0.0.0', IFACES, 'ClubPC')].sort(), ['127.0.0.1', '192.168.1.20', '[::1]', 'clubpc', 'clubpc.local', 'localhost']);
    assert.ok(ownHostNames('::', IFACES, 'clubpc').has('[fe80::1]'));
    assert.deepEqual([...ownHostNames('192.168.1.20', IFACES, 'clubpc')].sort(), ['127.0.0.1', '192.168.1.20', '[::1]', 'clubpc', 'clubpc.local', 'localhost']);
    assert.deepEqual(lanAddresses(IFACES), ['192.168.1.20']);
    assert.equal(isLoopback('127.0.0.1') && isLoopback('::1') && isLoopback('localhost'), true);
    assert.equal(isLoopback('0.0.0.0') || isLoopback('192.168.1.20'), false);
  });

  let server: Server;
  let port = 0;
  const start = async (names?: ReadonlySet<string>) => {
    server = await serve(new SimTable({ match: header('icf'), seed: 3 }), 0, '127.0.0.1', LIMITS, names);
    port = (server.address() as { port: number }).port;
  };
  afterEach(() => server?.close());

  /** A POST /api/settle as a browser on the network sends it: its Host, its Origin. */
  function settle(host: string, origin?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(got));
      socket.write(`POST /api/settle HTTP/1.1\r\nHost: ${host}\r\n${origin ? `Origin: ${origin}\r\n` : ''}Content-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
  }

  it('a tablet opening the machine by address or name plays; a foreign name or Origin is refused', async () => {
    await start(ownHostNames('0.0.0.0', IFACES, 'clubpc'));
    for (const host of ['192.168.1.20', 'clubpc.local', 'localhost']) assert.match(await settle(`${host}:${port}`, `http://${host}:${port}`), /^HTTP\/1\.1 200 /, host);
    const rebound = await settle(`evil.example:${port}`, `http://evil.example:${port}`);
    assert.match(rebound, /^HTTP\/1\.1 403 /);
    assert.match(rebound, /writes are taken only for this machine's own names and addresses, not for host \\"evil\.example:\d+\\"/);
    assert.match(await settle(`192.168.1.20:${port}`, 'http://evil.example'), /^HTTP\/1\.1 403 [^]*a write from http:\/\/evil\.example is refused/);
  });

  it("without --host the machine's network address is refused too", async () => {
    await start();
    assert.match(await settle(`192.168.1.20:${port}`, `http://192.168.1.20:${port}`), /^HTTP\/1\.1 403 [^]*writes are taken only for localhost/);
  });

  it('serves its icon, so a browser logs no 404', async () => {
    await start();
    for (const path of ['/favicon.svg', '/favicon.ico']) {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'image/svg+xml');
      assert.match(await r.text(), /^<svg /);
    }
  });
});
