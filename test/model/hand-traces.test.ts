// The device path (`carrom sense --device`: the firmware in XS over the device model) against the pure
// path (`carrom sense`) on traces written by hand from the format's contract (issue 30), at the assumed
// 1,000 XS operations per ms and at 250: every piece counted and named alike, at the same time. Strikes
// and settles may differ by a few ms (the native sampler polls the strips every 5 ms: within the 10 ms
// of docs/hardware.md), nothing else.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { parseLog } from '../../src/rules/log.ts';
import type { GameEvent } from '../../src/rules/types.ts';
import { HAND_TRACES, handTracePath } from '../helpers/hand-traces.ts';

function sense(args: string[]): GameEvent[] {
  const r = spawnSync(process.execPath, ['bin/carrom.js', 'sense', ...args], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  const log = parseLog(r.stdout);
  assert.ok(log.ok, r.stdout);
  return log.value.events.map((e) => e.event);
}

const pieces = (events: GameEvent[]) => events.flatMap((e) => (e.e === 'pocket' ? [`${e.piece} ${e.pocket} at ${e.t}`] : []));

describe('device model: traces written by hand, the device path as the pure one (issue 30)', () => {
  for (const t of HAND_TRACES) {
    for (const ops of [1000, 250]) {
      it(`${t.file} at ${ops} ops/ms: ${t.what}`, () => {
        const pure = sense([handTracePath(t)]);
        const device = sense([handTracePath(t), '--device', '--ops-per-ms', String(ops)]);
        assert.deepEqual(pieces(device), pieces(pure), 'the pieces, their pockets and times');
        assert.deepEqual(device.map((e) => e.e), pure.map((e) => e.e), 'the same events in the same order');
        device.forEach((e, i) => assert.ok(Math.abs(e.t - pure[i].t) <= 10, `${e.e} at ${e.t} ms on the device, ${pure[i].t} ms pure`));
        assert.deepEqual(pieces(device).map((p) => p.split(' at ')[0]), t.pieces);
      });
    }
  }
});
