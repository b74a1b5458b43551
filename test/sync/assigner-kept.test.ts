// The table's tournament state in flash and the answers it takes (src/sync/assigner.ts, docs/tournament.md
// §5.1): a kept state that does not read is a new setup's (counter 0), never a table that offers nothing
// again; a transport that calls back twice counts once; starting or refusing with nothing offered does
// nothing. Issue 31: mutation testing found these loose.
import assert from 'node:assert/strict';
import { assignmentText, type Assignment } from '../../src/sync/assignment.ts';
import type { Sync } from '../../src/sync/sync.ts';
import { HandGetTransport, SETTINGS, makeSync, nodeHmac, SECRET } from '../helpers/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';
import { Outbox } from '../../src/sync/outbox.ts';
import { Sync as SyncCore } from '../../src/sync/sync.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';

const MATCH: Assignment = { tournament: 7, name: 'Club open', round: 2, match: 118, label: 'R2 T3', rules: 'icf', options: {}, mode: 'singles', players: ['ASHA', 'BEN'], breaker: 0, publishedAt: '2026-12-01T10:02:00.000Z' };

const answer = (nonce: string, counter: number, assignment: Assignment | null = MATCH) => assignmentText({ table: SETTINGS.table, counter, nonce, assignment });

/** One tick at rest, free, with Wi-Fi. */
const tick = (sync: Sync, t: number) => sync.tick(t, true, true, true);

/** The table asks at `t`; the server answers `counter` (with `assignment`); the answer takes effect 20 ms later. */
function serve(sync: Sync, tr: HandGetTransport, t: number, counter: number, assignment: Assignment | null = MATCH): void {
  tick(sync, t);
  assert.equal(tr.asked.length, 1, 'the table asked');
  tr.answerGet(200, answer(tr.nonce(), counter, assignment));
  tick(sync, t + 20_000);
}

/** The kept state in `flash`, changed by `change` and written back as the table would (one append). */
function rewriteKept(flash: MemoryFlash, change: (kept: Record<string, unknown>) => unknown): void {
  const outbox = new Outbox(flash);
  outbox.open();
  const kept = JSON.parse(outbox.assigned!) as Record<string, unknown>;
  const text = change(kept);
  outbox.setAssigned(typeof text === 'string' ? text : JSON.stringify(kept));
}

describe('the next match: the kept state and the answers taken (assigner.ts)', () => {
  const damaged: [string, (k: Record<string, unknown>) => unknown][] = [
    ['not JSON', () => '{"key":'],
    ['its counter missing', (k) => void delete k.counter],
    ['its counter in quotes', (k) => void (k.counter = String(k.counter))],
    ['the counter it took missing', (k) => void delete k.done],
    ['its setup key a number', (k) => void (k.key = 1)],
  ];
  for (const [what, change] of damaged) {
    it(`a kept state ${what} is a new setup's: the next answer, at any counter, is offered`, () => {
      const flash = new MemoryFlash();
      const tr = new HandGetTransport();
      const sync = makeSync(tr, flash);
      serve(sync, tr, 0, 5);
      sync.acceptOffer();
      assert.equal(sync.offer(), null, 'started: no longer offered');
      rewriteKept(flash, change);
      const tr2 = new HandGetTransport();
      const again = makeSync(tr2, flash);
      const next = { ...MATCH, match: 119, label: 'R2 T4' };
      serve(again, tr2, 0, 1, next);
      assert.deepEqual(again.offer(), next);
      assert.equal(again.view().assignRefused, undefined);
    });
  }

  it('a kept state that reads is kept through a boot: the match started is not offered again, its ids go on', () => {
    const flash = new MemoryFlash();
    const tr = new HandGetTransport();
    const sync = makeSync(tr, flash);
    serve(sync, tr, 0, 5);
    sync.acceptOffer();
    const tr2 = new HandGetTransport();
    const again = makeSync(tr2, flash);
    assert.equal(again.offer(), null);
    assert.deepEqual(again.assigner.playing, { tournament: 7, round: 2, match: 118 });
  });

  it('a transport that calls back twice for one question: the first answer counts', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    tick(sync, 0);
    const q = tr.asked.shift()!;
    const nonce = Object.fromEntries(q.request.headers)['Carrom-Nonce'];
    const second = { ...MATCH, match: 119, label: 'second' };
    for (const [counter, m] of [[5, MATCH], [6, second]] as const) {
      const text = answer(nonce, counter, m);
      q.done(null, { status: 200, body: text, headers: { 'carrom-signature': `sha256=${nodeHmac(SECRET, text)}` } });
    }
    tick(sync, 20_000);
    assert.deepEqual(sync.offer(), MATCH);
  });

  it('starting or refusing with nothing offered does nothing: no refusal goes, no ids are carried', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    serve(sync, tr, 0, 5, null);
    sync.refuseOffer();
    sync.acceptOffer();
    for (let t = 40_000; t < 100_000_000; t += 500_000) tick(sync, t);
    assert.equal(tr.posted.length, 0, 'no refusal');
    assert.equal(sync.assigner.playing, null);
  });

  it('the refusal goes as JSON (its Content-Type), with the table\'s id, once a tick at rest comes', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    serve(sync, tr, 0, 5);
    sync.refuseOffer();
    tick(sync, 40_000);
    assert.equal(tr.posted.length, 1, 'at once, not at the next turn');
    assert.deepEqual(tr.posted[0].request.headers.map(([name]) => name), ['Content-Type', 'Carrom-Table', 'Carrom-Signature']);
    assert.equal(Object.fromEntries(tr.posted[0].request.headers)['Content-Type'], 'application/json');
  });

  it('a new match with no tournament match being played writes nothing to flash', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    serve(sync, tr, 0, 5);
    const size = sync.outbox.size;
    sync.matchStarted();
    assert.equal(sync.outbox.size, size, 'nothing appended');
    sync.acceptOffer();
    assert.ok(sync.outbox.size > size, 'the match started is kept');
    const started = sync.outbox.size;
    sync.matchStarted();
    assert.ok(sync.outbox.size > started, 'and its end as well');
    assert.equal(sync.assigner.playing, null);
  });

  it('through a boot: the match offered is offered still, and a refusal not yet delivered goes', () => {
    const flash = new MemoryFlash();
    const tr = new HandGetTransport();
    const sync = makeSync(tr, flash);
    serve(sync, tr, 0, 5);
    const offered = makeSync(new HandGetTransport(), flash);
    assert.deepEqual(offered.offer(), MATCH);
    offered.refuseOffer();
    const tr2 = new HandGetTransport();
    const again = makeSync(tr2, flash);
    assert.equal(again.offer(), null);
    tick(again, 0);
    assert.equal(tr2.posted.length, 1, 'the refusal goes');
    assert.match(tr2.posted[0].body, /"counter":5,"match":118,"reason":"wrong-table"/);
  });

  it('the same answer again changes nothing: nothing written, nothing new shown', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    tick(sync, 0);
    tr.answerGet(200, answer(tr.nonce(), 5));
    assert.equal(sync.tick(20_000, true, true, true), true, 'the match taken: the display changes');
    assert.equal(sync.tick(40_000, true, true, true), false);
    const size = sync.outbox.size;
    tick(sync, 30_020_000);
    tr.answerGet(200, answer(tr.nonce(), 5));
    assert.equal(sync.tick(30_040_000, true, true, true), false, 'nothing new to show');
    assert.equal(sync.outbox.size, size, 'nothing written');
    assert.deepEqual(sync.offer(), MATCH);
  });

  it('an answer that comes after a shot started is dropped; the table asks again at rest', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    tick(sync, 0);
    const q = tr.asked.shift()!;
    sync.shotStarted();
    const text = answer(Object.fromEntries(q.request.headers)['Carrom-Nonce'], 5);
    q.done(null, { status: 200, body: text, headers: { 'carrom-signature': `sha256=${nodeHmac(SECRET, text)}` } });
    tick(sync, 20_000);
    assert.equal(sync.offer(), null, 'the answer to a dropped question is nothing');
    assert.equal(tr.asked.length, 1, 'asked again');
  });

  it('a new setup drops the question in flight: its answer, under the old secret, is neither taken nor refused', () => {
    let settings = SETTINGS;
    const tr = new HandGetTransport();
    const sync = new SyncCore({ storage: new MemoryFlash(), transport: tr, digest: nodeDigest, random: { next: () => 0.5 }, settings: { load: () => settings, forget: () => {} }, firmware: 'test 1' });
    tick(sync, 0);
    const q = tr.asked.shift()!;
    settings = { ...SETTINGS, secret: '11'.repeat(32) };
    sync.reload();
    const text = answer(Object.fromEntries(q.request.headers)['Carrom-Nonce'], 5);
    q.done(null, { status: 200, body: text, headers: { 'carrom-signature': `sha256=${nodeHmac(SECRET, text)}` } });
    tick(sync, 20_000);
    assert.equal(sync.offer(), null);
    assert.equal(sync.view().assignRefused, undefined, 'not refused: dropped');
    assert.equal(tr.asked.length, 1, 'the new setup asks at once');
  });

  it('with no server known yet (none set, none found), the table does not ask', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr, new MemoryFlash(), { ...SETTINGS, server: null });
    for (let t = 0; t < 100_000_000; t += 500_000) tick(sync, t);
    assert.equal(tr.asked.length, 0);
  });

  it('once its refusal is delivered, the next match the server gives is offered', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    serve(sync, tr, 0, 5);
    sync.refuseOffer();
    tick(sync, 40_000);
    tr.answer(201, { refused: true });
    tick(sync, 60_000);
    const next = { ...MATCH, match: 119, label: 'R2 T4' };
    serve(sync, tr, 30_060_000, 6, next);
    assert.deepEqual(sync.offer(), next);
  });

  it('an answer with no headers at all is refused as unsigned, not a crash', () => {
    const tr = new HandGetTransport();
    const sync = makeSync(tr);
    tick(sync, 0);
    const q = tr.asked.shift()!;
    q.done(null, { status: 200, body: answer(Object.fromEntries(q.request.headers)['Carrom-Nonce'], 5) });
    tick(sync, 20_000);
    assert.equal(sync.offer(), null);
    assert.match(sync.view().error ?? '', /no signature/);
  });
});
