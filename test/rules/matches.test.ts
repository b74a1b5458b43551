// Whole recorded matches, one per preset, played to the end; the expected final states were worked out
// by hand from the rules (the comments in each .steps file say how), not taken from the engine.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseLog, publicState, replay } from '../../src/rules/index.ts';
import { FIXTURES, stepsToLog } from '../../tools/fixtures.ts';

const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.steps')).map((f) => f.replace(/\.steps$/, ''));

describe('rules: whole matches ("perft for carrom")', () => {
  it('there is one for every preset', () => {
    const presets = new Set(names.map((n) => JSON.parse(readFileSync(join(FIXTURES, `${n}.jsonl`), 'utf8').split('\n')[0]).rules));
    assert.deepEqual([...presets].sort(), ['icf', 'it-torneo', 'pt-fpc', 'ro-gamerules', 'se', 'si']);
  });
  for (const name of names) {
    it(`${name}: final state as worked out by hand`, () => {
      const log = parseLog(readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8'));
      assert.ok(log.ok);
      const state = replay(log.value);
      assert.ok(state.ok);
      assert.equal(state.value.match.over, true, 'played to the end of the match');
      const expected = JSON.parse(readFileSync(join(FIXTURES, `${name}.expected.json`), 'utf8'));
      assert.deepStrictEqual(publicState(state.value), expected);
    });
    it(`${name}: the .jsonl log is the .steps shorthand written out (npm run fixtures)`, () => {
      const steps = readFileSync(join(FIXTURES, `${name}.steps`), 'utf8');
      assert.equal(readFileSync(join(FIXTURES, `${name}.jsonl`), 'utf8'), stepsToLog(steps));
    });
  }
});
