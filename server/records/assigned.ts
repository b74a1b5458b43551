// A record's tournament fields (docs/tournament.md §5.4: `tournament`, `round`, `match`) on the live
// reads: the `record` event (and so the feed every process reads it from) and `GET /api/v1/tables`, as
// one optional object `assigned` (docs/server.md §4). One object, not three fields, because those reads
// have a `match` already (the server's match of the table's records, not the draw's); and only when the
// record has them, so that a reader that knows nothing of tournaments reads the same answers as before.
// The tables read takes them from a column of the record's row (`carrom_records.assigned`, schema
// version 8) rather than from its body: reading each table's body (a whole match log) at every read
// cost the read ten times as much on PostgreSQL.
import type { ResultRecord } from './record.ts';

export type Assigned = NonNullable<ResultRecord['assigned']>;

/** `{assigned}` to spread into a read's object, or nothing for a record without the fields. */
export const assignedField = (a: Assigned | null): { assigned?: Assigned } => (a ? { assigned: { tournament: a.tournament, round: a.round, match: a.match } } : {});

/** The value of `carrom_records.assigned` for a record: its fields as JSON, or null. */
export const assignedColumn = (a: Assigned | null): string | null => (a ? JSON.stringify(assignedField(a).assigned) : null);

/** `carrom_records.assigned` read back, or null. */
export function assignedOfColumn(v: unknown): Assigned | null {
  if (typeof v !== 'string') return null;
  const o = JSON.parse(v) as Record<keyof Assigned, unknown>;
  const ids = [o.tournament, o.round, o.match];
  return ids.every((n) => Number.isSafeInteger(n)) ? { tournament: Number(o.tournament), round: Number(o.round), match: Number(o.match) } : null;
}

