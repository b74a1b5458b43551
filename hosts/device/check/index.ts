// A check run in the Moddable desktop simulator (mcsim), never in the table's firmware: HMAC-SHA256 of
// the sync core over the SDK's real Digest against RFC 4231's vectors, then one signed record written
// to the outbox's flash (FileStorage) and POSTed from there by the device's HTTP transport to the server
// in Preference (carromnet/server), or mcconfig's server=, table=, secret=. Lines start with "check:"; test/device/mcsim.test.ts reads them.
import { hmacSha256, signedBody, toHexOf } from './sign.ts';
import { sha256 } from '../net/digest.ts';
import { FileStorage } from '../net/file-storage.ts';
import { HttpTransport } from '../net/http-transport.ts';
import { loadSettings } from '../net/preference-settings.ts';
import { RFC4231 } from './rfc4231.ts';
import config from 'mc/config';

const fromHex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (b) => parseInt(b, 16));

export function run(): void {
  for (const v of RFC4231) {
    let mac = toHexOf(hmacSha256(sha256, fromHex(v.key), fromHex(v.data)));
    if (v.truncate) mac = mac.slice(0, v.truncate * 2);
    trace(`check: rfc4231 ${v.name} ${mac} ${mac === v.mac ? 'ok' : `FAIL want ${v.mac}`}\n`);
  }
  // mcsim's Preference (lin) reads its file while preloading, at build time, where native calls fail:
  // it starts empty at every run. So this check (and only it) takes the server from mcconfig's
  // key=value pairs (mc/config); the firmware never does.
  const c = config as { server?: string; table?: string; secret?: string };
  const stored = loadSettings();
  const s = stored.server !== null ? stored : { ...stored, server: c.server ?? null, table: c.table ?? '', secret: c.secret ?? '' };
  if (s.server === null || s.secret === '') return void trace('check: post skipped: no server or secret in Preference\n');
  // A body of some 48 KiB, so that it streams in many pieces: the log is padded with comment-free lines.
  const filler = '{"t":1,"e":"strike","seat":0}\n'.repeat(1600);
  const text = `{"carromResult":1,"table":${JSON.stringify(s.table)},"counter":1,"kind":"board","firmware":"check","log":${JSON.stringify(filler)},"state":{},"madeAt":null}`;
  const { bytes, signature } = signedBody(text, s.secret, sha256);
  const storage = new FileStorage('checkbox');
  storage.erase(0);
  storage.append(0, bytes);
  const body = { length: storage.size(0), read: (offset: number, n: number) => storage.readRange(0, offset, n) };
  trace(`check: body ${body.length} bytes in flash, signature ${signature}\n`);
  const headers = [
    ['Content-Type', 'application/json'],
    ['Carrom-Table', s.table],
    ['Carrom-Signature', `sha256=${signature}`],
  ] as const;
  new HttpTransport().post({ url: `${s.server}/api/v1/records`, headers, body }, (error, answer) => {
    storage.erase(0);
    trace(`check: post ${error === null ? `answer ${answer?.status} ${answer?.body}` : `error ${error}`}\n`);
    trace('check: done\n');
  });
}
