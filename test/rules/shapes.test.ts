// The engine's objects keep one shape (V8 hidden class) each, whatever path made them: the results server
// replays every record with this engine, and a state made by a spread has a shape of its own in V8, which
// makes the spread and every read of the state slow (state.ts, State). V8's own view, through its natives.
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { effectiveEvents } from '../../src/rules/replay.ts';
import { start, step } from '../../src/rules/engine.ts';
import { parseLog } from '../../src/rules/log.ts';
import { restore, snapshot, canSnapshot } from '../../src/rules/snapshot.ts';
import type { State } from '../../src/rules/state.ts';
import { matchRecords } from '../../tools/results.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { BoardFold } from '../../server/records/boards.ts';

setFlagsFromString('--allow-natives-syntax');
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** How many shapes the objects given have, one of each kept. */
class Shapes {
  readonly kept: object[] = [];
  see(o: object): void {
    if (!this.kept.some((k) => sameShape(k, o))) this.kept.push(o);
  }
}

function seeState(s: State, states: Shapes, matches: Shapes, boards: Shapes): void {
  states.see(s);
  matches.see(s.match);
  // The board that stays on show when the match ends is made apart (board.ts, endBoard).
  if (!s.match.over) boards.see(s.board);
  if (s.last) seeState(s.last.pre, states, matches, boards);
}

describe('object shapes of the rules engine (V8)', () => {
  it('gives every state of a match, its match progress and its board one shape, on every path', () => {
    const states = new Shapes();
    const matches = new Shapes();
    const boards = new Shapes();
    // The server bench's matches, through the server's own fold (its forced replays at each board end
    // included), then random ones with undos, late drops, calls and refusals, in every mode.
    for (const [seed, target] of [[23, 25], [11, 17]]) {
      const records = matchRecords('x', 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: target } });
      const log = parseLog(records[records.length - 1].log);
      assert.ok(log.ok);
      const fold = BoardFold.start(log.value.header);
      assert.ok(typeof fold !== 'string');
      for (const { event, line } of effectiveEvents(log.value.events)) {
        fold.step(event, line);
        seeState(fold.state, states, matches, boards);
      }
    }
    for (let seed = 1; seed <= 12; seed++) {
      const mode = (['singles', 'doubles', 'three'] as const)[seed % 3];
      const rules = mode === 'three' ? (seed % 2 === 0 ? 'si' : 'ro-gamerules') : ['icf', 'pt-fpc', 'se', 'si'][seed % 4];
      const m = randomMatch(seed, { mode, rules, chaos: seed % 2 === 0, maxShots: 300 });
      const initial = start(m.header);
      assert.ok(initial.ok);
      let s = initial.value;
      for (const { event, line } of effectiveEvents(m.events.map((event, i) => ({ event, line: i + 2 })))) {
        s = step(s, event, line);
        seeState(s, states, matches, boards);
        // A state read back from its snapshot is made as the others are.
        if (line % 40 === 0 && canSnapshot(s)) {
          const back = restore(m.header, snapshot(s));
          assert.ok(back.ok);
          states.see(back.value);
        }
      }
    }
    assert.equal(states.kept.length, 1, 'state shapes');
    assert.equal(matches.kept.length, 1, 'match progress shapes');
    assert.equal(boards.kept.length, 1, 'board shapes');
  });
});
