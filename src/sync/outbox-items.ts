// The outbox's items in flash (docs/sync.md §3): each is a magic byte, its type, a 32-bit length and a
// CRC-32, then its bytes. Reading a slot: whole items only, and a slot counts only if it is a sealed copy.

import { crc32 } from '../store/crc32.ts';
import { decodeUtf8 } from '../store/utf8.ts';
import type { RecordKind } from './record.ts';

export const ITEM = Object.freeze({ head: 1, entry: 2, status: 3, archive: 4, seal: 5 });
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

/** The whole items of a slot, and whether bytes after them are torn or damaged. */
function items(bytes: Uint8Array): { list: Item[]; torn: boolean } {
  const list: Item[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < HEAD || bytes[at] !== MAGIC) return { list, torn: true };
    const length = readU32(bytes, at + 2);
    if (at + HEAD + length > bytes.length) return { list, torn: true };
    if (((crc32(bytes, at + 1, at + 6) ^ crc32(bytes, at + HEAD, at + HEAD + length)) >>> 0) !== readU32(bytes, at + 6)) return { list, torn: true };
    list.push({ type: bytes[at + 1] as ItemType, start: at + HEAD, length });
    at += HEAD + length;
  }
  return { list, torn: false };
}

function json(bytes: Uint8Array, it: Item, to = it.start + it.length): Record<string, unknown> | null {
  try {
    const v = JSON.parse(decodeUtf8(bytes, it.start, to));
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
}

export function readSlot(slot: 0 | 1, bytes: Uint8Array): SlotState | null {
  const { list, torn } = items(bytes);
  const head = list[0] && list[0].type === ITEM.head ? json(bytes, list[0]) : null;
  if (!head || typeof head.generation !== 'number' || typeof head.mark !== 'number') return null;
  const s: SlotState = { generation: head.generation, mark: head.mark, entries: [], latest: null, torn, size: 0 };
  let sealed = false;
  let end = 0;
  for (const it of list.slice(1)) {
    end = it.start + it.length;
    if (it.type === ITEM.seal) sealed = sealed || json(bytes, it)?.generation === s.generation;
    else if (it.type === ITEM.entry) addEntry(s, slot, bytes, it);
    else if (it.type === ITEM.status) applyStatus(s, json(bytes, it));
    else if (it.type === ITEM.archive) s.latest = { slot, start: it.start, length: it.length };
  }
  s.size = end;
  return sealed ? s : null;
}

function addEntry(s: SlotState, slot: 0 | 1, bytes: Uint8Array, it: Item): void {
  let nl = it.start;
  while (nl < it.start + it.length && bytes[nl] !== 0x0a) nl++;
  const meta = json(bytes, it, nl);
  if (!meta || typeof meta.counter !== 'number' || typeof meta.signature !== 'string') return;
  const status = meta.status === 'refused' || meta.status === 'acked' ? meta.status : 'queued';
  const entry: Entry = {
    counter: meta.counter,
    kind: meta.kind === 'match' ? 'match' : 'board',
    status,
    error: typeof meta.error === 'string' ? meta.error : null,
    signature: meta.signature,
    at: { slot, start: nl + 1, length: it.start + it.length - nl - 1 },
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

