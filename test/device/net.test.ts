// The device's pure network pieces: the setup form, the setup page, the PIN, URLs, the Wi-Fi backoff.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { backoffMs, FIRST_MS, LONGEST_MS } from '../../hosts/device/net/backoff.ts';
import { drawPin, formatPin } from '../../hosts/device/net/pin.ts';
import { applyForm, parseForm } from '../../hosts/device/net/setup-form.ts';
import { escapeHtml, setupPage } from '../../hosts/device/net/setup-page.ts';
import { blankSettings, keyNetStore } from '../../hosts/device/net/settings.ts';
import { baseFromService, recordsEndpoint, splitHttpUrl, txtValue } from '../../hosts/device/net/url.ts';
import { RFC4231 } from '../../hosts/device/check/rfc4231.ts';

const SECRET = 'ab'.repeat(32);
const form = (o: Record<string, string>) => new URLSearchParams(o).toString();

describe('device network: setup form', () => {
  it('parses url-encoded fields, + as space, and skips a malformed escape', () => {
    const f = parseForm('ssid=Club+Wi-Fi%21&password=p%40ss+word&bad=%E0%A4%A&x');
    assert.equal(f.get('ssid'), 'Club Wi-Fi!');
    assert.equal(f.get('password'), 'p@ss word');
    assert.equal(f.has('bad'), false);
    assert.equal(f.get('x'), '');
  });

  it('takes a whole form: network, server, setup code', () => {
    const r = applyForm(parseForm(form({ ssid: 'club', password: 'secret12', server: 'http://10.0.0.5:8080/', code: `carrom1.table-3.${SECRET}` })), blankSettings());
    assert.deepEqual(r, { ok: true, value: { ssid: 'club', password: 'secret12', server: 'http://10.0.0.5:8080', table: 'table-3', secret: SECRET } });
  });

  it('an empty server means find it by mDNS', () => {
    const r = applyForm(parseForm(form({ ssid: 'club', password: '', server: ' ', code: `carrom1.t.${SECRET}` })), blankSettings());
    assert.ok(r.ok);
    assert.equal(r.value.server, null);
  });

  it('keeps the identity and password when left empty on the same network', () => {
    const current = { ssid: 'club', password: 'old-pass-1', server: null, table: 't1', secret: SECRET };
    const r = applyForm(parseForm(form({ ssid: 'club', password: '', server: '', code: '' })), current);
    assert.deepEqual(r, { ok: true, value: current });
    const other = applyForm(parseForm(form({ ssid: 'other', password: '', code: '' })), current);
    assert.ok(other.ok);
    assert.equal(other.value.password, '');
  });

  it('says what is wrong and where', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ssid: '', code: `carrom1.t.${SECRET}` }, /^Wi-Fi network: enter/],
      [{ ssid: 'x'.repeat(33), code: `carrom1.t.${SECRET}` }, /longer than 32 bytes/],
      [{ ssid: 'é'.repeat(17), code: `carrom1.t.${SECRET}` }, /longer than 32 bytes/],
      [{ ssid: 'club', password: 'short', code: `carrom1.t.${SECRET}` }, /^Wi-Fi password: 5 characters/],
      [{ ssid: 'club', server: 'ftp://x', code: `carrom1.t.${SECRET}` }, /^Results server:/],
      [{ ssid: 'club', server: 'https://results.example:8443', code: `carrom1.t.${SECRET}` }, /^Results server: .*https/],
      [{ ssid: 'club', code: 'carrom1.T!.x' }, /^Setup code:/],
      [{ ssid: 'club', code: '' }, /^Setup code: enter/],
    ];
    for (const [fields, message] of cases) {
      const r = applyForm(parseForm(form(fields)), blankSettings());
      assert.equal(r.ok, false, JSON.stringify(fields));
      if (!r.ok) assert.match(r.error, message);
    }
  });
});

describe('device network: setup page and PIN', () => {
  it('escapes what it shows and never shows the password or secret', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const page = setupPage({ ssid: '"><script>', password: 'hunter22', server: null, table: 't1', secret: SECRET }, 'bad <b>');
    assert.ok(!page.includes('<script>'));
    assert.ok(page.includes('&quot;&gt;&lt;script&gt;'));
    assert.ok(!page.includes('hunter22') && !page.includes(SECRET));
    assert.ok(page.includes('bad &lt;b&gt;'));
  });

  it('draws eight digits from the random source and groups them', () => {
    const values = [0, 0.1, 0.25, 0.999, 0.5, 0.61, 0.7, 0.89];
    let i = 0;
    const pin = drawPin(() => values[i++]);
    assert.equal(pin, '01295678');
    assert.equal(formatPin(pin), '0129 5678');
    assert.throws(() => drawPin(() => 1), /\[0, 1\)/);
  });
});

describe('device network: URLs and mDNS', () => {
  it('splits http URLs for the HTTP client, refuses https and bad ports', () => {
    assert.deepEqual(splitHttpUrl('http://127.0.0.1:8080/api/v1/records'), { ok: true, value: { host: '127.0.0.1', port: 8080, path: '/api/v1/records' } });
    assert.deepEqual(splitHttpUrl('http://club.local'), { ok: true, value: { host: 'club.local', port: 80, path: '/' } });
    assert.equal(splitHttpUrl('https://x').ok, false);
    assert.equal(splitHttpUrl('http://x:70000/').ok, false);
    assert.deepEqual(recordsEndpoint('http://h:1/results/'), { ok: true, value: { host: 'h', port: 1, path: '/results/api/v1/records' } });
  });

  it('builds the base URL from an mDNS instance and its TXT', () => {
    assert.equal(baseFromService('10.0.0.7', 8080, '/api/v1/records'), 'http://10.0.0.7:8080');
    assert.equal(baseFromService('10.0.0.7', 8080, '/club/api/v1/records'), 'http://10.0.0.7:8080/club');
    assert.equal(baseFromService('10.0.0.7', 80, undefined), 'http://10.0.0.7:80');
    assert.equal(txtValue(['v=1', 'path=/api/v1/records'], 'path'), '/api/v1/records');
    assert.equal(txtValue(['v=1'], 'path'), undefined);
  });
});

describe('device network: Wi-Fi backoff', () => {
  it('doubles from 5 s to at most 5 min, jittered between half and all', () => {
    assert.equal(backoffMs(0, 0), FIRST_MS / 2);
    assert.equal(backoffMs(0, 0.999999), FIRST_MS);
    assert.equal(backoffMs(3, 0), (FIRST_MS * 8) / 2);
    assert.equal(backoffMs(50, 0.999999), LONGEST_MS);
    for (let n = 0; n < 20; n++) assert.ok(backoffMs(n, 0.5) >= backoffMs(Math.max(0, n - 1), 0.5));
  });
});

describe('RFC 4231 vectors of the mcsim check', () => {
  it('agree with Node crypto', () => {
    for (const v of RFC4231) {
      const mac = createHmac('sha256', Buffer.from(v.key, 'hex')).update(Buffer.from(v.data, 'hex')).digest('hex');
      assert.equal(v.truncate ? mac.slice(0, v.truncate * 2) : mac, v.mac, v.name);
    }
  });
});

describe('device network: the settings kept in one key (mcsim)', () => {
  const key = (text: string | null) => {
    const k = { text, get: () => k.text, set: (t: string) => void (k.text = t) };
    return k;
  };

  it('saves the whole settings in one text and reads them back', () => {
    const k = key(null);
    const store = keyNetStore(k);
    assert.deepEqual(store.load(), blankSettings(), 'nothing kept: a blank table');
    const s = { ssid: 'club', password: 'p"w\\x', server: 'http://10.0.0.5:8080', table: 't-3', secret: SECRET };
    store.save(s);
    assert.deepEqual(keyNetStore(k).load(), s);
    store.save({ ...s, server: null });
    assert.equal(keyNetStore(k).load().server, null, 'no server: find it by mDNS');
  });

  it('reads anything that is not settings as a blank table (the setup page opens), never throws', () => {
    for (const text of ['', 'not json', '{"ssid":', '[]', '7', 'null', '{"ssid":3,"table":{}}']) {
      assert.deepEqual(keyNetStore(key(text)).load(), blankSettings(), text);
    }
    assert.deepEqual(keyNetStore(key('{"ssid":"club","secret":5}')).load(), { ...blankSettings(), ssid: 'club' });
  });
});

