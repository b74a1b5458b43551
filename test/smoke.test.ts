import assert from 'node:assert/strict';
import { parseLog, publicState, replay } from '../src/rules/index.ts';
describe('smoke', () => {
  it('replays the events.md example', () => {
    const text = [
      '{"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0, "options": {}}',
      '{"e": "strike", "seat": 0, "t": 1000}',
      '{"e": "pocket", "piece": "white", "pocket": 2, "t": 1850}',
      '{"e": "settle", "t": 4200}',
      '{"e": "strike", "seat": 0, "t": 9000}',
      '{"e": "settle", "t": 11500}',
      '{"e": "strike", "seat": 2, "t": 20000}',
      '{"e": "pocket", "piece": "black", "pocket": 0, "t": 20600}',
      '{"e": "pocket", "piece": "black", "pocket": 1, "t": 21100}',
      '{"e": "settle", "t": 23000}',
    ].join('\n');
    const log = parseLog(text);
    assert.ok(log.ok);
    const s = replay(log.value);
    assert.ok(s.ok);
    const v = publicState(s.value);
    console.log(JSON.stringify(v));
    assert.equal(v.board.turn, 1);
  });
});
