// Undo folds in one pass: a log's events, undos included, are looked at a bounded number of times each,
// and the events kept are the ones the definition of undo (docs/formats.md §1) keeps.
import assert from 'node:assert/strict';
import { effectiveEvents } from '../../src/rules/replay.ts';
import type { GameEvent, LoggedEvent } from '../../src/rules/types.ts';
import { randomMatch } from '../../tools/random-match.ts';

/** Logged events whose `event` counts how often it is read. */
function counted(events: GameEvent[]): { logged: LoggedEvent[]; reads: () => number } {
  let reads = 0;
  const logged = events.map((event, i) => ({
    line: i + 2,
    get event() {
      reads++;
      return event;
    },
  }));
  return { logged, reads: () => reads };
}

/** The definition, written as plainly as it reads: cut where the last shot begins. */
function reference(events: readonly LoggedEvent[]): LoggedEvent[] {
  const kept: LoggedEvent[] = [];
  for (const ev of events) {
    if (ev.event.e !== 'undo') {
      kept.push(ev);
      continue;
    }
    const strike = kept.map((k) => k.event.e).lastIndexOf('strike');
    if (strike < 0) {
      kept.push(ev);
      continue;
    }
    const before = kept.slice(0, strike).map((k) => k.event.e);
    const settle = before.lastIndexOf('settle');
    const earlier = before.lastIndexOf('strike');
    kept.length = settle < 0 && earlier < 0 ? 0 : settle > earlier ? settle + 1 : strike;
  }
  return kept;
}

describe('undo: a log folds in one pass', () => {
  it('reads each event of a log of 13,000 undos with nothing to take a bounded number of times', () => {
    const events: GameEvent[] = [{ e: 'strike', seat: 0, t: 1 }, { e: 'settle', t: 2 }];
    for (let i = 0; i < 13_000; i++) events.push({ e: 'undo', t: 3 + i });
    const { logged, reads } = counted(events);
    const kept = effectiveEvents(logged);
    assert.equal(kept.length, 12_999, 'the first undo takes the shot back; the others stay as warnings');
    assert.ok(reads() <= 4 * events.length, `${reads()} reads of ${events.length} events: undo rescans the log`);
  });

  it('takes back events before the first strike with it, and keeps a settle before the shot taken back', () => {
    const log = (events: GameEvent[]) => events.map((event, i) => ({ event, line: i + 2 }));
    const early = log([{ e: 'pocket', piece: 'white', t: 1 }, { e: 'strike', t: 2 }, { e: 'pocket', piece: 'white', t: 3 }, { e: 'undo', t: 4 }]);
    assert.deepEqual(effectiveEvents(early), []);
    assert.deepEqual(reference(early), []);
    const settled = log([{ e: 'settle', t: 1 }, { e: 'strike', t: 2 }, { e: 'undo', t: 3 }]);
    assert.deepEqual(effectiveEvents(settled), settled.slice(0, 1));
    assert.deepEqual(reference(settled), settled.slice(0, 1));
  });

  it('keeps the events the definition of undo keeps, in 150 random matches with undos', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const m = randomMatch(seed, { chaos: true, maxShots: 120 });
      const logged = m.events.map((event, i) => ({ event, line: i + 2 }));
      assert.deepEqual(effectiveEvents(logged), reference(logged), `seed ${seed}`);
    }
  });
});
