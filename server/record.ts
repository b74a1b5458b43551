// The result record, version 1 (docs/server.md): checked field by field into a typed value, or a
// clear reason naming the field. Unknown fields are ignored, as the contract says.

export const MAX_BODY = 256 * 1024;
export const TABLE_ID = /^[a-z0-9-]{1,40}$/;

export interface ResultRecord {
  table: string;
  counter: number;
  kind: 'board' | 'match';
  firmware: string;
  log: string;
  state: { match: unknown; board: unknown } & Record<string, unknown>;
  /** The table's clock: stored, shown, never used for ordering (it may be unset or years off). */
  madeAt: string | null;
  /** The players started a new match before this one ended: its last record says so (optional). */
  abandoned: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseRecord(text: string): Checked<ResultRecord> {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `body is not JSON (${(e as Error).message})` };
  }
  if (!isObj(v)) return { ok: false, error: 'body must be a JSON object' };
  if (v.carromResult !== 1) return { ok: false, error: `field "carromResult" must be 1, not ${JSON.stringify(v.carromResult) ?? 'missing'}` };
  if (typeof v.table !== 'string' || !TABLE_ID.test(v.table)) return { ok: false, error: 'field "table" must be 1–40 characters of a-z, 0-9, -' };
  if (!Number.isSafeInteger(v.counter) || (v.counter as number) < 1) return { ok: false, error: 'field "counter" must be a positive integer' };
  if (v.kind !== 'board' && v.kind !== 'match') return { ok: false, error: 'field "kind" must be "board" or "match"' };
  if (typeof v.firmware !== 'string') return { ok: false, error: 'field "firmware" must be a string' };
  if (typeof v.log !== 'string') return { ok: false, error: 'field "log" must be the match log as JSON Lines text' };
  if (!isObj(v.state) || !isObj(v.state.match) || !isObj(v.state.board)) return { ok: false, error: 'field "state" must be an object with "match" and "board"' };
  const madeAt = v.madeAt === undefined ? null : v.madeAt;
  if (madeAt !== null && (typeof madeAt !== 'string' || Number.isNaN(Date.parse(madeAt)))) return { ok: false, error: 'field "madeAt" must be an ISO 8601 time or null' };
  if (v.abandoned !== undefined && typeof v.abandoned !== 'boolean') return { ok: false, error: 'field "abandoned" must be true or false when given' };
  const abandoned = v.abandoned === true;
  return {
    ok: true,
    value: { table: v.table, counter: v.counter as number, kind: v.kind, firmware: v.firmware, log: v.log, state: v.state as ResultRecord['state'], madeAt, abandoned },
  };
}
