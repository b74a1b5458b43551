// The match journal in flash: the match log, one record per settled shot, so that a power cut at any
// byte loses at most the shot in progress. Each record carries its length and a CRC-32; reading stops
// at the first record that is torn or damaged and keeps everything before it.
//
// Two slots take turns: at the start of a board the journal is compacted into the other slot (the
// header, a snapshot of the state, the events since), then that slot wins by its higher generation.
// A cut during compaction leaves the new slot without a whole snapshot, and the old slot stands.

import { encodeUtf8, decodeUtf8 } from './utf8.ts';
import { crc32 } from './crc32.ts';

/** Flash as the journal sees it (Preference keys, a file pair, or memory in tests). */
export interface StoragePort {
  /** Everything written to `slot` since it was last erased. */
  read(slot: 0 | 1): Uint8Array;
  append(slot: 0 | 1, bytes: Uint8Array): void;
  erase(slot: 0 | 1): void;
}

export const RECORD = Object.freeze({ header: 1, snapshot: 2, events: 3 });
type Kind = (typeof RECORD)[keyof typeof RECORD];

const MAGIC = 0xca;
const HEAD = 8; // magic, kind, length (u16), crc (u32)
const MAX = 0xffff;

export function encodeRecord(kind: Kind, text: string): Uint8Array {
  const body = encodeUtf8(text);
  if (body.length > MAX) throw new Error(`journal record of ${body.length} bytes is too long`);
  const out = new Uint8Array(HEAD + body.length);
  out[0] = MAGIC;
  out[1] = kind;
  out[2] = body.length & 0xff;
  out[3] = body.length >> 8;
  out.set(body, HEAD);
  const c = crc32(out, 1, 4) ^ crc32(body);
  out[4] = c & 0xff;
  out[5] = (c >>> 8) & 0xff;
  out[6] = (c >>> 16) & 0xff;
  out[7] = (c >>> 24) & 0xff;
  return out;
}

export interface Record {
  kind: Kind;
  text: string;
}

/** The whole records of a slot, and whether it ended with a torn or damaged one. */
export function decodeRecords(bytes: Uint8Array): { records: Record[]; torn: boolean } {
  const records: Record[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < HEAD || bytes[at] !== MAGIC) return { records, torn: true };
    const kind = bytes[at + 1] as Kind;
    const length = bytes[at + 2] | (bytes[at + 3] << 8);
    if (at + HEAD + length > bytes.length) return { records, torn: true };
    const body = bytes.subarray(at + HEAD, at + HEAD + length);
    const stored = (bytes[at + 4] | (bytes[at + 5] << 8) | (bytes[at + 6] << 16) | (bytes[at + 7] << 24)) >>> 0;
    if (((crc32(bytes, at + 1, at + 4) ^ crc32(body)) >>> 0) !== stored) return { records, torn: true };
    records.push({ kind, text: decodeUtf8(body) });
    at += HEAD + length;
  }
  return { records, torn: false };
}

/** What a slot holds: its generation, the match header, a snapshot if compacted, and event batches. */
export interface SlotContent {
  generation: number;
  header: string;
  snapshot: { state: string; line: number } | null;
  batches: string[];
  torn: boolean;
}

function readSlot(bytes: Uint8Array): SlotContent | null {
  const { records, torn } = decodeRecords(bytes);
  const first = records[0];
  if (!first || first.kind !== RECORD.header) return null;
  let head: { generation: number; header: unknown; compacted?: boolean };
  try {
    head = JSON.parse(first.text);
  } catch {
    return null;
  }
  let snap: SlotContent['snapshot'] = null;
  let i = 1;
  if (head.compacted) {
    const s = records[1];
    if (!s || s.kind !== RECORD.snapshot) return null; // compaction cut short: this slot never took over
    const nl = s.text.indexOf('\n');
    snap = { line: Number(s.text.slice(0, nl)), state: s.text.slice(nl + 1) };
    i = 2;
  }
  const batches: string[] = [];
  for (; i < records.length; i++) if (records[i].kind === RECORD.events) batches.push(records[i].text);
  return { generation: head.generation, header: JSON.stringify(head.header), snapshot: snap, batches, torn };
}

export class Journal {
  private slot: 0 | 1 = 0;
  private generation = 0;
  /** Bytes written to the current slot (for the size benchmark and compaction decisions). */
  size = 0;

  constructor(private readonly storage: StoragePort) {}

  /** The newest whole slot, or null for a blank journal. Appends then go to that slot. */
  open(): SlotContent | null {
    const a = readSlot(this.storage.read(0));
    const b = readSlot(this.storage.read(1));
    const best = a && b ? (b.generation > a.generation ? b : a) : (a ?? b);
    if (!best) return null;
    this.slot = best === a ? 0 : 1;
    this.generation = best.generation;
    if (best.torn) this.rewrite(best); // drop the torn tail so that appends follow whole records
    this.size = this.storage.read(this.slot).length;
    return best;
  }

  /** Starts a new match: slot 0 with only the header. */
  begin(header: string): void {
    this.generation++;
    this.write(this.slot === 0 ? 1 : 0, header, null, []);
  }

  /** One record: the events of one settled shot, or of a call made between shots (JSON lines). */
  append(events: string): void {
    const bytes = encodeRecord(RECORD.events, events);
    this.storage.append(this.slot, bytes);
    this.size += bytes.length;
  }

  /** Compaction: the other slot gets the header, a snapshot as of log line `line`, and nothing else. */
  compact(header: string, state: string, line: number): void {
    this.generation++;
    this.write(this.slot === 0 ? 1 : 0, header, { state, line }, []);
  }

  private rewrite(c: SlotContent): void {
    this.generation++;
    this.write(this.slot === 0 ? 1 : 0, c.header, c.snapshot, c.batches);
  }

  private write(slot: 0 | 1, header: string, snap: SlotContent['snapshot'], batches: string[]): void {
    this.storage.erase(slot);
    const head = `{"generation":${this.generation},"compacted":${snap !== null},"header":${header}}`;
    let size = 0;
    const put = (bytes: Uint8Array) => {
      this.storage.append(slot, bytes);
      size += bytes.length;
    };
    put(encodeRecord(RECORD.header, head));
    if (snap) put(encodeRecord(RECORD.snapshot, `${snap.line}\n${snap.state}`));
    for (const b of batches) put(encodeRecord(RECORD.events, b));
    this.slot = slot;
    this.size = size;
  }
}
