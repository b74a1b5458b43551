// The presets are data: frozen, complete, every value with its source clause, every value allowed.
import assert from 'node:assert/strict';
import { checkParam, PARAM_NAMES, PRESETS, withOptions } from '../../src/rules/index.ts';

describe('presets (docs/rules.md)', () => {
  for (const [id, preset] of Object.entries(PRESETS)) {
    it(`${id}: a value and a source clause for every parameter, each allowed, all frozen`, () => {
      assert.ok(Object.isFrozen(preset) && Object.isFrozen(preset.params) && Object.isFrozen(preset.sources));
      assert.deepEqual(Object.keys(preset.params).sort(), [...PARAM_NAMES].sort());
      for (const name of PARAM_NAMES) {
        assert.equal(checkParam(name, preset.params[name]), null, `${id}.${name}`);
        assert.ok(preset.sources[name].length > 0, `${id}.${name} has a source`);
      }
      assert.equal(Reflect.set(preset.params, 'queenBonus', 7), false, 'a preset cannot be changed');
    });
  }

  it('C.2 values that tell the presets apart', () => {
    const p = (id: string) => PRESETS[id].params;
    assert.deepEqual([p('icf').queenBonus, p('ro-gamerules').queenBonus, p('se').queenBonus], [3, 5, 5]);
    assert.deepEqual([p('icf').queenBonusCapFrom, p('it-torneo').queenBonusCapFrom, p('se').queenBonusCapFrom], [22, null, 24]);
    assert.deepEqual([p('icf').matchTarget, p('se').matchTarget, p('se').maxBoards], [25, 29, null]);
    assert.equal(p('si').strikerWithOwn, 'returnOnlyContinue');
    assert.equal(p('pt-fpc').ownLastBeforeQueen, 'loseNonOffenderMenPlus3');
    assert.equal(p('it-torneo').queenCoverSameShot, false);
    assert.equal(p('it-torneo').dueWhenNoneAvailable, 'waive');
    assert.equal(p('se').dueLapse, 'beforeNextTurn');
    assert.deepEqual(p('ro-gamerules').threePlayerValues, { white: 2, black: 1, queen: 5 });
    assert.equal(p('icf').gamesPerMatch, 3);
  });

  it('options override any parameter and refuse unknown names and bad values', () => {
    const ok = withOptions(PRESETS.se.params, { queenBonusCapFrom: null, turnDirection: 'rightHand' });
    assert.ok(ok.ok && ok.value.queenBonusCapFrom === null && ok.value.turnDirection === 'rightHand');
    assert.deepEqual(withOptions(PRESETS.se.params, { queenCap: 3 }), { ok: false, error: 'unknown option "queenCap"' });
    const bad = withOptions(PRESETS.se.params, { colourAssignment: 'purple' });
    assert.ok(!bad.ok && bad.error.startsWith('option "colourAssignment" has a bad value "purple"'));
    assert.ok(!withOptions(PRESETS.icf.params, { modes: ['quad'] }).ok);
    assert.ok(!withOptions(PRESETS.icf.params, { threePlayerValues: { white: 1 } }).ok);
  });
});
