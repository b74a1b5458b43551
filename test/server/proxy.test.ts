// `carrom serve` behind a real reverse proxy: Debian's nginx, run with docs/server.md §10's server block
// as written (its ports, files and upstream put in), terminating TLS with a throw-away CA's certificate
// and passing `Host` without its port. With --trust-proxy an organiser's login and a CSRF-checked write
// work through it, over HTTPS with Secure cookies and over its plain port; without it, or trusting
// another address, the forwarded headers count for nothing and the login is refused.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { matchRecords, postRecord } from '../../tools/results.ts';
import { scratchDir } from '../../tools/scratch.ts';
import { freePort, hasNginx, startNginx, type Nginx } from '../helpers/servers/nginx.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';
import { hasOpenssl, issue, makeCa, organiserTry, setCookie, type Ca, type Issued } from '../helpers/servers/tls.ts';

const PASSWORD = 'a long enough password';
const carrom = (args: string[], input?: string) => spawnSync(process.execPath, ['bin/carrom.js', ...args], { encoding: 'utf8', input });

/** docs/server.md §10's nginx block, with the test's ports, certificate and carrom serve put in. */
function documentedBlock(o: { plain: number; tls: number; cert: Issued; upstream: string }): string {
  const doc = readFileSync('docs/server.md', 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  assert.ok(block, 'docs/server.md has an nginx block');
  const swaps: [string, string][] = [
    ['listen 443 ssl;', `listen 127.0.0.1:${o.tls} ssl;`],
    ['listen 8080;', `listen 127.0.0.1:${o.plain};`],
    ['/etc/carrom/tls/server.crt', o.cert.certFile],
    ['/etc/carrom/tls/server.key', o.cert.keyFile],
    ['proxy_pass http://127.0.0.1:8081;', `proxy_pass ${o.upstream};`],
  ];
  let out = block;
  for (const [from, to] of swaps) {
    assert.ok(out.includes(from), `the documented nginx block has "${from}"`);
    out = out.replace(from, to);
  }
  // The proxy passes Host without its port: the case a browser's Origin (with the port) does not match.
  assert.match(out, /proxy_set_header Host \$host;/);
  return out;
}

describe('carrom serve behind nginx (--trust-proxy)', function () {
  this.timeout(60_000);
  let dir: string;
  let ca: Ca;
  let cert: Issued;
  let db: string;
  let secret: string;
  let serve: ServeProcess | null = null;
  let nginx: Nginx | null = null;

  before(function () {
    const missing = [!hasNginx() && 'nginx', !hasOpenssl() && 'openssl'].filter(Boolean);
    if (missing.length === 0) return;
    if (process.env.CI === 'true') throw new Error(`${missing.join(' and ')} not installed: .ci/run installs them`);
    this.skip(); // reason: no nginx or openssl on this machine (apt-get install nginx openssl)
  });
  beforeEach(() => {
    dir = scratchDir('proxy');
    ca = makeCa(dir);
    cert = issue(ca, 'server');
    db = join(dir, 'results.db');
    const added = carrom(['serve', '--add-table', 'hall-1', '--db', db]);
    assert.equal(added.status, 0, added.stderr);
    secret = JSON.parse(added.stdout).secret;
    assert.equal(carrom(['serve', '--add-organiser', 'asha', '--db', db], `${PASSWORD}\n`).status, 0);
  });
  afterEach(async () => {
    await nginx?.stop();
    await serve?.stop();
    nginx = serve = null;
    rmSync(dir, { recursive: true, force: true });
  });

  /** carrom serve with `args`, nginx in front as documented: the proxy's HTTPS and plain addresses. */
  async function behindNginx(args: string[]): Promise<{ https: string; plain: string }> {
    serve = await serveProcess(db, args);
    const plain = await freePort();
    const tls = await freePort();
    nginx = await startNginx(dir, documentedBlock({ plain, tls, cert, upstream: serve.url }), [plain, tls]);
    return { https: `https://127.0.0.1:${tls}`, plain: `http://127.0.0.1:${plain}` };
  }

  it('with --trust-proxy: a login and a CSRF-checked write work through it, over HTTPS with Secure cookies and over its plain port; another origin is still refused; a table\'s record goes through', async () => {
    const { https, plain } = await behindNginx(['--trust-proxy']);
    assert.match(serve!.log(), /trusting the X-Forwarded-For, -Proto and -Host headers of a reverse proxy at loopback/);

    const secured = await organiserTry(https, 'asha', PASSWORD, { ca: ca.cert });
    assert.ok(setCookie(secured.page, 'carrom_login')!.attributes.includes('Secure'));
    assert.equal(secured.login.status, 303, `${secured.login.body}\n${nginx!.log()}`);
    assert.deepEqual(setCookie(secured.login, 'carrom_session')!.attributes, ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Secure']);
    assert.equal(secured.write?.status, 201, secured.write?.body);

    const clear = await organiserTry(plain, 'asha', PASSWORD);
    assert.equal(clear.login.status, 303, clear.login.body);
    assert.deepEqual(setCookie(clear.login, 'carrom_session')!.attributes, ['HttpOnly', 'SameSite=Strict', 'Path=/']);
    assert.equal(clear.write?.status, 201, clear.write?.body);

    // Trusting the proxy's host does not lift the Origin check: another site's form is refused.
    const elsewhere = await organiserTry(https, 'asha', PASSWORD, { ca: ca.cert, origin: 'https://evil.example' });
    assert.equal(elsewhere.login.status, 403);
    assert.match(JSON.parse(elsewhere.login.body).error, /^a write from another origin \(https:\/\/evil\.example\) is refused$/);

    const [rec] = matchRecords('hall-1', 1, 5, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
    assert.equal((await postRecord(plain, 'hall-1', secret, rec.body)).status, 201);
  });

  for (const [args, what] of [[[], 'without --trust-proxy'], [['--trust-proxy', '192.0.2.1'], 'trusting another address']] as const) {
    it(`${what}: the forwarded headers count for nothing, so the login through it is refused 403, saying why, and no cookie is Secure`, async () => {
      const { https, plain } = await behindNginx([...args]);
      const secured = await organiserTry(https, 'asha', PASSWORD, { ca: ca.cert });
      assert.equal(setCookie(secured.page, 'carrom_login')!.attributes.includes('Secure'), false);
      assert.equal(secured.login.status, 403);
      assert.match(JSON.parse(secured.login.body).error, /another origin \(https:\/\/127\.0\.0\.1:\d+\) is refused \(the request's host is 127\.0\.0\.1, without the port: behind a reverse proxy, start carrom serve with --trust-proxy/);
      assert.equal(secured.write, null);
      assert.equal((await organiserTry(plain, 'asha', PASSWORD)).login.status, 403);
    });
  }
});
