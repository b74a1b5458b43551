// The capture driver's ring buffer and clock (hosts/device/capture/edges.h), compiled with the host's
// C compiler and driven through test/device/edges-probe.c: the ISR, the ESP32 and its clock are stood
// in for by the probe; the C that runs is the driver's own.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../tools/scratch.ts';

const WRAP = 2 ** 32;
const CAPACITY = 511; // kEdges - 1

describe('capture driver: edge ring and 64-bit times (host C)', function () {
  let dir = '';
  let probe = '';
  before(function () {
    dir = scratchDir('edges');
    probe = join(dir, 'edges-probe');
    execFileSync('cc', ['-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-pthread', '-o', probe, 'test/device/edges-probe.c']);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the commands in one fresh ring; returns the probe's output lines. */
  function run(...commands: string[]): string[] {
    const r = spawnSync(probe, { input: `${commands.join('\n')}\n`, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout.trim().split('\n');
  }
  /** The records the takes printed, as [t, channel, level]. */
  function edges(lines: string[]): [number, number, number][] {
    return records(lines).map(([t, ch, lv]) => [t, ch, lv]);
  }
  /** The records the takes printed, as [t, channel, level, kind] (kind 0 an edge, 1 a correction). */
  function records(lines: string[]): [number, number, number, number][] {
    return lines.filter((l) => l.startsWith('edge ')).map((l) => l.split(' ').slice(1).map(Number) as [number, number, number, number]);
  }
  /** The value a probe command printed, e.g. answer(lines, 'refused'). */
  function answer(lines: string[], name: string): number {
    const line = lines.filter((l) => l.startsWith(`${name} `)).at(-1);
    assert.ok(line, `the probe printed no "${name}"`);
    return Number(line.split(' ')[1]);
  }
  /** A re-read tick at `now` with pins at their levels (1 clear, 0 blocked), channel 0 first. */
  const tick = (now: number, levels: number[] = [1, 1, 1, 1, 1, 1, 1, 1]) => `tick ${now} ${levels.join(' ')}`;
  const QUIET = 20_000; // kRereadQuietUs
  const low = (t: number) => t % WRAP;

  it('gives the full time of an edge after the 32-bit clock has wrapped', () => {
    const t = WRAP + 1234;
    assert.deepEqual(edges(run(`put ${low(t)} 3 0`, `take ${t + 50} 10`)), [[t, 3, 0]]);
  });

  it('gives the full time after hours without an edge (a wrap between two edges is not missed)', () => {
    // 71.6 minutes and more between two edges, the second with larger low bits than the first.
    const first = 1000;
    const second = WRAP + 2000;
    const lines = run(`put ${first} 0 0`, `take ${first + 10} 10`, `put ${low(second)} 0 1`, `take ${second + 10} 10`);
    assert.deepEqual(edges(lines), [[first, 0, 0], [second, 0, 1]]);
  });

  it('gives the full time after many wraps (days, and years of uptime)', () => {
    for (const wraps of [2, 7, 1000, 2 ** 20]) {
      const t = wraps * WRAP + 987_654;
      assert.deepEqual(edges(run(`put ${low(t)} 5 1`, `take ${t + 3} 10`)), [[t, 5, 1]], `after ${wraps} wraps`);
    }
  });

  it('places edges on both sides of a wrap, and exactly at it, in order', () => {
    const ts = [WRAP - 2, WRAP - 1, WRAP, WRAP + 1];
    assert.deepEqual(edges(run(...ts.map((t, i) => `put ${low(t)} ${i} 1`), `take ${WRAP + 1} 10`)), ts.map((t, i) => [t, i, 1]));
    // A read in the very microsecond of the wrap sees the edge of that microsecond, and the one before.
    assert.deepEqual(edges(run(`put ${low(WRAP - 1)} 0 1`, `put ${low(WRAP)} 1 0`, `take ${WRAP} 10`)), [[WRAP - 1, 0, 1], [WRAP, 1, 0]]);
  });

  it('counts edges that come when the ring is full and keeps those it has whole', () => {
    const puts = Array.from({ length: CAPACITY + 89 }, (_, i) => `put ${1000 + i} ${i % 8} ${i % 2}`);
    const lines = run(...puts, 'lost', 'count', `take ${5000} 600`, 'count', 'put 9000 2 1', `take 9001 10`);
    const answers = lines.slice(0, puts.length);
    assert.equal(answers.filter((l) => l === 'put 1').length, CAPACITY);
    assert.deepEqual(answers.slice(CAPACITY), Array(89).fill('put 0'));
    assert.ok(lines.includes('lost 89'));
    assert.ok(lines.includes(`count ${CAPACITY}`));
    const got = edges(lines);
    assert.equal(got.length, CAPACITY + 1);
    got.slice(0, CAPACITY).forEach(([t, ch, lv], i) => assert.deepEqual([t, ch, lv], [1000 + i, i % 8, i % 2]));
    assert.deepEqual(got[CAPACITY], [9000, 2, 1], 'the ring works again once read');
    assert.ok(lines.includes('count 0'));
  });

  it('reads in batches no larger than the buffer, and in order', () => {
    const lines = run(...Array.from({ length: 10 }, (_, i) => `put ${i} 0 ${i % 2}`), 'take 100 4', 'take 100 4', 'take 100 4', 'take 100 4');
    assert.deepEqual(lines.filter((l) => l.startsWith('take')), ['take 4', 'take 4', 'take 2', 'take 0']);
    assert.deepEqual(edges(lines).map(([t]) => t), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('leaves an edge that comes while the reader reads the clock for the next read, with its true time', () => {
    // Reader at 2^32 + 10 (low 10); the ISR's edge at low 11 comes after the reader chose what to copy
    // but before its clock: taken now it would be placed a whole lap (71.6 min) too early.
    const lines = run(`put ${low(WRAP + 5)} 0 0`, `take-during ${WRAP + 10} 10 11`, `take ${WRAP + 12} 10`);
    assert.deepEqual(lines.filter((l) => l.startsWith('take')), ['take 1', 'take 1']);
    assert.deepEqual(edges(lines), [[WRAP + 5, 0, 0], [WRAP + 11, 7, 1]]);
  });

  it('takes every edge once and in order while an interrupt thread writes at full speed', () => {
    const [line] = run('stress 300000');
    assert.equal(line, 'stress 300000 0 0'); // taken, dropped, out of order or torn
  });

  it('posts one message at a time, and frees the record only when the owner and that message are done', () => {
    // Closed while a message is pending: the owner's release does not free; the message's does.
    assert.deepEqual(run('post', 'post', 'release', 'release'), ['post 1', 'post 0', 'release 0', 'release 1']);
    // Message delivered first, then closed: the owner's release frees it.
    assert.deepEqual(run('post', 'delivered', 'release', 'post', 'release', 'release'), ['post 1', 'release 0', 'post 1', 'release 0', 'release 1']);
    // Nothing pending: closing frees at once.
    assert.deepEqual(run('release'), ['release 1']);
  });

  describe('never deaf: a message the queue refuses is posted again', () => {
    it('delivers every edge once a queue that refused posts for a while accepts again, and counts the refusals', () => {
      // JavaScript busy: the queue refuses the first three posts; the fourth edge's post is taken.
      const lines = run('refuse 3', 'isr 100 0 0', 'isr 200 1 0', 'isr 300 0 1', 'isr 400 1 1', 'deliver 500', 'refused', 'uses');
      assert.deepEqual(lines.filter((l) => l.startsWith('isr')), ['isr 0', 'isr 0', 'isr 0', 'isr 1']);
      assert.deepEqual(edges(lines), [[100, 0, 0], [200, 1, 0], [300, 0, 1], [400, 1, 1]]);
      assert.equal(answer(lines, 'refused'), 3);
      assert.equal(answer(lines, 'uses'), 1, 'a refused post gave back the use it claimed');
      // And the ring keeps posting afterwards: the next edge is delivered by a message of its own.
      assert.deepEqual(edges(run('refuse 1', 'isr 100 0 0', 'isr 200 0 1', 'deliver 300', 'isr 400 2 0', 'deliver 500')), [[100, 0, 0], [200, 0, 1], [400, 2, 0]]);
    });

    it('re-posts a refused message at the next tick when no further edge comes', () => {
      const lines = run('refuse 1', 'isr 1000 6 0', 'deliver 2000', tick(11_000, [1, 1, 1, 1, 1, 1, 0, 1]), 'deliver 11500');
      assert.deepEqual(lines.slice(0, 3), ['isr 0', 'deliver none', 'tick 0 1']);
      assert.deepEqual(records(lines), [[1000, 6, 0, 0]]);
    });

    it('loses no edge beyond the ring\'s capacity while the queue refuses, and reports the loss and the refusals', () => {
      // A full queue for 600 edges: the ring keeps the first 511, drops and counts the rest; every edge
      // tried to post and was refused. Then the queue accepts: one tick posts, one message reads them all.
      const puts = Array.from({ length: CAPACITY + 89 }, (_, i) => `isr ${1000 + i} ${i % 8} ${(i >> 3) % 2}`);
      const lines = run('queue 0', ...puts, 'refused', 'lost', 'queue 10', tick(5000), 'deliver 5000', 'refused', 'lost', 'uses');
      const refused = lines.filter((l) => l.startsWith('refused'));
      assert.deepEqual(refused, [`refused ${CAPACITY + 89}`, `refused ${CAPACITY + 89}`]);
      assert.equal(answer(lines, 'lost'), 89);
      const got = edges(lines);
      assert.equal(got.length, CAPACITY);
      got.forEach(([t, ch, lv], i) => assert.deepEqual([t, ch, lv], [1000 + i, i % 8, (i >> 3) % 2]));
      assert.equal(answer(lines, 'uses'), 1);
    });

    it('frees the record once, after close, whichever of a refused and a delivered message came last', () => {
      // A refused post holds no use: closing then frees at once.
      assert.deepEqual(run('refuse 1', 'isr 10 0 0', 'release'), ['isr 0', 'release 1']);
      // A taken post holds one: closing leaves it to the message.
      assert.deepEqual(run('isr 10 0 0', 'release', 'deliver 20'), ['isr 1', 'release 0', 'deliver freed']);
    });
  });

  describe('lost edges: a quiet channel whose pin disagrees with its last edge is corrected', () => {
    it('corrects a beam left blocked by a lost clear edge, once it has been quiet, with a correction record', () => {
      const pins = [1, 1, 1, 1, 1, 1, 1, 1]; // channel 2's clear edge was lost: its pin reads clear
      const lines = run('isr 1000 2 0', 'blocked', tick(1000 + QUIET - 1, pins), 'blocked', tick(1000 + QUIET, pins), 'blocked', 'deliver 40000');
      assert.deepEqual(lines.filter((l) => l.startsWith('tick') || l.startsWith('blocked')), ['blocked 4', 'tick 0 1', 'blocked 4', 'tick 1 1', 'blocked 0']);
      assert.deepEqual(records(lines), [[1000, 2, 0, 0], [1000 + QUIET, 2, 1, 1]]);
    });

    it('corrects a beam left clear by a lost blocked edge, and a beam blocked from the start', () => {
      // Channel 5 was blocked before the capture started; channel 1's blocked edge came with no interrupt.
      const lines = run('isr 3000 1 1', tick(QUIET, [1, 1, 1, 1, 1, 0, 1, 1]), 'blocked', tick(3000 + QUIET, [1, 0, 1, 1, 1, 0, 1, 1]), 'blocked', 'deliver 40000');
      assert.deepEqual(records(lines), [[3000, 1, 1, 0], [QUIET, 5, 0, 1], [3000 + QUIET, 1, 0, 1]]);
      assert.deepEqual(lines.filter((l) => l.startsWith('blocked')), ['blocked 32', 'blocked 34']);
    });

    it('never corrects a pin that agrees with its last edge, nor re-reads a channel whose edges keep coming', () => {
      // Channel 0 rings every 5 ms; the ticks catch its pin at the other level each time: no correction.
      const cmds: string[] = [];
      for (let i = 0; i < 20; i++) cmds.push(`isr ${1000 + i * 5000} 0 ${i % 2}`, tick(1000 + i * 5000 + 2500, [1 - (i % 2), 1, 1, 1, 1, 1, 1, 1]));
      const lines = run(...cmds, tick(1_000_000), 'deliver 1000000');
      assert.ok(lines.filter((l) => l.startsWith('tick')).every((l) => l.startsWith('tick 0 ')), 'no correction');
      assert.equal(records(lines).filter(([, , , kind]) => kind === 1).length, 0);
      assert.equal(records(lines).length, 20);
    });

    it('repairs an edge that a full ring dropped', () => {
      const puts = Array.from({ length: CAPACITY }, (_, i) => `isr ${1000 + i} 0 ${i % 2}`);
      const lines = run('queue 0', ...puts, 'isr 2000 3 0', 'lost', 'queue 10', tick(2500), 'deliver 3000', tick(2000 + QUIET, [0, 1, 1, 0, 1, 1, 1, 1]), 'deliver 30000');
      assert.equal(answer(lines, 'lost'), 1);
      assert.deepEqual(records(lines).slice(CAPACITY), [[2000 + QUIET, 3, 0, 1]]);
    });
  });
});
