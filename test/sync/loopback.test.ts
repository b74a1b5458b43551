// The simulator's fetch transport, the outbox and the scheduler over real HTTP on loopback, against a
// minimal contract-keeping server (test/helpers/results-stub.ts) made to misbehave: a connection reset
// in the middle of a body, no answer at all, 503. Nothing is lost, nothing is stored twice.
// (The end-to-end tests against the real `carrom serve` come with the server.)
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

  it('records reach the server signed, in counter order, and leave the outbox', async () => {
    const sync = syncTo();
    for (let n = 1; n <= 3; n++) sync.finished('match', `${log(n)}{"e":"call","call":"placed","t":${n}}\n`.replace(/placed","t":0/g, `placed","t":${n}`), STATE);
    await runUntil(sync, { t: 0 }, () => sync.view().queued === 0);
    assert.deepEqual([...stub.stored.keys()], [1, 2, 3]);
    assert.equal(sync.view().error, null);
  });

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

  it('an answer lost after the server stored it: the retry is a duplicate, and that deletes it', async () => {
    const flash = new MemoryFlash();
    const first = syncTo(flash);
    first.finished('board', log(2), STATE);
    const clock = { t: 0 };
    // The server stores it, but the table loses power before the answer takes effect.
    first.tick(clock.t, true, true);
    await runUntil(first, clock, () => stub.stored.size === 1, 100);
    const rebooted = syncTo(flash);
    assert.equal(rebooted.view().queued, 1);
    await runUntil(rebooted, clock, () => rebooted.view().queued === 0);
    assert.equal(stub.posts, 2);
    assert.equal(stub.stored.size, 1);
  });

  it('a wrong secret: 401 is shown, the record kept; the server is never sent a second copy soon', async () => {
    const sync = makeSync(new FetchTransport(() => true), new MemoryFlash(), { server: stub.url, table: 'club-1', secret: 'ab'.repeat(32) });
    sync.finished('board', log(1), STATE);
    const clock = { t: 0 };
    await runUntil(sync, clock, () => sync.view().error !== null);
    assert.match(sync.view().error!, /401 the signature does not verify/);
    for (let i = 0; i < 20; i++) {
      sync.tick((clock.t += 1_000_000), true, true);
      await new Promise((r) => setTimeout(r, 2));
    }
    assert.equal(stub.posts, 1);
    assert.equal(sync.view().queued, 1);
  });
});
