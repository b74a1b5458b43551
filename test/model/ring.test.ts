// The device model's edge ring (model/device/ring.ts) against the driver's own C ring
// (hosts/device/capture/edges.h, compiled with the host's cc and driven by test/device/edges-probe.c):
// the same commands, the same answers, line for line, so that the model cannot drift from the driver.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES } from '../../model/device/figures.ts';
import { EdgeRing } from '../../model/device/ring.ts';
import { rng } from '../../model/table/rng.ts';
import { scratchDir } from '../../tools/scratch.ts';

const WRAP = 2 ** 32;

/** The probe's commands run on the TypeScript ring, answered in the probe's words, with the probe's
 * message queue (10 slots; `refuse N` refuses the next N posts whatever its length). */
function modelProbe(commands: string[]): string[] {
  const ring = new EdgeRing(FIGURES.ringEdges, 0);
  const out: string[] = [];
  let queueLength = 10;
  let queued = 0;
  let refuseNext = 0;
  let inject: number | null = null;
  const post = () => {
    if (refuseNext > 0) return (refuseNext--, -1);
    if (queued >= queueLength) return -1;
    queued++;
    return 0;
  };
  const take = (now: number, max: number) => {
    const edges = ring.take(() => {
      // take-during: the interrupt lands between the reader's snapshot and its clock
      if (inject !== null) (ring.put(inject, 7, 1), (inject = null));
      return now;
    }, max);
    out.push(`take ${edges.length}`);
    for (const e of edges) out.push(`edge ${e.t} ${e.channel} ${e.level} ${e.kind}`);
  };
  for (const line of commands) {
    const [op, ...args] = line.split(' ');
    const n = args.map(Number);
    if (op === 'put') out.push(`put ${ring.put(n[0], n[1], n[2]) ? 1 : 0}`);
    else if (op === 'take') take(n[0], n[1]);
    else if (op === 'take-during') ((inject = n[2]), take(n[0], n[1]));
    else if (op === 'isr') {
      ring.put(n[0], n[1], n[2]);
      ring.notify(post);
      out.push(`isr ${queued}`);
    } else if (op === 'tick') {
      let corrections = 0;
      for (let i = 0; i < 8; i++) corrections += ring.reread(n[0], i, n[1 + i]) ? 1 : 0;
      ring.notify(post);
      out.push(`tick ${corrections} ${queued}`);
    } else if (op === 'deliver') {
      if (queued === 0) {
        out.push('deliver none');
        continue;
      }
      queued--;
      if (ring.release()) {
        out.push('deliver freed');
        continue;
      }
      ring.delivered();
      out.push(`deliver ${ring.count()}`);
      take(n[0], FIGURES.ringEdges);
    } else if (op === 'queue') queueLength = n[0];
    else if (op === 'refuse') refuseNext = n[0];
    else if (op === 'refused') out.push(`refused ${ring.refused}`);
    else if (op === 'blocked') out.push(`blocked ${ring.blocked()}`);
    else if (op === 'uses') out.push(`uses ${ring.uses}`);
    else if (op === 'post') out.push(`post ${ring.shouldPost() ? 1 : 0}`);
    else if (op === 'delivered') ring.delivered();
    else if (op === 'release') out.push(`release ${ring.release() ? 1 : 0}`);
    else if (op === 'lost') out.push(`lost ${ring.lost}`);
    else if (op === 'count') out.push(`count ${ring.count()}`);
    else throw new Error(`no such probe command: ${line}`);
  }
  return out;
}

/** A random session of the reader's side: bursts of edges (some past the ring's capacity), reads of
 * random sizes, the posting handshake, and a clock that crosses the 32-bit wrap. */
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
    } else if (x < 0.75) cmds.push(`take ${now + Math.floor(r() * 5000)} ${1 + Math.floor(r() * 80)}`);
    else if (x < 0.78) cmds.push(`take-during ${now + 10} ${1 + Math.floor(r() * 80)} ${(now + 5) % WRAP}`);
    else if (x < 0.86) cmds.push('post');
    else if (x < 0.92) cmds.push('delivered');
    else if (x < 0.95) cmds.push('count');
    else if (x < 0.97) cmds.push('blocked');
    else cmds.push('lost');
  }
  cmds.push(`take ${now + 10} 1000`, 'count', 'lost', 'release', 'release');
  return cmds;
}

/** A random session of the driver as it runs: interrupts (captureISR: an edge, then a message), the
 * re-read tick with the pins' levels (some disagreeing with the last record: a lost edge), a queue
 * that refuses posts for a while or is short, JavaScript taking messages (captureDeliver) late, and a
 * clock that crosses the 32-bit wrap. */
function driverSession(seed: number): string[] {
  const r = rng(seed);
  const cmds: string[] = [`queue ${r() < 0.3 ? 2 + Math.floor(r() * 4) : 10}`];
  let now = WRAP - 2_000_000 + Math.floor(r() * 1_000_000);
  const pins = [1, 1, 1, 1, 1, 1, 1, 1];
  for (let step = 0; step < 600; step++) {
    const x = r();
    if (x < 0.5) {
      now += 1 + Math.floor(r() * 6000);
      const ch = Math.floor(r() * 8);
      pins[ch] ^= 1;
      // An interrupt the ESP32 lost (esp-idf 9746): the pin moved, the ISR never ran.
      if (r() < 0.1) continue;
      cmds.push(`isr ${now % WRAP} ${ch} ${pins[ch]}`);
    } else if (x < 0.7) {
      now += Math.floor(r() * 12_000);
      cmds.push(`tick ${now % WRAP} ${pins.join(' ')}`);
    } else if (x < 0.85) cmds.push(`deliver ${now + Math.floor(r() * 3000)}`);
    else if (x < 0.89) cmds.push(`refuse ${1 + Math.floor(r() * 6)}`);
    else if (x < 0.93) cmds.push('refused');
    else if (x < 0.96) cmds.push('blocked');
    else if (x < 0.98) cmds.push('uses');
    else cmds.push('lost');
  }
  for (let i = 0; i < 12; i++) cmds.push(`deliver ${now + 100}`);
  now += 30_000;
  cmds.push(`tick ${now % WRAP} ${pins.join(' ')}`, `deliver ${now + 10}`, 'blocked', 'refused', 'uses', 'lost', 'count');
  return cmds;
}

function runProbe(probe: string, cmds: string[]): string[] {
  const c = spawnSync(probe, { input: `${cmds.join('\n')}\n`, encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr);
  return c.stdout.trim().split('\n');
}

describe('device model: the edge ring and the capture driver\'s posting and re-read agree with the C (edges.h)', function () {
  let dir = '';
  let probe = '';
  before(function () {
    dir = scratchDir('model-ring');
    probe = join(dir, 'edges-probe');
    execFileSync('cc', ['-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-pthread', '-o', probe, 'test/device/edges-probe.c']);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`answers as the C ring does on random reader session ${seed} (overflow, wrap, the posting handshake)`, () => {
      const cmds = session(seed);
      const expected = runProbe(probe, cmds);
      assert.ok(expected.some((l) => l === 'put 0'), 'the session fills the ring at least once');
      assert.deepEqual(modelProbe(cmds), expected);
    });
  }

  for (const seed of [11, 12, 13, 14, 15, 16]) {
    it(`answers as the C driver does on random driver session ${seed} (interrupts, refused posts, re-read ticks, late deliveries)`, () => {
      const cmds = driverSession(seed);
      const expected = runProbe(probe, cmds);
      const refused = Number(expected.filter((l) => l.startsWith('refused ')).pop()!.split(' ')[1]);
      assert.ok(refused > 0, 'the queue refused posts in the session');
      assert.ok(expected.some((l) => /^edge \d+ \d \d 1$/.test(l)), 'the re-read put corrections in the session');
      assert.deepEqual(modelProbe(cmds), expected);
    });
  }

  it('after a refused post, the next tick posts again and every edge reaches the reader (the never-deaf rule, both rings)', () => {
    const cmds = ['refuse 1', 'isr 1000 2 0', 'refused', 'deliver 1500', 'tick 11000 1 1 0 1 1 1 1 1', 'deliver 12000', 'uses'];
    const expected = runProbe(probe, cmds);
    assert.deepEqual(expected, ['isr 0', 'refused 1', 'deliver none', 'tick 0 1', 'deliver 1', 'take 1', 'edge 1000 2 0 0', 'uses 1']);
    assert.deepEqual(modelProbe(cmds), expected);
  });

  it(`the re-read's quiet window, on both sides of its boundary: ${FIGURES.rereadQuietUs - 1} µs after the pin last moved no correction, ${FIGURES.rereadQuietUs} µs one, both rings, across the clock's wrap too`, () => {
    const quiet = FIGURES.rereadQuietUs;
    assert.equal(quiet, 20_000, 'edges.h kRereadQuietUs');
    const clear = 'tick %d 1 1 1 1 1 1 1 1';
    for (const at of [1000, WRAP - 5000]) {
      const low = (t: number) => t % WRAP;
      // Channel 2 blocked at `at`, its clear edge lost: the pin reads clear at every tick.
      const cmds = [`isr ${at} 2 0`, `deliver ${at + 100}`, clear.replace('%d', String(low(at + quiet - 1))), clear.replace('%d', String(low(at + quiet))), `deliver ${at + quiet + 100}`];
      const expected = runProbe(probe, cmds);
      assert.deepEqual(expected, ['isr 1', 'deliver 1', 'take 1', `edge ${at} 2 0 0`, 'tick 0 0', 'tick 1 1', 'deliver 1', 'take 1', `edge ${at + quiet} 2 1 1`], `blocked at ${at} µs`);
      assert.deepEqual(modelProbe(cmds), expected, `blocked at ${at} µs`);
    }
    // An edge dropped by a full ring moved the pin all the same: the window runs from it. Channel 2 is
    // blocked at 5000 µs and its edge dropped; the pin reads blocked at the ticks: the correction is
    // tried (and dropped again, counted) only once the window from 5000 µs is over.
    const full = Array.from({ length: FIGURES.ringEdges - 1 }, (_, i) => `put ${i} 0 1`);
    const blocked2 = (t: number) => `tick ${t} 1 1 0 1 1 1 1 1`;
    const cmds = [...full, 'put 5000 2 0', 'lost', blocked2(5000 + quiet - 1), 'lost', blocked2(5000 + quiet), 'lost'];
    const expected = runProbe(probe, cmds).slice(full.length);
    assert.deepEqual(expected, ['put 0', 'lost 1', 'tick 0 1', 'lost 1', 'tick 0 1', 'lost 2']);
    assert.deepEqual(modelProbe(cmds).slice(full.length), expected);
  });

  it('a level re-read quiet for 20 ms that disagrees becomes a correction (kind 1), both rings', () => {
    const cmds = ['isr 1000 2 0', 'deliver 1100', 'tick 15000 1 1 1 1 1 1 1 1', 'tick 25000 1 1 1 1 1 1 1 1', 'blocked', 'deliver 26000'];
    const expected = runProbe(probe, cmds);
    assert.deepEqual(expected, ['isr 1', 'deliver 1', 'take 1', 'edge 1000 2 0 0', 'tick 0 0', 'tick 1 1', 'blocked 0', 'deliver 1', 'take 1', 'edge 25000 2 1 1']);
    assert.deepEqual(modelProbe(cmds), expected);
  });
});
