// The server trusts nothing but the log: it replays it with our own rules engine and compares the
// `match` and `board` the table stated with its own (docs/server.md, "What the server checks").
import { parseLog } from '../../src/rules/log.ts';
import { publicState, type PublicState, type State } from '../../src/rules/state.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import { boardRows, type BoardRow } from './boards.ts';
import { LONE_SURROGATE, type Checked, type ResultRecord } from './record.ts';

export interface Replayed {
  header: MatchHeader;
  /** The log's first line as sent: with the first event, what tells one match of a table from another. */
  headerLine: string;
  state: PublicState;
  rows: BoardRow[];
  events: number;
}

export function replayRecord(record: ResultRecord): Checked<Replayed> {
  const log = parseLog(record.log);
  if (!log.ok) return { ok: false, error: `log line ${log.error.line}: ${log.error.reason}` };
  const names = namesProblem(log.value.header);
  if (names) return { ok: false, error: `log line ${log.value.headerLine}: ${names}` };
  const folded = boardRows(log.value);
  if ('error' in folded) return { ok: false, error: `log ${folded.error}` };
  return replayed(record, log.value.header, folded.final, folded.rows, log.value.events.length);
}

/** A player's name that neither database keeps as the log gives it, or null. The log's JSON escapes it
 * (\u0000, \ud800), so the record's own text passes record.ts's checks; the name it gives is stored in
 * the leaderboard's rows, where PostgreSQL refuses a NUL (SQLite keeps it: the two would answer
 * differently) and both keep half a surrogate pair as U+FFFD. A table's name entry makes neither. */
export function namesProblem(header: MatchHeader): string | null {
  const i = header.players.findIndex((p) => p.includes('\u0000') || LONE_SURROGATE.test(p));
  if (i < 0) return null;
  return `player ${i + 1}'s name holds ${header.players[i].includes('\u0000') ? 'a NUL character' : 'a lone surrogate'}, which the server cannot keep as the log gives it`;
}

/** What the replay gave, once the table's stated `match` and `board` are found to be the log's. */
export function replayed(record: ResultRecord, header: MatchHeader, final: State, rows: BoardRow[], events: number): Checked<Replayed> {
  const state = publicState(final);
  const where = statedDifference(state, record);
  if (where) return { ok: false, error: `the log does not replay to the stated state: ${where}` };
  return { ok: true, value: { header, headerLine: headerLineOf(record.log), state, rows, events } };
}

/** What our rules engine makes of a log alone (`carrom serve --rebuild`): its header, state and board
 * rows, or where it is malformed. */
export function replayLog(text: string): Checked<Replayed> {
  const log = parseLog(text);
  if (!log.ok) return { ok: false, error: `log line ${log.error.line}: ${log.error.reason}` };
  const folded = boardRows(log.value);
  if ('error' in folded) return { ok: false, error: `log ${folded.error}` };
  return { ok: true, value: { header: log.value.header, headerLine: headerLineOf(text), state: publicState(folded.final), rows: folded.rows, events: log.value.events.length } };
}

const headerLineOf = (log: string): string => log.split('\n', 1)[0].trim();

/** The first field of the record's stated `match` and `board` that is not what the log gives, or null. */
export function statedDifference(state: PublicState, record: ResultRecord): string | null {
  for (const key of ['match', 'board'] as const) {
    const where = difference(state[key], record.state[key], `state.${key}`);
    if (where) return where;
  }
  return null;
}

/** The first place where two JSON values differ, as a path with both values, or null. */
export function difference(ours: unknown, theirs: unknown, path: string): string | null {
  if (ours === null || theirs === null || typeof ours !== 'object' || typeof theirs !== 'object') {
    return ours === theirs ? null : `${path} is ${show(theirs)}, the log gives ${show(ours)}`;
  }
  if (Array.isArray(ours) !== Array.isArray(theirs)) return `${path} is ${show(theirs)}, the log gives ${show(ours)}`;
  const a = ours as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  // Our keys, then theirs that we lack: without a set of both made at each level of every record. The
  // path is made only for a difference.
  const array = Array.isArray(ours);
  for (const k in a) {
    if (!Object.hasOwn(a, k)) continue;
    const d = a[k] === b[k] && (a[k] === null || typeof a[k] !== 'object') ? null : difference(a[k], b[k], array ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  for (const k in b) {
    if (Object.hasOwn(b, k) && !Object.hasOwn(a, k)) return difference(undefined, b[k], array ? `${path}[${k}]` : `${path}.${k}`);
  }
  return null;
}

function show(v: unknown): string {
  const s = JSON.stringify(v) ?? 'missing';
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
