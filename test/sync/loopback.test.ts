// The simulator's fetch transport, the outbox and the scheduler over real HTTP on loopback, against a
// minimal contract-keeping server (test/helpers/results-stub.ts) made to misbehave as the real one
// cannot be made to: a connection reset in the middle of a body, no answer at all, 503. Nothing is lost,
// nothing is stored twice. Everything the real `carrom serve` can do (201, 200 duplicate, 401, 404, 409,
// down and back, power cuts) is tested against it in test/e2e/.
import assert from 'node:assert/strict';
import { publicState } from '../../src/rules/index.ts';
import { start } from '../../src/rules/engine.ts';
import type { Sync } from '../../src/sync/sync.ts';
import { FetchTransport } from '../../hosts/simulator/sync.ts';
import { header } from '../../tools/script.ts';
import { ResultsStub } from '../helpers/results-stub.ts';
import { SECRET, makeSync } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

const h = header('icf');
const s0 = start(h);
if (!s0.ok) throw new Error('no start');
const STATE = publicState(s0.value);
const log = (n: number) => `${JSON.stringify(h)}\n${'{"e":"placed","t":0}\n'.repeat(n)}`;

/** Ticks the scheduler on virtual time (`stepUs` a step) while real time lets the network answer. */
async function runUntil(sync: Sync, clock: { t: number }, done: () => boolean, steps = 400, stepUs = 10_000_000): Promise<void> {
  for (let i = 0; i < steps && !done(); i++) {
    sync.tick((clock.t += stepUs), true, true);
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.ok(done(), `not done after ${steps} steps: ${JSON.stringify(sync.view())}`);
}

describe('results sync over HTTP on loopback', function () {
  this.timeout(30_000);
  let stub: ResultsStub;
  beforeEach(async () => (stub = await new ResultsStub('club-1', SECRET).start()));
  afterEach(() => stub.close());

  const syncTo = (flash = new MemoryFlash(), timeoutMs = 2000) => makeSync(new FetchTransport(() => true, timeoutMs), flash, { server: stub.url, table: 'club-1', secret: SECRET });

  it('a connection reset in the middle of the body: retried, stored once', async () => {
    stub.next = ['reset', 'reset'];
    const sync = syncTo();
    sync.finished('board', log(400), STATE);
    const clock = { t: 0 };
    await runUntil(sync, clock, () => stub.posts >= 1 && sync.view().error !== null);
    assert.match(sync.view().error!, /no answer/);
    await runUntil(sync, clock, () => sync.view().queued === 0);
    assert.equal(stub.posts, 3);
    assert.deepEqual([...stub.stored.keys()], [1]);
  });

  it('no answer: the transport times out, the table backs off and tries again', async () => {
    stub.next = ['hang'];
    const sync = syncTo(new MemoryFlash(), 300);
    sync.finished('board', log(1), STATE);
    const clock = { t: 0 };
    // Slow virtual time here, so that the transport's own timeout comes before the core's 120 s.
    await runUntil(sync, clock, () => sync.view().error !== null, 400, 100_000);
    assert.match(sync.view().error!, /no answer: no answer in 0.3 s/);
    await runUntil(sync, clock, () => sync.view().queued === 0);
    assert.equal(stub.stored.size, 1);
  });

  it('503: backs off and tries again; the record is stored once', async () => {
    stub.next = ['503', '503', '503'];
    const sync = syncTo();
    sync.finished('board', log(1), STATE);
    await runUntil(sync, { t: 0 }, () => sync.view().queued === 0);
    assert.equal(stub.posts, 4);
    assert.equal(stub.stored.size, 1);
  });
});
