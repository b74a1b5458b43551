// Generated traces end to end: a match log becomes a sensor trace (tools/tracegen), the sensing layer
// turns it back into a log, and that log must equal the generator's ground truth and replay to the same
// final state: for every preset and mode, every noise level, and every table layout.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { PRESETS } from '../../src/rules/presets.ts';
import { formatEvent } from '../../src/rules/log.ts';
import { senseTrace } from '../../src/sensing/index.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { finalState } from '../../tools/tracegen/accuracy.ts';
import { generateTrace } from '../../tools/tracegen/generate.ts';
import { LAYOUTS, NOISE } from '../../tools/tracegen/noise.ts';

const withoutTime = (e: object) => formatEvent({ ...(e as { t: number }), t: 0 } as never);

function roundTrip(rules: string, mode: 'singles' | 'doubles' | 'three', seed: number, noise: string, layout: string, maxShots = 100) {
  const m = randomMatch(seed, { rules, mode, clean: true, maxShots });
  const g = generateTrace(m.header, m.events, seed, NOISE[noise], LAYOUTS[layout]);
  const sensed = senseTrace({ header: g.header, readings: g.readings });
  assert.deepEqual(sensed.events.map(withoutTime), g.truth.events.map(withoutTime), 'the sensed log is the ground truth');
  assert.equal(finalState(m.header, sensed.events), finalState(m.header, g.truth.events));
  return { m, g, sensed };
}

describe('sensing end to end: generated traces against their ground truth', () => {
  let seed = 100;
  for (const [rules, preset] of Object.entries(PRESETS)) {
    for (const mode of preset.params.modes) {
      for (const noise of Object.keys(NOISE)) {
        const s = seed++;
        it(`${rules} ${mode}, ${noise} noise, reference table`, () => void roundTrip(rules, mode, s, noise, 'reference'));
      }
    }
  }
  for (const layout of ['no-colour', 'one-beam']) {
    for (const noise of Object.keys(NOISE)) {
      const s = seed++;
      it(`icf singles, ${noise} noise, ${layout} table`, () => void roundTrip('icf', 'singles', s, noise, layout));
    }
  }
  it('se doubles, clean, one beam and no colour sensor (nothing to split touching pieces)', () => void roundTrip('se', 'doubles', 7, 'clean', 'one-beam-no-colour'));

  it('a whole match at high noise: sensed and replayed, the final state of the original log', () => {
    const { m, sensed } = roundTrip('icf', 'singles', 42, 'high', 'reference', 5000);
    assert.equal(JSON.parse(finalState(m.header, sensed.events)).match.over, true);
    // The original log's lines differ from the sensed log's, so its warnings point elsewhere.
    const game = (json: string) => JSON.stringify({ ...JSON.parse(json), warnings: undefined });
    assert.equal(game(finalState(m.header, sensed.events)), game(finalState(m.header, m.events)));
  });

  it('through the command line: carrom trace | carrom sense | carrom replay', () => {
    const opts = { encoding: 'utf8' as const, input: undefined as string | undefined };
    const trace = spawnSync(process.execPath, ['bin/carrom.js', 'trace', 'test/fixtures/matches/se-singles.jsonl', '--seed', '5', '--noise', 'high'], opts);
    assert.equal(trace.status, 0, trace.stderr);
    const log = spawnSync(process.execPath, ['bin/carrom.js', 'sense', '-'], { ...opts, input: trace.stdout });
    assert.equal(log.status, 0, log.stderr);
    const state = spawnSync(process.execPath, ['bin/carrom.js', 'replay', '-'], { ...opts, input: log.stdout });
    const original = spawnSync(process.execPath, ['bin/carrom.js', 'replay', 'test/fixtures/matches/se-singles.jsonl'], opts);
    assert.equal(state.stdout, original.stdout);
  });
});
