// A table set up the way an organiser does it, through the real command lines: `carrom serve
// --add-table` (the package's bin) registers it and says its setup code; the code parses to the very
// table and secret of the contract's JSON line; the results server runs from the same database, and a
// simulator started with that code posts a board's record, which the server takes (201).
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { parseSetupCode } from '../../src/sync/setup-code.ts';
import { until } from '../helpers/servers/answers.ts';
import { sleep } from './helpers.ts';
import { npmStart, ONE_BOARD, shot, type Running } from './simulator-process.ts';
import { scratchDir, tracked } from '../../tools/scratch.ts';

const BIN = 'bin/carrom.js';

/** `carrom serve` until stopped; resolves with its address once it says it. */
function carromServe(db: string): Promise<{ child: ChildProcess; url: string }> {
  const child = tracked(spawn(process.execPath, [BIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns'], { stdio: ['ignore', 'pipe', 'pipe'] }));
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /club page (http:\/\/127\.0\.0\.1:\d+)\//.exec(err);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`carrom serve exited with ${code}: ${err}`)));
  });
}

/** A pass-through on loopback that notes the status of every answer the server gives the table's records
 * (POST /api/v1/records), and every other request as it comes (its method and path). */
function recorder(target: string, statuses: number[], others: string[] = []): Promise<Server> {
  const to = new URL(target);
  const proxy = createServer((req, res) => {
    if (!(req.method === 'POST' && req.url === '/api/v1/records')) others.push(`${req.method} ${req.url}`);
    const out = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (req.method === 'POST' && req.url === '/api/v1/records') statuses.push(answer.statusCode!);
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(proxy)));
}

describe('a setup code from carrom serve --add-table sets up a table that posts', function () {
  this.timeout(60_000);
  let dir: string;
  let serve: { child: ChildProcess; url: string } | undefined;
  let sim: Running | undefined;
  let proxy: Server | undefined;
  before(() => (dir = scratchDir('setup')));
  after(async () => {
    await sim?.stop();
    proxy?.close();
    if (serve && serve.child.exitCode === null) {
      const exited = new Promise((r) => serve!.child.once('exit', r));
      serve.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('the code is the table and secret of the JSON line; the simulator set up with it gets 201', async () => {
    const db = join(dir, 'club.db');
    const added = spawnSync(process.execPath, [BIN, 'serve', '--add-table', 'hall-7', '--db', db], { encoding: 'utf8' });
    assert.equal(added.status, 0, added.stderr);
    const lines = added.stdout.split('\n');
    assert.deepEqual(lines.slice(1), [''], 'one line on stdout');
    const contract = JSON.parse(lines[0]) as { table: string; secret: string };
    assert.equal(contract.table, 'hall-7');
    const code = /\bcarrom1\.\S+/.exec(added.stderr)?.[0];
    assert.ok(code, `no setup code on stderr: ${added.stderr}`);
    assert.deepEqual(parseSetupCode(code), { ok: true, value: contract });

    serve = await carromServe(db);
    const statuses: number[] = [];
    const others: string[] = [];
    proxy = await recorder(serve.url, statuses, others);
    const via = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    sim = await npmStart(['--setup-code', code, '--server', via]);
    assert.match(sim.out(), new RegExp(`results to ${via} as hall-7`));
    // At rest before the first shot, the table asks for its next match (docs/tournament.md §5.1).
    await until('the table asks GET /api/v1/assignment at boot', () => others.includes('GET /api/v1/assignment'));
    for (const drops of ONE_BOARD) await shot(sim.sim, drops);
    for (let i = 0; i < 300 && statuses.length === 0; i++) await sleep(50);
    assert.deepEqual(statuses, [201], 'the board\'s record, taken at the first try');

    const m = (await (await fetch(`${serve.url}/api/v1/matches/hall-7`)).json()) as { matches: { players: string[]; boards: { winner: number; points: number }[] }[] };
    assert.deepEqual(m.matches.map((x) => [x.players, x.boards.map((b) => [b.winner, b.points])]), [[['Asha', 'Ben'], [[0, 12]]]]);
    // The proxy sees the 201 before the table has read it and deleted the record: wait for that.
    type Snap = { sync: { queued: number; refused: number; error: string | null } };
    let snap = (await (await fetch(`${sim.sim}/api/snapshot`)).json()) as Snap;
    for (let i = 0; i < 100 && snap.sync.queued > 0; i++) {
      await sleep(50);
      snap = (await (await fetch(`${sim.sim}/api/snapshot`)).json()) as Snap;
    }
    assert.deepEqual([snap.sync.queued, snap.sync.refused, snap.sync.error], [0, 0, null], 'nothing left to send, nothing refused');
  });
});
