// The announcement of `_carrom._tcp`: the answers themselves, and a real query over UDP on loopback
// (unicast, so the test does not depend on multicast working where it runs).
import assert from 'node:assert/strict';
import makeMdns from 'multicast-dns';
import { announce, answersFor, SERVICE } from '../../server/mdns.ts';

const US = { name: 'club-hall', port: 8123, host: 'hallpc', addresses: ['192.168.1.20'] };

describe('mDNS announcement of the results server', () => {
  it('answers a browse for _carrom._tcp with the instance, its port, path and version', () => {
    const a = answersFor({ name: '_carrom._tcp.local', type: 'PTR' }, US);
    assert.deepEqual(a.map((x) => [x.name, x.type]), [
      [SERVICE, 'PTR'],
      ['club-hall._carrom._tcp.local', 'SRV'],
      ['club-hall._carrom._tcp.local', 'TXT'],
      ['hallpc.local', 'A'],
    ]);
    assert.equal(a[0].data, 'club-hall._carrom._tcp.local');
    assert.deepEqual(a[1].data, { port: 8123, target: 'hallpc.local', priority: 0, weight: 0 });
    assert.deepEqual(a[2].data, ['path=/api/v1/records', 'v=1']);
    assert.equal(a[3].data, '192.168.1.20');
  });

  it('answers nothing to questions about other services', () => {
    assert.deepEqual(answersFor({ name: '_http._tcp.local', type: 'PTR' }, US), []);
    assert.deepEqual(answersFor({ name: '_carrom._tcp.local', type: 'AAAA' }, US), []);
  });

  it('is found by a query on loopback', async function () {
    this.timeout(10_000);
    const port = 20000 + (process.pid % 20000);
    const opts = { multicast: false, port, ip: '127.0.0.1', interface: '127.0.0.1', bind: '127.0.0.1', loopback: true } as const;
    const server = await announce(US, opts);
    const asker = makeMdns({ multicast: false, port: 0, ip: '127.0.0.1', interface: '127.0.0.1', bind: '127.0.0.1' });
    try {
      const answer = await new Promise<makeMdns.ResponsePacket>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer on loopback')), 5000);
        asker.on('response', (r) => {
          clearTimeout(timer);
          resolve(r);
        });
        asker.on('ready', () => asker.query({ questions: [{ name: SERVICE, type: 'PTR' }] }, { port, address: '127.0.0.1' } as never));
      });
      const all = [...answer.answers, ...(answer.additionals ?? [])];
      const srv = all.find((x) => x.type === 'SRV');
      assert.deepEqual((srv as { data: { port: number } }).data.port, 8123);
      const txt = all.find((x) => x.type === 'TXT') as { data: Buffer[] };
      assert.deepEqual(txt.data.map(String), ['path=/api/v1/records', 'v=1']);
    } finally {
      asker.destroy();
      server.close();
    }
  });
});
