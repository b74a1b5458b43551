// `carrom serve` as an organiser runs it: the package's bin, registering tables, serving, stopping.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { matchRecords, postRecord } from '../../tools/results.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { until } from '../helpers/servers/answers.ts';
import { scratchDir, tracked } from '../../tools/scratch.ts';

const BIN = 'bin/carrom.js';
const carrom = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** As `carrom`, without blocking this process: a server in it must answer the probe of a port in use. */
const carromAsync = (args: string[]) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = tracked(spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] }));
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr }));
  });

describe('carrom serve (command line)', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = scratchDir('serve')));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  for (const engine of ENGINES) {
    it(`--add-table prints the contract's one JSON line, and a setup code for people (${engine.name})`, async () => {
      const db = engine.name === 'sqlite' ? join(dir, 'r.db') : await engine.fresh();
      const r = carrom(['serve', '--add-table', 'hall-3', '--db', db]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^\{"table":"hall-3","secret":"[0-9a-f]{64}"\}\n$/);
      const { secret } = JSON.parse(r.stdout);
      assert.ok(r.stderr.includes(`carrom1.hall-3.${secret}`), r.stderr);
      const again = carrom(['serve', '--add-table', 'hall-3', '--db', db]);
      assert.equal(again.code, 1);
      assert.equal(again.stdout, '');
      assert.match(again.stderr, /registered already/);
    });
  }

  it('--add-table with --secret registers a club\'s table on a federation server with its own secret', () => {
    const secret = 'ab'.repeat(32);
    const r = carrom(['serve', '--add-table', 'club-b-2', '--secret', secret, '--db', join(dir, 'fed.db')]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { table: 'club-b-2', secret });
  });

  it('refuses bad arguments with a clear message and exit code 2', () => {
    for (const [args, says] of [
      [['--add-table', 'Hall 3'], /a table id is 1–40 characters/],
      [['--port', 'eighty'], /--port must be/],
      [['--add-table', 'x', '--secret', 'short'], /--secret must be 64/],
      [['--forward', 'ftp://x'], /--forward must be an http/],
      [['--push', 'ftp://x'], /--push must be an http/],
      [['--push', 'http://127.0.0.1:9/hook'], /--push needs --push-secret \(or CARROM_PUSH_SECRET\): 64 lowercase hex digits/],
      [['--push', 'http://127.0.0.1:9/hook', '--push-secret', 'short'], /--push needs --push-secret/],
      [['--push-secret', 'ab'.repeat(32)], /--push-secret goes with --push/],
      [['--frobnicate'], /unknown argument "--frobnicate"/],
      [['--db'], /--db needs a value/],
    ] as const) {
      const r = carrom(['serve', ...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, says);
    }
  });

  it('a port in use, an address not this machine\'s, a database it cannot open: one line, exit 2, no stack trace', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      for (const [args, says] of [
        [['--port', String(port), '--host', '127.0.0.1', '--db', join(dir, 'r.db')], new RegExp(`^carrom serve: port ${port} is in use by another program \\(it does not answer as a web server\\); try --port ${port + 1}\\n$`)],
        [['--port', '0', '--host', '192.0.2.1', '--db', join(dir, 'r.db')], /^carrom serve: --host 192\.0\.2\.1 is not an address of this machine \(EADDRNOTAVAIL\)/],
        [['--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'no', 'such', 'r.db')], /^carrom serve: cannot start: .*directory does not exist \(--db .*r\.db\)\n$/],
        [['--add-table', 'hall-1', '--db', join(dir, 'no', 'such', 'r.db')], /^carrom serve: cannot start: .*directory does not exist/],
      ] as const) {
        const r = carrom(['serve', ...args, '--no-mdns']);
        assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, says);
        assert.equal(r.stdout, '');
      }
    } finally {
      busy.close();
    }
  });

  it('a port held by a results server already running: says so, with its club page', async () => {
    const db = join(dir, 'r.db');
    const first = tracked(spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns'], { stdio: ['ignore', 'ignore', 'pipe'] }));
    try {
      let err = '';
      first.stderr.on('data', (d) => (err += d));
      await until('the first server has started', () => /club page http:\/\/127\.0\.0\.1:\d+\//.test(err), 30_000);
      const port = /club page http:\/\/127\.0\.0\.1:(\d+)\//.exec(err)![1];
      const second = await carromAsync(['serve', '--port', port, '--host', '127.0.0.1', '--db', join(dir, 'other.db'), '--no-mdns']);
      assert.equal(second.code, 2, second.stderr);
      assert.equal(second.stderr, `carrom serve: port ${port} is in use by a carrom results server (carrom serve, or a simulator's local one; its club page: http://127.0.0.1:${port}/); try --port ${Number(port) + 1}\n`);
    } finally {
      first.kill('SIGTERM');
    }
  });

  it('does not take the next option for a missing value (no table named "--no-mdns")', () => {
    const db = join(dir, 'r.db');
    for (const args of [['--db', db, '--add-table', '--no-mdns'], ['--add-table', '--db', db], ['--db', db, '--name', '--no-mdns']]) {
      const r = carrom(['serve', ...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.match(r.stderr, /(--add-table|--name) needs a value/, args.join(' '));
    }
    assert.equal(carrom(['serve', '--add-table', 'hall-1', '--db', db]).code, 0, 'nothing was registered before');
  });

  it('serves until stopped: a signed record is stored, the club page answers, SIGTERM ends it cleanly', async () => {
    const db = join(dir, 'r.db');
    const { secret } = JSON.parse(carrom(['serve', '--add-table', 'hall-4', '--db', db]).stdout);
    const child = tracked(spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns'], { stdio: ['ignore', 'pipe', 'pipe'] }));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d) => {
          err += d;
          const m = /club page (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`carrom serve exited with ${code}: ${err}`)));
      });
      const [rec] = matchRecords('hall-4', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
      assert.equal((await postRecord(url, 'hall-4', secret, rec.body)).status, 201);
      const page = await fetch(`${url}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>Carrom results<\/title>/);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0);
  });
});
