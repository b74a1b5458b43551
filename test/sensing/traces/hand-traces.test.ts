// The pure sensing layer (`carrom sense`) on traces written by hand from the format's contract (issue 30):
// touching men of one colour, the queen in a train, readings anywhere the format lets them lie, the
// striker touching a man. Each piece counted and named as it went down.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseTrace, senseTrace } from '../../../src/sensing/index.ts';
import { HAND_TRACES, handTracePath } from '../../helpers/hand-traces.ts';

describe('sensing: traces written by hand (issue 30)', () => {
  for (const t of HAND_TRACES) {
    it(`${t.file}: ${t.what}`, () => {
      const trace = parseTrace(readFileSync(handTracePath(t), 'utf8'));
      assert.ok(trace.ok);
      const out = senseTrace(trace.value);
      const got = out.events.flatMap((e) => (e.e === 'pocket' ? [`${e.piece} ${e.pocket}`] : []));
      assert.deepEqual(got, t.pieces);
    });
  }
});
