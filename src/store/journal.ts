// The match journal in flash: the match log, one record per settled shot, so that a power cut at any
// byte loses at most the shot in progress. The records live in two slots (slots.ts) that take turns:
// at the start of a board the journal is compacted into the other slot (a snapshot of the state, then
// the events since), and a slot takes over only once every record of its copy has landed.

import { HEAD_KIND, Slots, type StoragePort } from './slots.ts';

export type { StoragePort } from './slots.ts';
export { decodeRecords, encodeRecord, type Record } from './records.ts';

export const RECORD = Object.freeze({ header: HEAD_KIND, snapshot: 2, events: 3 });

/** What the journal holds: the match header, a snapshot if compacted, and event batches. */
export interface JournalContent {
  header: string;
  snapshot: { state: string; line: number } | null;
  batches: string[];
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
    for (; i < c.records.length; i++) if (c.records[i].kind === RECORD.events) batches.push(c.records[i].text);
    return { header: JSON.stringify(c.head.header), snapshot, batches };
  }

  /** Starts a new match: the other slot with only the header. */
  begin(header: string): void {
    this.slots.replace(`{"compacted":false,"header":${header}}`, []);
  }

  /** One record: the events of one settled shot, or of a call made between shots (JSON lines). */
  append(events: string): void {
    this.slots.append(RECORD.events, events);
  }

  /** Compaction: the other slot gets the header and a snapshot as of log line `line`, and nothing else. */
  compact(header: string, state: string, line: number): void {
    this.slots.replace(`{"compacted":true,"header":${header}}`, [{ kind: RECORD.snapshot, text: `${line}\n${state}` }]);
  }
}
