// `npm run bench -- live` in its quick mode, end to end: the built `carrom serve`, 4 tables playing real
// matches, 20 spectators in their own process. Its figures must be sane and nothing may be lost: a bench
// that reported a loss or a latency it did not measure would pass unseen otherwise.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { LIVE_QUICK, runLive } from '../../tools/bench/live.ts';
import { scratchDir } from '../../tools/scratch.ts';

describe('the live bench, quick (4 tables, 20 spectators, carrom serve on SQLite)', function () {
  this.timeout(180_000);

  it('measures every arrival, and every spectator rebuilt every table\'s live log as its stored record has it', async () => {
    const o = LIVE_QUICK;
    const r = await runLive(join(scratchDir('bench-live'), 'live.db'), 'SQLite', o);
    assert.deepEqual(r.refused, [], 'every send taken, every stream opened');
    assert.equal(r.records, o.tables * o.boards, 'a record at each board\'s end');
    assert.ok(r.shots >= o.tables * o.boards * 5, `${r.shots} shot messages: a board has more than five shots`);
    assert.equal(r.held, 0, 'a clean run: nothing held');
    assert.equal(r.events, r.shots + r.records, 'one event for each shot message and each record (it adds the board\'s last shot)');
    assert.equal(r.mismatched, 0, "every spectator's live log of every table is its record's log");
    assert.equal(r.missed, 0, 'no spectator missed an event');
    assert.equal(r.unmatched, 0, 'each arrival matched to its send');
    assert.equal(r.latency.count, r.events * o.spectators, 'each event measured at each spectator');
    assert.ok(r.latency.median > 0 && r.latency.median <= r.latency.p95 && r.latency.p95 <= r.latency.p99 && r.latency.p99 <= r.latency.max, JSON.stringify(r.latency));
    assert.ok(r.first.median > 0 && r.first.median <= r.latency.median && r.first.p95 <= r.latency.p95, JSON.stringify(r.first));
    assert.ok(r.latency.p95 < 5_000, `p95 ${r.latency.p95} ms: on loopback, even on a loaded machine, under 5 s`);
    assert.ok(r.playCpuPerSecond > 0 && r.cpuPerShot > 0 && r.cpuPerDelivery > 0, 'the server\'s CPU measured');
    assert.ok(Number.isFinite(r.waitPerShot) && r.waitPerShot >= 0, `its wait for a core: ${r.waitPerShot}`);
    assert.ok(r.rss.start > 20 && r.rss.start <= r.rss.peak && r.rss.connected <= r.rss.peak, JSON.stringify(r.rss));
  });
});
