// When the table asks for its next match again (src/sync/assigner.ts, docs/tournament.md §5.1): a
// question unanswered for 120 s is given up and asked again 30 s later; a server that serves no
// tournaments (404, 405) is asked again ten minutes later, any other failure 30 s later; and the SYNC
// screen's list of refused answers keeps the newest eight. Issue 31: mutation testing found these loose.
import assert from 'node:assert/strict';
import { assignmentText } from '../../src/sync/assignment.ts';
import type { Sync } from '../../src/sync/sync.ts';
import { HandGetTransport, SETTINGS, makeSync } from '../helpers/sync.ts';

const S = 1_000_000;
const STEP = S / 2;

/** Ticks at rest with Wi-Fi and no match in progress, every half second from `from` to `to`; answers
 * each question as it comes with `answer` (nothing: left unanswered). Returns the times of the asks. */
function asks(sync: Sync, tr: HandGetTransport, from: number, to: number, answer: (tr: HandGetTransport) => void = () => {}): number[] {
  const at: number[] = [];
  for (let t = from; t <= to; t += STEP) {
    sync.tick(t, true, true, true);
    while (tr.asked.length > 0) {
      at.push(t);
      const before = tr.asked.length;
      answer(tr);
      if (tr.asked.length === before) break;
    }
  }
  return at;
}

const MATCH = { tournament: 7, name: 'Club open', round: 2, match: 118, label: 'R2 T3', rules: 'icf', options: {}, mode: 'singles' as const, players: ['ASHA', 'BEN'], breaker: 0, publishedAt: '2026-12-01T10:02:00.000Z' };

describe('the next match: when the table asks again (assigner.ts)', () => {
  it('gives up a question unanswered for 120 s, and asks again 30 s after that', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    // Given up at the first tick past 120 s (120.5 s), asked again at 150.5 s; not answered either.
    const at = asks(sync, tr, 0, 200 * S, (t) => void t.asked.pop());
    // The popped questions stay in flight for the table: only its own timeout ends them.
    assert.deepEqual(at, [0, 150.5 * S]);
  });

  for (const status of [404, 405]) {
    it(`a server that serves no tournaments (${status}) is asked again ten minutes later`, () => {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      const at = asks(sync, tr, 0, 700 * S, (t) => void t.answerGet(status, '{"error":"no such API"}', null));
      // The answer takes effect at the next tick (0.5 s): ten minutes from there.
      assert.deepEqual(at, [0, 600.5 * S]);
    });
  }

  it('any other failed ask (500) is asked again 30 s later', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    const at = asks(sync, tr, 0, 70 * S, (t) => void t.answerGet(500, '{"error":"down"}', null));
    assert.deepEqual(at, [0, 30.5 * S, 61 * S]);
  });

  it('the SYNC screen counts every refused answer, and keeps the reasons of the newest eight', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    const answers = [50, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    asks(sync, tr, 0, 11 * 30.5 * S, (t) => {
      const counter = answers.shift();
      if (counter !== undefined) t.answerGet(200, assignmentText({ table: SETTINGS.table, counter, nonce: t.nonce(), assignment: MATCH }));
    });
    assert.equal(answers.length, 0, 'every answer was given');
    assert.equal(sync.view().assignRefused, 10);
    assert.deepEqual(sync.assigner.refusals, [3, 4, 5, 6, 7, 8, 9, 10].map((c) => `counter ${c} is below 50`));
  });
});
