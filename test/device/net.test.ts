// The device's network pieces: the setup form, the setup page, the PIN, URLs, the Wi-Fi backoff, the wall
// clock; then the network side itself (Wi-Fi, the setup page's server, uploads, SNTP) on fakes of the SDK.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { backoffMs, FIRST_MS, LONGEST_MS, WRONG_PASSWORD_FIRST_MS, WRONG_PASSWORD_LONGEST_MS, wrongPasswordBackoffMs } from '../../hosts/device/net/backoff.ts';
import { parseHttpDate, WallClock } from '../../hosts/device/net/wall-clock.ts';
import { publicState } from '../../src/rules/index.ts';
import { start } from '../../src/rules/engine.ts';
import type { Sync, SyncOptions } from '../../src/sync/sync.ts';
import { header } from '../../tools/script.ts';
import { bundleNet } from './fakes/net-bundle.ts';
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


describe('device network: the wall clock (pure)', () => {
  it('reads an HTTP Date header (IMF-fixdate) and refuses anything else, saying null', () => {
    assert.equal(parseHttpDate('Tue, 01 Dec 2026 11:23:45 GMT'), Date.UTC(2026, 11, 1, 11, 23, 45));
    assert.equal(parseHttpDate(' Sun, 29 Feb 2032 00:00:00 GMT '), Date.UTC(2032, 1, 29));
    for (const bad of ['', 'yesterday', 'Tue, 31 Feb 2026 11:23:45 GMT', 'Tue, 01 Dec 2026 25:00:00 GMT', 'Tuesday, 01-Dec-26 11:23:45 GMT', 'Tue Dec  1 11:23:45 2026', 'Tue, 01 Dec 2026 11:23:45 CET'])
      assert.equal(parseHttpDate(bad), null, bad);
  });

  it('keeps the time as an offset from the µs clock: no time until told, then it runs on with the clock', () => {
    let us = 5_000_000;
    const c = new WallClock(() => us);
    assert.equal(c.iso(), null);
    assert.equal(c.heardDate('Thu, 01 Jan 1970 00:00:10 GMT'), false, 'a server whose clock was never set');
    assert.equal(c.iso(), null);
    assert.equal(c.heardDate('Tue, 01 Dec 2026 11:00:00 GMT'), true);
    assert.equal(c.iso(), '2026-12-01T11:00:00.500Z', 'half a second for the header\'s cut-off fraction');
    us += 90_000_000;
    assert.equal(c.iso(), '2026-12-01T11:01:30.500Z');
    assert.equal(c.heardSntp(Date.UTC(2026, 11, 1, 11, 1, 20) / 1000), true);
    assert.equal(c.iso(), '2026-12-01T11:01:20.500Z', 'SNTP sets it');
    assert.equal(c.heardDate('Tue, 01 Dec 2026 11:05:00 GMT'), false, 'and a server\'s Date no longer moves it');
    assert.equal(c.source, 'sntp');
  });
});

describe('device network: Wi-Fi backoff after a refused password', () => {
  it('waits from 1 min, doubling to 30 min, jittered, longer than after any other failure', () => {
    assert.equal(wrongPasswordBackoffMs(0, 0), WRONG_PASSWORD_FIRST_MS / 2);
    assert.equal(wrongPasswordBackoffMs(1, 0.999999), 2 * WRONG_PASSWORD_FIRST_MS);
    assert.equal(wrongPasswordBackoffMs(40, 0), WRONG_PASSWORD_LONGEST_MS / 2);
    for (let n = 0; n < 10; n++) assert.ok(wrongPasswordBackoffMs(n, 0) >= backoffMs(n, 0));
  });
});

// --- the network side on the fake SDK (test/device/fakes/net.ts) ------------------------------------

type Hw = import('./fakes/hardware.ts').Hardware;
type FakeNet = typeof import('./fakes/net.ts').net;
type NetSettingsT = import('../../hosts/device/net/settings.ts').NetSettings;
type Trouble = 'wrongPassword' | null;
interface Network {
  settings: NetSettingsT;
  wifi: { state: string; trouble: Trouble; offline(): string | null; start(ssid: string, password: string): void };
  setup: { pending: NetSettingsT | null; isOpen: boolean };
  clock: { iso(): string | null; source: string | null };
  join(): void;
  ports(): SyncOptions;
}
interface NetBundle {
  TableNetwork: new (o: {
    onWifi(state: string, trouble: Trouble): void;
    onSaved(): void;
    log(text: string): void;
    random(): number;
    firmware: string;
    store?: { load(): NetSettingsT; save(s: NetSettingsT): void };
  }) => Network;
  WifiManager: new (onState: (state: string, trouble: Trouble) => void, random: () => number, log: (t: string) => void) => Network['wifi'];
  preferenceNetStore: { load(): NetSettingsT; save(s: NetSettingsT): void };
  withNetwork(log: (t: string) => void, startApp: (sync: Sync) => unknown, store?: { load(): NetSettingsT; save(s: NetSettingsT): void }): { sync: Sync };
  Sync: typeof Sync;
  hardware: Hw;
  net: FakeNet;
}

describe('device network on the fake SDK: Wi-Fi, the setup page, uploads, the time', function () {
  let d: NetBundle;
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = () => {};
    // XS's String.fromArrayBuffer, which http-transport.ts reads answers with.
    (String as unknown as { fromArrayBuffer(b: ArrayBuffer): string }).fromArrayBuffer = (b) => new TextDecoder().decode(b);
    d = (await import(await bundleNet())) as NetBundle;
  });
  beforeEach(() => {
    d.hardware.reset();
    d.net.reset();
  });
  const hw = () => d.hardware;
  const CLUB: NetSettingsT = { ssid: 'club', password: 'secret12', server: 'http://10.0.0.5:8080', table: 't1', secret: SECRET };

  describe('Wi-Fi', () => {
    function manager() {
      const states: [string, Trouble][] = [];
      const logs: string[] = [];
      const w = new d.WifiManager((s, t) => states.push([s, t]), () => 0, (t) => logs.push(t));
      return { w, states, logs };
    }

    it('a refused password (disconnect, reason -1) is the trouble shown, and the next try waits a minute, not seconds', () => {
      const { w, states, logs } = manager();
      w.start('club', 'wrong-pass');
      assert.equal(d.net.stations.length, 1);
      d.net.station!.notify('disconnect', -1);
      assert.deepEqual(states, [['down', null], ['down', 'wrongPassword']]);
      assert.equal(w.offline(), 'Wi-Fi: wrong password', 'what the SYNC menu shows when a record cannot go');
      assert.match(logs.at(-1)!, /club refused the password; next try in 30 s/);
      hw().advance(29_000);
      assert.equal(d.net.stations.length, 1, 'no new attempt within the first half-minute');
      hw().advance(1_500);
      assert.equal(d.net.stations.length, 2);
      d.net.station!.notify('disconnect', -1);
      hw().advance(59_000);
      assert.equal(d.net.stations.length, 2, 'the second refusal waits twice as long');
      hw().advance(1_500);
      assert.equal(d.net.stations.length, 3);
      assert.deepEqual(states.at(-1), ['down', 'wrongPassword'], 'the trouble stays through the attempt');
      d.net.station!.notify('connect');
      d.net.station!.notify('gotIP');
      assert.deepEqual(states.at(-1), ['up', null]);
      assert.equal(w.offline(), null);
    });

    it('a network that goes away once joined (disconnect, reason 0; no lostIP) is down and tried again within seconds', () => {
      const { w, states } = manager();
      w.start('club', 'secret12');
      d.net.station!.notify('gotIP');
      d.net.station!.notify('disconnect', 0);
      assert.deepEqual(states, [['down', null], ['up', null], ['down', null]]);
      assert.equal(w.offline(), 'Wi-Fi is down');
      hw().advance(2_600);
      assert.equal(d.net.stations.length, 2);
    });

    it('a message from an attempt given up on changes nothing', () => {
      const { w, states } = manager();
      w.start('club', 'secret12');
      const old = d.net.station!;
      hw().advance(30_000); // no address within 30 s: closed, tried again later
      hw().advance(5_000);
      assert.equal(d.net.stations.length, 2);
      (old as unknown as { closed: boolean }).closed = false; // the stack's late message, past close()
      old.notify('gotIP');
      assert.equal(w.state, 'down');
      assert.deepEqual(states.at(-1), ['down', null]);
    });
  });

  it('wired to the app (wire.ts): the app hears a refused password, and records carry the network\'s time', () => {
    let s = { ...CLUB };
    const heard: [string, Trouble][] = [];
    const app = { setWifi: (w: string, why: Trouble) => void heard.push([w, why]) };
    const { sync } = d.withNetwork(() => {}, () => app, { load: () => ({ ...s }), save: (n) => void (s = n) });
    d.net.station!.notify('disconnect', -1);
    assert.deepEqual(heard.at(-1), ['down', 'wrongPassword']);
    hw().advance(60_000);
    d.net.station!.notify('gotIP');
    assert.deepEqual(heard.at(-1), ['up', null]);
    d.net.sntps[0].answer(Date.UTC(2026, 11, 1, 12, 0, 0) / 1000);
    const h = header('icf');
    const s0 = start(h);
    assert.ok(s0.ok);
    sync.finished('board', `${JSON.stringify(h)}\n`, publicState(s0.value));
    const made = JSON.parse(sync.outbox.bodyText(sync.outbox.queued()[0])) as { madeAt: string | null };
    assert.equal(made.madeAt, '2026-12-01T12:00:00.500Z', 'the record carries the time SNTP gave');
  });

  describe('the setup page', () => {
    function table(store = d.preferenceNetStore) {
      const logs: string[] = [];
      let saved = 0;
      let sync: Sync | null = null;
      // As wire.ts does: the sync core reloads the settings the setup page kept.
      const onSaved = () => (saved++, sync?.reload());
      const network = new d.TableNetwork({ onWifi: () => {}, onSaved, log: (t) => logs.push(t), random: () => 0.5, firmware: 't', store });
      sync = new d.Sync(network.ports());
      return { network, sync, logs, saved: () => saved };
    }
    const kept = () => JSON.stringify([...hw().preference].sort());
    const save = (fields: Record<string, string>) => d.net.servers.at(-1)!.request('POST', '/save', form(fields));
    const FORM = { ssid: 'club', password: 'secret12', server: 'http://10.0.0.5:8080', code: `carrom1.t1.${SECRET}` };

    it('a form saved during a shot is answered at once and kept only at rest, in one write; then the table joins', () => {
      const { network, sync, saved } = table();
      const opened = sync.openSetup();
      assert.ok(!('error' in opened));
      const before = kept();
      let t = 0;
      sync.tick((t += 20_000), false, true); // a shot is in play
      const answer = save(FORM);
      assert.equal(answer.status, undefined, '200');
      assert.match(answer.body, /<h1>Saved<\/h1>/);
      assert.match(answer.body, /as soon as no shot is in play/);
      assert.match(answer.body, /loses power before this access point closes, the settings are not kept/);
      for (let i = 0; i < 50; i++) sync.tick((t += 20_000), false, true);
      assert.equal(kept(), before, 'no Preference write while the shot is in play');
      assert.equal(network.setup.isOpen, true, 'the access point stays open meanwhile');
      assert.match(d.net.servers[0].request('GET', '/', '').body, /<h1>Saved<\/h1>/, 'and the page says saved');
      const stations = d.net.stations.length;
      sync.tick((t += 20_000), true, true); // settled
      assert.deepEqual([...hw().preference.keys()], ['carromnet.settings'], 'one key, one write');
      assert.deepEqual(d.preferenceNetStore.load(), CLUB);
      assert.equal(saved(), 1);
      assert.equal(network.setup.isOpen, false);
      assert.equal(d.net.stations.length, stations + 1, 'it joins the network');
      assert.equal(d.net.stations.at(-1)!.options.ssid, 'club');
      assert.equal(sync.view().configured, true);
    });

    it('a power cut before the rest: the table starts with the settings it had, whole', () => {
      d.preferenceNetStore.save({ ...CLUB, ssid: 'old-net' });
      const { sync } = table();
      sync.openSetup();
      sync.tick(20_000, false, true);
      save({ ...FORM, ssid: 'new-net' });
      sync.tick(40_000, false, true);
      // The cut: RAM is gone, Preference is what was written.
      assert.equal(d.preferenceNetStore.load().ssid, 'old-net');
      assert.deepEqual(d.preferenceNetStore.load(), { ...CLUB, ssid: 'old-net' });
    });

    it('CLOSE SETUP pressed after Save, the shot still in play, loses nothing: the settings are kept at rest', () => {
      const { network, sync } = table();
      sync.openSetup();
      sync.tick(20_000, false, true);
      save(FORM);
      sync.closeSetup();
      assert.equal(network.setup.isOpen, false);
      assert.equal(hw().preference.size, 0);
      sync.tick(40_000, true, true);
      assert.deepEqual(d.preferenceNetStore.load(), CLUB);
      assert.equal(d.net.stations.at(-1)!.options.ssid, 'club', 'joined with the settings just kept');
    });

    it('a Preference that refuses the write keeps the form waiting, says so on the page, and tries again 10 s later at rest', () => {
      const { network, sync, logs } = table();
      sync.openSetup();
      save(FORM);
      const set = hw().preference.set.bind(hw().preference);
      let tries = 0;
      hw().preference.set = () => {
        tries++;
        throw new Error('nvs full');
      };
      for (let t = 20_000; t <= 9_000_000; t += 20_000) sync.tick(t, true, true);
      assert.equal(tries, 1, 'not tried again at every tick');
      assert.equal(logs.filter((l) => /not kept: nvs full/.test(l)).length, 1, 'logged once');
      assert.match(d.net.servers[0].request('GET', '/', '').body, /not kept: nvs full/);
      assert.equal(network.setup.isOpen, true);
      hw().preference.set = set;
      sync.tick(10_100_000, true, true);
      assert.deepEqual(d.preferenceNetStore.load(), CLUB);
      assert.equal(network.setup.isOpen, false);
    });

    it('reads the settings an earlier firmware kept in seven keys, and its first save leaves one', () => {
      const old: Record<string, unknown> = { ok: 1, ssid: 'club', password: 'secret12', server: 'http://10.0.0.5:8080', table: 't1', secret: SECRET };
      for (const [k, v] of Object.entries(old)) hw().preference.set(`carromnet.${k}`, v);
      assert.deepEqual(d.preferenceNetStore.load(), CLUB);
      hw().preference.set('carromnet.ok', 0);
      assert.deepEqual(d.preferenceNetStore.load(), blankSettings(), 'a save of theirs a cut stopped: no settings, as before');
      d.preferenceNetStore.save({ ...CLUB, ssid: 'new' });
      assert.deepEqual([...hw().preference.keys()], ['carromnet.settings']);
      assert.equal(d.preferenceNetStore.load().ssid, 'new');
    });
  });

  describe('uploads and the time', () => {
    const h = header('icf');
    const s0 = start(h);
    if (!s0.ok) throw new Error('no start');
    const STATE = publicState(s0.value);
    const log = (n: number) => `${JSON.stringify(h)}\n${Array.from({ length: n }, (_, i) => `{"e":"placed","t":${i}}\n`).join('')}`;
    /** A set-up table whose Wi-Fi is up. */
    function online() {
      let s = { ...CLUB };
      const store = { load: () => ({ ...s }), save: (n: NetSettingsT) => void (s = n) };
      const logs: string[] = [];
      const network = new d.TableNetwork({ onWifi: () => {}, onSaved: () => {}, log: (t) => logs.push(t), random: () => 0.5, firmware: 't', store });
      const sync = new d.Sync(network.ports());
      network.join();
      d.net.station!.notify('gotIP');
      return { network, sync, logs };
    }
    const madeAt = (i: number) => {
      const body = d.net.clients[i].requests[0].sent.map((b) => Buffer.from(b).toString('utf8')).join('');
      return (JSON.parse(body) as { madeAt: string | null }).madeAt;
    };

    it('a shot that starts mid-upload closes the connection: no piece more is read or sent; at rest it goes again whole', () => {
      const { sync } = online();
      sync.finished('board', log(200), STATE); // about 5 KiB
      sync.tick(0, true, true);
      const first = d.net.clients[0];
      first.writable(2048);
      assert.equal(first.sentBytes(), 2048);
      sync.shotStarted();
      assert.equal(first.closed, true, 'closed at the shot\'s start');
      const r = first.requests[0];
      r.request.onWritable!.call(r.exchange, 4096); // even if the socket said it had room
      assert.equal(first.sentBytes(), 2048, 'nothing more read from flash');
      for (let t = 20_000; t < 2_000_000; t += 20_000) sync.tick(t, false, true);
      assert.equal(d.net.clients.length, 1, 'no new connection during the shot');
      sync.tick(2_000_000, true, true);
      const again = d.net.clients[1];
      const length = Number(again.requests[0].request.headers.get('content-length'));
      while (again.sentBytes() < length) again.writable(1460);
      assert.equal(again.sentBytes(), length);
      assert.equal(madeAt(1), null);
      again.answer(200, { Date: 'Tue, 01 Dec 2026 11:00:00 GMT' }, '{"stored": false, "duplicate": true}');
      sync.tick(2_020_000, true, true);
      assert.equal(sync.view().queued, 0, 'the duplicate answer acknowledges it');
    });

    it('records carry a time once the results server has answered (its Date header), on the µs clock after that', () => {
      const { sync, network, logs } = online();
      sync.finished('board', log(1), STATE);
      sync.tick(0, true, true);
      const c = d.net.clients[0];
      c.writable(1 << 20);
      assert.equal(madeAt(0), null, 'no time yet: madeAt null');
      c.answer(201, { Date: 'Tue, 01 Dec 2026 11:00:00 GMT' }, '{"stored": true}');
      assert.equal(network.clock.source, 'date');
      assert.ok(logs.some((l) => l.includes("time: 2026-12-01T11:00:00.500Z (the results server's Date)")));
      hw().advance(90_000);
      sync.tick(90_000_000, true, true);
      sync.finished('board', log(2), STATE);
      sync.tick(90_020_000, true, true);
      d.net.clients[1].writable(1 << 20);
      assert.equal(madeAt(1), '2026-12-01T11:01:30.500Z');
    });

    it('asks SNTP when Wi-Fi comes up, without waiting for it; its time is the records\' time', () => {
      const { sync, network } = online();
      assert.equal(d.net.sntps.length, 1, 'asked at gotIP');
      assert.equal(d.net.sntps[0].hosts[0], 'pool.ntp.org');
      assert.equal(network.clock.iso(), null, 'nothing waits for the answer');
      hw().advance(1_000);
      d.net.sntps[0].answer(Date.UTC(2026, 11, 1, 12, 0, 0) / 1000);
      hw().advance(10_000);
      sync.finished('board', log(1), STATE);
      sync.tick(hw().now, true, true);
      d.net.clients[0].writable(1 << 20);
      assert.equal(madeAt(0), '2026-12-01T12:00:10.500Z');
      d.net.clients[0].answer(201, { Date: 'Tue, 01 Dec 2026 12:00:40 GMT' }, '{"stored": true}');
      assert.equal(network.clock.iso(), '2026-12-01T12:00:10.500Z', 'the server\'s Date does not move an SNTP time');
    });

    it('an SNTP server that does not answer: the next one is asked, then it stops and says so', () => {
      const { logs, network } = online();
      const s = d.net.sntps[0];
      s.fail();
      assert.deepEqual(s.hosts, ['pool.ntp.org', 'time.cloudflare.com']);
      s.fail();
      assert.equal(s.closed, true);
      assert.ok(logs.some((l) => /time: no answer from pool.ntp.org or time.cloudflare.com/.test(l)));
      assert.equal(network.clock.iso(), null);
      // Wi-Fi lost and back: asked again.
      d.net.station!.notify('disconnect', 0);
      hw().advance(6_000);
      d.net.station!.notify('gotIP');
      assert.equal(d.net.sntps.length, 2);
    });

    it('a look-up of the server by mDNS stops when a shot starts (its answers are parsed in JavaScript), and starts again at rest', () => {
      let s: NetSettingsT = { ...CLUB, server: null };
      const store = { load: () => ({ ...s }), save: (n: NetSettingsT) => void (s = n) };
      const network = new d.TableNetwork({ onWifi: () => {}, onSaved: () => {}, log: () => {}, random: () => 0.5, firmware: 't', store });
      const sync = new d.Sync(network.ports());
      network.join();
      d.net.station!.notify('gotIP');
      sync.finished('board', log(1), STATE);
      sync.tick(0, true, true);
      assert.equal(d.net.mdns.length, 1);
      assert.deepEqual(d.net.mdns[0].monitoring, ['_carrom._tcp']);
      sync.shotStarted();
      hw().advance(1);
      assert.equal(d.net.mdns[0].closed, true, 'closed at the shot\'s start');
      hw().advance(20_000); // its 10 s wait would have ended with an error: it must not
      assert.equal(sync.view().error, null);
      sync.tick(20_000_000, true, true);
      assert.equal(d.net.mdns.length, 2, 'looked up again at rest');
    });

    it('a record that cannot go says why: a refused Wi-Fi password', () => {
      const { sync } = online();
      d.net.station!.notify('disconnect', -1);
      sync.finished('board', log(1), STATE);
      sync.tick(0, true, true);
      sync.tick(20_000, true, true);
      assert.match(sync.view().error!, /Wi-Fi: wrong password$/);
      assert.equal(d.net.clients.length, 0);
    });
  });
});
