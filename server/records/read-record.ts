// A verified body read into a record and its log replayed, in one step that runs in a replay thread
// (server/records/replay-pool.ts): the UTF-8 decoding, JSON.parse and the strict JSON checks of a body of up to
// 256 KiB were a quarter of the event loop's work per record, and the thread that replays the log can do
// them as well. The event loop sends the body's bytes (moved, not copied) and gets back what the store
// needs of this step's answer (server/records/storable.ts: its counter, and the record packed for SQLite's writer thread).
import type { Replayed } from './check.ts';
import { readBody, type Checked, type ResultRecord } from './record.ts';
import type { Replayer } from './replay.ts';

/** A body that is no record (400, nothing replayed), or the record and its replay (a 422 when not ok). */
export type ReadRecord = { ok: false; error: string } | { ok: true; text: string; record: ResultRecord; replayed: Checked<Replayed> };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `table` is the post's Carrom-Table header, which the body's `table` must name. */
export function readRecord(replayer: Replayer, table: string, raw: Uint8Array): ReadRecord {
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    return { ok: false, error: 'body is not UTF-8' };
  }
  // The table's previous log, kept in this thread: the part of the body's log that repeats it is read
  // once, when it came (server/records/record.ts's readBody).
  const { parsed, json, warnings } = readBody(text, replayer.seen(table));
  if (!parsed.ok) return parsed;
  const record = parsed.value;
  if (record.table !== table) return { ok: false, error: `field "table" is "${record.table}" but header Carrom-Table is "${table}"` };
  const replayed = replayer.replay(record, json, warnings);
  // The stated `match` and `board` were compared with the log's; the rest (warnings: kilobytes) is not
  // read again, so it does not travel back.
  const { match, board } = record.state;
  return { ok: true, text, record: { ...record, state: { match, board } }, replayed };
}

/** The bytes of `raw` in an ArrayBuffer of their own, to move to a thread: the body's own when it is
 * one (a body of 4 KiB or more is), else a copy (a small one shares Node's pool). */
export function ownBuffer(raw: Uint8Array): ArrayBuffer {
  if (raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength && raw.buffer instanceof ArrayBuffer) return raw.buffer;
  // A copy (Buffer's own slice() would be a view of the pool).
  return new Uint8Array(raw).buffer;
}
