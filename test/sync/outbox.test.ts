// The outbox in flash: records kept until acknowledged, counters never reused, and a power cut at every
// byte of every write (records, statuses, archives, copies, and the copy a reboot makes) always
// leaving the outbox as it was before that write or after it, never anything else: cut short as a file
// system sees it, and as NOR flash leaves it (a word partly programmed, an erase leaving garbage), where
// only the items' CRCs can tell. A byte damaged in the copy in charge is caught the same way.
import assert from 'node:assert/strict';
import { Outbox } from '../../src/sync/outbox.ts';
import { encodeUtf8 } from '../../src/store/utf8.ts';
import type { StoragePort } from '../../src/store/slots.ts';
import { CUT_MODELS, MemoryFlash } from '../helpers/flash.ts';

for (const reads of ['ranged', 'whole'] as const) {
/** The flash as the outbox sees it: with ranged reads (the device's files, the simulator), or a storage
 * that can only read a whole slot. */
const port = (f: MemoryFlash): StoragePort =>
  reads === 'ranged' ? f : { read: (s) => f.read(s), append: (s, b) => f.append(s, b), erase: (s) => f.erase(s) };

const body = (counter: number, log: string) => ({ bytes: encodeUtf8(JSON.stringify({ counter, log, pad: 'é☃'.repeat(counter) })), signature: `sig${counter}` });

/** Everything a reboot must find the same. */
function view(o: Outbox): string {
  const entries = [...o.queued(), ...o.refused()]
    .sort((a, b) => a.counter - b.counter)
    .map((e) => ({ counter: e.counter, kind: e.kind, status: e.status, error: e.error, signature: e.signature, body: o.bodyText(e) }));
  return JSON.stringify({ mark: o.mark, entries, latest: o.latestLog(), assigned: o.assigned });
}

function reopen(flash: MemoryFlash): Outbox {
  const o = new Outbox(port(flash));
  o.open();
  return o;
}

/** A busy life: records, answers, refusals, archives, the tournament state, copies. Returns the flash and the view after each step with its last write. */
function scenario(): { flash: MemoryFlash; steps: { lastOp: number; view: string }[] } {
  const flash = new MemoryFlash();
  const o = new Outbox(port(flash));
  const steps: { lastOp: number; view: string }[] = [];
  const step = (f: () => void) => {
    f();
    steps.push({ lastOp: flash.ops.length, view: view(o) });
  };
  step(() => o.open());
  step(() => o.add('board', (c) => body(c, 'H\nb1\n')));
  step(() => o.add('board', (c) => body(c, 'H\nb1\nb2\n')));
  step(() => o.acknowledge(1, 'dropped'));
  step(() => o.refuse(2, '422 the state disagrees'));
  step(() => o.add('board', (c) => body(c, 'H\nb1\nb2\nb3\n')));
  step(() => o.add('match', (c) => body(c, 'H\nb1\nb2\nb3\n')));
  step(() => o.acknowledge(3));
  step(() => o.acknowledge(4));
  // The tournament state (docs/tournament.md §5.1), kept beside the mark: through changes and copies.
  step(() => o.setAssigned('{"counter":41}'));
  step(() => o.setAssigned('{"counter":42}'));
  step(() => o.tidy(0));
  step(() => o.archive('H2\nx1\n', { boards: 1, over: false }));
  step(() => o.add('board', (c) => body(c, 'H2\nx1\nx2\n')));
  step(() => o.requeue(2));
  step(() => o.acknowledge(5));
  step(() => o.tidy(0));
  step(() => o.acknowledge(2));
  step(() => o.setAssigned('{"counter":43,"playing":{"tournament":7,"round":2,"match":118}}'));
  step(() => o.tidy(0));
  step(() => o.add('board', (c) => body(c, 'H2\nx1\nx2\nx3\n')));
  // A long board acknowledged, then the next match's archive: dead bytes enough for a copy over the first copy.
  step(() => o.add('board', (c) => body(c, `H2\nx1\nx2\nx3\n${'x4\n'.repeat(300)}`)));
  step(() => o.acknowledge(7));
  step(() => o.archive('H3\ny1\n', { boards: 1, over: false }));
  step(() => o.tidy(0));
  return { flash, steps };
}

describe(`the outbox (${reads} reads)`, () => {
  it('keeps records until acknowledged, counts on from the mark after everything is acknowledged and copied', () => {
    const { flash } = scenario();
    const o = reopen(flash);
    assert.deepEqual(o.queued().map((e) => e.counter), [6]);
    assert.equal(o.mark, 7);
    o.acknowledge(6);
    o.tidy(0);
    const again = reopen(flash);
    assert.deepEqual(again.queued(), []);
    assert.equal(again.latestLog(), 'H3\ny1\n', 'the newest archive of a log stays');
    assert.equal(again.add('board', (c) => body(c, 'H3\ny1\ny2\n')).counter, 8, 'never reused');
    again.acknowledge(8);
    again.tidy(0);
    assert.equal(reopen(flash).latestLog(), 'H3\ny1\ny2\n', 'the acknowledged newest record stays as the archive of the log');
  });

  it('streams a record from flash in any slices', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    const e = o.add('board', (c) => body(c, 'H\nline ☃\n'));
    const src = o.body(e);
    const parts: number[] = [];
    for (let at = 0; at < src.length; at += 7) parts.push(...src.read(at, 7));
    assert.equal(Buffer.from(parts).toString('utf8'), o.bodyText(e));
    assert.equal(src.length, Buffer.byteLength(o.bodyText(e)));
  });

  it('stores, reopens, copies and streams a record of 256 KiB (the contract\'s limit)', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    const big = new Uint8Array(256 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = 0x61 + (i % 26);
    o.add('board', () => ({ bytes: big, signature: 'sig-big' }));
    o.add('board', (c) => body(c, 'H\n'));
    o.acknowledge(2);
    o.tidy(0); // a copy into the other slot
    let wholeReads = 0;
    let largest = 0;
    const read = flash.read.bind(flash);
    const readRange = flash.readRange.bind(flash);
    flash.read = (slot) => (wholeReads++, read(slot));
    flash.readRange = (slot, offset, length) => ((largest = Math.max(largest, length)), readRange(slot, offset, length));
    const again = reopen(flash);
    const [e] = again.queued();
    assert.equal(e.signature, 'sig-big');
    const src = again.body(e);
    assert.equal(src.length, big.length);
    const got = new Uint8Array(src.length);
    for (let at = 0; at < src.length; at += 1024) got.set(src.read(at, 1024), at);
    assert.deepEqual(got, big);
    if (reads === 'ranged') {
      assert.equal(wholeReads, 0, 'no whole slot read to open the outbox or stream a record');
      assert.ok(largest <= 1024, `the largest piece read at once: ${largest} bytes`);
    }
  });

  for (const model of CUT_MODELS) {
    it(`a power cut at every byte of every write (${model === 'nor' ? 'NOR flash: a word partly programmed, an erase cut short leaving garbage' : 'the write cut short'}) leaves the outbox as before or after that step`, function () {
      this.timeout(60_000);
      const { flash, steps } = scenario();
      const ops = flash.ops.slice();
      let cuts = 0;
      let erases = 0;
      let step = 0;
      for (let k = 0; k < ops.length; k++) {
        while (steps[step].lastOp < k + 1) step++;
        const before = step > 0 ? steps[step - 1].view : view(new Outbox(port(new MemoryFlash()))); // nothing yet
        const after = steps[step].view;
        const op = ops[k];
        const size = MemoryFlash.cutsIn(op, model);
        if (op.kind === 'erase') erases += size;
        for (let b = 0; b <= size; b++) {
          const whole = b === size;
          const cut = MemoryFlash.cutAt(ops, whole ? k + 1 : k, whole ? 0 : b, undefined, model);
          const got = view(reopen(cut));
          const lastOfStep = whole && k + 1 === steps[step].lastOp;
          if (lastOfStep) assert.equal(got, after, `write ${k} whole, the last of step ${step}`);
          else assert.ok(got === before || got === after, `cut at byte ${b} of ${size} of write ${k} (${op.kind}), step ${step}: ${got}`);
          cuts++;
        }
      }
      assert.ok(cuts > 1500, `${cuts} cuts`);
      if (model === 'nor') assert.ok(erases > 100, `${erases} cuts in erases of a slot that held a copy`);
    });
  }

  for (const model of CUT_MODELS) {
    it(`a second cut during the copy a reboot makes after the first cut changes nothing (${model === 'nor' ? 'NOR flash' : 'the writes cut short'})`, function () {
      this.timeout(60_000);
      const { flash } = scenario();
      const ops = flash.ops.slice();
      let seconds = 0;
      let copies = 0;
      for (let k = 0; k < ops.length; k++) {
        const op = ops[k];
        if (op.kind !== 'append' || op.bytes.length < 2) continue;
        // Torn in the middle: the reboot copies the slot; cut that copy at every third byte (and just
        // before each erase).
        const base = MemoryFlash.cutAt(ops, k, op.bytes.length >> 1, undefined, model);
        const first = base.copy();
        const expected = view(reopen(first));
        const reboot = first.ops.slice();
        if (reboot.length === 0) continue; // torn in a copy's slot, not the one in charge: nothing to rewrite
        copies++;
        for (let r = 0; r < reboot.length; r++) {
          const size = MemoryFlash.cutsIn(reboot[r], model);
          for (let b = 0; b < Math.max(size, 1); b += 3) {
            const third = reopen(MemoryFlash.cutAt(reboot, r, b, base, model));
            assert.equal(view(third), expected, `second cut at byte ${b} of write ${r} of the reboot after write ${k}`);
            // and the table goes on: a new record after all that gets a counter never used
            assert.ok(third.add('board', (c) => body(c, 'Z\n')).counter > JSON.parse(expected).mark);
            seconds++;
          }
        }
      }
      assert.ok(copies >= 10, `${copies} reboots copied a torn slot`);
      assert.ok(seconds > 500, `${seconds} second cuts`);
    });
  }

  /** The flash with one byte changed, the last of `marker`'s, in the slot written last (the copy in charge). */
  function damage(flash: MemoryFlash, marker: string, by: (byte: number) => number): MemoryFlash {
    const damaged = flash.copy();
    const slot = flash.ops[flash.ops.length - 1].slot;
    const bytes = damaged.slots[slot];
    const at = Buffer.from(bytes).indexOf(marker);
    assert.ok(at >= 0, `${marker} in slot ${slot}`);
    bytes[at + marker.length - 1] = by(bytes[at + marker.length - 1]);
    return damaged;
  }

  it('a digit of the mark damaged in the copy in charge: the copy is not trusted, and no counter is used again', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    for (let c = 1; c <= 3; c++) o.add('board', (n) => body(n, `H\nb${c}\n`));
    for (let c = 1; c <= 3; c++) o.acknowledge(c);
    o.archive('H2\nx1\n', { boards: 1, over: false });
    o.tidy(0); // a copy whose HEAD alone says that 3 was used
    assert.equal(reopen(flash.copy()).mark, 3);
    const damaged = damage(flash, '"mark":3', () => 0x31); // "mark":1
    const again = reopen(damaged);
    assert.equal(again.mark, 3, 'the mark as it was');
    assert.equal(again.add('board', (c) => body(c, 'H2\nx1\nx2\n')).counter, 4, 'the next counter is one never used');
    assert.deepEqual(reopen(damaged).queued().map((e) => e.counter), [4], 'and it reads back');
  });

  it('a byte of a record damaged in the copy in charge: the copy is not trusted, and the record is sent as it was signed', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    const signed = body(1, 'H\nb1 signed\n');
    o.add('board', () => signed);
    o.add('board', (c) => body(c, `H\nb1\n${'b2\n'.repeat(400)}`));
    o.acknowledge(2);
    o.archive('H2\nx1\n', { boards: 1, over: false });
    o.tidy(0); // a copy of #1 (and the archive) over the dead bytes
    const damaged = damage(flash, 'b1 signed', (b) => b ^ 0x20); // "b1 Signed"
    const again = reopen(damaged);
    const queued = again.queued();
    assert.deepEqual(queued.map((e) => e.counter), [1], 'the record is kept');
    const src = again.body(queued[0]);
    assert.deepEqual(src.read(0, src.length), signed.bytes, 'its bytes as they were signed, not the damaged ones');
    assert.equal(again.mark, 2);
  });

  it('a failed write (flash full) is reported and the next append goes to a fresh copy', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    o.add('board', (c) => body(c, 'H\nb1\n'));
    const append = flash.append.bind(flash);
    flash.append = (slot, bytes) => {
      append(slot, bytes.subarray(0, 5)); // torn, then the write fails
      throw new Error('no room');
    };
    assert.throws(() => o.add('board', (c) => body(c, 'H\nb1\nb2\n')), /no room/);
    flash.append = append;
    const e = o.add('board', (c) => body(c, 'H\nb1\nb2\n'));
    assert.equal(e.counter, 2);
    assert.deepEqual(reopen(flash).queued().map((x) => x.counter), [1, 2]);
  });
});
}
