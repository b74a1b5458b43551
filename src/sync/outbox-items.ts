// What the outbox's items mean (docs/sync.md §3; their framing: outbox-frame.ts). Reading a slot: whole
// items, and what damaged ones may have been; a slot counts only if it is a sealed copy.

import { decodeUtf8 } from '../store/utf8.ts';
import { HEAD, ITEM, isDamage, scan, type Damage, type Item, type SlotBytes } from './outbox-frame.ts';
import type { RecordKind } from './record.ts';

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

/** Small items only (a head, a status, a seal, an entry's first line). */
function json(bytes: SlotBytes, start: number, length: number): Record<string, unknown> | null {
  try {
    const v = JSON.parse(decodeUtf8(bytes.get(start, length)));
    // Stryker disable next-line ConditionalExpression,LogicalOperator: every caller reads named fields (generation, counter, lost…), which a number, text, boolean or null has none of: read as an object, it reads as nothing all the same
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An entry's first line (its counter, kind, status, signature: under 300 bytes), then the record. */
const META = 512;

/** A record whose item is damaged in flash: never sent (its bytes are not the ones signed), shown until a
 * person has seen it. `counter`: null if it cannot be told (its first line damaged in a copy). `status`:
 * the last status written for it after the damage, if any. */
export interface Lost {
  counter: number | null;
  kind: RecordKind | null;
  status: { status: EntryStatus; error: string | null } | null;
}

/** What a slot holds once read: null unless it is a whole copy (HEAD … SEAL of the same generation). */
export interface SlotState {
  generation: number;
  mark: number;
  entries: Entry[];
  /** Records damaged in flash (docs/sync.md §3). */
  lost: Lost[];
  /** The newest item holding a log: a record, or an archive (its bytes). */
  latest: { counter: number } | { slot: 0 | 1; start: number; length: number } | null;
  /** Where the copy ends (its SEAL's end): what comes after was appended. */
  sealed: number;
  /** The slot must be copied before anything is appended: it ends in a torn item, or holds damage. */
  torn: boolean;
  /** It holds damage a cut cannot leave (more than a torn tail), which may hide a record. */
  damaged: boolean;
  size: number;
  /** The newest `assigned` item's text (JSON), or null: src/sync/assigner.ts reads it. */
  assigned: string | null;
}

export function readSlot(bytes: SlotBytes): SlotState | null {
  const { items, mended } = scan(bytes);
  const slot = bytes.slot;
  const first = items[0];
  // A HEAD damaged tells neither generation nor mark: the generation is then the SEAL's, the mark the
  // highest counter found (and the other slot's: Outbox.open).
  // Stryker disable next-line ConditionalExpression: only a HEAD's text holds both numbers the next line asks for (any other item read as one is refused there)
  const head = first && !isDamage(first) && first.type === ITEM.head ? json(bytes, first.start, first.length) : null;
  if (head && (typeof head.generation !== 'number' || typeof head.mark !== 'number')) return null;
  // Damage first (scan's first item starts at the slot's start): a HEAD damaged.
  if (!head && !(first && isDamage(first))) return null;
  const s: SlotState = { generation: head ? (head.generation as number) : -1, mark: head ? (head.mark as number) : 0, entries: [], lost: [], latest: null, sealed: 0, torn: mended, damaged: false, size: 0, assigned: null };
  let sealed = false;
  for (const it of items) if (isDamage(it)) s.damaged ||= !(it.cut && it.tail);
  for (const it of items.slice(1)) {
    if (isDamage(it)) {
      s.torn = true;
      // A SEAL damaged with whole items after it was written whole: appends come only after a seal.
      if (!it.tail && head && !sealed && sealLike(s, bytes, it)) [sealed, s.sealed] = [true, it.end];
      else damagedEntry(s, bytes, it, sealed, head !== null);
      continue;
    }
    if (it.type === ITEM.seal) {
      const g = json(bytes, it.start, it.length)?.generation;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: a slot holds one copy (erased before each), so one SEAL, of its HEAD's generation
      if (!head && !sealed && typeof g === 'number') s.generation = g;
      // Stryker disable next-line ConditionalExpression,LogicalOperator: one SEAL in a slot (as above)
      if (!sealed && g === s.generation) [sealed, s.sealed] = [true, it.start + it.length];
    } else if (it.type === ITEM.entry) addEntry(s, bytes, it);
    else if (it.type === ITEM.status) applyStatus(s, json(bytes, it.start, it.length));
    else if (it.type === ITEM.archive) s.latest = { slot, start: it.start, length: it.length };
    else if (it.type === ITEM.lost) readLost(s, json(bytes, it.start, it.length));
    // Stryker disable next-line ConditionalExpression: the only type left is HEAD's, and a slot's one HEAD is its first item
    else if (it.type === ITEM.assigned) s.assigned = decodeUtf8(bytes.get(it.start, it.length));
  }
  const last = items[items.length - 1];
  // Stryker disable next-line ConditionalExpression: a slot that ends in damage is torn, and copied (Outbox.open) before its size is read
  s.size = last ? (isDamage(last) ? last.end : last.start + last.length) : 0;
  return sealed ? s : null;
}

/** A run of damaged bytes that is a SEAL: its type byte says so, or (that byte damaged) its bytes do. Only
 * a short run is read as text: a damaged record may be 256 KiB. */
function sealLike(s: SlotState, bytes: SlotBytes, d: Damage): boolean {
  if (d.type === ITEM.seal) return true;
  const n = d.end - d.start - HEAD;
  // Stryker disable next-line EqualityOperator: a SEAL's text is under 30 bytes: the bound only keeps a record's run (up to 256 KiB) from being read as text, and any bound between changes nothing else
  const v = n > 64 ? null : json(bytes, d.start + HEAD, n);
  return v !== null && Object.keys(v).length === 1 && v.generation === s.generation;
}

/** A run of damaged bytes that may be a record (its type byte says so, or its first line does). An
 * appended record's counter is the mark + 1, so it is known whatever byte is damaged; a copied one's is
 * read from its first line, believed only between the copied records' counters. A record at the end of
 * the slot may be one a cut tore in its last word (NOR flash): its counter is used up, never given again,
 * but it is not reported (the app makes a record a cut kept from being made again: docs/sync.md §1). */
function damagedEntry(s: SlotState, bytes: SlotBytes, d: Damage, sealed: boolean, headRead: boolean): void {
  if (d.cut && d.tail) return; // torn by a cut as a file system sees it: never sent, its counter free
  // Stryker disable next-line ArithmeticOperator: a record's first line ends within its run; reading past the run finds only a later newline, whose line spans the run's end and is no JSON
  const n = Math.max(0, d.end - d.start - HEAD);
  const first = bytes.get(d.start + HEAD, Math.min(META, n));
  const nl = first.indexOf(0x0a);
  // Stryker disable next-line EqualityOperator: an empty first line is no JSON either
  const meta = nl > 0 ? json(bytes, d.start + HEAD, nl) : null;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: only an entry's first line has a counter or a signature (a status has no newline, an archive's first line neither field): either test alone tells
  const looksEntry = meta !== null && typeof meta.signature === 'string' && typeof meta.counter === 'number';
  if (d.type !== ITEM.entry && !looksEntry) return;
  const highest = s.entries.reduce((m, e) => Math.max(m, e.counter), 0);
  let counter: number | null = null;
  if (sealed) counter = s.mark + 1;
  else if (looksEntry && headRead && (meta.counter as number) > highest && (meta.counter as number) <= s.mark) counter = meta.counter as number;
  s.mark = Math.max(s.mark, counter ?? 0);
  if (d.tail) return;
  const kind = meta && (meta.kind === 'match' || meta.kind === 'board') ? meta.kind : null;
  s.lost = s.lost.filter((l) => counter === null || l.counter !== counter);
  s.lost.push({ counter, kind, status: null });
}

/** A LOST item: the list of damaged records as it stands (a copy writes it, a person's dismissal empties it). */
function readLost(s: SlotState, v: Record<string, unknown> | null): void {
  if (!v || !Array.isArray(v.lost)) return;
  s.lost = [];
  for (const l of v.lost as unknown[]) {
    const x = l && typeof l === 'object' ? (l as Record<string, unknown>) : {};
    s.lost.push({ counter: typeof x.counter === 'number' ? x.counter : null, kind: x.kind === 'match' || x.kind === 'board' ? x.kind : null, status: null });
  }
}

function addEntry(s: SlotState, bytes: SlotBytes, it: Item): void {
  const first = bytes.get(it.start, Math.min(META, it.length));
  const n = first.indexOf(0x0a);
  // Stryker disable next-line EqualityOperator: an empty first line is no JSON: the test after the next returns too
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
  // Stryker disable next-line MethodExpression: a slot holds each record once (appended once, carried once by a copy)
  s.entries = s.entries.filter((e) => e.counter !== entry.counter);
  s.entries.push(entry);
  s.mark = Math.max(s.mark, entry.counter);
  s.latest = { counter: entry.counter };
}

export function applyStatus(s: SlotState, st: Record<string, unknown> | null): void {
  if (!st) return;
  const e = s.entries.find((x) => x.counter === st.counter);
  if (!e) return lostStatus(s, st);
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


/** A status for a damaged record: acknowledged or dropped, nothing of it is lost (the server has it, or a
 * newer record holds all it held); else kept, should the record be found whole in the other slot. */
function lostStatus(s: SlotState, st: Record<string, unknown>): void {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a status names its record's counter, a number (Outbox.status): a record lost with no counter never matches it
  const l = s.lost.find((x) => x.counter !== null && x.counter === st.counter);
  if (!l) return;
  if (st.status === 'acked' || st.status === 'dropped') s.lost = s.lost.filter((x) => x !== l);
  else if (st.status === 'refused' || st.status === 'queued') l.status = { status: st.status, error: typeof st.error === 'string' ? st.error : null };
}
