// Two slots of CRC-checked records that take turns, for anything that must survive a power cut at any
// byte: the match journal, and whatever else keeps a log in flash beside it.
//
// A slot begins with a head record: its generation, how many records make it whole, and the store's
// own fields. A slot is written whole into the other slot (replace) and only then appended to. It takes
// over when its last record lands, not before: until then the reader finds it short of its count and
// keeps the old slot, so a cut anywhere in a copy leaves everything as it was, however often it repeats.
//
// A cut during an append leaves a torn tail, after which appends could never be read. Nothing is
// written at boot to repair it (a boot after a cut must not write while pieces may still roll, nor wear
// the flash at every flicker of the power): the next write copies the whole records to the other slot
// with the new record last, and that copy takes over once whole, like any other.

import { decodeRecords, encodeRecord, type Record } from './records.ts';

/** Flash as the store sees it (Preference keys, a file pair, or memory in tests). */
export interface StoragePort {
  /** Everything written to `slot` since it was last erased. */
  read(slot: 0 | 1): Uint8Array;
  append(slot: 0 | 1, bytes: Uint8Array): void;
  erase(slot: 0 | 1): void;
  /** Optional, both or neither: `length` bytes from `offset` (fewer at the end) and the bytes in a slot,
   * so that a store whose records are large (the outbox's, up to 256 KiB) reads a piece at a time
   * instead of holding the whole slot on a heap of ~77 KiB. */
  readRange?(slot: 0 | 1, offset: number, length: number): Uint8Array;
  size?(slot: 0 | 1): number;
}

/** The kind of the head record; a store's own records use other kinds (2–255). */
export const HEAD_KIND = 1;

/** A slot's head fields (a JSON object, without the generation and count) and the records after it. */
export interface SlotContent {
  head: { [field: string]: unknown };
  records: Record[];
}

interface Slot extends SlotContent {
  generation: number;
  fields: string;
  torn: boolean;
  size: number;
}

function readSlot(bytes: Uint8Array): Slot | null {
  const { records, torn } = decodeRecords(bytes);
  const first = records[0];
  if (!first || first.kind !== HEAD_KIND) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(first.text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { generation, records: whole, ...head } = parsed as { generation: unknown; records: unknown };
  if (typeof generation !== 'number' || typeof whole !== 'number' || !(whole >= 0)) return null;
  if (records.length - 1 < whole) return null; // a copy cut short: it never took over
  return { generation, head, fields: JSON.stringify(head), records: records.slice(1), torn, size: bytes.length };
}

export class Slots {
  private slot: 0 | 1 = 0;
  private generation = 0;
  /** The slot in use ends in a torn record: the next append copies it first. */
  private torn = false;
  /** Bytes in the slot in use (for the size benchmark and compaction decisions). */
  size = 0;

  constructor(private readonly storage: StoragePort) {}

  /** The newest whole slot, or null if neither is. Writes nothing. */
  open(): SlotContent | null {
    const a = readSlot(this.storage.read(0));
    const b = readSlot(this.storage.read(1));
    const best = a && b ? (b.generation > a.generation ? b : a) : (a ?? b);
    this.torn = false;
    this.size = 0;
    if (!best) return null;
    this.slot = best === a ? 0 : 1;
    this.generation = best.generation;
    this.torn = best.torn;
    this.size = best.size;
    return { head: best.head, records: best.records };
  }

  /** One record after the others; after a torn tail, a whole copy with this record last. */
  append(kind: number, text: string): void {
    const current = this.torn ? readSlot(this.storage.read(this.slot)) : null;
    if (current) {
      this.replace(current.fields, [...current.records, { kind, text }]);
      return;
    }
    const bytes = encodeRecord(kind, text);
    try {
      this.storage.append(this.slot, bytes);
    } catch (e) {
      // A flash that refused the write (full, worn) may hold part of the record: the next append copies
      // the slot's whole records first, as after a torn tail at boot.
      this.torn = true;
      throw e;
    }
    this.size += bytes.length;
  }

  /** A new generation in the other slot: `fields` (a JSON object) and `records`, in charge once all have landed. */
  replace(fields: string, records: readonly Record[]): void {
    const own = fields.trim();
    if (own[0] !== '{' || own[own.length - 1] !== '}') throw new Error('slot head fields must be a JSON object');
    const slot = this.slot === 0 ? 1 : 0;
    this.generation++;
    this.storage.erase(slot);
    // The generation and count go last: of two equal names, JSON.parse keeps the last.
    const body = own.slice(1, -1).trim();
    const head = `{${body}${body ? ',' : ''}"generation":${this.generation},"records":${records.length}}`;
    let size = 0;
    const put = (bytes: Uint8Array) => {
      this.storage.append(slot, bytes);
      size += bytes.length;
    };
    put(encodeRecord(HEAD_KIND, head));
    for (const r of records) put(encodeRecord(r.kind, r.text));
    this.slot = slot;
    this.torn = false;
    this.size = size;
  }
}
