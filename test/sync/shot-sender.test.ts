// The shot sender (src/sync/shots.ts, docs/sync.md §7) driven on its own, the transport answered by hand:
// what it does with each answer of the server, a late answer, a log it cannot read, a record's
// acknowledgement, a new match, and the message's bytes against the cap (issue 31: the whole app's tests in
// shots.test.ts reach these, but left each of them unpinned).
import assert from 'node:assert/strict';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { SHOT_MAX, ShotSender, shotText, type ShotContext } from '../../src/sync/shots.ts';
import { HandTransport, SECRET } from '../helpers/sync.ts';

const HEADER = '{"carromLog":1,"rules":"icf"}';
/** A log of `n` events after its header, each line ended by a newline. */
const logOf = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `{"e":"strike","t":${i}}`)].map((l) => `${l}\n`).join('');
const ctx: ShotContext = { table: 't1', secret: SECRET, base: 'http://127.0.0.1:1', madeAt: () => null };

interface Rig { s: ShotSender; tr: HandTransport }
function rig(): Rig {
  const tr = new HandTransport();
  return { s: new ShotSender(nodeDigest, tr), tr };
}
/** The log grows to `n` events and a message may go: the `from` of what was posted, or null if nothing was. */
function shot(r: Rig, n: number | string | null): number | null {
  const before = r.tr.posted.length;
  r.s.logGrew(() => (typeof n === 'number' ? logOf(n) : n));
  r.s.send(ctx);
  if (r.tr.posted.length === before) return null;
  return (JSON.parse(r.tr.posted.at(-1)!.body) as { from: number }).from;
}

describe('shot sender: the server\'s answer', () => {
  it('a new sender sends the first message from the header on; busy until answered', () => {
    const r = rig();
    assert.equal(r.s.due, false, 'nothing grown yet');
    assert.equal(shot(r, 2), 0);
    assert.equal(r.s.busy, true);
    assert.equal(r.s.counts.sent, 1);
    r.tr.answer(200, { have: 3 });
    assert.equal(r.s.busy, false);
  });
  it('200 and 202 with `have`: the next message starts there', () => {
    for (const status of [200, 202]) {
      const r = rig();
      shot(r, 2);
      r.tr.answer(status, { have: 2 });
      assert.equal(shot(r, 4), 2, `after ${status}`);
    }
  });
  it('`have` past the lines sent counts as the lines sent; `have: 0` sends everything again', () => {
    const r = rig();
    shot(r, 2);
    r.tr.answer(200, { have: 99 });
    assert.equal(shot(r, 4), 3);
    r.tr.answer(200, { have: 0 });
    assert.equal(shot(r, 5), 0);
  });
  it('a `have` that is no count, or another status, tells nothing', () => {
    for (const [status, have] of [[200, -1], [200, 1.5], [200, '2'], [500, 2], [400, 2]] as const) {
      const r = rig();
      shot(r, 2);
      r.tr.answer(status, { have });
      assert.equal(shot(r, 3), 0, `${status} with have ${JSON.stringify(have)}`);
    }
  });
  it('401, 404 and 405 turn it off until the next match', () => {
    for (const status of [401, 404, 405]) {
      const r = rig();
      shot(r, 2);
      r.tr.answer(status, '');
      assert.equal(shot(r, 3), null, `off after ${status}`);
      assert.equal(r.s.due, false);
      r.s.matchStarted();
      assert.equal(shot(r, 3), 0, `on again at the next match after ${status}`);
    }
  });
  it('a late answer to a stopped message is not taken', () => {
    const r = rig();
    shot(r, 2);
    const late = r.tr.posted.shift()!;
    r.s.stop();
    assert.equal(r.s.counts.stopped, 1);
    late.done(null, { status: 200, body: JSON.stringify({ have: 3 }) });
    assert.equal(shot(r, 3), 0);
  });
});

describe('shot sender: when nothing goes', () => {
  it('none while one is in flight', () => {
    const r = rig();
    shot(r, 2);
    assert.equal(shot(r, 3), null);
    assert.equal(r.tr.posted.length, 1);
  });
  it('none when the server holds every line', () => {
    const r = rig();
    shot(r, 2);
    r.tr.answer(200, { have: 3 });
    assert.equal(shot(r, 2), null);
  });
  it('none for a log that cannot be read', () => assert.equal(shot(rig(), null), null));
  it('a message whose bytes pass the cap though its characters do not: counted too big, not sent', () => {
    const r = rig();
    // Two bytes a character: about 6,000 characters, 12,000 bytes.
    const log = `${HEADER}\n${`{"e":"call","t":0,"note":"${'é'.repeat(6000)}"}`}\n`;
    assert.ok(log.length < SHOT_MAX);
    assert.equal(shot(r, log), null);
    assert.equal(r.s.counts.tooBig, 1);
  });
});

describe('shot sender: records', () => {
  it('a record acknowledged moves the start on, never back', () => {
    const r = rig();
    r.s.recorded(7, logOf(2));
    r.s.recorded(8, logOf(5));
    r.s.recordAcked(8);
    assert.equal(shot(r, 6), 6);
    r.tr.answer(200, { have: 6 });
    r.s.recordAcked(7);
    assert.equal(shot(r, 7), 6);
  });
});

describe('shot sender: a log with no header line', () => {
  it('a record of one is not followed: the match followed and what the server holds of it stay', () => {
    const r = rig();
    shot(r, 2);
    r.tr.answer(200, { have: 3 });
    r.s.recorded(9, '{"e":"strike","t":1}');
    r.s.recordAcked(9);
    assert.equal(shot(r, 4), 3);
  });
});

describe('shot sender: the message', () => {
  it('names the tournament, round and match when the table was given them', () => {
    const text = shotText({ table: 't1', matchId: 'ab', from: 1, lines: 'x\n', madeAt: '2026-12-07T20:00:00Z', ids: { tournament: 4, round: 2, match: 9 } });
    assert.deepEqual(JSON.parse(text), { carromShot: 1, table: 't1', matchId: 'ab', from: 1, lines: 'x\n', madeAt: '2026-12-07T20:00:00Z', tournament: 4, round: 2, match: 9 });
  });
});
