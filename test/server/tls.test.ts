// `carrom serve --tls-cert FILE --tls-key FILE` as docs/server.md §10 has a club run it: the built bin,
// a throw-away CA and certificates made with openssl, real TLS over loopback. The organiser's side over
// HTTPS with Secure cookies, the plain port sending it there and still taking the tables' records, the
// certificate read again at SIGHUP (a new connection sees the new one; a bad pair keeps the old), and
// a clear refusal at start of a file missing, of the wrong kind or of another key.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { matchRecords, postRecord } from '../../tools/results.ts';
import { scratchDir } from '../../tools/scratch.ts';
import { until } from '../helpers/servers/answers.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';
import { ask, hasOpenssl, issue, makeCa, organiserTry, setCookie, type Ca, type Issued } from '../helpers/servers/tls.ts';

const BIN = 'bin/carrom.js';
const PASSWORD = 'a long enough password';

const carrom = (args: string[], input?: string) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', input });

/** The HTTPS address from the start line (`…, organiser's side https://127.0.0.1:P/login`). */
const httpsOf = (serve: ServeProcess): string => {
  const m = /organiser's side (https:\/\/[\d.:]+)\/login/.exec(serve.log());
  if (!m) throw new Error(`no HTTPS address in the log: ${serve.log()}`);
  return m[1];
};

describe('carrom serve over TLS (--tls-cert, --tls-key)', function () {
  this.timeout(60_000);
  let dir: string;
  let ca: Ca;
  let first: Issued;
  let db: string;
  let secret: string;
  let serve: ServeProcess | null = null;

  before(function () {
    if (!hasOpenssl()) {
      if (process.env.CI === 'true') throw new Error('openssl is not installed: .ci/run installs it');
      this.skip(); // reason: no openssl on this machine to make the test's certificates
    }
  });
  beforeEach(() => {
    dir = scratchDir('tls');
    ca = makeCa(dir);
    first = issue(ca, 'first');
    // What the server is given: files it reads again at SIGHUP, replaced in place as a renewal does.
    copyFileSync(first.certFile, join(dir, 'server.crt'));
    copyFileSync(first.keyFile, join(dir, 'server.key'));
    db = join(dir, 'results.db');
    const added = carrom(['serve', '--add-table', 'hall-1', '--db', db]);
    assert.equal(added.status, 0, added.stderr);
    secret = JSON.parse(added.stdout).secret;
    const organiser = carrom(['serve', '--add-organiser', 'asha', '--db', db], `${PASSWORD}\n`);
    assert.equal(organiser.status, 0, organiser.stderr);
  });
  afterEach(async () => {
    await serve?.stop();
    serve = null;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async () => (serve = await serveProcess(db, ['--tls-cert', join(dir, 'server.crt'), '--tls-key', join(dir, 'server.key'), '--tls-port', '0']));

  it('serves the organiser\'s side over HTTPS with Secure cookies; the plain port sends the login there, refuses a write in clear, and takes the tables\' records', async () => {
    const s = await start();
    const https = httpsOf(s);
    assert.match(s.log(), /HTTPS on 127\.0\.0\.1:\d+ with the certificate for IP Address:127\.0\.0\.1, DNS:localhost, issued by CN=carrom-test-ca, valid until /);

    const day = await organiserTry(https, 'asha', PASSWORD, { ca: ca.cert });
    assert.equal(day.page.serial, first.serial);
    assert.ok(setCookie(day.page, 'carrom_login')!.attributes.includes('Secure'), String(day.page.headers['set-cookie']));
    assert.equal(day.login.status, 303, day.login.body);
    const session = setCookie(day.login, 'carrom_session')!;
    assert.deepEqual(session.attributes, ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Secure']);
    assert.equal(day.write?.status, 201, day.write?.body);

    // In clear: the login page is a redirect to HTTPS, a login or a write a 403 that reads nothing.
    const page = await ask(`${s.url}/login`);
    assert.equal(page.status, 308);
    assert.equal(page.headers.location, `${https}/login`);
    const inClear = await organiserTry(s.url, 'asha', PASSWORD);
    assert.equal(inClear.login.status, 403);
    assert.match(JSON.parse(inClear.login.body).error, new RegExp(`served over HTTPS only on this server: ${https.replace(/[.]/g, '\\.')}/login`));
    const write = await ask(`${s.url}/api/v1/tournaments`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: session.pair }, body: '{}' });
    assert.equal(write.status, 403);

    // The tables keep to plain HTTP (they hold no CA): a signed record is stored; the club page is there.
    const [rec] = matchRecords('hall-1', 1, 7, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    assert.equal((await postRecord(s.url, 'hall-1', secret, rec.body)).status, 201);
    assert.equal((await ask(`${s.url}/`)).status, 200);
    const assignment = await ask(`${s.url}/api/v1/assignment`, { headers: { 'Carrom-Table': 'hall-1', 'Carrom-Nonce': '0'.repeat(32) } });
    assert.equal(assignment.status, 200, assignment.body);
    assert.match(String(assignment.headers['carrom-signature']), /^sha256=[0-9a-f]{64}$/);
  });

  it('reads the certificate again at SIGHUP: a new connection gets the new one; a key that is not the certificate\'s keeps the old, and the log says why', async () => {
    const s = await start();
    const https = httpsOf(s);
    assert.equal((await ask(`${https}/`, { ca: ca.cert })).serial, first.serial);

    // A renewal: the new pair copied over the old files, then SIGHUP.
    const second = issue(ca, 'second');
    copyFileSync(second.certFile, join(dir, 'server.crt'));
    copyFileSync(second.keyFile, join(dir, 'server.key'));
    s.child.kill('SIGHUP');
    await until('a new connection gets the renewed certificate', async () => (await ask(`${https}/`, { ca: ca.cert })).serial === second.serial);
    assert.match(s.log(), /SIGHUP: now serving the certificate for IP Address:127\.0\.0\.1, DNS:localhost/);

    // A half-done renewal: a new certificate, the key still the old one's.
    const third = issue(ca, 'third');
    copyFileSync(third.certFile, join(dir, 'server.crt'));
    s.child.kill('SIGHUP');
    await until('the log says the reload was refused', () => /SIGHUP: kept the certificate served before: --tls-key \S+server\.key is not the key of the certificate in --tls-cert \S+server\.crt/.test(s.log()));
    assert.equal((await ask(`${https}/`, { ca: ca.cert })).serial, second.serial);
    // A file gone: the same.
    rmSync(join(dir, 'server.key'));
    s.child.kill('SIGHUP');
    await until('the log says the key cannot be read', () => /SIGHUP: kept the certificate served before: cannot read --tls-key \S+server\.key: no such file/.test(s.log()));
    assert.equal((await ask(`${https}/`, { ca: ca.cert })).serial, second.serial);
    assert.equal(s.exited(), null);
  });

  it('closes a connection that does not finish its TLS handshake within the headers\' 10 s (not Node\'s 120 s)', async function () {
    this.timeout(30_000);
    const s = await start();
    const port = Number(new URL(httpsOf(s)).port);
    const began = Date.now();
    // A stranger that connects and sends nothing: no ClientHello.
    const closedAfter = await new Promise<number>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', reject);
      socket.on('close', () => resolve(Date.now() - began));
    });
    assert.ok(closedAfter >= 9_000 && closedAfter < 20_000, `closed after ${closedAfter} ms`);
  });

  it('refuses to start, exit 2 with the reason, on a certificate or key missing, not one, or not a pair', () => {
    const other = issue(ca, 'other');
    writeFileSync(join(dir, 'junk.pem'), 'not a certificate\n');
    const cases: [string[], RegExp][] = [
      [['--tls-cert', join(dir, 'none.crt'), '--tls-key', first.keyFile], /^carrom serve: cannot read --tls-cert \S+none\.crt: no such file$/m],
      [['--tls-cert', first.certFile, '--tls-key', join(dir, 'junk.pem')], /^carrom serve: --tls-key \S+junk\.pem is not a private key/m],
      [['--tls-cert', join(dir, 'junk.pem'), '--tls-key', first.keyFile], /^carrom serve: --tls-cert \S+junk\.pem is not a certificate/m],
      [['--tls-cert', first.certFile, '--tls-key', other.keyFile], /^carrom serve: --tls-key \S+other\.key is not the key of the certificate in --tls-cert \S+first\.crt \(they do not match\)$/m],
      [['--tls-cert', first.certFile], /--tls-cert and --tls-key go together/],
      [['--tls-port', '8443'], /--tls-port goes with --tls-cert/],
      [['--trust-proxy', '10.0.0.0/99'], /--trust-proxy: "10\.0\.0\.0\/99" is not an IP address or subnet/],
    ];
    for (const [args, says] of cases) {
      const r = carrom(['serve', '--port', '0', '--host', '127.0.0.1', '--no-mdns', '--db', db, ...args]);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, says);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});
