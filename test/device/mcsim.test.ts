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

  it('checks RFC 4231 through Digest and posts a signed record that Node verifies', async () => {
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
      const build = spawnSync('mcconfig', ['-m', '-p', 'lin', '-t', 'build', '-o', OUT, `server=http://127.0.0.1:${port}`, 'table=table-1', `secret=${secret}`], {
        cwd: 'hosts/device/check',
        encoding: 'utf8',
      });
      assert.equal(build.status, 0, build.stderr.slice(-2000));
      assert.ok(existsSync(SO));
      const out = await runMcsim(60_000);
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
    } finally {
      server.close();
    }
  });
});

/** mcsim never exits by itself: it runs until "check: done" or the time is up, then is stopped by its id. */
function runMcsim(ms: number): Promise<string> {
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
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('check: done')) stop();
    });
    child.on('exit', () => done(out));
  });
}
