// A shot message's body read and checked (docs/sync.md §7): JSON, strictly (no duplicate keys), with its
// fields' types; the lines are only split here, and parsed against the live match by live-matches.ts.
import { createHash } from 'node:crypto';
import { strictJsonProblem } from '../common/strict-json.ts';
import { assignedOf, isIsoTime, LONE_SURROGATE, TABLE_ID } from '../records/record.ts';

/** A shot message's body, at most (answered 413 past it). */
export const SHOT_MAX = 8 * 1024;
export const SHOTS_PATH = '/api/v1/shots';

export interface ShotMessage {
  table: string;
  /** The first 16 hex digits of the SHA-256 of the match log's header line. */
  matchId: string;
  /** The log line the first of `lines` is (0: the header). */
  from: number;
  /** The lines, each without its newline. */
  lines: string[];
  madeAt: string | null;
  assigned: { tournament: number; round: number; match: number } | null;
}

/** A match's id in shot messages (the table's src/sync/shots.ts computes the same). */
export const matchIdOf = (headerLine: string): string => createHash('sha256').update(headerLine).digest('hex').slice(0, 16);

const MATCH_ID = /^[0-9a-f]{16}$/;

/** The body's message, or what is wrong with it and where. */
export function readShot(raw: Buffer): { ok: true; value: ShotMessage } | { ok: false; error: string } {
  const no = (error: string) => ({ ok: false as const, error });
  const text = raw.toString('utf8');
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    return no(`body is not JSON (${(e as Error).message})`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return no('body must be a JSON object');
  const strict = strictJsonProblem(text);
  if (strict) return no(strict);
  const o = v as Record<string, unknown>;
  if (o.carromShot !== 1) return no(`field "carromShot" must be 1, not ${JSON.stringify(o.carromShot) ?? 'missing'}`);
  if (typeof o.table !== 'string' || !TABLE_ID.test(o.table)) return no('field "table" must be 1–40 characters of a-z, 0-9, -');
  if (typeof o.matchId !== 'string' || !MATCH_ID.test(o.matchId)) return no('field "matchId" must be 16 lowercase hex digits (of the SHA-256 of the log\'s header line)');
  if (!Number.isSafeInteger(o.from) || (o.from as number) < 0) return no('field "from" must be a line number, 0 for the header');
  if (typeof o.lines !== 'string' || o.lines === '' || !o.lines.endsWith('\n')) return no('field "lines" must be JSON Lines text, each line ended by a newline');
  if (LONE_SURROGATE.test(o.lines)) return no('field "lines" must be Unicode text: it holds a lone surrogate');
  const madeAt = o.madeAt ?? null;
  if (madeAt !== null && (typeof madeAt !== 'string' || !isIsoTime(madeAt))) return no('field "madeAt" must be an ISO 8601 time or null');
  const assigned = assignedOf(o);
  if (typeof assigned === 'string') return no(assigned);
  const lines = o.lines.slice(0, -1).split('\n');
  return { ok: true, value: { table: o.table, matchId: o.matchId, from: o.from as number, lines, madeAt, assigned } };
}
