// A lower beam that dies clear (its receiver lit for good, a wire off) after it has seen pieces: every
// piece that then falls shows on the upper beam alone, as a rattle does. The gate must raise `blind` on
// the lower beam and count those pieces (the ones it first took for rattles too) rather than lose them;
// a healthy lower beam's rattles must raise nothing and count nothing (lower-blind.ts, BLIND_AFTER).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { GameEvent } from '../../src/rules/types.ts';
import { formatTrace } from '../../src/sensing/trace.ts';
import type { HealthFact, Reading, TraceHeader } from '../../src/sensing/types.ts';
import { rattleBlock } from '../../model/table/throat.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { colourOf, ms, passage, pockets, pulse, sense, strip } from '../helpers/readings.ts';

const MAN_MM = 33.3;
const mps = (x: number) => x / 1000; // m/s to mm per µs
type Kind = 'white' | 'black' | 'queen' | 'striker';

/** A piece through both beams of `pocket` at `at`, read as the upper beam blocks. */
const both = (pocket: number, at: number, speed: number, kind: Kind): Reading[] => [...passage(pocket, at, speed), colourOf(pocket, at + 3000, kind)];
/** A piece past a dead lower beam: the upper beam alone sees it cross at `speed`. */
const upperOnly = (pocket: number, at: number, speed: number, kind: Kind): Reading[] => [
  ...pulse(pocket, 0, at, at + Math.round((kind === 'striker' ? 42.8 : MAN_MM) / mps(speed))),
  colourOf(pocket, at + 3000, kind),
];
/** Seat 0 strikes at `at` (its strip empties, and stays so): a shot, which settles 3 s after its last piece. */
const strike = (at: number): Reading[] => [strip(0, at - ms(500), 200), strip(0, at, null)];

const KINDS: readonly Kind[] = ['white', 'black', 'queen', 'white', 'black', 'striker', 'white', 'black'];
/** The beams' facts (one seat strikes in these traces: the others' strips are silent, which is no matter here). */
const beamFacts = (health: readonly HealthFact[]) => health.filter((h) => h.channel[0] === 'p');
const pocketEvents = (events: readonly GameEvent[]) => events.filter((e) => e.e === 'pocket') as Extract<GameEvent, { e: 'pocket' }>[];

/** Three pieces through pocket 1's healthy beams, one a shot 10 s apart; then the lower beam dies and
 * the pieces at `speeds` go in, one a shot. */
function dies(speeds: readonly number[]): { readings: Reading[]; kinds: Kind[]; times: number[] } {
  const readings: Reading[] = [];
  const kinds: Kind[] = [];
  const times: number[] = [];
  for (let i = 0; i < 3 + speeds.length; i++) {
    const at = ms(10_000 * i + 2000);
    const kind = KINDS[i % KINDS.length];
    readings.push(...strike(at - ms(1000)));
    readings.push(...(i < 3 ? both(1, at, 1, kind) : upperOnly(1, at, speeds[i - 3], kind)));
    kinds.push(kind);
    times.push(at);
  }
  return { readings, kinds, times };
}

describe('sensing: a lower beam that dies after it has seen pieces (issue 16 follow-up)', () => {
  for (const speeds of [[0.5, 1, 2, 4, 8], [8, 4, 2, 1, 0.5], [3, 3, 3, 3, 3], [6, 0.3, 5, 0.8, 2.5]]) {
    it(`five pieces past the dead beam at ${speeds.join(', ')} m/s, a shot each: every piece counted and named, the lower beam reported blind`, () => {
      const { readings, kinds, times } = dies(speeds);
      const run = sense(readings, {}, times[times.length - 1] + ms(8000));
      assert.deepEqual(pockets(run), kinds);
      const blind = run.health.filter((h) => h.fact === 'blind');
      assert.equal(blind.length, 1, JSON.stringify(run.health));
      assert.equal(blind[0].channel, 'p1.b');
      // The log's time never goes back, though the first pieces past the dead beam were known late.
      const ts = run.events.map((e) => e.t);
      assert.deepEqual(ts, [...ts].sort((x, y) => x - y));
      // The last piece, the one that showed the beam blind, and those after it keep their own times.
      const pieces = pocketEvents(run.events);
      assert.equal(pieces[pieces.length - 1].t, times[times.length - 1] / 1000);
    });
  }

  it('pieces past the dead beam within one shot are counted at their own times, late', () => {
    const readings: Reading[] = [...strike(ms(1000)), ...both(1, ms(2000), 1, 'white')];
    const speeds = [2, 4, 1, 8, 3];
    speeds.forEach((v, i) => readings.push(...upperOnly(1, ms(2500 + 400 * i), v, KINDS[i + 1])));
    const run = sense(readings, {}, ms(12_000));
    assert.deepEqual(pockets(run), ['white', ...KINDS.slice(1, 6)]);
    assert.deepEqual(
      pocketEvents(run.events).map((e) => e.t),
      [2000, 2500, 2900, 3300, 3700, 4100],
    );
    assert.equal(run.events.filter((e) => e.e === 'settle').length, 1);
  });

  it('slow pieces weigh less: eight at 1 m/s raise the fault, and all eight are counted', () => {
    const { readings, kinds } = dies([1, 1, 1, 1, 1, 1, 1, 1]);
    const run = sense(readings, {}, ms(120_000));
    assert.deepEqual(pockets(run), kinds);
    assert.equal(run.health.filter((h) => h.fact === 'blind').length, 1);
  });

  it('once the lower beam sees a piece with the upper one again, an upper pulse alone is a rattle again', () => {
    const { readings, times } = dies([4, 4, 4, 4, 4]);
    const back = times[times.length - 1] + ms(10_000);
    readings.push(...strike(back - ms(1000)), ...both(1, back, 1, 'queen'));
    const dip = rattleBlock(back + ms(1000), mps(0.5), 6, ms(20));
    readings.push(...pulse(1, 0, dip.from, Math.round(dip.to)), colourOf(1, dip.from + 3000, 'black'));
    const run = sense(readings, {}, back + ms(8000));
    assert.equal(pockets(run).length, 9);
    assert.equal(pockets(run)[8], 'queen');
  });

  describe('a healthy lower beam', () => {
    /** One piece through pocket 2, then `dips` rattles, one a shot, each read as it dips. */
    function rattles(dips: readonly { speed: number; depth: number; stay: number }[]): Reading[] {
      const readings: Reading[] = [...strike(ms(1000)), ...both(2, ms(2000), 1, 'white')];
      dips.forEach((d, i) => {
        const at = ms(10_000 * (i + 1) + 2000);
        const block = rattleBlock(at, mps(d.speed), d.depth, d.stay);
        readings.push(...strike(at - ms(1000)), ...pulse(2, 0, block.from, Math.round(block.to)), colourOf(2, block.from + 3000, KINDS[i % 8]));
      });
      return readings;
    }

    it('rattles in a row that stop in the mouth a while (as a rattling piece does) raise no fault and count nothing', () => {
      const dips = Array.from({ length: 7 }, (_, i) => ({ speed: 0.3 + 0.1 * i, depth: 4 + (i % 4), stay: ms(30 + 40 * i) }));
      const run = sense(rattles(dips), {}, ms(90_000));
      assert.deepEqual(pockets(run), ['white']);
      assert.deepEqual(beamFacts(run.health), []);
    });

    it('any number of rattles longer than any fall raise no fault', () => {
      const dips = Array.from({ length: 20 }, () => ({ speed: 0.2, depth: 6, stay: ms(700) }));
      const run = sense(rattles(dips), {}, ms(220_000));
      assert.deepEqual(pockets(run), ['white']);
      assert.deepEqual(beamFacts(run.health), []);
    });

    // Issue 30's independent traces: rattles of 3 ms – 1.2 s, and three brisk ones in a row at one pocket
    // (3.5, 7.5 and 14 ms) were counted as three pieces, the lower beam called blind.
    it('three rattles in a row as brisk as falls (3, 6 and 14 ms) raise no fault and count nothing', () => {
      const dips = [ms(3), ms(6), ms(14)].map((us) => ({ speed: 1, depth: 1, stay: us - 2000 }));
      const run = sense(rattles(dips), {}, ms(50_000));
      assert.deepEqual(pockets(run), ['white']);
      assert.deepEqual(beamFacts(run.health), []);
    });

    it('on a new table too: three brisk rattles, the first things at their pocket, count nothing', () => {
      const readings: Reading[] = [];
      [ms(3), ms(6), ms(14)].forEach((us, i) => {
        const at = ms(10_000 * i + 2000);
        readings.push(...strike(at - ms(1000)), ...pulse(2, 0, at, at + us), colourOf(2, at + Math.min(1500, us / 2), KINDS[i]));
      });
      const run = sense(readings, {}, ms(40_000));
      assert.deepEqual(pockets(run), []);
      assert.deepEqual(beamFacts(run.health).map((h) => h.fact), ['unproven', 'unproven', 'unproven']);
    });

    it('a piece through both beams between rattles starts the count again', () => {
      const dip = { speed: 1, depth: 3, stay: 0 }; // as short as a brisk fall: each weighs 3
      const readings = rattles([dip, dip]);
      readings.push(...strike(ms(31_000)), ...both(2, ms(32_000), 1, 'black'));
      for (let i = 0; i < 2; i++) {
        const block = rattleBlock(ms(42_000 + 10_000 * i), mps(1), 3, 0);
        readings.push(...strike(block.from - ms(1000)), ...pulse(2, 0, block.from, Math.round(block.to)), colourOf(2, block.from + 3000, 'queen'));
      }
      const run = sense(readings, {}, ms(70_000));
      assert.deepEqual(pockets(run), ['white', 'black']);
      assert.deepEqual(beamFacts(run.health), []);
    });
  });

  it('carrom sense --health prints the blind lower beam, and the log has every piece', () => {
    const { readings, kinds } = dies([0.5, 1, 2, 4, 8]);
    const header: TraceHeader = {
      'carrom-trace': 1,
      table: 'reference-v1',
      beamGapMm: 10,
      stripMm: 530,
      calibration: CALIBRATION,
      match: { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} },
    };
    const trace = formatTrace(header, readings.slice().sort((a, b) => a.t - b.t));
    const r = spawnSync(process.execPath, ['bin/carrom.js', 'sense', '-', '--health'], { input: trace, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /^health: \d+\.\d{3} s p1\.b blind$/m);
    const logged = r.stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as GameEvent)
      .filter((e) => e.e === 'pocket')
      .map((e) => (e as { piece: string }).piece);
    assert.deepEqual(logged, kinds);
  });
});
