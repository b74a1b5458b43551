// The outbox: signed result records kept in flash until the server has acknowledged them, beside the
// journal and with the same power-cut guarantees (docs/sync.md §3).
//
// Two slots take turns, as in the journal. A slot is a copy (HEAD, the live items, SEAL) followed by
// appended changes (a new record, a status, an archive of the log). A copy counts only once its SEAL
// is written: a cut anywhere in a copy leaves the other slot in charge, however often it happens.
// Each item carries its length and a CRC-32; a torn last item is dropped, and the slot is copied
// before anything is appended after it.
//
// The counter: a record's counter is written inside the record's own item, so one append holds both;
// the HEAD of every copy carries the highest counter ever written (the mark), so a counter is never
// reused even after the records that held it are acknowledged and gone.
//
// Not built on src/store/slots.ts (the journal's two slots), on purpose: its records have 16-bit lengths
// and are decoded to text whenever a slot is read, which a 256 KiB record on a ~77 KiB heap cannot afford;
// the outbox's items have 32-bit lengths and are only ever read a range at a time. Making Slots do that
// would change the journal's format in flash for no gain to the journal.

import type { StoragePort } from '../store/journal.ts';
import { decodeUtf8, encodeUtf8 } from '../store/utf8.ts';
import { crc32 } from '../store/crc32.ts';
import { HEAD, ITEM, PIECE, SlotBytes, frame, frameHead, type ItemType } from './outbox-frame.ts';
import { applyStatus, readSlot, type Entry, type Lost, type Recorded, type SlotState } from './outbox-items.ts';
import { keptBy, recovered } from './outbox-mend.ts';
import type { BodySource } from './ports.ts';
import type { RecordKind } from './record.ts';

export type { Entry, EntryStatus, Lost, Recorded } from './outbox-items.ts';

export class Outbox {
  private slot: 0 | 1 = 0;
  private s: SlotState = { generation: 0, mark: 0, entries: [], lost: [], latest: null, sealed: 0, torn: false, damaged: false, size: 0, assigned: null };

  constructor(private readonly storage: StoragePort) {}

  /** Reads the outbox after a boot; a torn tail, damage, or a blank flash, is written afresh into the other slot. */
  open(): void {
    const a = readSlot(new SlotBytes(this.storage, 0));
    const b = readSlot(new SlotBytes(this.storage, 1));
    // Stryker disable next-line EqualityOperator: two slots never hold the same generation (a copy writes its source's + 1)
    const best = a && b ? (b.generation > a.generation ? b : a) : (a ?? b);
    if (best) {
      this.slot = best === a ? 0 : 1;
      this.s = best;
      // The older copy's counters too: a HEAD damaged in the newer one no longer tells its mark.
      best.mark = Math.max(a ? a.mark : 0, b ? b.mark : 0);
      const other = best === a ? b : a;
      // Records damaged here that the other slot holds whole are taken from there (outbox-mend.ts). Two
      // ifs, not `other && best.damaged`: XS spends two more operations on the && at every boot.
      if (other) {
        // Stryker disable next-line ConditionalExpression: recovered() returns null for a slot not damaged (its first test): this only spares the call
        if (best.damaged) {
          const mended = recovered(best, other);
          if (mended) ((this.slot = this.slot === 0 ? 1 : 0), (this.s = mended));
        }
      }
    }
    if (!best || best.torn) this.copy();
  }

  /** Records damaged in flash, never to be sent: the sync screen counts them until a person has seen them. */
  lost(): readonly Lost[] {
    return this.s.lost;
  }

  /** A person has seen the damaged records: no longer shown. */
  dismissLost(): void {
    if (this.s.lost.length === 0) return;
    this.append(frame(ITEM.lost, encodeUtf8(JSON.stringify({ lost: [] }))));
    this.s.lost = [];
  }

  /** The highest counter ever written. */
  get mark(): number {
    return this.s.mark;
  }

  /** The table's tournament state as last written (JSON text), or null: src/sync/assigner.ts owns its shape. */
  get assigned(): string | null {
    return this.s.assigned;
  }

  /** A new tournament state, in one small append: it lives beside the mark, and every copy carries it. */
  setAssigned(text: string): void {
    this.append(frame(ITEM.assigned, encodeUtf8(text)));
    this.s.assigned = text;
  }

  /** Records still to send, oldest first. */
  queued(): Entry[] {
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: the entries are in counter order already (added with rising counters; a copy writes them sorted, and open() copies a mended state at once): the sort is a guard
    return this.s.entries.filter((e) => e.status === 'queued').sort((x, y) => x.counter - y.counter);
  }

  /** The oldest record to send, or null (no list built: the scheduler asks at every tick). */
  firstQueued(): Entry | null {
    let first: Entry | null = null;
    // Stryker disable next-line EqualityOperator: no two records share a counter
    for (const e of this.s.entries) if (e.status === 'queued' && (first === null || e.counter < first.counter)) first = e;
    return first;
  }

  refused(): Entry[] {
    return this.s.entries.filter((e) => e.status === 'refused');
  }

  /** Bytes in the slot in charge. */
  get size(): number {
    return this.s.size;
  }

  /** The record as the transport streams it: with ranged reads, only the piece asked for is read. */
  body(e: Entry): BodySource {
    const storage = this.storage;
    const { slot, start, length } = e.at;
    const piece = (offset: number, n: number) => Math.max(0, Math.min(length, offset + n) - offset);
    // Stryker disable next-line LogicalOperator: a storage has both or neither (StoragePort): `||` differs only for one that breaks that
    if (storage.readRange && storage.size) return { length, read: (offset, n) => storage.readRange!(slot, start + offset, piece(offset, n)) };
    return { length, read: (offset, n) => storage.read(slot).subarray(start + offset, start + offset + piece(offset, n)) };
  }

  bodyText(e: Entry): string {
    return decodeUtf8(new SlotBytes(this.storage, e.at.slot).get(e.at.start, e.at.length));
  }

  /** A new record: its counter (the mark + 1) and its bytes in one append. */
  add(kind: RecordKind, make: (counter: number) => { bytes: Uint8Array; signature: string }): Entry {
    const counter = this.s.mark + 1;
    const { bytes, signature } = make(counter);
    const meta = encodeUtf8(`${JSON.stringify({ counter, kind, status: 'queued', error: null, signature })}\n`);
    const start = this.appendItem(ITEM.entry, meta, bytes) + HEAD + meta.length;
    const entry: Entry = { counter, kind, status: 'queued', error: null, signature, at: { slot: this.slot, start, length: bytes.length } };
    this.s.entries.push(entry);
    this.s.mark = counter;
    this.s.latest = { counter };
    return entry;
  }

  /** The server has it (or a newer record of the same log replaces it): gone, unless it is the log's archive. */
  acknowledge(counter: number, why: 'acked' | 'dropped' = 'acked'): void {
    this.status(counter, why, null);
  }

  refuse(counter: number, error: string): void {
    this.status(counter, 'refused', error);
  }

  /** Refused records go back in the queue (a person asked to retry). */
  requeue(counter: number): void {
    this.status(counter, 'queued', null);
  }

  /** The whole log so far, when no record holds it (the journal is about to forget some of it), and how
   * far the records of it went (boards done, match record made). */
  archive(log: string, recorded: Recorded): void {
    const bytes = encodeUtf8(`${JSON.stringify(recorded)}\n${log}`);
    const start = this.appendItem(ITEM.archive, new Uint8Array(0), bytes) + HEAD;
    this.s.latest = { slot: this.slot, start, length: bytes.length };
  }

  /** The newest log the outbox holds (of a record, or an archive), or null. */
  latestLog(): string | null {
    return this.latest()?.log ?? null;
  }

  /** The newest log, and how far the records of its match went when it was written. */
  latest(): ({ log: string } & Recorded) | null {
    const l = this.s.latest;
    // Stryker disable next-line ConditionalExpression: without it, `'slot' in null` throws below, and the catch answers null all the same
    if (!l) return null;
    try {
      if ('slot' in l) {
        const text = decodeUtf8(new SlotBytes(this.storage, l.slot).get(l.start, l.length));
        const nl = text.indexOf('\n');
        const r = JSON.parse(text.slice(0, nl)) as Recorded;
        return { log: text.slice(nl + 1), boards: r.boards, over: r.over };
      }
      const e = this.s.entries.find((x) => x.counter === l.counter);
      // Stryker disable next-line ConditionalExpression: without it, bodyText(undefined) throws, and the catch answers null all the same
      if (!e) return null;
      const r = JSON.parse(this.bodyText(e)) as { log?: unknown; state?: { match?: { boards?: unknown[]; games?: unknown[] } } };
      const m = r.state?.match;
      if (typeof r.log !== 'string') return null;
      const boards = m && Array.isArray(m.boards) && Array.isArray(m.games) ? m.games.length * 1000 + m.boards.length : 0;
      return { log: r.log, boards, over: e.kind === 'match' };
    } catch {
      return null;
    }
  }

  /** Rewrites the live items into the other slot when dead ones take more room than they do. */
  tidy(minimum = 4096): void {
    const live = this.liveBytes();
    if (this.s.size > Math.max(minimum, 2 * live)) this.copy();
  }

  private liveBytes(): number {
    let n = 64 + (this.s.assigned === null ? 0 : HEAD + this.s.assigned.length * 3);
    for (const e of this.kept()) n += HEAD + 160 + e.at.length;
    const l = this.s.latest;
    if (l && 'slot' in l) n += HEAD + l.length;
    return n;
  }

  /** Entries a copy keeps: the unacknowledged, and the acknowledged one that is the log's archive. */
  private kept(): Entry[] {
    return this.s.entries.filter((e) => keptBy(this.s, e)).sort((x, y) => x.counter - y.counter);
  }

  private status(counter: number, status: string, error: string | null): void {
    const e = this.s.entries.find((x) => x.counter === counter);
    if (!e) return;
    this.append(frame(ITEM.status, encodeUtf8(JSON.stringify({ counter, status, error }))));
    applyStatus(this.s, { counter, status, error });
  }

  /** Appends to the slot in charge; returns where the item starts. After a failed write (flash full)
   * the slot may end in a torn item, so the next append goes to a fresh copy instead. */
  private append(bytes: Uint8Array, more: Uint8Array | null = null): number {
    if (this.s.torn) this.copy();
    const at = this.s.size;
    try {
      this.storage.append(this.slot, bytes);
      this.s.size += bytes.length;
      if (more) this.storage.append(this.slot, more);
    } catch (e) {
      this.s.torn = true;
      throw e;
    }
    if (more) this.s.size += more.length;
    return at;
  }

  /** An item whose body is large (a record, an archive): its head, then the body as it is, not copied
   * into one more buffer of its size. */
  private appendItem(type: ItemType, head: Uint8Array, body: Uint8Array): number {
    return this.append(frameHead(type, head, body.length, crc32(body, 0, body.length, crc32(head))), body);
  }

  /** The live items into the other slot: HEAD, records, the archive, and last the SEAL that makes it count.
   * Each record is read and written a piece at a time when the storage reads ranges. */
  private copy(): void {
    const to: 0 | 1 = this.slot === 0 ? 1 : 0;
    const from = new SlotBytes(this.storage, this.slot);
    const generation = this.s.generation + 1;
    const next: SlotState = { generation, mark: this.s.mark, entries: [], lost: this.s.lost.map((l) => ({ ...l, status: null })), latest: null, sealed: 0, torn: false, damaged: false, size: 0, assigned: this.s.assigned };
    this.storage.erase(to);
    const put = (bytes: Uint8Array) => {
      this.storage.append(to, bytes);
      next.size += bytes.length;
    };
    /** An item of `head` and the `length` bytes at `start` in the old slot; returns where they land. */
    const carry = (type: ItemType, head: Uint8Array, start: number, length: number) => {
      put(frameHead(type, head, length, from.crc(start, length, crc32(head))));
      const at = next.size;
      const piece = from.ranged ? PIECE : length;
      for (let done = 0; done < length; done += piece) put(from.get(start + done, Math.min(piece, length - done)));
      return at;
    };
    put(frame(ITEM.head, encodeUtf8(JSON.stringify({ generation, mark: this.s.mark }))));
    if (next.lost.length > 0) put(frame(ITEM.lost, encodeUtf8(JSON.stringify({ lost: next.lost.map((l) => ({ counter: l.counter, kind: l.kind })) }))));
    if (this.s.assigned !== null) put(frame(ITEM.assigned, encodeUtf8(this.s.assigned)));
    for (const e of this.kept()) {
      const meta = encodeUtf8(`${JSON.stringify({ counter: e.counter, kind: e.kind, status: e.status, error: e.error, signature: e.signature })}\n`);
      const start = carry(ITEM.entry, meta, e.at.start, e.at.length);
      next.entries.push({ ...e, at: { slot: to, start, length: e.at.length } });
      next.latest = { counter: e.counter };
    }
    const l = this.s.latest;
    if (l && 'slot' in l) next.latest = { slot: to, start: carry(ITEM.archive, new Uint8Array(0), l.start, l.length), length: l.length };
    // Stryker disable next-line ConditionalExpression: latest is null only in a slot with no record (a record sets it, and a mend takes the other slot's), where no kept record set next.latest either
    else if (!l) next.latest = null;
    put(frame(ITEM.seal, encodeUtf8(JSON.stringify({ generation }))));
    next.sealed = next.size;
    this.slot = to;
    this.s = next;
  }
}
