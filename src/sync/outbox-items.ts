// The outbox's items in flash (docs/sync.md §3): each is a magic byte, its type, a 32-bit length and a
// CRC-32, then its bytes. Reading a slot: whole items only, and a slot counts only if it is a sealed copy.

import { crc32 } from '../store/crc32.ts';
import type { StoragePort } from '../store/slots.ts';
import { decodeUtf8 } from '../store/utf8.ts';
import type { RecordKind } from './record.ts';

// 6, assigned: the table's tournament state (docs/tournament.md §5.1: the highest assignment counter it
// took, beside the mark); a reader that does not know the type skips it.
export const ITEM = Object.freeze({ head: 1, entry: 2, status: 3, archive: 4, seal: 5, assigned: 6 });
export type ItemType = (typeof ITEM)[keyof typeof ITEM];

const MAGIC = 0xcb;
export const HEAD = 10; // magic, type, length (u32), crc (u32)

/** How far a match's records went: boards done (games × 1000 + boards), and whether its match record was made. */
export interface Recorded {
  boards: number;
  over: boolean;
}

/** queued: to send; refused: the server refused it for good (kept, shown); acked: kept only as the log's archive. */
export type EntryStatus = 'queued' | 'refused' | 'acked';

export interface Entry {
  counter: number;
  kind: RecordKind;
  status: EntryStatus;
  /** Why the server refused it (status, then its error text). */
  error: string | null;
  signature: string;
  /** Where the record's bytes are: slot, offset, length. */
  at: { slot: 0 | 1; start: number; length: number };
}

interface Item {
  type: ItemType;
  start: number;
  length: number;
}

export function frame(type: ItemType, head: Uint8Array, body: Uint8Array | null = null): Uint8Array {
  const length = head.length + (body ? body.length : 0);
  const out = new Uint8Array(HEAD + length);
  out[0] = MAGIC;
  out[1] = type;
  for (let i = 0; i < 4; i++) out[2 + i] = (length >>> (8 * i)) & 0xff;
  out.set(head, HEAD);
  if (body) out.set(body, HEAD + head.length);
  writeU32(out, 6, crc32(out, 1, 6) ^ crc32(out, HEAD));
  return out;
}

const readU32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
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

/** How many bytes a piece read or written at once holds: small beside the device's heap. */
export const PIECE = 1024;

/** A slot's bytes: a range at a time when the storage can read ranges, else from one whole read. */
export class SlotBytes {
  readonly length: number;
  private readonly whole: Uint8Array | null;

  constructor(
    private readonly storage: StoragePort,
    readonly slot: 0 | 1,
  ) {
    this.whole = storage.readRange && storage.size ? null : storage.read(slot);
    this.length = this.whole ? this.whole.length : storage.size!(slot);
  }

  /** Whether reading a range reads only that range (else the whole slot is in memory anyway). */
  get ranged(): boolean {
    return this.whole === null;
  }

  get(offset: number, length: number): Uint8Array {
    const end = Math.min(this.length, offset + length);
    if (end <= offset) return new Uint8Array(0);
    return this.whole ? this.whole.subarray(offset, end) : this.storage.readRange!(this.slot, offset, end - offset);
  }

  /** The CRC of `length` bytes from `offset`, continued from `seed`, read a piece at a time. */
  crc(offset: number, length: number, seed = 0): number {
    let c = seed;
    for (let at = 0; at < length; at += PIECE) c = crc32(this.get(offset + at, Math.min(PIECE, length - at)), 0, undefined, c);
    return c;
  }
}

/** The whole items of a slot, and whether bytes after them are torn or damaged. */
function items(bytes: SlotBytes): { list: Item[]; torn: boolean } {
  const list: Item[] = [];
  let at = 0;
  while (at < bytes.length) {
    const h = bytes.get(at, HEAD);
    if (h.length < HEAD || h[0] !== MAGIC) return { list, torn: true };
    const length = readU32(h, 2);
    if (at + HEAD + length > bytes.length) return { list, torn: true };
    if (((crc32(h, 1, 6) ^ bytes.crc(at + HEAD, length)) >>> 0) !== readU32(h, 6)) return { list, torn: true };
    list.push({ type: h[1] as ItemType, start: at + HEAD, length });
    at += HEAD + length;
  }
  return { list, torn: false };
}

/** Small items only (a head, a status, a seal, an entry's first line). */
function json(bytes: SlotBytes, start: number, length: number): Record<string, unknown> | null {
  try {
    const v = JSON.parse(decodeUtf8(bytes.get(start, length)));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What a slot holds once read: null unless it is a whole copy (HEAD … SEAL of the same generation). */
export interface SlotState {
  generation: number;
  mark: number;
  entries: Entry[];
  /** The newest item holding a log: a record, or an archive (its bytes). */
  latest: { counter: number } | { slot: 0 | 1; start: number; length: number } | null;
  torn: boolean;
  size: number;
  /** The newest `assigned` item's text (JSON), or null: src/sync/assigner.ts reads it. */
  assigned: string | null;
}

export function readSlot(bytes: SlotBytes): SlotState | null {
  const { list, torn } = items(bytes);
  const slot = bytes.slot;
  const head = list[0] && list[0].type === ITEM.head ? json(bytes, list[0].start, list[0].length) : null;
  if (!head || typeof head.generation !== 'number' || typeof head.mark !== 'number') return null;
  const s: SlotState = { generation: head.generation, mark: head.mark, entries: [], latest: null, torn, size: 0, assigned: null };
  let sealed = false;
  let end = 0;
  for (const it of list.slice(1)) {
    end = it.start + it.length;
    if (it.type === ITEM.seal) sealed = sealed || json(bytes, it.start, it.length)?.generation === s.generation;
    else if (it.type === ITEM.entry) addEntry(s, bytes, it);
    else if (it.type === ITEM.status) applyStatus(s, json(bytes, it.start, it.length));
    else if (it.type === ITEM.archive) s.latest = { slot, start: it.start, length: it.length };
    else if (it.type === ITEM.assigned) s.assigned = decodeUtf8(bytes.get(it.start, it.length));
  }
  s.size = end;
  return sealed ? s : null;
}

/** An entry's first line (its counter, kind, status, signature: under 300 bytes), then the record. */
const META = 512;

function addEntry(s: SlotState, bytes: SlotBytes, it: Item): void {
  const first = bytes.get(it.start, Math.min(META, it.length));
  const n = first.indexOf(0x0a);
  if (n < 0) return;
  const nl = it.start + n;
  const meta = json(bytes, it.start, n);
  if (!meta || typeof meta.counter !== 'number' || typeof meta.signature !== 'string') return;
  const status = meta.status === 'refused' || meta.status === 'acked' ? meta.status : 'queued';
  const entry: Entry = {
    counter: meta.counter,
    kind: meta.kind === 'match' ? 'match' : 'board',
    status,
    error: typeof meta.error === 'string' ? meta.error : null,
    signature: meta.signature,
    at: { slot: bytes.slot, start: nl + 1, length: it.start + it.length - nl - 1 },
  };
  s.entries = s.entries.filter((e) => e.counter !== entry.counter);
  s.entries.push(entry);
  s.mark = Math.max(s.mark, entry.counter);
  s.latest = { counter: entry.counter };
}

export function applyStatus(s: SlotState, st: Record<string, unknown> | null): void {
  const e = st && s.entries.find((x) => x.counter === st.counter);
  if (!e || !st) return;
  if (st.status === 'refused') {
    e.status = 'refused';
    e.error = typeof st.error === 'string' ? st.error : null;
  } else if (st.status === 'queued') {
    e.status = 'queued';
    e.error = null;
  } else if (st.status === 'acked' || st.status === 'dropped') {
    e.status = 'acked';
  }
}

