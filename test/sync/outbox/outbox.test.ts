// The outbox in flash: records kept until acknowledged, counters never reused, and a power cut at every
// byte of every write (records, statuses, archives, copies, and the copy a reboot makes) always
// leaving the outbox as it was before that write or after it, never anything else: cut short as a file
// system sees it, and as NOR flash leaves it (a word partly programmed, an erase leaving garbage), where
// only the items' CRCs can tell. A byte damaged in the copy in charge is caught the same way.
import assert from 'node:assert/strict';
import { Outbox } from '../../../src/sync/outbox.ts';
import { ITEM, SlotBytes, scan } from '../../../src/sync/outbox-frame.ts';
import { encodeUtf8 } from '../../../src/store/utf8.ts';
import type { StoragePort } from '../../../src/store/slots.ts';
import { CUT_MODELS, MemoryFlash } from '../../helpers/flash.ts';

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
  return JSON.stringify({ mark: o.mark, entries, latest: o.latestLog(), lost: o.lost().map((l) => l.counter), assigned: o.assigned });
}

/** `before` with the counter written by the step `after` used up: a cut in the last word of a record's
 * write (NOR flash) cannot be told from a byte damaged later, so its counter is never given again. */
const spent = (before: string, after: string) => JSON.stringify({ ...JSON.parse(before), mark: JSON.parse(after).mark });

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
      let used = 0;
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
          else if (model === 'nor' && got !== before && got === spent(before, after)) used++;
          else assert.ok(got === before || got === after, `cut at byte ${b} of ${size} of write ${k} (${op.kind}), step ${step}: ${got}`);
          cuts++;
        }
      }
      assert.ok(cuts > 1500, `${cuts} cuts`);
      if (model === 'nor') assert.ok(used > 0 && used < 100, `${used} cuts in the last word of a record used its counter up`);
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

  it('a digit of the mark damaged in the copy in charge: the mark is the highest either slot knows, and no counter is used again', () => {
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

  it('a byte of a record damaged in the copy in charge: the record is taken whole from the copy\'s source and sent as it was signed', () => {
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

  it('a byte of a record damaged after it was written (not a cut) loses that record alone: the records after it stay, its counter is never given again, and it is reported', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    o.add('board', (c) => body(c, 'H\nb1\n'));
    o.add('board', (c) => body(c, 'H\nb1\nb2 rots\n'));
    o.acknowledge(1);
    o.add('board', (c) => body(c, 'H2\nx1\n'));
    const damaged = damage(flash, 'b2 rots', (b) => b ^ 0x01);
    const again = reopen(damaged);
    assert.equal(again.mark, 3, 'the mark counts the damaged record');
    assert.deepEqual(again.queued().map((e) => e.counter), [3], '#1 stays acknowledged, #3 after the damage is kept, #2 is not sent');
    assert.deepEqual(again.lost(), [{ counter: 2, kind: 'board', status: null }], 'the damaged record is reported');
    assert.equal(again.add('board', (c) => body(c, 'H2\nx1\nx2\n')).counter, 4, 'never 2 again: the server may have #2');
    const later = reopen(damaged);
    assert.deepEqual(later.lost().map((l) => l.counter), [2], 'still reported after the copy the reboot made');
    later.dismissLost();
    assert.deepEqual(reopen(damaged).lost(), [], 'until a person has seen it');
    assert.equal(reopen(damaged).mark, 4);
  });

  /** Two records as a table holds them: appended after the first copy; carried by a copy (a reboot after
   * a torn write), the older slot still holding them; or appended, then #1 acknowledged. */
  function twoRecords(layout: 'appended' | 'copied' | 'acked'): { flash: MemoryFlash; signed: Uint8Array[] } {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    const signed: Uint8Array[] = [];
    for (const log of ['H\nb1\n', 'H\nb1\nb2\n']) o.add('board', (c) => ((signed[c] = body(c, log).bytes), body(c, log)));
    if (layout === 'acked') o.acknowledge(1);
    if (layout === 'copied') {
      flash.append(flash.ops[flash.ops.length - 1].slot, Uint8Array.of(0xcb)); // torn: the reboot copies
      reopen(flash);
    }
    return { flash, signed };
  }

  for (const layout of ['appended', 'copied', 'acked'] as const) {
    it(`a bit flipped at every byte of a two-record outbox (${layout}): never a damaged body sent, never a counter given again, nothing else lost`, function () {
      this.timeout(60_000);
      const { flash, signed } = twoRecords(layout);
      const slot = flash.ops[flash.ops.length - 1].slot;
      const bytes = Buffer.from(flash.slots[slot]);
      const span = (c: number) => {
        const at = bytes.indexOf(`{"counter":${c},`);
        return { from: at - 10, to: bytes.indexOf(Buffer.from(signed[c]), at) + signed[c].length };
      };
      const spans = [span(1), span(2)];
      const last = spans[1].to === bytes.length ? 2 : 0;
      let reported = 0;
      for (let i = 0; i < bytes.length; i++) {
        for (const flip of [0x01, 0x80]) {
          const d = flash.copy();
          d.slots[slot][i] ^= flip;
          const o = reopen(d);
          const where = `bit ${flip} of byte ${i} of ${bytes.length}`;
          for (const e of o.queued()) assert.deepEqual(o.body(e).read(0, e.at.length), signed[e.counter], `${where}: #${e.counter} sent as signed`);
          const queued = o.queued().map((e) => e.counter);
          const lost = o.lost().map((l) => l.counter);
          for (const c of [1, 2]) {
            const hit = i >= spans[c - 1].from && i < spans[c - 1].to;
            const expected = layout === 'acked' && c === 1 ? false : true; // #1 acknowledged: not to send
            const ack = layout === 'acked' && c === 1 && i >= spans[1].to; // the acknowledgement damaged: sent again, harmless
            if (queued.includes(c)) assert.ok(!lost.includes(c), `${where}: #${c} queued is not reported lost`);
            if (ack) continue;
            if (!hit || layout === 'copied') assert.equal(queued.includes(c), expected, `${where}: #${c} as it was (the copy's source holds it whole)`);
            else if (!expected) assert.ok(!queued.includes(c), `${where}: #${c} acknowledged, not sent again`);
            else if (!queued.includes(c) && c !== last) assert.ok(lost.includes(c), `${where}: #${c} damaged is reported: ${JSON.stringify(o.lost())}`);
          }
          reported += lost.length;
          assert.ok(o.mark >= 2, `${where}: mark ${o.mark}`);
          assert.equal(reopen(d).mark, o.mark, `${where}: the mark after the copy the reboot made`);
          assert.ok(o.add('board', (c) => body(c, 'H\nb1\nb2\nb3\n')).counter >= 3, `${where}: a new record's counter is one never used`);
        }
      }
      if (layout === 'appended') assert.ok(reported > signed[1].length, `${reported} damaged records reported`);
    });
  }

  for (const model of CUT_MODELS) {
    it(`a record damaged, then a power cut at every byte of the copy the reboot makes (${model === 'nor' ? 'NOR flash' : 'the writes cut short'}): the report, the mark and the records stand`, function () {
      this.timeout(60_000);
      let cuts = 0;
      for (const layout of ['appended', 'copied'] as const) {
        const { flash } = twoRecords(layout);
        const slot = flash.ops[flash.ops.length - 1].slot;
        const base = flash.copy();
        base.slots[slot][Buffer.from(base.slots[slot]).indexOf('b1\\n","pad"')] ^= 0x01; // a byte of #1's body
        const first = base.copy();
        const expected = view(reopen(first));
        const { entries, lost, mark } = JSON.parse(expected) as { entries: { counter: number }[]; lost: number[]; mark: number };
        if (layout === 'appended') assert.deepEqual([entries.map((e) => e.counter), lost, mark], [[2], [1], 2], 'reported, and counted in the mark');
        else assert.deepEqual([entries.map((e) => e.counter), lost, mark], [[1, 2], [], 2], 'taken whole from the copy\'s source');
        const reboot = first.ops.slice();
        assert.ok(reboot.length > 0, 'the reboot copies the damaged slot');
        for (let r = 0; r < reboot.length; r++) {
          for (let b = 0; b < Math.max(MemoryFlash.cutsIn(reboot[r], model), 1); b++) {
            assert.equal(view(reopen(MemoryFlash.cutAt(reboot, r, b, base, model))), expected, `${layout}: cut at byte ${b} of write ${r} of the reboot`);
            cuts++;
          }
        }
      }
      assert.ok(cuts > 300, `${cuts} cuts`);
    });
  }

  it('a byte damaged in a record of 256 KiB: the records after it are found again, reading at most 1 KiB at once', () => {
    const flash = new MemoryFlash();
    const o = reopen(flash);
    const big = new Uint8Array(256 * 1024).fill(0x61);
    o.add('board', () => ({ bytes: big, signature: 'sig-big' }));
    o.add('board', (c) => body(c, 'H\n'));
    const slot = flash.ops[flash.ops.length - 1].slot;
    flash.slots[slot][flash.slots[slot].length >> 2] ^= 0x01; // in the big record's body
    let largest = 0;
    const readRange = flash.readRange.bind(flash);
    flash.readRange = (s, offset, length) => ((largest = Math.max(largest, length)), readRange(s, offset, length));
    const again = reopen(flash);
    assert.deepEqual(again.queued().map((e) => e.counter), [2]);
    assert.deepEqual(again.lost().map((l) => l.counter), [1]);
    assert.equal(again.mark, 2);
    if (reads === 'ranged') assert.ok(largest <= 1024, `the largest piece read at once: ${largest} bytes`);
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
    assert.deepEqual(reopen(flash).lost(), [], 'the torn write is left behind in the old slot: no damaged record reported');
  });
});
}

// What the outbox writes: nothing for nothing, and a copy only when the dead bytes outweigh the live ones
// (flash wears, and a copy of a slot is a write of all it keeps).
describe('the outbox writes nothing for nothing', () => {
  const writesOf = (flash: MemoryFlash, f: () => void): number => {
    const from = flash.ops.length;
    f();
    return flash.ops.length - from;
  };
  const opened = (flash: MemoryFlash): Outbox => {
    const o = new Outbox(flash);
    o.open();
    return o;
  };
  const record = (c: number, n: number) => ({ bytes: encodeUtf8(JSON.stringify({ counter: c, log: 'H\n', pad: 'p'.repeat(n) })), signature: `sig${c}` });

  it('no status for a counter it does not hold, no LOST item to dismiss when nothing is lost, none in a copy', () => {
    const flash = new MemoryFlash();
    const o = opened(flash);
    o.add('board', (c) => record(c, 10));
    assert.equal(writesOf(flash, () => (o.acknowledge(9), o.refuse(9, '422'), o.requeue(9))), 0);
    assert.equal(writesOf(flash, () => o.dismissLost()), 0);
    o.acknowledge(1);
    flash.append(flash.ops[flash.ops.length - 1].slot, Uint8Array.of(0xcb)); // a torn tail: the reboot copies
    assert.ok(writesOf(flash, () => opened(flash)) > 0);
    const slot = flash.ops[flash.ops.length - 1].slot;
    const { items } = scan(new SlotBytes(flash, slot));
    assert.deepEqual(items.map((x) => ('type' in x ? x.type : 'damage')), [ITEM.head, ITEM.entry, ITEM.seal], 'a copy: HEAD, the archive record, SEAL');
  });

  it('tidy copies only past its minimum, and only when the dead bytes outweigh what a copy keeps (a record, the archive, the tournament state)', () => {
    const flash = new MemoryFlash();
    const o = opened(flash);
    o.add('board', (c) => record(c, 100));
    o.add('board', (c) => record(c, 10));
    o.acknowledge(2); // #1's bytes are live (queued), #2's too (the log's archive): the statuses are dead
    assert.equal(writesOf(flash, () => o.tidy(0)), 0, 'live bytes outweigh the dead ones');
    for (const live of ['record', 'archive', 'assigned'] as const) {
      const f = new MemoryFlash();
      const x = opened(f);
      if (live === 'record') x.add('board', (c) => record(c, 3000));
      if (live === 'archive') x.archive(`H\n${'b\n'.repeat(1500)}`, { boards: 1, over: false });
      if (live === 'assigned') x.setAssigned(JSON.stringify({ counter: 7, pad: 'p'.repeat(1000) }));
      assert.equal(writesOf(f, () => x.tidy(0)), 0, `${live}: nothing dead, no copy`);
    }
    o.acknowledge(1);
    o.add('board', (c) => record(c, 10)); // #1 acknowledged, and no longer the archive: dead
    assert.equal(writesOf(flash, () => o.tidy(o.size)), 0, 'the dead bytes outweigh the live, but the slot is at the minimum: no copy');
    assert.ok(writesOf(flash, () => o.tidy(o.size - 1)) > 0, 'past the minimum: a copy');
  });
});
