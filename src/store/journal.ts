// The match journal in flash: the match log, one record per settled shot, so that a power cut at any
// byte loses at most the shot in progress. The records live in two slots (slots.ts) that take turns:
// at the start of a board the journal is compacted into the other slot (a snapshot of the state, then
// the events since), and a slot takes over only once every record of its copy has landed.
// Beside the match, one small record says what the table knows of its pocket beams (issue 30: a lower
// beam the self-test or a match has seen working); it goes with every new match and compaction, so that
// the next match knows it. A journal written before there was such a record reads as before (beams:
// null), and a reader that knows no such record skips it.

import { HEAD_KIND, Slots, type StoragePort } from './slots.ts';

export type { StoragePort } from './slots.ts';
export { decodeRecords, encodeRecord, type Record } from './records.ts';

export const RECORD = Object.freeze({ header: HEAD_KIND, snapshot: 2, events: 3, beams: 4 });

/** What the journal holds: the match header, a snapshot if compacted, and event batches. */
export interface JournalContent {
  header: string;
  snapshot: { state: string; line: number } | null;
  batches: string[];
  /** The newest beams record (what the table knows of its beams, JSON), or null: none written yet. */
  beams?: string | null;
}

export class Journal {
  private readonly slots: Slots;

  constructor(storage: StoragePort) {
    this.slots = new Slots(storage);
  }

  /** Bytes in the slot in use (for the size benchmark and compaction decisions). */
  get size(): number {
    return this.slots.size;
  }

  /** The newest whole slot, or null for a blank journal. Writes nothing. */
  open(): JournalContent | null {
    const c = this.slots.open();
    if (!c || c.head.header === undefined) return null;
    let snapshot: JournalContent['snapshot'] = null;
    let i = 0;
    if (c.head.compacted) {
      const s = c.records[0];
      if (!s || s.kind !== RECORD.snapshot) return null;
      const nl = s.text.indexOf('\n');
      snapshot = { line: Number(s.text.slice(0, nl)), state: s.text.slice(nl + 1) };
      i = 1;
    }
    const batches: string[] = [];
    let beams: string | null = null;
    for (; i < c.records.length; i++) {
      const r = c.records[i];
      if (r.kind === RECORD.events) batches.push(r.text);
      else if (r.kind === RECORD.beams) beams = r.text;
    }
    return { header: JSON.stringify(c.head.header), snapshot, batches, beams };
  }

  /** Starts a new match: the other slot with only the header (and the beams record, if one is given). */
  begin(header: string, beams: string | null = null): void {
    this.slots.replace(`{"compacted":false,"header":${header}}`, beams === null ? [] : [{ kind: RECORD.beams, text: beams }]);
  }

  /** What the table knows of its beams, after the records so far. */
  beams(text: string): void {
    this.slots.append(RECORD.beams, text);
  }

  /** One record: the events of one settled shot, or of a call made between shots (JSON lines). */
  append(events: string): void {
    this.slots.append(RECORD.events, events);
  }

  /** Compaction: the other slot gets the header and a snapshot as of log line `line`, and the beams record if given. */
  compact(header: string, state: string, line: number, beams: string | null = null): void {
    const records: { kind: number; text: string }[] = [{ kind: RECORD.snapshot, text: `${line}\n${state}` }];
    if (beams !== null) records.push({ kind: RECORD.beams, text: beams });
    this.slots.replace(`{"compacted":true,"header":${header}}`, records);
  }
}
