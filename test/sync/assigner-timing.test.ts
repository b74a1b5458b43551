// When the table asks for its next match again (src/sync/assigner.ts, docs/tournament.md §5.1): a
// question unanswered for 120 s is given up and asked again 30 s later; a server that serves no
// tournaments (404, 405) is asked again ten minutes later, any other failure 30 s later; and the SYNC
// screen's list of refused answers keeps the newest eight. Issue 31: mutation testing found these loose.
import assert from 'node:assert/strict';
import { assignmentText } from '../../src/sync/assignment.ts';
import type { Sync } from '../../src/sync/sync.ts';
import { Sync as SyncCore } from '../../src/sync/sync.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { HandGetTransport, SETTINGS, makeSync } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

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

  it('a table with its time: an answer to an ask that carried it is asked again 30 s later, not at once', () => {
    const tr = new HandGetTransport();
    const sync = new SyncCore({ storage: new MemoryFlash(), transport: tr, digest: nodeDigest, random: { next: () => 0.5 }, settings: { load: () => SETTINGS, forget: () => {} }, firmware: 'test 1', wallClock: { iso: () => '2026-12-07T18:00:00.000Z' } });
    const at = asks(sync, tr, 0, 40 * S, (t) => void t.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 5, nonce: t.nonce(), assignment: MATCH })));
    assert.deepEqual(at, [0, 30.5 * S]);
  });

  it('a refusal delivered (201): the next ask 30 s later; the assignment changed meanwhile (409): at once', () => {
    for (const [status, next] of [[201, 30.5 * S], [409, 0.5 * S]] as const) {
      const tr = new HandGetTransport();
      const sync = makeSync(tr);
      asks(sync, tr, 0, 0, (t) => void t.answerGet(200, assignmentText({ table: SETTINGS.table, counter: 5, nonce: t.nonce(), assignment: MATCH })));
      sync.tick(STEP, true, true, true);
      sync.refuseOffer();
      sync.tick(2 * STEP, true, true, true);
      assert.equal(tr.posted.length, 1, 'the refusal goes');
      tr.answer(status, status === 201 ? { refused: true } : { error: 'changed' });
      const at = asks(sync, tr, 3 * STEP, 40 * S, (t) => void t.asked.pop());
      assert.equal(at[0] - 2 * STEP, next, `${status}: asked ${(at[0] - 2 * STEP) / S} s after the refusal went`);
    }
  });
});
