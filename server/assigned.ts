// A record's tournament fields (docs/tournament.md §5.4: `tournament`, `round`, `match`) on the live
// reads: the `record` event (and so the feed every process reads it from) and `GET /api/v1/tables`, as
// one optional object `assigned` (docs/server.md §4). One object, not three fields, because those reads
// have a `match` already (the server's match of the table's records, not the draw's); and only when the
// record has them, so that a reader that knows nothing of tournaments reads the same answers as before.
import type { Sql } from './db/sql.ts';
import type { ResultRecord } from './record.ts';

export type Assigned = NonNullable<ResultRecord['assigned']>;

/** `{assigned}` to spread into a read's object, or nothing for a record without the fields. */
export const assignedField = (a: Assigned | null): { assigned?: Assigned } => (a ? { assigned: { tournament: a.tournament, round: a.round, match: a.match } } : {});

/** An SQL expression over `carrom_records r` giving its body's three fields as a JSON array's text
 * (`[3,1,118]`, nulls where the body has none): the body is read once, by the database, and only the
 * three numbers leave it. The records were checked on arrival (record.ts): all three or none. */
export function assignedSql(dialect: Sql['dialect']): string {
  return dialect === 'sqlite'
    ? `json_extract(r.body, '$.tournament', '$.round', '$.match')`
    : `(SELECT json_build_array(j->'tournament', j->'round', j->'match')::text FROM (SELECT r.body::json AS j) b)`;
}

/** The column `assignedSql` gave, as the record's fields, or null. */
export function assignedOfColumn(v: unknown): Assigned | null {
  if (typeof v !== 'string') return null;
  const ids = JSON.parse(v) as unknown[];
  if (!ids.every((n) => Number.isSafeInteger(n))) return null;
  const [tournament, round, match] = ids as number[];
  return { tournament, round, match };
}
