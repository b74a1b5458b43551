// The device's sync pieces in the real Moddable desktop simulator (mcsim): RFC 4231 through the SDK's
// Digest, and a signed record streamed from a file by the ECMA-419 HTTP transport to a server here on
// loopback, whose signature Node's crypto checks. Needs the Moddable SDK (MODDABLE, its tools on PATH)
// and xvfb-run; skipped with the reason printed otherwise (CI has no SDK).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';

const OUT = resolve('build/moddable-check');
const SO = `${OUT}/bin/lin/mc/release/check/mc.so`;

function missing(): string | null {
  if (process.platform !== 'linux') return 'the mcsim check is written for Linux';
  if (!process.env.MODDABLE) return 'MODDABLE is not set (the Moddable SDK is not installed here)';
  for (const tool of ['mcconfig', 'mcsim', 'xvfb-run']) if (spawnSync('which', [tool]).status !== 0) return `${tool} is not on PATH`;
  return null;
}

describe('device sync in mcsim (Moddable SDK)', function () {
  this.timeout(240_000);
  const why = missing();
  if (why) {
    it(`skipped: ${why}`, function () {
      process.stdout.write(`\n  mcsim check skipped: ${why}\n`);
      this.skip();
    });
    return;
  }

  it('RFC 4231 through Digest, the outbox files, Wi-Fi up and refused, a signed record Node verifies, the setup page', async () => {
    const secret = randomBytes(32).toString('hex');
    const seen: { length: number; declared: string | undefined; signatureOk: boolean; table: unknown }[] = [];
    const server: Server = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (c: Buffer) => parts.push(c));
      req.on('end', () => {
        const body = Buffer.concat(parts);
        const want = `sha256=${createHmac('sha256', Buffer.from(secret, 'hex')).update(body).digest('hex')}`;
        const ok = req.headers['carrom-signature'] === want && req.url === '/api/v1/records' && req.method === 'POST';
        seen.push({ length: body.length, declared: req.headers['content-length'], signatureOk: ok, table: req.headers['carrom-table'] });
        res.writeHead(ok ? 201 : 401, { 'content-type': 'application/json' }).end(ok ? '{"stored": true}' : '{"error": "signature"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      mkdirSync(OUT, { recursive: true });
      const setupPort = await freePort();
      const args = ['-m', '-p', 'lin', '-t', 'build', '-o', OUT, `server=http://127.0.0.1:${port}`, 'table=table-1', `secret=${secret}`, `setupPort=${setupPort}`];
      const build = spawnSync('mcconfig', args, {
        cwd: 'hosts/device/check',
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr.slice(-2000));
      assert.ok(existsSync(SO));
      const page: { get?: string; bad?: [number, string]; good?: [number, string] } = {};
      const out = await runMcsim(90_000, async (line) => {
        if (!line.startsWith('check: setup open ')) return;
        const base = `http://127.0.0.1:${setupPort}`;
        page.get = await (await fetch(`${base}/`)).text();
        const post = async (form: Record<string, string>) => {
          const r = await fetch(`${base}/save`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
          return [r.status, await r.text()] as [number, string];
        };
        page.bad = await post({ ssid: 'club', password: 'short', server: '', code: '' });
        page.good = await post({ ssid: 'club wifi', password: 'long-enough', server: '', code: `carrom1.table-9.${'c'.repeat(64)}` });
      });
      const lines = out.split('\n').filter((l) => l.startsWith('check:'));
      const vectors = lines.filter((l) => l.startsWith('check: rfc4231 '));
      assert.equal(vectors.length, 7, out.slice(-2000));
      for (const l of vectors) assert.match(l, / ok$/);
      assert.ok(lines.includes('check: post answer 201 {"stored": true}'), lines.join('\n'));
      assert.equal(seen.length, 1);
      assert.equal(seen[0].signatureOk, true);
      assert.equal(seen[0].table, 'table-1');
      assert.equal(String(seen[0].length), seen[0].declared);
      assert.ok(seen[0].length > 32 * 1024, 'the body is big enough to stream in many pieces');
      // The outbox's files: appends, ranged reads, the end of the file, erase.
      assert.ok(lines.includes('check: storage 1,2,3,4,5,6,7 | 3,4,5 | 7 | 0'), lines.join('\n'));
      assert.ok(lines.includes('check: keys {"language":"sv"} | club t-9 null'), lines.join('\n'));
      // Wi-Fi against the SDK's simulation: a good network comes up; a refused password goes down and waits.
      assert.ok(lines.includes('check: wifi good down up'), lines.join('\n'));
      assert.ok(lines.includes('check: wifi refused off down'), lines.join('\n')); // off: start() drops the old network first
      assert.ok(lines.some((l) => /^check: wifi log: Wi-Fi disconnect; next try in \d+ s$/.test(l)), lines.join('\n'));
      // Setup mode: an access point named after the table, an 8-digit code, the page, a refused and a good form.
      const open = lines.find((l) => l.startsWith('check: setup open '));
      assert.match(open ?? '', /"network":"carrom-setup","code":"\d{4} \d{4}"/);
      assert.match(page.get ?? '', /<form method="post" action="\/save">/);
      assert.equal(page.bad?.[0], 400);
      assert.match(page.bad?.[1] ?? '', /Wi-Fi password: 5 characters/);
      assert.equal(page.good?.[0], 200);
      assert.match(page.good?.[1] ?? '', /Table <b>table-9<\/b> joins <b>club wifi<\/b>/);
      const closed = lines.find((l) => l.startsWith('check: setup closed '));
      assert.deepEqual(JSON.parse((closed ?? '').slice('check: setup closed '.length)), {
        ssid: 'club wifi', password: 'long-enough', server: null, table: 'table-9', secret: 'c'.repeat(64),
      });
    } finally {
      server.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

/** mcsim never exits by itself: it runs until "check: done" or the time is up, then is stopped by its id.
 * `onLine` sees each line as it comes (the setup page is filled in while mcsim runs). */
function runMcsim(ms: number, onLine: (line: string) => Promise<void>): Promise<string> {
  return new Promise((done) => {
    const child = spawn('xvfb-run', ['-a', 'stdbuf', '-oL', 'mcsim', SO], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const stop = () => {
      clearTimeout(timer);
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(stop, ms);
    let partial = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      partial += d.toString();
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line).catch((e) => (out += `\ncheck: test side failed: ${e}\n`));
      if (out.includes('check: done')) stop();
    });
    child.on('exit', () => done(out));
  });
}
