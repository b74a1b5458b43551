// The result record, version 1 (docs/server.md): checked field by field into a typed value, or a
// clear reason naming the field. Unknown fields are ignored, as the contract says. What either database
// could not keep as sent (a NUL in a text column) is refused here, so that both answer the same.
import { strictJsonProblem, type LogString } from '../common/strict-json.ts';

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
  /** The tournament's match it was played for (docs/tournament.md §5.4), or null: a table without an
   * assignment sends none of the three fields. */
  assigned: { tournament: number; round: number; match: number } | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Half of a UTF-16 pair without the other half: what a JSON escape such as \ud800 alone gives. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseRecord(text: string): Checked<ResultRecord> {
  return readBody(text, undefined).parsed;
}

/** A log read from an earlier body of the same table: its text, and its JSON as that body sent it
 * (between the quotes), which the body had passed every check of parseRecord with. */
export interface SeenLog {
  log: string;
  json: string;
  /** Its `state.warnings` too, when it had some (a table's next record repeats them first). */
  warnings?: SeenWarnings;
}

/** A body's `state.warnings` array: its text between the brackets as sent (no space at either end), and
 * its elements as JSON.parse of the body gave them. */
export interface SeenWarnings {
  json: string;
  value: readonly unknown[];
}

/** A body read as parseRecord reads it, and where its log was (its JSON between the quotes, to give as
 * the next body's `seen`: undefined unless the record was read), with its `state.warnings` (likewise).
 * Where the body's log begins as `seen`'s JSON, that part is neither parsed nor checked again (goesOn),
 * nor the warnings that begin as `seen`'s; whatever that way does not read as a record is read whole, so
 * that any body gets the same answer whatever was seen. */
export function readBody(text: string, seen: SeenLog | undefined): { parsed: Checked<ResultRecord>; json: string | undefined; warnings: SeenWarnings | undefined } {
  const log: LogString = { seen: seen?.json ?? '', start: -1, end: -1, skipped: false, seenWarnings: seen?.warnings?.json ?? '', warningsStart: -1, warningsEnd: -1, warningsSkipped: false };
  if (seen) {
    const value = goesOn(text, seen, log);
    if (value) return { parsed: { ok: true, value }, json: text.slice(log.start, log.end), warnings: warningsOf(text, log, value) };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return { parsed: { ok: false, error: `body is not JSON (${(e as Error).message})` }, json: undefined, warnings: undefined };
  }
  if (!isObj(v)) return { parsed: { ok: false, error: 'body must be a JSON object' }, json: undefined, warnings: undefined };
  log.seen = log.seenWarnings = '';
  const strict = strictJsonProblem(text, log);
  if (strict) return { parsed: { ok: false, error: strict }, json: undefined, warnings: undefined };
  const parsed = fieldsOf(v, typeof v.log === 'string' ? v.log : '');
  if (!parsed.ok) return { parsed, json: undefined, warnings: undefined };
  return { parsed, json: log.start >= 0 ? text.slice(log.start, log.end) : undefined, warnings: warningsOf(text, log, parsed.value) };
}

/** JSON's whitespace, which a seen text of warnings neither begins nor ends with. */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The record's `state.warnings` as the next body can go on from, if it has some. */
function warningsOf(text: string, log: LogString, record: ResultRecord): SeenWarnings | undefined {
  const value = record.state.warnings;
  const { warningsStart: start, warningsEnd: end } = log;
  if (!Array.isArray(value) || start < 0 || end <= start || isSpace(text.charCodeAt(start)) || isSpace(text.charCodeAt(end - 1))) return undefined;
  return { json: text.slice(start, end), value };
}

/** The record of a body whose log goes on from `seen`'s, or null for anything else (read it whole). What
 * is read is the same as JSON.parse of the whole body gives: the text with its log string emptied, and
 * the log's new part alone, both parsed as JSON, are valid exactly when the whole is, the seen part
 * having been valid (it ends where an escape ends). The strict checks pass over the seen part, a string
 * (no key nor depth inside); a lone surrogate is looked for in the new part, the seen one having none
 * and ending in a newline (the replayer keeps only a log that ends a line). Likewise the warnings: where
 * `state.warnings` begins with the seen elements and a comma (or its end), those and the comma are left
 * out of what is parsed (`[seen,new]` is valid exactly when `[new]` is, `[seen]` when `[]` is, the seen
 * elements having been valid there; and `[seen,]` is refused, read whole), and put back before the new ones; the strict checks passed over
 * them (they were checked at the same depth, and hold no key of the objects around them). */
function goesOn(text: string, seen: SeenLog, log: LogString): ResultRecord | null {
  let v: unknown;
  let tail: unknown;
  let comma = false;
  try {
    // Before JSON.parse here, so it may meet what is not JSON (a key's bad escape throws).
    if (strictJsonProblem(text, log) !== null || !log.skipped) return null;
    let rest: string;
    if (!log.warningsSkipped) rest = text.slice(0, log.start) + text.slice(log.end);
    else {
      const from = log.warningsStart;
      comma = text.charCodeAt(from + log.seenWarnings.length) === COMMA;
      const to = from + log.seenWarnings.length + (comma ? 1 : 0);
      rest = log.start < from ? text.slice(0, log.start) + text.slice(log.end, from) + text.slice(to) : text.slice(0, from) + text.slice(to, log.start) + text.slice(log.end);
    }
    v = JSON.parse(rest);
    tail = JSON.parse(`"${text.slice(log.start + seen.json.length, log.end)}"`);
  } catch {
    return null;
  }
  if (!isObj(v) || typeof tail !== 'string') return null;
  if (log.warningsSkipped) {
    // `[seen,]` is not JSON, though `[]` is: after a comma, new elements.
    if (!isObj(v.state) || !Array.isArray(v.state.warnings) || (comma && v.state.warnings.length === 0)) return null;
    v.state.warnings = seen.warnings!.value.concat(v.state.warnings);
  }
  v.log = seen.log + tail;
  const parsed = fieldsOf(v, tail);
  return parsed.ok ? parsed.value : null;
}

const COMMA = 0x2c;

/** The record's fields checked, `v` being the body's JSON; `newText` the part of the log that may hold a
 * lone surrogate (all of it, unless the rest was checked in an earlier body). */
function fieldsOf(v: Record<string, unknown>, newText: string): Checked<ResultRecord> {
  if (v.carromResult !== 1) return { ok: false, error: `field "carromResult" must be 1, not ${JSON.stringify(v.carromResult) ?? 'missing'}` };
  if (typeof v.table !== 'string' || !TABLE_ID.test(v.table)) return { ok: false, error: 'field "table" must be 1–40 characters of a-z, 0-9, -' };
  if (!Number.isSafeInteger(v.counter) || (v.counter as number) < 1) return { ok: false, error: 'field "counter" must be a positive integer' };
  if (v.kind !== 'board' && v.kind !== 'match') return { ok: false, error: 'field "kind" must be "board" or "match"' };
  if (typeof v.firmware !== 'string' || v.firmware.includes('\u0000') || LONE_SURROGATE.test(v.firmware)) {
    return { ok: false, error: 'field "firmware" must be a string without NUL characters or lone surrogates' };
  }
  if (typeof v.log !== 'string') return { ok: false, error: 'field "log" must be the match log as JSON Lines text' };
  // Both databases keep a lone surrogate as U+FFFD: the log's first line, which ties a match's records
  // together, would then differ from the next record's.
  if (LONE_SURROGATE.test(newText)) return { ok: false, error: 'field "log" must be Unicode text: it holds a lone surrogate (a \\ud800-\\udfff escape without its pair)' };
  if (!isObj(v.state) || !isObj(v.state.match) || !isObj(v.state.board)) return { ok: false, error: 'field "state" must be an object with "match" and "board"' };
  const madeAt = v.madeAt === undefined ? null : v.madeAt;
  if (madeAt !== null && (typeof madeAt !== 'string' || !isIsoTime(madeAt))) return { ok: false, error: 'field "madeAt" must be an ISO 8601 time (2026-12-01T14:05:00Z, or with an offset) or null' };
  if (v.abandoned !== undefined && typeof v.abandoned !== 'boolean') return { ok: false, error: 'field "abandoned" must be true or false when given' };
  const abandoned = v.abandoned === true;
  const assigned = assignedOf(v);
  if (typeof assigned === 'string') return { ok: false, error: assigned };
  return {
    ok: true,
    value: { table: v.table, counter: v.counter as number, kind: v.kind, firmware: v.firmware, log: v.log, state: v.state as ResultRecord['state'], madeAt, abandoned, assigned },
  };
}

const IDS = ['tournament', 'round', 'match'] as const;

/** The three ids of §5.4: all of them, each a positive integer, or none; else what is wrong. */
export function assignedOf(v: Record<string, unknown>): ResultRecord['assigned'] | string {
  const given = IDS.filter((k) => v[k] !== undefined);
  if (given.length === 0) return null;
  for (const k of IDS) {
    if (v[k] === undefined) return `field "${k}" must come with "${given[0]}" (a tournament's record carries tournament, round and match)`;
    if (!Number.isSafeInteger(v[k]) || (v[k] as number) < 1) return `field "${k}" must be a positive integer when given`;
  }
  return { tournament: v.tournament as number, round: v.round as number, match: v.match as number };
}

/** ISO 8601's extended date and time with seconds optional and a zone (Z or ±hh:mm), as a real
 * calendar time: `Date.parse` alone takes "2026-02-30" and text after the zone. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))$/;

export function isIsoTime(s: string): boolean {
  const m = ISO_TIME.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second, zh, zm] = m.slice(1).map((x) => Number(x ?? 0));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate(); // the last day of that month
  return month >= 1 && month <= 12 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 60 && zh <= 23 && zm <= 59;
}
