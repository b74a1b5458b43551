// A shot's walk through the rules (docs/rules.md, "One pass"): stepping through the real engine under the
// inspector (tools/docs/rules-walk.ts, run as its own program), every settle of hand-worked matches visits each
// rules file once, in the pass's order. Before the pass (issue 33) a settle went back and forth between
// adjudicate.ts, board.ts, pieces.ts, fouls.ts and lastmen.ts.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FIXTURES } from '../../tools/fixtures.ts';
import { PASS, passWalk, returnsOf } from '../../tools/docs/rules-walk.ts';

/** The rules the pass calls, in its order; a shot visits some of them (a break not made stops at the
 * opening and is charged by turn.ts; a board that ends goes to board.ts instead of turn.ts). */
const ORDER = ['opening.ts', 'queen.ts', 'fouls.ts', 'lastmen.ts', 'board.ts', 'turn.ts'];

/** Whether `walk` lists files of `order` in that order, none twice. */
const inOrder = (walk: readonly string[], order: readonly string[]): boolean => {
  let at = -1;
  for (const file of walk) {
    const i = order.indexOf(file);
    if (i <= at) return false;
    at = i;
  }
  return true;
};

describe('rules: a shot adjudicated in one pass', function () {
  this.timeout(600_000); // the inspector stops at every statement of ~100 settles: slow, not heavy

  // Every path through the pass: a break not made, fouls of 003/004 (ro-gamerules), the queen and its cover,
  // boards ended by the last men, the 3-player game's end (si-three), settles that wait for a name.
  let walks: { name: string; stays: string[]; pass: string[] }[] = [];
  before(async () => {
    const logs = ['icf-singles', 'ro-gamerules-singles', 'si-three'].map((name) => join(FIXTURES, `${name}.jsonl`));
    const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/docs/rules-walk.ts', '--json', ...logs], { maxBuffer: 1 << 24 });
    for (const line of run.stdout.trim().split('\n')) {
      const { log, walks: stays } = JSON.parse(line) as { log: string; walks: string[][] };
      for (const w of stays) walks.push({ name: log, stays: w, pass: passWalk(w) });
    }
  });

  it('the walk is measured: the settles go through the pass and, between them, through every rules file', () => {
    assert.ok(walks.length >= 90, `${walks.length} settles walked`);
    const seen = new Set(walks.flatMap((w) => w.pass));
    assert.deepEqual([...seen].sort(), [PASS, ...ORDER].sort());
    assert.ok(walks.every((w) => w.stays[0] === 'engine.ts'), 'each walk starts where step does');
  });

  it('a settle visits each rules file once, the pass (adjudicate.ts) calling them in turn', () => {
    for (const { name, stays, pass } of walks) {
      assert.deepEqual(returnsOf(pass, [PASS]), [], `${name}: ${stays.join(' → ')}`);
      assert.ok(inOrder(pass.filter((f) => f !== PASS), ORDER), `${name}: ${pass.join(' → ')}`);
    }
  });
});
