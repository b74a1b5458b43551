// An option that overrides a preset's parameter (docs/rules.md) is checked against the parameter's kind;
// each refusal says which option, the value given and what it may be. Pinned where mutation testing
// found the checks loose (issue 31).
import assert from 'node:assert/strict';
import { checkParam, PRESETS, withOptions } from '../../src/rules/index.ts';

const cases: [name: string, value: unknown, reason: string | null][] = [
  ['toString', true, 'unknown option "toString"'],
  ['turnDirection', 'left', 'option "turnDirection" has a bad value "left" (one of rightHand, clockwise)'],
  ['turnDirection', 'clockwise', null],
  ['touchFoul', 'yes', 'option "touchFoul" has a bad value "yes" (true or false)'],
  ['touchFoul', false, null],
  ['breakAttempts', 10, 'option "breakAttempts" has a bad value 10 (a whole number 1–9)'],
  ['breakAttempts', 1.5, 'option "breakAttempts" has a bad value 1.5 (a whole number 1–9)'],
  ['breakAttempts', null, 'option "breakAttempts" has a bad value null (a whole number 1–9)'],
  ['breakAttempts', 1, null],
  ['breakAttempts', 9, null],
  ['maxBoards', 0, 'option "maxBoards" has a bad value 0 (a whole number 1–99 or null)'],
  ['maxBoards', null, null],
  ['maxBoards', 99, null],
  ['strikerPlacementRule', 3, 'option "strikerPlacementRule" has a bad value 3 (a text)'],
  ['strikerPlacementRule', 'anywhere', null],
  ['modes', [], 'option "modes" has a bad value [] (a list of singles, doubles, three)'],
  ['modes', 'singles', 'option "modes" has a bad value "singles" (a list of singles, doubles, three)'],
  ['modes', ['singles', 'quad'], 'option "modes" has a bad value ["singles","quad"] (a list of singles, doubles, three)'],
  ['modes', ['three'], null],
  ['threePlayerValues', null, 'option "threePlayerValues" has a bad value null (an object of whole numbers: white, black, queen)'],
  ['threePlayerValues', { white: 1, black: 1 }, 'option "threePlayerValues" has a bad value {"white":1,"black":1} (an object of whole numbers: white, black, queen)'],
  ['threePlayerValues', { white: 1, black: -1, queen: 3 }, 'option "threePlayerValues" has a bad value {"white":1,"black":-1,"queen":3} (an object of whole numbers: white, black, queen)'],
  ['threePlayerValues', { white: 0, black: 1, queen: 3 }, null],
];

describe('rules: options checked against their parameter', () => {
  for (const [name, value, reason] of cases) {
    it(`${name} = ${JSON.stringify(value)}: ${reason ?? 'taken'}`, () => assert.equal(checkParam(name, value), reason));
  }
  it('withOptions refuses with the first bad option, and leaves the preset as it was', () => {
    assert.deepEqual(withOptions(PRESETS.icf.params, { queenBonus: 4, touchFoul: 1, matchTarget: 0 }), { ok: false, error: 'option "touchFoul" has a bad value 1 (true or false)' });
    assert.equal(PRESETS.icf.params.queenBonus, 3);
  });
});
