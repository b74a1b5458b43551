// The device model's edge ring (model/device/ring.ts) against the driver's own C ring
// (hosts/device/capture/edges.h, compiled with the host's cc and driven by test/device/edges-probe.c):
// the same commands, the same answers, line for line, so that the model cannot drift from the driver.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EdgeRing } from '../../model/device/ring.ts';
import { rng } from '../../model/table/rng.ts';

const WRAP = 2 ** 32;

/** The probe's commands run on the TypeScript ring, answered in the probe's words (`withKind`: the
 * edge lines end with the record's kind byte, as the probe prints them once edges.h has one). */
function modelProbe(commands: string[], withKind: boolean): string[] {
  const ring = new EdgeRing();
  const out: string[] = [];
  for (const line of commands) {
    const [op, ...args] = line.split(' ');
    const n = args.map(Number);
    if (op === 'put') out.push(`put ${ring.put(n[0], n[1], n[2]) ? 1 : 0}`);
    else if (op === 'take') {
      const edges = ring.take(() => n[0], n[1]);
      out.push(`take ${edges.length}`);
      for (const e of edges) out.push(`edge ${e.t} ${e.channel} ${e.level}${withKind ? ` ${e.kind}` : ''}`);
    } else if (op === 'post') out.push(`post ${ring.shouldPost() ? 1 : 0}`);
    else if (op === 'delivered') ring.delivered();
    else if (op === 'release') out.push(`release ${ring.release() ? 1 : 0}`);
    else if (op === 'lost') out.push(`lost ${ring.lost}`);
    else if (op === 'count') out.push(`count ${ring.count()}`);
    else throw new Error(`no such probe command: ${line}`);
  }
  return out;
}

/** A random session: bursts of edges (some past the ring's capacity), reads of random sizes, the
 * posting handshake, and a clock that crosses the 32-bit wrap. */
function session(seed: number): string[] {
  const r = rng(seed);
  const cmds: string[] = [];
  let now = WRAP - 3_000_000 + Math.floor(r() * 2_000_000) + seed * 7_919_000;
  for (let step = 0; step < 400; step++) {
    const x = r();
    if (x < 0.55) {
      const burst = r() < 0.05 ? 600 : 1 + Math.floor(r() * 12);
      for (let i = 0; i < burst; i++) {
        now += 1 + Math.floor(r() * 4000);
        cmds.push(`put ${now % WRAP} ${Math.floor(r() * 8)} ${r() < 0.5 ? 1 : 0}`);
      }
    } else if (x < 0.8) cmds.push(`take ${now + Math.floor(r() * 5000)} ${1 + Math.floor(r() * 80)}`);
    else if (x < 0.88) cmds.push('post');
    else if (x < 0.94) cmds.push('delivered');
    else if (x < 0.97) cmds.push('count');
    else cmds.push('lost');
  }
  cmds.push(`take ${now + 10} 1000`, 'count', 'lost', 'release', 'release');
  return cmds;
}

describe('device model: the edge ring agrees with the C driver (edges.h)', function () {
  let dir = '';
  let probe = '';
  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'carrom-model-ring-'));
    probe = join(dir, 'edges-probe');
    execFileSync('cc', ['-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-pthread', '-o', probe, 'test/device/edges-probe.c']);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`answers as the C ring does on random session ${seed} (overflow, wrap, posting)`, () => {
      const cmds = session(seed);
      const c = spawnSync(probe, { input: `${cmds.join('\n')}\n`, encoding: 'utf8' });
      assert.equal(c.status, 0, c.stderr);
      const expected = c.stdout.trim().split('\n');
      assert.ok(expected.some((l) => l === 'put 0'), 'the session fills the ring at least once');
      const withKind = expected.some((l) => l.startsWith('edge ') && l.split(' ').length === 5);
      assert.deepEqual(modelProbe(cmds, withKind), expected);
    });
  }
});
