// A piece that dips into a pocket's mouth and comes back out (the upper beam blocked alone, 3 ms to
// 1.2 s, the lower beam never) is no piece, at any point of a match: the first shot of a new table's first
// match included (issue 30). Before this, an upper pulse alone at a pocket whose lower beam had not yet
// blocked was counted (a lower beam never seen working was taken for a broken one). The traces here are
// written by hand from docs/formats.md §2 (not by tools/tracegen), and go through `carrom sense` and
// `carrom sense --device` as a user runs them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parseLog } from '../../../src/rules/log.ts';
import { Sensing } from '../../../src/sensing/sensing.ts';
import { parseTrace } from '../../../src/sensing/trace.ts';
import type { GameEvent } from '../../../src/rules/types.ts';
import type { HealthFact } from '../../../src/sensing/types.ts';

const HEADER =
  '{"carrom-trace": 1, "table": "reference-v1", "beamGapMm": 10, "stripMm": 530, "calibration": {"white": [0.36, 0.34, 0.30], "black": [0.30, 0.33, 0.37], "queen": [0.55, 0.22, 0.23], "striker": [0.33, 0.33, 0.34]}, "match": {"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0}}';
const WHITE = '[0.37, 0.34, 0.29]';
const BLACK = '[0.30, 0.33, 0.37]';
const QUEEN = '[0.55, 0.22, 0.23]';

/** A trace: the header, then one reading per line as `[t in µs, channel, value]`. */
const trace = (readings: readonly (readonly [number, string, string | number | null])[]): string =>
  [HEADER, ...readings.map(([t, ch, v]) => `{"t": ${t}, "ch": "${ch}", "v": ${v}}`)].join('\n') + '\n';

/** Seat 0 puts the striker down at `at` − 1 s and strikes at `at`. */
const strike = (at: number) => [[at - 1_000_000, 's0', 200], [at, 's0', null]] as const;

/** The very first thing at each pocket of a new table: a dip of 3 ms into pocket 2, of 50 ms into pocket
 * 1, of 1.2 s into pocket 3, each read by the colour sensor as it blocked, one shot each; the lower beams
 * never block. */
const FIRST_RATTLES = trace([
  ...strike(2_000_000),
  [2_600_000, 'p2.a', 0],
  [2_602_500, 'p2.c', WHITE],
  [2_603_000, 'p2.a', 1],
  ...strike(8_000_000),
  [8_600_000, 'p1.a', 0],
  [8_602_500, 'p1.c', BLACK],
  [8_650_000, 'p1.a', 1],
  ...strike(14_000_000),
  [14_600_000, 'p3.a', 0],
  [14_602_500, 'p3.c', QUEEN],
  [15_800_000, 'p3.a', 1],
  [20_000_000, 's0', 150],
]);

/** Mid-match: a white through both beams of pocket 2 (at 1 m/s: 10 ms between the beams, each blocked
 * 33 ms), then dips at pocket 2 (its lower beam has shown it works) and at pocket 0 (whose has not: the
 * first thing to reach it, after other pockets' pieces), then a black through pocket 0. */
const MID_MATCH = trace([
  ...strike(2_000_000),
  [2_600_000, 'p2.a', 0],
  [2_602_500, 'p2.c', WHITE],
  [2_610_000, 'p2.b', 0],
  [2_633_000, 'p2.a', 1],
  [2_643_000, 'p2.b', 1],
  ...strike(8_000_000),
  [8_500_000, 'p2.a', 0],
  [8_502_500, 'p2.c', BLACK],
  [8_550_000, 'p2.a', 1],
  [8_900_000, 'p0.a', 0],
  [8_902_500, 'p0.c', WHITE],
  [8_903_000, 'p0.a', 1],
  ...strike(14_000_000),
  [14_600_000, 'p0.a', 0],
  [14_602_500, 'p0.c', BLACK],
  [14_610_000, 'p0.b', 0],
  [14_633_000, 'p0.a', 1],
  [14_643_000, 'p0.b', 1],
  [20_000_000, 's0', 150],
]);

/** A dip of 50 ms into pocket 1 (the first thing there), and 300 ms later in the same shot a white that
 * falls through both of its beams; the next shot, a dip of 3 ms and then a black through both. */
const RATTLE_THEN_FALL = trace([
  ...strike(2_000_000),
  [2_600_000, 'p1.a', 0],
  [2_602_500, 'p1.c', QUEEN],
  [2_650_000, 'p1.a', 1],
  [2_950_000, 'p1.a', 0],
  [2_952_500, 'p1.c', WHITE],
  [2_960_000, 'p1.b', 0],
  [2_983_000, 'p1.a', 1],
  [2_993_000, 'p1.b', 1],
  ...strike(8_000_000),
  [8_600_000, 'p1.a', 0],
  [8_602_500, 'p1.c', WHITE],
  [8_603_000, 'p1.a', 1],
  [9_100_000, 'p1.a', 0],
  [9_102_500, 'p1.c', BLACK],
  [9_110_000, 'p1.b', 0],
  [9_133_000, 'p1.a', 1],
  [9_143_000, 'p1.b', 1],
  [14_000_000, 's0', 150],
]);

/** Pocket 3's lower beam stuck blocked from the start (dirt): a white then crosses the upper beam alone,
 * and is counted by it, as before. */
const LOWER_STUCK = trace([
  [500_000, 'p3.b', 0],
  ...strike(3_000_000),
  [3_600_000, 'p3.a', 0],
  [3_602_500, 'p3.c', WHITE],
  [3_633_000, 'p3.a', 1],
  [9_000_000, 's0', 150],
]);

/** Pocket 0's lower beam dead from the start (its receiver lit for good): five pieces fall, one a shot,
 * crossing the upper beam alone at 1 to 4 m/s (a man of 33 mm blocks it 33 to 8 ms). */
const LOWER_DEAD = trace(
  [
    ['white', WHITE, 33_000],
    ['black', BLACK, 16_500],
    ['white', WHITE, 8_300],
    ['queen', QUEEN, 11_000],
    ['black', BLACK, 8_300],
  ].flatMap(([, rgb, length], i) => {
    const at = 2_000_000 + 6_000_000 * i;
    return [...strike(at), [at + 600_000, 'p0.a', 0], [at + 602_500, 'p0.c', rgb as string], [at + 600_000 + (length as number), 'p0.a', 1]] as const;
  }),
);

function carrom(args: string[], input: string) {
  const r = spawnSync(process.execPath, ['bin/carrom.js', ...args], { input, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const log = parseLog(r.stdout);
  assert.ok(log.ok, r.stdout);
  const pockets = log.value.events.map((l) => l.event).filter((e): e is Extract<GameEvent, { e: 'pocket' }> => e.e === 'pocket');
  return { pockets: pockets.map((p) => `${p.piece} P${p.pocket}`), stderr: r.stderr };
}

const PATHS = [
  { name: 'carrom sense', args: ['sense', '-', '--health'] },
  { name: 'carrom sense --device', args: ['sense', '-', '--device'] },
];

describe('a rattle is no piece, from the first shot of a new table (issue 30)', function () {
  this.timeout(120_000);

  for (const path of PATHS) {
    describe(path.name, () => {
      it('dips of 3 ms, 50 ms and 1.2 s, each the first thing at its pocket in the first match: nothing counted', () => {
        const r = carrom(path.args, FIRST_RATTLES);
        assert.deepEqual(r.pockets, []);
        if (path.name === 'carrom sense') {
          // The two that may have been falls past a dead beam are questions for the players; the stay of
          // 1.2 s is longer than any fall, no question.
          assert.deepEqual(r.stderr.split('\n').filter((l) => l.endsWith('unproven')), ['health: 2.603 s p2.b unproven', 'health: 8.650 s p1.b unproven']);
        }
      });

      it('mid-match: a dip at a pocket whose lower beam has worked, and one at a pocket never reached before: only the pieces through both beams', () => {
        assert.deepEqual(carrom(path.args, MID_MATCH).pockets, ['white P2', 'black P0']);
      });

      it('a real fall after a rattle at the same pocket, in the same shot and in the next: each fall once, no rattle', () => {
        assert.deepEqual(carrom(path.args, RATTLE_THEN_FALL).pockets, ['white P1', 'black P1']);
      });

      it('a lower beam stuck blocked: a piece crossing the upper beam alone is counted, as before', () => {
        assert.deepEqual(carrom(path.args, LOWER_STUCK).pockets, ['white P3']);
      });

      it('a lower beam dead from the start: the run of falls shows it blind, and every piece is counted', () => {
        const r = carrom(path.args, LOWER_DEAD);
        assert.deepEqual(r.pockets, ['white P0', 'black P0', 'white P0', 'queen P0', 'black P0']);
        if (path.name === 'carrom sense') assert.match(r.stderr, /p0\.b blind/);
      });
    });
  }
});

/** The trace through a sensing layer told what the table knows of its lower beams (the app tells it
 * from the self-test and the last match, kept in flash); `answers`: the players' answers at given times. */
function senseKnowing(text: string, lower: Parameters<Sensing['lowerBeams']>[0], answers: { t: number; pocket: number; fell: boolean }[] = []) {
  const t = parseTrace(text);
  assert.ok(t.ok);
  const events: GameEvent[] = [];
  const health: HealthFact[] = [];
  const s = new Sensing({ beamGapMm: 10, calibration: t.value.header.calibration }, { event: (e) => events.push(e), health: (h) => health.push(h) }, t.value.header.match);
  s.lowerBeams(lower);
  const pending = answers.slice();
  const questions: { t: number; pockets: number[] }[] = [];
  for (const r of t.value.readings) {
    while (pending.length > 0 && pending[0].t <= r.t) {
      const a = pending.shift()!;
      s.answer(a.pocket, a.fell, a.t);
    }
    s.reading(r);
    const q = s.questions();
    if (q.length > 0 && (questions.length === 0 || questions[questions.length - 1].pockets.join() !== q.join())) questions.push({ t: r.t, pockets: q });
  }
  s.finish(t.value.readings[t.value.readings.length - 1].t);
  const pockets = events.filter((e): e is Extract<GameEvent, { e: 'pocket' }> => e.e === 'pocket').map((p) => `${p.piece} P${p.pocket}`);
  return { events, pockets, health, questions, lower: s.lowerHealth() };
}

describe('what the table knows of its lower beams (sensing layer)', () => {
  const ALL_WORK = ['works', 'works', 'works', 'works'] as const;

  it('lower beams known to work (a self-test, the last match): the first dips are rattles, and nothing is asked', () => {
    const r = senseKnowing(FIRST_RATTLES, ALL_WORK);
    assert.deepEqual(r.pockets, []);
    assert.deepEqual(r.questions, []);
    assert.deepEqual(r.health.filter((h) => h.channel[0] === 'p'), []);
  });

  it('a new table asks, one shot long: the question lapses at the next strike', () => {
    const r = senseKnowing(FIRST_RATTLES, []);
    assert.deepEqual(r.questions.map((q) => q.pockets), [[2], [1]]);
    assert.deepEqual(r.lower, ['unknown', 'unknown', 'unknown', 'unknown']);
  });

  it('the players say a piece went in: it is counted, named by its reading, and the lower beam is blind', () => {
    const r = senseKnowing(FIRST_RATTLES, [], [{ t: 4_000_000, pocket: 2, fell: true }]);
    assert.deepEqual(r.pockets, ['white P2']);
    // After the shot settled (3 s after the gate was quiet: 5.603 s)? No: answered at 4 s, in the shot.
    const white = r.events.findIndex((e) => e.e === 'pocket');
    assert.equal(r.events[white + 1]?.e, 'settle');
    assert.equal(r.lower[2], 'blind');
    assert.ok(r.health.some((h) => h.fact === 'blind' && h.channel === 'p2.b'));
  });

  it('the players say none went in: nothing is counted, and the lower beam is still not known', () => {
    const r = senseKnowing(FIRST_RATTLES, [], [{ t: 4_000_000, pocket: 2, fell: false }]);
    assert.deepEqual(r.pockets, []);
    assert.deepEqual(r.lower, ['unknown', 'unknown', 'unknown', 'unknown']);
  });

  it('a lower beam that shows it works answers the question: the dip was a rattle', () => {
    const r = senseKnowing(RATTLE_THEN_FALL, []);
    assert.deepEqual(r.pockets, ['white P1', 'black P1']);
    assert.equal(r.lower[1], 'works');
    assert.deepEqual(r.questions.map((q) => q.pockets), [[1]]);
  });

  it('a lower beam known blind (the last match found it so): a piece on the upper beam alone is counted at once, and the fault is shown again', () => {
    const r = senseKnowing(LOWER_DEAD, ['blind', 'unknown', 'unknown', 'unknown']);
    assert.deepEqual(r.pockets, ['white P0', 'black P0', 'white P0', 'queen P0', 'black P0']);
    assert.deepEqual(r.questions, []);
    assert.deepEqual(r.health.filter((h) => h.fact === 'blind').map((h) => [h.t, h.channel]), [[0, 'p0.b']]);
    // Each at its own time: none was held back for a run of evidence.
    assert.deepEqual(
      r.events.filter((e) => e.e === 'pocket').map((e) => e.t),
      [2600, 8600, 14600, 20600, 26600],
    );
  });
});
