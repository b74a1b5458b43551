// A replay thread (server/records/replay-pool.ts): reads the bodies (server/records/read-record.ts) and replays the
// records it is given with its own Replayer, which keeps the last log of each table routed to it. A body's
// record goes back packed for SQLite's writer thread (server/records/storable.ts): the event loop passes it on unread.
import { parentPort } from 'node:worker_threads';
import { readRecord } from './read-record.ts';
import type { ResultRecord } from './record.ts';
import { Replayer } from './replay.ts';
import { isPacked, pack, readOf, type Read } from './storable.ts';

type Message = { id: number; record: ResultRecord } | { id: number; table: string; body: ArrayBuffer; pack: boolean };

const replayer = new Replayer();
parentPort!.on('message', (m: Message) => {
  const { id } = m;
  let out;
  try {
    out = { id, value: 'record' in m ? replayer.replay(m.record) : packed(readOf(readRecord(replayer, m.table, new Uint8Array(m.body))), m.pack && new Uint8Array(m.body)) };
  } catch (e) {
    // A fault of the rules engine: the record is answered 500 and the thread goes on with the next.
    out = { id, fault: (e as Error).stack ?? String(e) };
  }
  // A packed record's buffer is moved, not copied.
  const v = 'value' in out ? out.value : null;
  parentPort!.postMessage(out, v && 'refused' in v && v.refused === null && isPacked(v.record) ? [v.record.buffer as ArrayBuffer] : []);
});

/** Packed for SQLite's writer thread, with the body's bytes `raw`; for a store on the event loop
 * (PostgreSQL), the objects: a message clones them for less than packing and unpacking them cost. */
function packed(read: Read, raw: Uint8Array | false): Read {
  return raw && read.ok && read.refused === null && !isPacked(read.record) ? { ...read, record: pack(read.record, raw) } : read;
}
