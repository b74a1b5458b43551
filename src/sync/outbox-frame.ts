// The outbox's items in flash (docs/sync.md §3): each is a magic byte, its type, a 32-bit length and a
// CRC-32 (of the type and length, XOR that of the bytes), then its bytes. This file frames them, reads a
// slot a range at a time, and finds the items of a slot again after damage.
//
// Finding them again: a byte gone bad in the middle of a slot (bit rot, a flash word gone bad: not a cut,
// which only ever tears the last item) must not hide the items after it. The reader looks for the next
// place where a whole item starts (its magic, a type, a length that fits, a CRC that checks) and goes on
// from there. Bodies are UTF-8 text, in which the magic byte 0xCB (a lead byte) is always followed by a
// continuation byte (0x80–0xBF), never by a type (1–6): only the heads' binary fields can look like a
// head, and a false one would also need its CRC to match.

import { crc32 } from '../store/crc32.ts';
import type { StoragePort } from '../store/slots.ts';

// 7, assigned: the table's tournament state (docs/tournament.md §5.1: the highest assignment counter it
// took, beside the mark).
export const ITEM = Object.freeze({ head: 1, entry: 2, status: 3, archive: 4, seal: 5, lost: 6, assigned: 7 });
export type ItemType = (typeof ITEM)[keyof typeof ITEM];
const TYPES = 7;

const MAGIC = 0xcb;
export const HEAD = 10; // magic, type, length (u32), crc (u32)

/** How many bytes a piece read or written at once holds: small beside the device's heap. */
export const PIECE = 1024;

/** A small item whole (a large one: frameHead, then its body). */
export function frame(type: ItemType, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(HEAD + bytes.length);
  out[0] = MAGIC;
  out[1] = type;
  writeU32(out, 2, bytes.length);
  out.set(bytes, HEAD);
  writeU32(out, 6, crc32(out, 1, 6) ^ crc32(out, HEAD));
  return out;
}

export const readU32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
function writeU32(b: Uint8Array, at: number, v: number): void {
  for (let i = 0; i < 4; i++) b[at + i] = (v >>> (8 * i)) & 0xff;
}

/** An item's head (magic, type, length, CRC) and its first bytes `head`, for a body of `bodyLength`
 * bytes whose CRC, continued from `head`'s, is `bodyCrc`: the body is written after it, as it is read,
 * a piece at a time (a record may be 256 KiB). A cut between the two leaves a torn item, as any cut does. */
export function frameHead(type: ItemType, head: Uint8Array, bodyLength: number, bodyCrc: number): Uint8Array {
  const out = new Uint8Array(HEAD + head.length);
  out[0] = MAGIC;
  out[1] = type;
  writeU32(out, 2, head.length + bodyLength);
  out.set(head, HEAD);
  writeU32(out, 6, crc32(out, 1, 6) ^ bodyCrc);
  return out;
}

/** A slot's bytes: a range at a time when the storage can read ranges, else from one whole read. */
export class SlotBytes {
  readonly length: number;
  private readonly whole: Uint8Array | null;

  constructor(
    private readonly storage: StoragePort,
    readonly slot: 0 | 1,
  ) {
    // Stryker disable next-line LogicalOperator: a storage has both or neither (StoragePort): `||` differs only for one that breaks that
    this.whole = storage.readRange && storage.size ? null : storage.read(slot);
    this.length = this.whole ? this.whole.length : storage.size!(slot);
  }

  /** Whether reading a range reads only that range (else the whole slot is in memory anyway). */
  get ranged(): boolean {
    return this.whole === null;
  }

  get(offset: number, length: number): Uint8Array {
    const end = Math.min(this.length, offset + length);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a read of no bytes, which subarray and every storage's readRange answer with none too: this spares the storage a call
    if (end <= offset) return new Uint8Array(0);
    return this.whole ? this.whole.subarray(offset, end) : this.storage.readRange!(this.slot, offset, end - offset);
  }

  /** The CRC of `length` bytes from `offset`, continued from `seed`, read a piece at a time. */
  crc(offset: number, length: number, seed = 0): number {
    let c = seed;
    // Stryker disable next-line EqualityOperator: `<=` adds a last read of no bytes, which leaves the CRC as it is
    for (let at = 0; at < length; at += PIECE) c = crc32(this.get(offset + at, Math.min(PIECE, length - at)), 0, undefined, c);
    return c;
  }
}

export interface Item {
  type: ItemType;
  start: number;
  length: number;
}

/** A run of bytes that holds no whole item: `type` is its first head's type byte as it reads (it may be
 * the damaged byte), `tail` whether it runs to the slot's end (no whole item follows it: a cut looks the same), `cut` whether its
 * head's length runs past the end of the slot (only a cut or a damaged length does that). */
export interface Damage {
  start: number;
  end: number;
  type: number;
  tail: boolean;
  cut: boolean;
}

/** The whole item at `at`, by its own head, or null. */
function whole(bytes: SlotBytes, at: number): Item | null {
  const h = bytes.get(at, HEAD);
  // Stryker disable next-line ConditionalExpression: a head cut short by the slot's end fails the length test below too (at + HEAD alone passes the end)
  if (h.length < HEAD) return null;
  if (h[0] !== MAGIC || h[1] < 1 || h[1] > TYPES) return null;
  const length = readU32(h, 2);
  if (at + HEAD + length > bytes.length) return null;
  if (((crc32(h, 1, 6) ^ bytes.crc(at + HEAD, length)) >>> 0) !== readU32(h, 6)) return null;
  return { type: h[1] as ItemType, start: at + HEAD, length };
}

/** Where the next whole item starts after `from`, looking a piece at a time; -1 if none does. */
function nextWhole(bytes: SlotBytes, from: number): number {
  // Stryker disable next-line ArithmeticOperator: a bound past the end adds pieces of no bytes
  for (let at = from; at <= bytes.length - HEAD; at += PIECE) {
    const piece = bytes.get(at, PIECE);
    // Stryker disable next-line EqualityOperator: piece[piece.length] is undefined, no magic byte
    for (let i = 0; i < piece.length; i++) {
      // A head read (a storage call) only where one may start: its magic, then a type. At a piece's last
      // byte, piece[i + 1] is undefined, which neither test refuses: whole() reads the head.
      if (piece[i] !== MAGIC || piece[i + 1] < 1 || piece[i + 1] > TYPES) continue;
      if (whole(bytes, at + i)) return at + i;
    }
  }
  return -1;
}

/** The item that fills [start, end) exactly if only its magic or its length is damaged: the CRC still
 * vouches for every other byte, so nothing of it is lost. (Not its type: the CRC of the type and length
 * is XORed with the body's, so a type with one bit changed checks with a body whose byte as far from its
 * end has the same bit changed, and a damaged body would pass.) */
function mended(bytes: SlotBytes, start: number, end: number): Item | null {
  const h = bytes.get(start, HEAD);
  const length = end - start - HEAD;
  // Stryker disable next-line ConditionalExpression: a head cut short gives a run shorter than a head (length < 0); in a run shorter than a head, a CRC of no body bytes would have to match (as unlikely as any false head)
  if (h.length < HEAD || length < 0) return null;
  if (h[1] < 1 || h[1] > TYPES) return null;
  const fields = Uint8Array.of(h[1], length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24);
  if (((crc32(fields) ^ bytes.crc(start + HEAD, length)) >>> 0) !== readU32(h, 6)) return null;
  return { type: h[1] as ItemType, start: start + HEAD, length };
}

/** The items of a slot in order, whole or mended, and the runs of damaged bytes between them. `mended`:
 * some item was mended (its head on flash is still wrong, so the slot is worth copying). */
export function scan(bytes: SlotBytes): { items: (Item | Damage)[]; mended: boolean } {
  const items: (Item | Damage)[] = [];
  let repaired = false;
  let at = 0;
  while (at < bytes.length) {
    const it = whole(bytes, at);
    if (it) {
      items.push(it);
      at = it.start + it.length;
      continue;
    }
    const next = nextWhole(bytes, at + 1);
    // Stryker disable next-line EqualityOperator: next is never 0 (the search starts at at + 1)
    const end = next < 0 ? bytes.length : next;
    // One item, or more if the damage spans a head (a flash word across two): split where the heads say.
    for (let p = at; p < end; ) {
      const h = bytes.get(p, HEAD);
      // Stryker disable next-line ConditionalExpression: a head cut short by the slot's end ends past it either way (p + HEAD alone does)
      const stated = h.length === HEAD ? p + HEAD + readU32(h, 2) : Infinity;
      // A stated end within the run splits it; a length of 0 is no item's (each has a body), and says nothing.
      const q = stated > p + HEAD ? Math.min(stated, end) : end;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: q is end or before it; at end the second attempt is the first again (null again)
      const fixed = mended(bytes, p, end) ?? (q < end ? mended(bytes, p, q) : null);
      if (fixed) {
        items.push(fixed);
        repaired = true;
        p = fixed.start + fixed.length;
        continue;
      }
      items.push({ start: p, end: q, type: h[1] ?? 0, tail: q === bytes.length, cut: stated > bytes.length });
      p = q;
    }
    at = end;
  }
  return { items, mended: repaired };
}

export const isDamage = (x: Item | Damage): x is Damage => 'end' in x;
