// The outbox mended after a boot (docs/sync.md §3): the records damaged in the slot in charge that the
// other slot still holds whole, and which records a copy keeps. What is found here is written afresh by
// the outbox's next copy (outbox.ts, which reads the slots at boot: outbox-items.ts); this side only reads.

import type { Entry, SlotState } from './outbox-items.ts';

/** Records damaged in the slot in charge that the other slot holds whole. The other slot is the copy's
 * source, left as it was until the next copy: every record it keeps was carried into the slot in charge,
 * so one it keeps that the slot in charge does not hold is one damaged there (its counter read or not).
 * Taken from there if everything else the outbox keeps is there too, since the copy that follows erases
 * the slot in charge: then the state to go on from, in the other slot (to be copied before the next
 * append), or null (nothing to take). */
export function recovered(s: SlotState, other: SlotState): SlotState | null {
  if (!s.damaged) return null;
  const missing = other.entries.filter((o) => keptBy(other, o) && !s.entries.some((e) => e.counter === o.counter));
  if (missing.length === 0) return null;
  // A record only in the slot in charge (appended since the copy, kept or not) must stay there: its bytes
  // to carry, or its counter, which a cut in the copy that erases the slot in charge would otherwise lose.
  if (s.mark > other.mark) return null;
  const entries: Entry[] = [];
  for (const e of s.entries) {
    const o = other.entries.find((x) => x.counter === e.counter);
    if (!o) return null;
    entries.push({ ...e, at: o.at });
  }
  // Nothing appended since the copy but statuses: the newest log is the other slot's (unless an archive was
  // appended since, which is only in the slot in charge).
  // Stryker disable next-line EqualityOperator: an item's bytes start after its header (outbox-frame.ts, HEAD), so an archive appended after the seal starts past `sealed`, never at it
  if (s.latest && 'slot' in s.latest && s.latest.start > s.sealed) return null;
  const latest = other.latest;
  // Nothing but statuses since the copy: every damaged record found now is one of those taken whole, and
  // what is still reported is what the copy carried (its LOST item), less what a person has seen since.
  const lost = s.lost.filter((l) => other.lost.some((o) => o.counter === l.counter));
  for (const o of missing) {
    const l = s.lost.find((x) => x.counter === o.counter);
    entries.push(l && l.status ? { ...o, status: l.status.status, error: l.status.error } : o);
  }
  return { ...s, entries, lost, latest, torn: true };
}

/** Whether a copy keeps `e`: unacknowledged, or the acknowledged one that is the log's archive. */
export function keptBy(s: SlotState, e: Entry): boolean {
  const l = s.latest;
  return e.status !== 'acked' || (l !== null && 'counter' in l && l.counter === e.counter);
}
