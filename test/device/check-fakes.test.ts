// The mcsim check (hosts/device/check: the device's sync pieces in the Moddable desktop simulator) run
// under Node on the fakes of the SDK's classes (test/device/fakes), with the same steps and the same
// expectations as test/device/mcsim.test.ts. That test needs the Moddable SDK, which CI cannot install,
// so it is skipped there; this one runs everywhere and keeps its coverage of the device host's own code:
// RFC 4231 through the device's digest, the outbox's files, the settings' keys, the Wi-Fi manager, a
// signed record streamed from a file by the HTTP transport and checked with Node's crypto, the setup
// page. What it cannot check is the SDK itself (its Digest, File, WiFi and HTTP client are fakes here,
// written from the SDK's sources: test/device/fakes/net.ts).
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { bundleNet, CHECK_ENTRY } from './fakes/net-bundle.ts';

interface CheckBundle {
  run(): void;
  hardware: { reset(): void; advance(ms: number): void };
  config: Record<string, unknown>;
  net: {
    reset(): void;
    station: { options: { ssid: string; password?: string }; notify(message: string, reason?: number): void } | undefined;
    clients: {
      requests: { request: { headers: Map<string, string> }; sent: Uint8Array[] }[];
      writable(count: number): void;
      sentBytes(): number;
      answer(status: number, headers: Record<string, string>, body: string): void;
    }[];
    servers: { request(method: string, path: string, body: string): { status?: number; body: string } }[];
  };
}

describe('the mcsim check on the fakes of the SDK (runs where the SDK is not installed)', function () {
  let d: CheckBundle;
  const lines: string[] = [];
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = (s) => void lines.push(...s.split('\n').filter((l) => l.startsWith('check:')));
    // XS's String.fromArrayBuffer, which http-transport.ts reads answers with.
    (String as unknown as { fromArrayBuffer(b: ArrayBuffer): string }).fromArrayBuffer = (b) => new TextDecoder().decode(b);
    d = (await import(await bundleNet(CHECK_ENTRY))) as CheckBundle;
  });

  it('every step as in mcsim: RFC 4231, the files, the keys, Wi-Fi up and refused, a signed record from a file, the setup page', () => {
    d.hardware.reset();
    d.net.reset();
    const secret = randomBytes(32).toString('hex');
    const saved = { ...d.config };
    Object.assign(d.config, { server: 'http://10.0.0.5:8090', table: 'table-1', secret, setupPort: '8123' });
    try {
      d.run();
      // Wi-Fi: the good network comes up; after 4 s the check starts again with a password the network refuses.
      assert.equal(d.net.station?.options.password, 'good-password');
      d.net.station!.notify('connect');
      d.net.station!.notify('gotIP');
      d.hardware.advance(4000);
      assert.equal(d.net.station?.options.password, 'invalid!');
      // The simulator's Wi-Fi refuses it with a plain disconnect (mcsim.test.ts sees 'Wi-Fi disconnect').
      d.net.station!.notify('disconnect');
      d.hardware.advance(4000);
      // The record, streamed from its file a piece at a time as the socket takes it.
      assert.equal(d.net.clients.length, 1, lines.join('\n'));
      const client = d.net.clients[0];
      const { request } = client.requests[0];
      // The names as the transport set them (the sync core's 'Carrom-Table', its own 'content-length').
      const header = (name: string) => [...(request.headers as Map<string, string>)].find(([k]) => k.toLowerCase() === name)?.[1];
      const length = Number(header('content-length'));
      let pieces = 0;
      while (client.sentBytes() < length && pieces < 1000) (client.writable(1460), pieces++);
      const body = Buffer.concat(client.requests[0].sent);
      assert.equal(body.length, length, 'the declared length, whole');
      assert.ok(length > 32 * 1024 && pieces > 20, `${length} bytes in ${pieces} pieces`);
      assert.equal(header('carrom-table'), 'table-1');
      assert.equal(header('carrom-signature'), `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex')}`, 'Node\'s HMAC of the bytes sent');
      client.answer(201, {}, '{"stored": true}');
      // The setup page: a refused form, then a good one; the check sees the settings it saved.
      const page = d.net.servers.at(-1)!;
      assert.match(page.request('GET', '/', '').body, /<form method="post" action="\/save">/);
      const post = (form: Record<string, string>) => page.request('POST', '/save', new URLSearchParams(form).toString());
      const bad = post({ ssid: 'club', password: 'short', server: '', code: '' });
      assert.equal(bad.status, 400);
      assert.match(bad.body, /Wi-Fi password: 5 characters/);
      const good = post({ ssid: 'club wifi', password: 'long-enough', server: '', code: `carrom1.table-9.${'c'.repeat(64)}` });
      assert.equal(good.status ?? 200, 200, 'no status given: the server answers 200');
      assert.match(good.body, /Table <b>table-9<\/b> joins <b>club wifi<\/b>/);
      d.hardware.advance(3000);
    } finally {
      for (const k of Object.keys(d.config)) delete d.config[k];
      Object.assign(d.config, saved);
    }
    const vectors = lines.filter((l) => l.startsWith('check: rfc4231 '));
    assert.equal(vectors.length, 7, lines.join('\n'));
    for (const l of vectors) assert.match(l, / ok$/);
    assert.ok(lines.includes('check: storage 1,2,3,4,5,6,7 | 3,4,5 | 7 | 0'), lines.join('\n'));
    assert.ok(lines.includes('check: keys {"language":"sv"} | club t-9 null'), lines.join('\n'));
    assert.ok(lines.includes('check: wifi good down up'), lines.join('\n'));
    assert.ok(lines.includes('check: wifi refused off down'), lines.join('\n'));
    assert.ok(lines.some((l) => /^check: wifi log: Wi-Fi disconnect; next try in \d+ s$/.test(l)), lines.join('\n'));
    assert.ok(lines.includes('check: post answer 201 {"stored": true}'), lines.join('\n'));
    assert.match(lines.find((l) => l.startsWith('check: setup open ')) ?? '', /"network":"carrom-setup","code":"\d{4} \d{4}"/);
    const closed = lines.find((l) => l.startsWith('check: setup closed '));
    assert.deepEqual(JSON.parse((closed ?? 'check: setup closed null').slice('check: setup closed '.length)), {
      ssid: 'club wifi', password: 'long-enough', server: null, table: 'table-9', secret: 'c'.repeat(64),
    });
    assert.equal(lines.at(-1), 'check: done');
  });
});
