// What a post's reading and replay hand the store, and how it crosses threads. A record read in a replay
// thread is stored by SQLite's writer thread; the event loop between them only groups records into
// transactions and answers. Sent as objects, the record crossed the event loop twice, cloned field by
// field each time (the body's text, its log a second time, the replayed state and board rows): some 14 %
// of the event loop's time, and much of its 10 % of garbage collection. So the replay thread serializes
// it once, with the body's bytes as they came (`pack`), into a buffer that is moved (not copied) to the
// event loop and from there, unread, to the writer thread, which makes the objects again (`unpack`); the
// replayed state goes as the JSON text the store writes (`StateText`), not as an object the writer would
// make again only to turn it into that text twice (the match's row, the record's event). Copying the bytes of a
// batch into the writer's message was itself a tenth of the event loop's work, and a shared buffer costs
// more to make than the copy. A batch the thread could not store comes back with its buffers (the group
// commit tries its records again one by one); a record whose buffer was lost with a thread that died is
// answered 500, nothing stored, and its table sends it again. Where the store runs on the event loop
// (PostgreSQL, an in-memory SQLite database) a replay thread answers with the objects, which a message
// clones for less than packing and unpacking cost; in-process (no replay threads) nothing is packed.
import { DefaultDeserializer, DefaultSerializer } from 'node:v8';
import type { Replayed } from './check.ts';
import type { Checked, ResultRecord } from './record.ts';
import type { BoardRow } from './boards.ts';

/** A record checked and replayed, as the store stores it (server/store/store.ts). */
export interface NewRecord {
  /** The record as the table sent it, but for its stated `state`: what is stored is the replay's (`state`). */
  record: Omit<ResultRecord, 'state'>;
  body: string;
  /** `body`'s UTF-8 bytes as they came, when the record was packed (server/records/storable.ts): what SQLite's
   * writer stores, without the text made from them and encoded again. */
  bodyBytes?: Uint8Array;
  signature: string;
  receivedAt: string;
  headerLine: string;
  players: string[];
  rules: string;
  mode: string;
  state: unknown;
  /** `state` as the store writes it, when the replay thread made it so (a packed record: server/records/storable.ts). */
  stateText?: StateText;
  rows: BoardRow[];
  forward: boolean;
}

/** A NewRecord but for what the post adds to it: its signature, when it came, whether to forward it. */
export type Storable = Omit<NewRecord, 'signature' | 'receivedAt' | 'forward'>;

/** A Storable serialized by `pack`. */
export type Packed = Uint8Array;

/** A match's state as the store writes it: its JSON text (carrom_matches.state, and inside the record's
 * event) and what the store reads of it, whether the match is over and who won. */
export interface StateText {
  json: string;
  over: boolean;
  winner: number | null;
}

/** The record's state as the store writes it, made from the object where the replay thread did not. */
export function stateTextOf(r: { state?: unknown; stateText?: StateText }): StateText {
  if (r.stateText) return r.stateText;
  const { match } = r.state as { match: { over: boolean; winner?: number | null } };
  return { json: JSON.stringify(r.state), over: match.over, winner: match.winner ?? null };
}

/** A body read: not a record (400), or its counter and what to store, unless its replay refused it (a
 * 422's reason in `refused`). `record` is packed when it comes from a replay thread. */
export type Read = { ok: false; error: string } | { ok: true; counter: number; refused: string; record: null } | { ok: true; counter: number; refused: null; record: Storable | Packed };

/** What the store keeps of a body read into `record` and replayed; the record's stated `state`, checked
 * against the replay's, is not kept (the replay's is stored). */
export function storableOf(body: string, record: ResultRecord, replayed: Replayed): Storable {
  const { state: _, ...rest } = record;
  const { headerLine, header, state, rows } = replayed;
  return { record: rest, body, headerLine, players: header.players, rules: header.rules, mode: header.mode, state, rows };
}

/** A body's reading and replay (server/records/read-record.ts) as the store takes it. */
export function readOf(read: { ok: false; error: string } | { ok: true; text: string; record: ResultRecord; replayed: Checked<Replayed> }): Read {
  if (!read.ok) return read;
  const { counter } = read.record;
  if (!read.replayed.ok) return { ok: true, counter, refused: read.replayed.error, record: null };
  return { ok: true, counter, refused: null, record: storableOf(read.text, read.record, read.replayed.value) };
}

/** `s` in a buffer of its own, to move to the thread it is sent to: the length of its body's bytes, its
 * objects serialized, then those bytes as they came (`raw`, which `s.body` was decoded from), which cost
 * less to copy and decode again than the text does to serialize and deserialize. One serializer writes
 * them all, and the buffer it grew is the one moved: serializing into a buffer of its own, then copying
 * that and the bytes into another made for both, cost more (the new buffer most). */
export function pack(s: Storable, raw: Uint8Array): Packed {
  // The state as the text the store writes (twice: the match's row and the record's event), made here
  // once: serializing the object and deserializing it cost more than that, and the writer then made the
  // text twice from it.
  const { body: _, state: __, bodyBytes: ___, ...rest } = s;
  const out = new DefaultSerializer();
  out.writeHeader();
  out.writeUint32(raw.byteLength);
  out.writeValue({ ...rest, stateText: stateTextOf(s) });
  out.writeRawBytes(raw);
  return out.releaseBuffer();
}

/** The buffers of the packed records among `rs`, to move with them (null for one that is not packed). */
export const buffersOf = (rs: readonly ToStore[]): (ArrayBuffer | null)[] => rs.map((r) => ('packed' in r ? (r.packed.buffer as ArrayBuffer) : null));

/** Whether a packed record's buffer was moved to a thread that did not give it back. */
export const lost = (r: ToStore): boolean => 'packed' in r && r.packed.byteLength === 0;

/** The bytes were decoded once already (strictly, as UTF-8), and a BOM is kept as it was. */
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The record packed, made again, with its body's bytes (`bodyBytes`, a view of `p`, which SQLite's
 * writer stores as they are); its body's text and its `state` object only if they are read (decoded, or
 * parsed from the state's text, then). */
export function unpack(p: Packed): Storable {
  const fields = new DefaultDeserializer(p);
  fields.readHeader();
  // The body's bytes are the buffer's last ones.
  const n = fields.readUint32();
  return new Unpacked(fields.readValue() as Fields, p.subarray(p.byteLength - n)) as unknown as Storable;
}

type Fields = Omit<Storable, 'body' | 'state' | 'bodyBytes'> & { stateText: StateText };

/** An unpacked record: `body` and `state` are getters of the class, made once when first read (getters
 * defined on each object, each its own closures, gave every object a hidden class of its own and cost
 * more than the deserialization they saved). */
class Unpacked {
  declare readonly stateText: StateText;
  #body: string | undefined;
  #state: unknown;

  constructor(
    fields: Fields,
    readonly bodyBytes: Uint8Array,
  ) {
    Object.assign(this, fields);
  }

  get body(): string {
    return (this.#body ??= decoder.decode(this.bodyBytes));
  }

  get state(): unknown {
    return (this.#state ??= JSON.parse(this.stateText.json));
  }
}

/** A record to store as a replay thread sent it: packed, and what the post adds. */
export interface PackedRecord {
  /** What the group commit reads of it (server/store/commit.ts). */
  record: { table: string; counter: number };
  /** Moved to the writer thread with its batch, and given back if the batch was not stored. */
  packed: Packed;
  signature: string;
  receivedAt: string;
  forward: boolean;
}

/** A record for the store, packed or not. */
export type ToStore = NewRecord | PackedRecord;

/** The record's objects, made again from its buffer when it is packed. */
export function unpacked(r: ToStore): NewRecord {
  if (!('packed' in r)) return r;
  const { packed, record: _, ...added } = r;
  // Assigned rather than spread, which would read (and so decode and parse) the body and the state.
  return Object.assign(unpack(packed), added);
}

export const isPacked = (r: Storable | Packed): r is Packed => r instanceof Uint8Array;
