// Records in flash: a kind, a length and a CRC-32 before the text, so that a record torn or damaged by a
// power cut is known as such. Reading stops at the first record that is not whole.

import { encodeUtf8, decodeUtf8 } from './utf8.ts';
import { crc32 } from './crc32.ts';

const MAGIC = 0xca;
const HEAD = 8; // magic, kind, length (u16), crc (u32)
const MAX = 0xffff;

export interface Record {
  /** 1–255; kind 1 is the slot head (slots.ts), the others are the store's own. */
  kind: number;
  text: string;
}

export function encodeRecord(kind: number, text: string): Uint8Array {
  const body = encodeUtf8(text);
  if (body.length > MAX) throw new Error(`flash record of ${body.length} bytes is too long`);
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

/** The whole records of a slot, and whether it ended with a torn or damaged one. */
export function decodeRecords(bytes: Uint8Array): { records: Record[]; torn: boolean } {
  const records: Record[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < HEAD || bytes[at] !== MAGIC) return { records, torn: true };
    const kind = bytes[at + 1];
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
