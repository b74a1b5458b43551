// The table's next match (docs/tournament.md §5), the texts and checks both sides share: the server
// writes an answer with assignmentText and signs it with signatureOf; the table checks it with
// readAssignment and writes its refusal with refusalText. Portable: the server imports this file too.

import { encodeUtf8 } from '../store/utf8.ts';
import { Hmac, tableKey, toHex } from './hmac.ts';
import type { DigestFactory, RandomPort } from './ports.ts';

export const ASSIGNMENT_VERSION = 1;
export const REFUSAL_VERSION = 1;

/** A match the server gives a table (§5.1's `assignment`). */
export interface Assignment {
  tournament: number;
  name: string;
  round: number;
  match: number;
  label: string;
  rules: string;
  options: Record<string, unknown>;
  mode: 'singles' | 'doubles';
  /** In the log's order: a's then b's (doubles: a1, b1, a2, b2). */
  players: string[];
  breaker: number;
  publishedAt: string;
}

/** The whole answer's body. */
export interface AssignmentAnswer {
  table: string;
  counter: number;
  nonce: string;
  assignment: Assignment | null;
}

/** What a record of an assigned match carries (§5.4). */
export interface MatchIds {
  tournament: number;
  round: number;
  match: number;
}

/** The answer's body as the server writes it: one line, the fields in the contract's order. */
export function assignmentText(a: AssignmentAnswer): string {
  const x = a.assignment;
  const body =
    x === null
      ? 'null'
      : JSON.stringify({
          tournament: x.tournament,
          name: x.name,
          round: x.round,
          match: x.match,
          label: x.label,
          rules: x.rules,
          options: x.options,
          mode: x.mode,
          players: x.players,
          breaker: x.breaker,
          publishedAt: x.publishedAt,
        });
  return `{"carromAssignment":${ASSIGNMENT_VERSION},"table":${JSON.stringify(a.table)},"counter":${a.counter},"nonce":${JSON.stringify(a.nonce)},"assignment":${body}}`;
}

/** The table's refusal (§5.3). */
export function refusalText(r: { table: string; counter: number; match: number; reason: string }): string {
  return `{"carromRefusal":${REFUSAL_VERSION},"table":${JSON.stringify(r.table)},"counter":${r.counter},"match":${r.match},"reason":${JSON.stringify(r.reason)}}`;
}

/** What a table signs when it asks for its next match (§5.1): its id, the request's nonce and the
 * table's time (its `Carrom-Time`, ISO 8601 UTC; empty when the table has no time yet), a line each.
 * It begins with a table id, never with `{` as a record, an answer or a refusal does, so that no
 * signature made for one of those stands for an ask, nor the other way round. */
export function askText(table: string, nonce: string, time: string | null): string {
  return `${table}\n${nonce}\n${time ?? ''}`;
}

/** HMAC-SHA256 of `bytes` keyed by the 64-hex secret, as lowercase hex (a record's, an answer's, a refusal's). */
export function signatureOf(bytes: Uint8Array, secret: string, digest: DigestFactory): string {
  const mac = new Hmac(digest, tableKey(secret));
  mac.write(bytes);
  return toHex(mac.close());
}

/** Whether a `Carrom-Signature` header is `sha256=` and the right MAC; every digit is compared (no early exit). */
export function signatureMatches(header: string | null | undefined, bytes: Uint8Array, secret: string, digest: DigestFactory): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = header.slice(7).toLowerCase();
  const want = signatureOf(bytes, secret, digest);
  if (given.length !== want.length) return false;
  let diff = 0;
  // Stryker disable next-line EqualityOperator: the lengths are equal here, and one more turn reads past both ends: NaN ^ NaN is 0
  for (let i = 0; i < want.length; i++) diff |= given.charCodeAt(i) ^ want.charCodeAt(i);
  return diff === 0;
}

const HEX = '0123456789abcdef';

/** A request's nonce: 32 lowercase hex digits from the host's randomness. */
export function newNonce(random: RandomPort): string {
  let s = '';
  for (let i = 0; i < 32; i++) s += HEX[Math.min(15, Math.floor(random.next() * 16))];
  return s;
}

export type Read = { ok: true; answer: AssignmentAnswer } | { ok: false; reason: string };

// Number.isInteger is false for anything that is not a number.
const isInt = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** The `assignment` object checked field by field; the reason names the first field that is wrong. */
function readMatch(v: unknown): Assignment | string {
  // Stryker disable next-line ConditionalExpression: readAssignment calls this only for an assignment that is not null (null is no match)
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'assignment is not an object';
  const o = v as Record<string, unknown>;
  for (const f of ['tournament', 'round', 'match'] as const) if (!isInt(o[f], 1)) return `assignment.${f} is not a positive integer`;
  for (const f of ['name', 'label', 'rules', 'publishedAt'] as const) if (typeof o[f] !== 'string') return `assignment.${f} is not text`;
  if (!isText(o.label)) return 'assignment.label is empty';
  if (typeof o.options !== 'object' || o.options === null || Array.isArray(o.options)) return 'assignment.options is not an object';
  if (o.mode !== 'singles' && o.mode !== 'doubles') return 'assignment.mode is not singles or doubles';
  const n = o.mode === 'singles' ? 2 : 4;
  const p = o.players;
  if (!Array.isArray(p) || p.length !== n || !p.every(isText)) return `assignment.players is not ${n} names`;
  if (!isInt(o.breaker, 0) || (o.breaker as number) >= n) return `assignment.breaker is not an index of players`;
  return {
    tournament: o.tournament as number,
    name: o.name as string,
    round: o.round as number,
    match: o.match as number,
    label: o.label as string,
    rules: o.rules as string,
    options: o.options as Record<string, unknown>,
    mode: o.mode,
    players: p as string[], // parsed here: no one else holds the array
    breaker: o.breaker as number,
    publishedAt: o.publishedAt as string,
  };
}

export interface Expect {
  table: string;
  secret: string;
  nonce: string;
  digest: DigestFactory;
}

/** An answer's body and its `Carrom-Signature`, checked in the contract's order: the signature first
 * (nothing of an unsigned body is believed), then the version, the table, the nonce, the fields. The
 * counter is the caller's to compare with the highest it took (it is kept in flash). */
export function readAssignment(body: string, signature: string | null | undefined, e: Expect): Read {
  if (!signatureMatches(signature, encodeUtf8(body), e.secret, e.digest)) return { ok: false, reason: signature ? 'bad signature' : 'no signature' };
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof v !== 'object' || v === null) return { ok: false, reason: 'not an object' };
  const o = v as Record<string, unknown>;
  if (o.carromAssignment !== ASSIGNMENT_VERSION) return { ok: false, reason: `carromAssignment is not ${ASSIGNMENT_VERSION}` };
  if (o.table !== e.table) return { ok: false, reason: 'another table' };
  if (o.nonce !== e.nonce) return { ok: false, reason: 'wrong nonce' };
  if (!isInt(o.counter, 0)) return { ok: false, reason: 'counter is not a whole number' };
  let assignment: Assignment | null = null;
  if (o.assignment !== null) {
    const m = readMatch(o.assignment);
    if (typeof m === 'string') return { ok: false, reason: m };
    assignment = m;
  }
  return { ok: true, answer: { table: e.table, counter: o.counter, nonce: e.nonce, assignment } };
}

/** Two assignments are the same match as served (an equal counter must carry the same one); none is
 * `null` as JSON, never the same as a match. */
export function sameAssignment(a: Assignment | null, b: Assignment | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
