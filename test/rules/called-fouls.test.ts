// A foul called at the table that the preset does not know changes nothing and is warned of at its line,
// under every preset (the display then says "NOT A FOUL: …", src/app/say/explain.ts).
import assert from 'node:assert/strict';
import { PRESETS, PRESET_IDS } from '../../src/rules/index.ts';
import { play } from '../helpers/play.ts';

describe('fouls called that a preset does not know', () => {
  for (const id of PRESET_IDS) {
    const p = PRESETS[id as keyof typeof PRESETS].params;
    for (const [kind, counts] of [['touch', p.touchFoul], ['backshot', p.backShots === 'forbidden']] as const) {
      it(`${id}: ${kind} ${counts ? 'is a foul' : 'is warned of, and changes nothing'}`, () => {
        const called = play(id, ['W W', `W foul:${kind}`]);
        const plain = play(id, ['W W', 'W']);
        const warning = called.warnings.find((w) => w.warning === `${kind} is not a foul under ${id}`);
        if (counts) {
          assert.equal(warning, undefined);
          assert.notDeepEqual(called.board, plain.board, 'the foul changed the board');
        } else {
          assert.deepEqual(warning, { line: 8, warning: `${kind} is not a foul under ${id}` });
          assert.deepEqual(called.board, plain.board);
        }
      });
    }
  }
});
