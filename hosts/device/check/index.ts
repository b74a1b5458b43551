// A check run in the Moddable desktop simulator (mcsim), never in the table's firmware. In order:
// HMAC-SHA256 of the sync core over the SDK's real Digest against RFC 4231's vectors; the outbox's
// FileStorage (appends, ranged reads); the Wi-Fi manager against the SDK's simulated `wifi` (a good
// network comes up, a refused password goes down and waits); one signed record written to a file and
// POSTed from there by the device's HTTP transport; then setup mode's page, which the test fills in.
// Lines start with "check:"; test/device/mcsim.test.ts reads them.
import config from 'mc/config';
import Time from 'time';
import Timer from 'timer';
import { hmacSha256, signedBody, toHexOf } from './sign.ts';
import { sha256 } from '../net/digest.ts';
import { FileStorage } from '../net/file-storage.ts';
import { FileKey } from '../file-key.ts';
import { HttpTransport } from '../net/http-transport.ts';
import { loadSettings } from '../net/preference-settings.ts';
import { SetupMode } from '../net/setup-mode.ts';
import { WifiManager } from '../net/wifi.ts';
import { blankSettings, keyNetStore, type NetSettings } from '../net/settings.ts';
import { RFC4231 } from './rfc4231.ts';

const fromHex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));
const say = (text: string) => trace(`check: ${text}\n`);

// mcsim's Preference (lin) reads its file while preloading, at build time, where native calls fail: it
// starts empty at every run. So this check (and only it) takes the server, table and secret from
// mcconfig's key=value pairs (mc/config); the firmware never does.
// `files` names this run's files under the file root (mcsim's /tmp/): `${files}fs`, `key`, `net`, `box`, so that
// two checks at once (two engineers, two CI jobs) never share one.
interface CheckConfig { server?: string; table?: string; secret?: string; setupPort?: string; files?: string }
const FILES = (config as CheckConfig).files ?? 'check';

export function run(): void {
  for (const v of RFC4231) {
    let mac = toHexOf(hmacSha256(sha256, fromHex(v.key), fromHex(v.data)));
    if (v.truncate) mac = mac.slice(0, v.truncate * 2);
    say(`rfc4231 ${v.name} ${mac} ${mac === v.mac ? 'ok' : `FAIL want ${v.mac}`}`);
  }
  checkStorage();
  checkKeys();
  checkWifi(() => post(() => setup(() => say('done'))));
}

function checkStorage(): void {
  const s = new FileStorage(`${FILES}fs`);
  s.erase(1);
  s.append(1, Uint8Array.of(1, 2, 3));
  s.append(1, new Uint8Array([9, 4, 5, 6, 7]).subarray(1));
  const whole = Array.from(s.read(1)).join(',');
  const range = Array.from(s.readRange(1, 2, 3)).join(',');
  const tail = Array.from(s.readRange(1, 6, 10)).join(',');
  s.erase(1);
  say(`storage ${whole} | ${range} | ${tail} | ${s.size(1)}`);
}

/** The keys mcsim keeps its settings in: a save replaces the text whole (rename over the old file). */
function checkKeys(): void {
  const key = new FileKey(`${FILES}key`);
  key.set('{"language":"pt"}');
  key.set('{"language":"sv"}');
  const store = keyNetStore(new FileKey(`${FILES}net`));
  store.save({ ssid: 'club', password: 'pw', server: null, table: 't-9', secret: 'ab'.repeat(32) });
  const net = keyNetStore(new FileKey(`${FILES}net`)).load();
  say(`keys ${new FileKey(`${FILES}key`).get()} | ${net.ssid} ${net.table} ${net.server}`);
}

function checkWifi(next: () => void): void {
  const states: string[] = [];
  const wifi = new WifiManager((state) => states.push(state), () => 0, (text) => say(`wifi log: ${text}`));
  wifi.start('club', 'good-password');
  Timer.set(() => {
    say(`wifi good ${states.join(' ')}`);
    states.length = 0;
    wifi.start('club', 'invalid!'); // the simulation refuses this password
    Timer.set(() => {
      say(`wifi refused ${states.join(' ')}`);
      wifi.stop();
      next();
    }, 4000);
  }, 4000);
}

function post(next: () => void): void {
  const c = config as CheckConfig;
  const stored = loadSettings();
  const s = stored.server !== null ? stored : { ...stored, server: c.server ?? null, table: c.table ?? '', secret: c.secret ?? '' };
  if (s.server === null || s.secret === '') {
    say('post skipped: no server or secret');
    return next();
  }
  // A body of some 60 KiB, so that it streams in many pieces.
  const filler = '{"t":1,"e":"strike","seat":0}\n'.repeat(1600);
  const text = `{"carromResult":1,"table":${JSON.stringify(s.table)},"counter":1,"kind":"board","firmware":"check","log":${JSON.stringify(filler)},"state":{},"madeAt":null}`;
  const { bytes, signature } = signedBody(text, s.secret, sha256);
  const storage = new FileStorage(`${FILES}box`);
  storage.erase(0);
  storage.append(0, bytes);
  const body = { length: storage.size(0), read: (offset: number, n: number) => storage.readRange(0, offset, n) };
  say(`body ${body.length} bytes in flash, signature ${signature}`);
  const headers = [
    ['Content-Type', 'application/json'],
    ['Carrom-Table', s.table],
    ['Carrom-Signature', `sha256=${signature}`],
  ] as const;
  new HttpTransport().post({ url: `${s.server}/api/v1/records`, headers, body }, (error, answer) => {
    storage.erase(0);
    say(`post ${error === null ? `answer ${answer?.status} ${answer?.body}` : `error ${error}`}`);
    next();
  });
}

function setup(next: () => void): void {
  const port = Number((config as CheckConfig).setupPort ?? 0);
  if (!port) {
    say('setup skipped: no setupPort');
    return next();
  }
  let settings: NetSettings = blankSettings();
  const mode = new SetupMode(() => settings, (s) => (settings = s), (text) => say(`setup log: ${text}`), Math.random, port);
  // The app's tick at rest: a saved form is kept (settle), then setup mode closes.
  const rest = Timer.repeat(() => mode.settle(Time.ticks * 1000), 20);
  mode.onClosed = () => {
    Timer.clear(rest);
    say(`setup closed ${JSON.stringify(settings)}`);
    next();
  };
  const opened = mode.open();
  say(`setup open ${JSON.stringify(opened)} on port ${port}`);
  Timer.set(() => {
    Timer.clear(rest);
    if (mode.isOpen) {
      mode.close();
      say('setup timed out');
    }
  }, 30_000);
}
