// The outbox's framing (src/sync/outbox-frame.ts, docs/sync.md §3) read back by `scan`: every item type
// is found whole by its own head, the highest (`assigned`) included, with no mending; a slot whose heads
// were damaged is mended where the CRC still vouches for the item, also when the damage spans two heads;
// and a head whose type is no item type is never taken for an item, even with a CRC that checks. An
// outbox holding every type reboots without a write (a mended item would have it copy the slot).
import assert from 'node:assert/strict';
import { HEAD, ITEM, SlotBytes, frame, isDamage, scan, type ItemType } from '../../../src/sync/outbox-frame.ts';
import { Outbox } from '../../../src/sync/outbox.ts';
import type { StoragePort } from '../../../src/store/slots.ts';
import { encodeUtf8 } from '../../../src/store/utf8.ts';
import { MemoryFlash } from '../../helpers/flash.ts';

/** A slot holding `bytes`, read whole (as a storage without ranged reads is). */
function slot(bytes: Uint8Array): SlotBytes {
  const storage: StoragePort = { read: () => bytes, append: () => assert.fail('scan writes nothing'), erase: () => assert.fail('scan erases nothing') };
  return new SlotBytes(storage, 0);
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

  it('finds every item type whole again after a run of damaged bytes, assigned included', () => {
    const junk = Uint8Array.of(0x00, 0x13, 0xff, 0x7a, 0x01);
    for (const [name, t] of TYPES) {
      const it = item(t, `{"after":"${name}"}`);
      assert.deepEqual(found(join(junk, it)), { mended: false, items: [['damage', 0, junk.length], [t, junk.length + HEAD, it.length - HEAD]] }, name);
    }
  });

  it('mends two items whose magic bytes are both damaged (one run of damage across two heads): the second attempt, at the first head\'s stated end', () => {
    const parts = [item(ITEM.entry, '{"n":1}'), item(ITEM.assigned, '{"counter":4}'), item(ITEM.status, '{"n":3}')];
    const bytes = join(...parts);
    bytes[0] = 0x00;
    bytes[parts[0].length] = 0x00;
    assert.deepEqual(found(bytes), { mended: true, items: wholeItems(parts, [ITEM.entry, ITEM.assigned, ITEM.status]) });
  });

  it('mends an item whose magic byte alone is damaged, whatever its type', () => {
    for (const [name, t] of TYPES) {
      const parts = [item(t, `{"mend":"${name}"}`), item(ITEM.status, '{"n":2}')];
      const bytes = join(...parts);
      bytes[0] = 0x5a;
      assert.deepEqual(found(bytes), { mended: true, items: wholeItems(parts, [t, ITEM.status]) }, name);
    }
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
