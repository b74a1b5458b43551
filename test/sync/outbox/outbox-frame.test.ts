// The outbox's framing (src/sync/outbox-frame.ts, docs/sync.md §3) read back by `scan`: every item type
// is found whole by its own head, the highest (`assigned`) included, with no mending; a slot whose heads
// were damaged is mended where the CRC still vouches for the item, also when the damage spans two heads;
// and a head whose type is no item type is never taken for an item, even with a CRC that checks. An
// outbox holding every type reboots without a write (a mended item would have it copy the slot).
import assert from 'node:assert/strict';
import { HEAD, ITEM, PIECE, SlotBytes, frame, isDamage, scan, type ItemType } from '../../../src/sync/outbox-frame.ts';
import { Outbox } from '../../../src/sync/outbox.ts';
import { readSlot } from '../../../src/sync/outbox-items.ts';
import type { StoragePort } from '../../../src/store/slots.ts';
import { encodeUtf8 } from '../../../src/store/utf8.ts';
import { MemoryFlash } from '../../helpers/flash.ts';

/** A slot holding `bytes`, read whole (as a storage without ranged reads is). */
function slot(bytes: Uint8Array): SlotBytes {
  const storage: StoragePort = { read: () => bytes, append: () => assert.fail('scan writes nothing'), erase: () => assert.fail('scan erases nothing') };
  return new SlotBytes(storage, 0);
}

/** A slot holding `bytes` read a range at a time (as the device's files are), and the count of its reads. */
function rangedSlot(bytes: Uint8Array): { slot: SlotBytes; reads: () => number } {
  let reads = 0;
  const storage: StoragePort = {
    read: () => assert.fail('no whole read with ranged reads'),
    readRange: (_s, offset, length) => (reads++, bytes.slice(offset, offset + length)),
    size: () => bytes.length,
    append: () => assert.fail('scan writes nothing'),
    erase: () => assert.fail('scan erases nothing'),
  };
  return { slot: new SlotBytes(storage, 0), reads: () => reads };
}

const join = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

const item = (type: number, text: string): Uint8Array => frame(type as ItemType, encodeUtf8(text));
const TYPES = Object.entries(ITEM) as [string, ItemType][];

/** The items scan found, as [type, start, length], and the damaged runs as ['damage', start, end]. */
function found(bytes: Uint8Array) {
  const { items, mended } = scan(slot(bytes));
  return { mended, items: items.map((x) => (isDamage(x) ? ['damage', x.start, x.end] : [x.type, x.start, x.length])) };
}

/** Where each of `parts` starts in their join, and its body's length, as scan reports a whole item. */
const wholeItems = (parts: Uint8Array[], types: number[]) => {
  let at = 0;
  return parts.map((p, i) => {
    const r = [types[i], at + HEAD, p.length - HEAD];
    at += p.length;
    return r;
  });
};

describe("the outbox's items read back (scan)", () => {
  it('finds every item type whole, assigned (the highest) included, with nothing mended', () => {
    assert.equal(Math.max(...TYPES.map(([, t]) => t)), ITEM.assigned);
    const parts = TYPES.map(([name, t]) => item(t, `{"item":"${name}"}`));
    assert.deepEqual(found(join(...parts)), { mended: false, items: wholeItems(parts, TYPES.map(([, t]) => t)) });
    for (const [name, t] of TYPES) {
      const alone = item(t, `{"only":"${name}"}`);
      assert.deepEqual(found(alone), { mended: false, items: [[t, HEAD, alone.length - HEAD]] }, `${name} alone`);
    }
  });

  it('an outbox holding the tournament state (assigned) and records reboots reading it whole: nothing written', () => {
    const flash = new MemoryFlash();
    const o = new Outbox(flash);
    o.open();
    o.add('board', (c) => ({ bytes: encodeUtf8(`{"counter":${c}}`), signature: `sig${c}` }));
    o.setAssigned('{"counter":42}');
    const writes = flash.ops.length;
    const again = new Outbox(flash);
    again.open();
    assert.equal(flash.ops.length, writes, 'no copy at the reboot');
    assert.equal(again.assigned, '{"counter":42}');
    assert.deepEqual(again.queued().map((e) => e.counter), [1]);
  });

  it('a copy carries a record of 3 KiB in one write from a storage that reads whole slots (the bytes are in memory), a piece at a time from one that reads ranges', () => {
    for (const reads of ['whole', 'ranged'] as const) {
      const flash = new MemoryFlash();
      const port: StoragePort = reads === 'ranged' ? flash : { read: (s) => flash.read(s), append: (s, b) => flash.append(s, b), erase: (s) => flash.erase(s) };
      const o = new Outbox(port);
      o.open();
      const big = new Uint8Array(3000).fill(0x62);
      o.add('board', () => ({ bytes: big, signature: 'sig-big' }));
      flash.append(flash.ops[flash.ops.length - 1].slot, Uint8Array.of(0xcb)); // a torn tail: the reboot copies
      const from = flash.ops.length;
      new Outbox(port).open();
      const writes = flash.ops.slice(from).flatMap((op) => (op.kind === 'append' ? [op.bytes.length] : []));
      if (reads === 'whole') assert.ok(writes.includes(big.length), `${reads}: ${writes.join(', ')}`);
      else assert.deepEqual(writes.filter((n) => n > PIECE), [], `${reads}: ${writes.join(', ')}`);
      const again = new Outbox(port);
      again.open();
      const [e] = again.queued();
      assert.deepEqual(again.body(e).read(0, e.at.length), big, `${reads}: the record as it was`);
    }
  });

  it('a record of 4 KiB damaged in a copy is never read whole (as text: a SEAL is looked for only in short runs), only a piece at a time', () => {
    const flash = new MemoryFlash();
    const o = new Outbox(flash);
    o.open();
    const big = new Uint8Array(4000).fill(0x61);
    o.add('board', () => ({ bytes: big, signature: 'sig-big' }));
    flash.append(flash.ops[flash.ops.length - 1].slot, Uint8Array.of(0xcb)); // a torn tail: the reboot copies
    new Outbox(flash).open();
    const slotNow = flash.ops[flash.ops.length - 1].slot;
    flash.slots[slotNow][flash.slots[slotNow].length - 1000] ^= 0x01; // in the copied record's body
    let largest = 0;
    const readRange = flash.readRange.bind(flash);
    flash.readRange = (s, offset, length) => ((largest = Math.max(largest, length)), readRange(s, offset, length));
    const again = new Outbox(flash);
    again.open();
    assert.deepEqual(again.queued().map((e) => e.counter), [1], 'taken whole from the other slot');
    assert.ok(largest <= PIECE, `the largest piece read at once: ${largest} bytes`);
  });

  it('finds every item type whole again after a run of damaged bytes, assigned included', () => {
    const junk = Uint8Array.of(0x00, 0x13, 0xff, 0x7a, 0x01);
    for (const [name, t] of TYPES) {
      const it = item(t, `{"after":"${name}"}`);
      assert.deepEqual(found(join(junk, it)), { mended: false, items: [['damage', 0, junk.length], [t, junk.length + HEAD, it.length - HEAD]] }, name);
    }
  });

  it('finds an item right after one damaged byte at the very end of the slot, one with an empty body included', () => {
    for (const [name, t] of TYPES) {
      const it = frame(t, new Uint8Array(0));
      assert.deepEqual(found(join(Uint8Array.of(0x00), it)), { mended: false, items: [['damage', 0, 1], [t, 1 + HEAD, 0]] }, name);
    }
  });

  it('looks for the next head a piece at a time, reading a head only where a magic byte is followed by a type (each read is a storage call, a file opened on the device)', () => {
    // Damage as an erase cut short leaves it: garbage with many magic bytes, followed by a zero, by a
    // byte past the types, by a UTF-8 continuation byte (as the text of a record has them); and a type
    // byte after another byte than the magic.
    const garbage = new Uint8Array(400);
    for (let i = 0; i < garbage.length; i += 10) garbage.set([0xcb, 0x00, 0xcb, 0x08, 0xcb, 0x80, 0xcb, 0xcb, 0x41, ITEM.entry], i);
    const after = item(ITEM.status, '{"n":2}');
    const { slot: s, reads } = rangedSlot(join(garbage, after));
    const { items, mended } = scan(s);
    assert.equal(mended, false);
    assert.deepEqual(items.map((x) => (isDamage(x) ? ['damage', x.start, x.end] : [x.type, x.start, x.length])), [['damage', 0, garbage.length], [ITEM.status, garbage.length + HEAD, after.length - HEAD]]);
    assert.ok(reads() <= 12, `${reads()} reads of a slot of ${garbage.length + after.length} bytes holding ${garbage.length * 0.4} magic bytes`);
  });

  it("a head whose length reads 0 is not taken for an item's end (every item has a body): the damaged run stays one", () => {
    const parts = [item(ITEM.entry, '{"counter":1,"signature":"s"}\nH\nb1\n'), item(ITEM.status, '{"n":2}')];
    const bytes = join(...parts);
    bytes.fill(0, 2, 6); // the length, a flash word gone to zero
    bytes[HEAD + 3] ^= 0x01; // and a byte of the body: no mend
    assert.deepEqual(found(bytes), { mended: false, items: [['damage', 0, parts[0].length], [ITEM.status, parts[0].length + HEAD, parts[1].length - HEAD]] });
  });

  it('mends two items whose magic bytes are both damaged (one run of damage across two heads): the second attempt, at the first head\'s stated end', () => {
    const parts = [item(ITEM.entry, '{"n":1}'), item(ITEM.assigned, '{"counter":4}'), item(ITEM.status, '{"n":3}')];
    const bytes = join(...parts);
    bytes[0] = 0x00;
    bytes[parts[0].length] = 0x00;
    assert.deepEqual(found(bytes), { mended: true, items: wholeItems(parts, [ITEM.entry, ITEM.assigned, ITEM.status]) });
  });

  it('mends an item whose magic byte alone is damaged, whatever its type and length, an empty one included', () => {
    for (const [name, t] of TYPES) {
      for (const first of [item(t, `{"mend":"${name}"}`), frame(t, new Uint8Array(0))]) {
        const parts = [first, item(ITEM.status, '{"n":2}')];
        const bytes = join(...parts);
        bytes[0] = 0x5a;
        assert.deepEqual(found(bytes), { mended: true, items: wholeItems(parts, [t, ITEM.status]) }, `${name}, ${first.length - HEAD} bytes`);
      }
    }
  });

  it('damage at the end of the slot across two heads: only its last part is the tail (the part before it is a damaged item, not a cut)', () => {
    const parts = [item(ITEM.entry, '{"n":1}'), item(ITEM.entry, '{"n":2}'), item(ITEM.entry, '{"n":3}')];
    const bytes = join(...parts);
    const second = parts[0].length;
    bytes[second + HEAD + 2] ^= 0x01; // a byte of the second's body, and one of the third's: neither mends
    bytes[bytes.length - 2] ^= 0x01;
    const { items } = scan(slot(bytes));
    assert.deepEqual(items.map((x) => (isDamage(x) ? { start: x.start, end: x.end, tail: x.tail, cut: x.cut } : x.type)), [ITEM.entry, { start: second, end: second + parts[1].length, tail: false, cut: false }, { start: second + parts[1].length, end: bytes.length, tail: true, cut: false }]);
  });

  for (const bad of [0, 8, 0xcb]) {
    it(`never takes a head of type ${bad} (no item type) for an item, though its CRC checks: whole or mended`, () => {
      const stranger = item(bad, '{"n":2}');
      const parts = [item(ITEM.entry, '{"n":1}'), stranger, item(ITEM.status, '{"n":3}')];
      const start = parts[0].length;
      const { mended, items } = found(join(...parts));
      assert.equal(mended, false);
      assert.deepEqual(items, [wholeItems(parts, [ITEM.entry])[0], ['damage', start, start + stranger.length], [ITEM.status, start + stranger.length + HEAD, parts[2].length - HEAD]]);
      // Its magic damaged too: still not mended into an item.
      const bytes = join(...parts);
      bytes[start] = 0x00;
      assert.deepEqual(found(bytes).items, items);
    });
  }
});

// A slot's items read for what they mean (src/sync/outbox-items.ts, readSlot), in slots built by hand: what
// counts as a copy, what a damaged run is taken for, and items whose fields are not as this firmware writes them.
const head = (generation: unknown, mark?: unknown) => item(ITEM.head, JSON.stringify({ generation, mark }));
const seal = (generation: unknown) => item(ITEM.seal, JSON.stringify({ generation }));
const entry = (counter: number, meta: object = {}) =>
  item(ITEM.entry, `${JSON.stringify({ counter, kind: 'board', status: 'queued', error: null, signature: `sig${counter}`, ...meta })}\nH\nb${counter}\n`);
/** `bytes` with the byte at `at` (from its end if negative) XORed with `x`. */
const hurt = (bytes: Uint8Array, at: number, x = 0x01) => {
  const out = bytes.slice();
  out[at < 0 ? out.length + at : at] ^= x;
  return out;
};
const read = (...parts: Uint8Array[]) => readSlot(slot(join(...parts)));

describe("a slot's items read for what they mean (readSlot)", () => {
  it('a copy counts only once its SEAL is whole: one torn at the slot\'s end leaves the slot out', () => {
    assert.notEqual(read(head(2, 1), entry(1), seal(2)), null);
    assert.equal(read(head(2, 1), entry(1), seal(2).subarray(0, -1)), null);
  });

  it('a record appended after the SEAL whose type byte reads SEAL is a damaged record all the same: counted and reported', () => {
    const s = read(head(1, 0), seal(1), hurt(entry(1), 1, ITEM.entry ^ ITEM.seal), entry(2));
    assert.deepEqual([s?.mark, s?.entries.map((e) => e.counter), s?.lost], [2, [2], [{ counter: 1, kind: 'board', status: null }]]);
    // Its counter is used up though no record follows it (an item does: it is no cut).
    const alone = read(head(1, 0), seal(1), hurt(entry(1), -2), item(ITEM.assigned, '{"counter":4}'));
    assert.deepEqual([alone?.mark, alone?.lost.map((l) => l.counter)], [1, [1]]);
  });

  it('a damaged run is taken for the SEAL by its text only if the text is a SEAL\'s (its generation alone, not a HEAD\'s)', () => {
    const typeless = (b: Uint8Array) => hurt(b, 1, b[1]); // its type byte reads 0
    assert.equal(read(head(3, 0), typeless(item(ITEM.seal, '{"generation":3,"mark":0}')), entry(1)), null);
    const s = read(head(3, 0), typeless(seal(3)), entry(1));
    assert.deepEqual([s?.generation, s?.entries.map((e) => e.counter)], [3, [1]]);
    // By its type byte, whatever its text: a SEAL damaged in its text, whole items after it.
    assert.deepEqual(read(head(3, 0), hurt(seal(3), -2), entry(1))?.entries.map((e) => e.counter), [1]);
  });

  it("damaged records of a copy: a counter read from a record's first line is believed only above the records before it and up to the mark; each is reported, those of no counter too", () => {
    const damaged = (c: number, kind = 'board') => hurt(entry(c, { kind }), -2); // a byte of its log: its first line whole
    const s = read(head(1, 4), entry(1), entry(2), damaged(2), damaged(5), damaged(3, 'match'), damaged(4, 'x'), seal(1));
    assert.deepEqual(s?.lost.map((l) => [l.counter, l.kind]), [[null, 'board'], [null, 'board'], [3, 'match'], [4, null]]);
    assert.equal(s?.mark, 4);
  });

  it('a slot that does not begin with a HEAD (whole or damaged), or whose HEAD lacks its numbers, does not count', () => {
    assert.equal(read(entry(1), seal(1)), null);
    assert.equal(read(head('2', 1), entry(1), seal('2')), null);
    assert.equal(read(head(2), entry(1), seal(2)), null);
  });

  it('items whose fields are not as this firmware writes them are read safely: no signature, no record; an odd kind, status or error read as the plain ones', () => {
    const status = (text: string) => item(ITEM.status, text);
    const s = read(head(1, 0), seal(1), entry(1, { signature: 7 }), entry(2, { kind: 'x', status: 'weird', error: 7 }), entry(3), status('{"counter":3,"status":"refused","error":7}'), status('{"counter":3,"status":"weird"}'), status('not JSON'));
    assert.deepEqual(s?.entries.map((e) => [e.counter, e.kind, e.status, e.error]), [[2, 'board', 'queued', null], [3, 'board', 'refused', null]]);
  });

  it('a LOST item read safely (its list\'s counter that is no number, unknown kind, entry that is no object; a LOST item that holds no list), and the statuses of its records', () => {
    const lost = (text: string) => item(ITEM.lost, text);
    const status = (text: string) => item(ITEM.status, text);
    const s = read(head(1, 5), lost('{"lost":[{"counter":2,"kind":"match"},{"counter":"3","kind":"x"},null,7]}'), seal(1), lost('not JSON'), lost('{"lost":5}'), status('{"counter":2,"status":"refused","error":7}'), status('{"counter":2,"status":"weird"}'), status('{"counter":9,"status":"refused"}'));
    assert.deepEqual(s?.lost, [{ counter: 2, kind: 'match', status: { status: 'refused', error: null } }, { counter: null, kind: null, status: null }, { counter: null, kind: null, status: null }, { counter: null, kind: null, status: null }]);
  });
});
