// The delay stage (server/live/delay.ts) on its own, with a clock the test moves: each tournament's shots
// and records go out when they are its delay old, in the order they came; what is of no tournament or of
// a tournament without a delay goes at once; a delay changed while events are held applies to them.
import assert from 'node:assert/strict';
import { DelayStage } from '../../../server/live/delay.ts';
import type { ShotEvent } from '../../../server/live/live-matches.ts';
import type { FeedEvent } from '../../../server/store/feed.ts';

const MIN = 60_000;

function rig(delays: Map<number, number>, maxShots?: number) {
  let now = 1_000_000;
  const stage = new DelayStage((t) => (delays.has(t) ? delays.get(t)! * MIN : null), () => now, 60 * MIN, maxShots);
  const out: string[] = [];
  stage.on('shot', (e) => out.push(`shot ${e.table}#${e.seq}`));
  stage.on('record', (e) => out.push(`record ${e.seq}`));
  const shot = (table: string, seq: number, tournament?: number): ShotEvent => ({ table, seq, matchId: 'm', from: 0, lines: 'x\n', ...(tournament === undefined ? {} : { assigned: { tournament, round: 1, match: 1 } }) });
  const record = (seq: number, tournament: number | null, at = now): FeedEvent => ({
    seq,
    event: 'record',
    data: JSON.stringify({ table: 't', counter: seq, receivedAt: new Date(at).toISOString(), ...(tournament === null ? {} : { assigned: { tournament, round: 1, match: 1 } }) }),
  });
  const move = (ms: number) => {
    now += ms;
    stage.wake();
  };
  return { stage, out, shot, record, move, at: () => now };
}

describe('the delay stage', () => {
  it('sends at once what is of no tournament or of a tournament with no delay', () => {
    const r = rig(new Map([[1, 0]]));
    r.stage.shot(r.shot('a', 1));
    r.stage.shot(r.shot('a', 2, 1));
    r.stage.record(r.record(5, null));
    r.stage.record(r.record(6, 1));
    r.stage.record({ seq: 7, event: 'forward-refused', data: '{}' });
    assert.deepEqual(r.out, ['shot a#1', 'shot a#2', 'record 5', 'record 6', 'record 7']);
    assert.equal(r.stage.held, 0);
    r.stage.close();
  });

  it("holds a tournament's shots and records until they are its delay old, in order", () => {
    const r = rig(new Map([[2, 1], [3, 2]]));
    r.stage.shot(r.shot('a', 1, 2));
    r.move(10_000);
    r.stage.record(r.record(9, 2));
    r.stage.shot(r.shot('b', 1, 3));
    r.stage.shot(r.shot('c', 1)); // no tournament: at once, past the held ones
    assert.deepEqual(r.out, ['shot c#1']);
    r.move(MIN - 10_001);
    assert.deepEqual(r.out, ['shot c#1'], 'one millisecond early: nothing');
    r.move(1);
    assert.deepEqual(r.out, ['shot c#1', 'shot a#1']);
    r.move(10_000);
    assert.deepEqual(r.out, ['shot c#1', 'shot a#1', 'record 9']);
    r.move(MIN);
    assert.deepEqual(r.out, ['shot c#1', 'shot a#1', 'record 9', 'shot b#1']);
    assert.equal(r.stage.held, 0);
    r.stage.close();
  });

  it("gates a record on its receivedAt (the server's clock when it came), not on when the feed brought it", () => {
    const r = rig(new Map([[2, 1]]));
    r.stage.record(r.record(1, 2, r.at() - MIN)); // stored a minute ago by another process: due already
    r.stage.record(r.record(2, 2, r.at() - 30_000));
    assert.deepEqual(r.out, ['record 1']);
    r.move(30_000);
    assert.deepEqual(r.out, ['record 1', 'record 2']);
    r.stage.close();
  });

  it('a delay lengthened holds back what is not out yet; shortened, sends what is now old enough', () => {
    const delays = new Map([[4, 2]]);
    const r = rig(delays);
    for (let i = 1; i <= 4; i++) {
      r.stage.shot(r.shot('a', i, 4));
      r.move(30_000);
    }
    r.move(50_000); // 170 s after the first (at 0, 30, 60, 90 s): #1 and #2 are 2 min old, #3 not
    assert.deepEqual(r.out, ['shot a#1', 'shot a#2']);
    delays.set(4, 5);
    r.stage.reschedule();
    r.move(MIN);
    assert.deepEqual(r.out, ['shot a#1', 'shot a#2'], 'lengthened: #3 and #4 held on, what went out stays out');
    delays.set(4, 1);
    r.stage.reschedule();
    assert.deepEqual(r.out, ['shot a#1', 'shot a#2', 'shot a#3', 'shot a#4'], 'shortened: both now old enough, in order');
    r.stage.close();
  });

  it('holds a tournament it does not know yet as long as the longest delay, until it is known', () => {
    const delays = new Map<number, number>();
    const r = rig(delays);
    r.stage.shot(r.shot('a', 1, 7));
    r.move(59 * MIN);
    assert.deepEqual(r.out, []);
    delays.set(7, 0);
    r.stage.reschedule();
    assert.deepEqual(r.out, ['shot a#1']);
    r.stage.close();
  });

  it('keeps at most its bound of shots, dropping the oldest; records are never dropped', () => {
    const r = rig(new Map([[1, 10]]), 3);
    r.stage.record(r.record(1, 1));
    for (let i = 1; i <= 5; i++) r.stage.shot(r.shot('a', i, 1));
    assert.equal(r.stage.held, 4);
    r.move(10 * MIN);
    assert.deepEqual(r.out, ['record 1', 'shot a#3', 'shot a#4', 'shot a#5']);
    r.stage.close();
  });

  it('releases by its own timer, one for the earliest', async () => {
    let now = Date.now();
    const stage = new DelayStage(() => 40, () => (now = Date.now()), 60 * MIN);
    const out: number[] = [];
    stage.on('shot', (e) => out.push(e.seq));
    for (let i = 1; i <= 3; i++) stage.shot({ table: 'a', seq: i, matchId: 'm', assigned: { tournament: 1, round: 1, match: 1 } });
    assert.deepEqual(out, []);
    await new Promise((resolve) => setTimeout(resolve, 120));
    assert.deepEqual(out, [1, 2, 3]);
    void now;
    stage.close();
  });
});
