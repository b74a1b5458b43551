// GET /api/v1/health (docs/server.md §9), asked of `carrom serve` (the built bin) over loopback as a
// monitoring system asks it: 200 while the database answers, on SQLite and PostgreSQL; 503 with why, within
// its bound, while PostgreSQL is stopped or another process holds SQLite's write lock, and 200 again by
// itself after; no body read, no log line.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { freshDatabase, startCluster, type Cluster } from '../../tools/pg-cluster.ts';
import { HEALTH_TIMEOUT } from '../../server/health.ts';
import { answerOf, until } from '../helpers/servers/answers.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { serveProcess, type ServeProcess } from '../helpers/servers/processes.ts';

const health = (url: string, init: RequestInit = {}) => answerOf(`${url}/api/v1/health`, init);

/** An answer and how long it took, in ms. */
async function timed(url: string): Promise<{ status: number; json: Record<string, unknown>; ms: number }> {
  const t = performance.now();
  const a = await health(url);
  return { status: a.status, json: a.json, ms: performance.now() - t };
}

describe('GET /api/v1/health', function () {
  this.timeout(120_000);
  before(() => assert.ok(existsSync('dist/carrom.js'), 'run `npm run build` first'));
  let server: ServeProcess | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  for (const engine of ENGINES) {
    it(`${engine.name}: 200 {"ok":true,"db":"${engine.name}","ms":…}; HEAD gives the status alone; anything but GET and HEAD 405; no log line`, async () => {
      server = await serveProcess(await engine.fresh());
      const said = server.log();
      const a = await health(server.url);
      assert.equal(a.status, 200);
      assert.equal(a.headers.get('cache-control'), 'no-store');
      assert.deepEqual({ ...a.json, ms: typeof a.json.ms }, { ok: true, db: engine.name, ms: 'number' });
      const head = await fetch(`${server.url}/api/v1/health`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(await head.text(), '');
      assert.equal((await health(server.url, { method: 'POST', body: 'x' })).status, 405);
      // Many at once share probes: every one answered.
      const many = await Promise.all(Array.from({ length: 100 }, () => health(server!.url)));
      assert.deepEqual([...new Set(many.map((m) => m.status))], [200]);
      assert.equal(server.log(), said, 'nothing logged');
    });
  }

  it('reads no body: one announced and never sent is answered at once, and the connection closed', async () => {
    const [sqlite] = ENGINES;
    server = await serveProcess(await sqlite.fresh());
    const { hostname, port } = new URL(server.url);
    const socket = connect(Number(port), hostname);
    let got = '';
    socket.setEncoding('utf8').on('data', (d: string) => (got += d));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 1000000\r\n\r\n`);
    await closed;
    assert.match(got, /^HTTP\/1\.1 200 OK\r\n/);
    assert.match(got, /\r\nconnection: close\r\n/i);
    assert.match(got, /\{"ok":true,"db":"sqlite","ms":\d+\}/);
  });

  describe('postgres, its cluster stopped and started again', () => {
    let cluster: Cluster;
    before(async () => {
      // A cluster of this file's own: it is stopped under the server.
      cluster = await startCluster();
    });
    after(() => cluster.stop());

    it('503 {"ok":false,"db":"postgres","error":"PostgreSQL is unavailable"} within its bound, and 200 again by itself', async () => {
      server = await serveProcess(await freshDatabase(cluster.url, 'carrom_health'));
      assert.equal((await health(server.url)).status, 200);
      cluster.halt();
      try {
        const down = await timed(server.url);
        assert.equal(down.status, 503, JSON.stringify(down.json));
        assert.deepEqual(down.json, { ok: false, db: 'postgres', error: 'PostgreSQL is unavailable' });
        assert.ok(down.ms < HEALTH_TIMEOUT + 500, `answered in ${Math.round(down.ms)} ms`);
      } finally {
        cluster.resume();
      }
      await until('the health check says 200 again', async () => (await health(server!.url)).status === 200, 60_000);
      assert.doesNotMatch(server.log(), /health/, 'nothing logged of the checks');
    });
  });

  describe('sqlite, its write lock held by another process', () => {
    let locker: ChildProcess | null = null;
    afterEach(() => locker?.kill());

    it('503 {"ok":false,"db":"sqlite","error":"the SQLite database is locked by another process"} within its bound, and 200 once it is let go', async () => {
      const [sqlite] = ENGINES;
      const db = await sqlite.fresh();
      server = await serveProcess(db);
      assert.equal((await health(server.url)).status, 200);
      const script = `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('locked');
        process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
      const child = spawn(process.execPath, ['-e', script, db], { stdio: ['pipe', 'pipe', 'inherit'] });
      locker = child;
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => (d.toString().includes('locked') ? resolve() : undefined));
        child.once('exit', (code) => reject(new Error(`the locking process ended (${code})`)));
      });
      const reads = await answerOf(`${server.url}/api/v1/tables`);
      assert.equal(reads.status, 200, 'reads go on: the check is what a post needs');
      const locked = await timed(server.url);
      assert.equal(locked.status, 503, JSON.stringify(locked.json));
      assert.deepEqual(locked.json, { ok: false, db: 'sqlite', error: 'the SQLite database is locked by another process' });
      assert.ok(locked.ms < HEALTH_TIMEOUT + 500, `answered in ${Math.round(locked.ms)} ms`);
      child.removeAllListeners('exit');
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end('go\n');
      await gone;
      locker = null;
      await until('the health check says 200 again', async () => (await health(server!.url)).status === 200);
      assert.doesNotMatch(server.log(), /health/, 'nothing logged of the checks');
    });
  });
});
