// The capture driver's ring buffer and clock (hosts/device/capture/edges.h), compiled with the host's
// C compiler and driven through test/device/edges-probe.c: the ISR, the ESP32 and its clock are stood
// in for by the probe; the C that runs is the driver's own.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WRAP = 2 ** 32;
const CAPACITY = 511; // kEdges - 1

describe('capture driver: edge ring and 64-bit times (host C)', function () {
  let dir = '';
  let probe = '';
  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'carrom-edges-'));
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
  /** The edges one take printed, as [t, channel, level]. */
  function edges(lines: string[]): [number, number, number][] {
    return lines.filter((l) => l.startsWith('edge ')).map((l) => l.split(' ').slice(1).map(Number) as [number, number, number]);
  }
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
});
