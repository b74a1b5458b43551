// Reading and writing match logs, version 1 (docs/formats.md §1). Parse into checked records or say
// `LINE: reason`; unknown fields are ignored, an unknown version is refused.

import { parseJsonLines, type LineError, type Resume } from './jsonl.ts';
import {
  CALLS,
  COLOURS,
  DEFINITE_PIECES,
  EVENT_TYPES,
  FOUL_KINDS,
  MODES,
  POCKET_PIECES,
  type EventType,
  type GameEvent,
  type LoggedEvent,
  type MatchHeader,
  type Result,
  err,
  ok,
} from './types.ts';

export interface MatchLog {
  header: MatchHeader;
  headerLine: number;
  events: LoggedEvent[];
}

/** A malformed log: the 1-based line and what is wrong there. */
export type LogError = LineError;

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf = (list: readonly string[], v: unknown): boolean => typeof v === 'string' && list.includes(v);

export function parseHeader(value: unknown): Result<MatchHeader> {
  if (!isObj(value)) return err('the header is not a JSON object');
  if (!('carrom' in value)) return err('missing field "carrom" (is this a match log?)');
  if (value.carrom !== 1) return err(`unknown match log version ${JSON.stringify(value.carrom)} (this reader knows 1)`);
  if (typeof value.rules !== 'string') return err('field "rules" must be a preset id');
  if (!oneOf(MODES, value.mode)) return err(`field "mode" must be one of ${MODES.join(', ')}`);
  const players = value.players;
  if (!Array.isArray(players) || !players.every((p) => typeof p === 'string')) return err('field "players" must be a list of names');
  const breaker = value.breaker ?? 0;
  if (!isInt(breaker, 0, 3)) return err('field "breaker" must be a player index');
  const options = value.options ?? {};
  if (!isObj(options)) return err('field "options" must be an object');
  return ok({ carrom: 1, rules: value.rules, mode: value.mode as MatchHeader['mode'], players: players as string[], breaker, options });
}

/** Checks one event line; `t` must not go below `lastT`. */
export function parseEvent(value: unknown, lastT: number): Result<GameEvent> {
  if (!isObj(value)) return err('an event must be a JSON object');
  const e = value.e;
  if (typeof e !== 'string') return err('missing field "e"');
  // e is a string by now: includes alone, not oneOf (in XS the call is some 28 operations an event).
  if (!EVENT_TYPES.includes(e as EventType)) return err(`unknown event "${e}"`);
  const t = value.t;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 0) return err('field "t" must be a time in milliseconds');
  if (t < lastT) return err(`time goes backwards (${t} after ${lastT})`);
  const pocket = value.pocket;
  if (pocket !== undefined && !isInt(pocket, 0, 3)) return err('field "pocket" must be 0–3');
  switch (e) {
    case 'strike':
      if (value.seat !== undefined && !isInt(value.seat, 0, 3)) return err('field "seat" must be 0–3');
      return ok(value.seat === undefined ? { e, t } : { e, t, seat: value.seat as number });
    case 'pocket':
      return pieceEvent(e, t, value.piece, pocket, POCKET_PIECES);
    case 'identify':
      return pieceEvent(e, t, value.piece, pocket, DEFINITE_PIECES);
    case 'settle':
    case 'undo':
      return ok({ e, t } as GameEvent);
    case 'call':
      return parseCall(value, t);
  }
  return err(`unknown event "${e}"`);
}

/** A pocket or identify event whose piece must be one of `list`, built whole (a spread to add the pocket
 * was a tenth of a log's parse). The piece is read from the line's object once, here: those objects come
 * in many shapes, and on V8 each read of one of them is a slow one. oneOf's test is written out (in XS a
 * call costs more than the test). */
function pieceEvent<E extends 'pocket' | 'identify'>(e: E, t: number, piece: unknown, pocket: unknown, list: readonly string[]): Result<GameEvent> {
  if (typeof piece !== 'string' || !list.includes(piece)) return err(`field "piece" must be one of ${list.join(', ')}`);
  return ok((pocket === undefined ? { e, t, piece } : { e, t, piece, pocket }) as GameEvent);
}

function parseCall(value: Obj, t: number): Result<GameEvent> {
  const call = value.call;
  if (!oneOf(CALLS, call)) return err(`field "call" must be one of ${CALLS.join(', ')}`);
  switch (call) {
    case 'offboard':
      if (!oneOf(POCKET_PIECES, value.piece)) return err(`field "piece" must be one of ${POCKET_PIECES.join(', ')}`);
      return ok({ e: 'call', t, call, piece: value.piece as never });
    case 'foul':
      if (!oneOf(FOUL_KINDS, value.kind)) return err(`field "kind" must be one of ${FOUL_KINDS.join(', ')}`);
      return ok({ e: 'call', t, call, kind: value.kind as never });
    case 'colour':
      if (!oneOf(COLOURS, value.colour)) return err(`field "colour" must be one of ${COLOURS.join(', ')}`);
      return ok({ e: 'call', t, call, colour: value.colour as never });
    default:
      return ok({ e: 'call', t, call } as GameEvent);
  }
}

/** Parses a whole log. Blank lines are skipped; every other line must hold one JSON object. */
export function parseLog(text: string): Result<MatchLog, LogError> {
  const p = parseJsonLines(text, 'log', parseHeader, parseEvent);
  if (!p.ok) return p;
  return ok({ header: p.value.header, headerLine: p.value.headerLine, events: p.value.records });
}

/** The events of `tail`, the text that follows a log whose parse ended at `from` (its header, its line
 * count and its last time): a longer log of the same match is parsed only where it is new. */
export function parseLogTail(tail: string, from: Resume<MatchHeader>): Result<LoggedEvent[], LogError> {
  // Stryker disable next-line StringLiteral: `what` names only a file with no header, and a tail's header is already known
  const p = parseJsonLines(tail, 'log', parseHeader, parseEvent, from);
  if (!p.ok) return p;
  return ok(p.value.records);
}

/** One line of a log, with keys in the order docs/formats.md shows them. */
export function formatEvent(event: GameEvent): string {
  const { e, t, ...fields } = event;
  return JSON.stringify({ e, ...fields, t });
}

/** A whole log: the header line, then one line per event, each ended by a newline. */
export function formatLog(header: MatchHeader, events: readonly GameEvent[]): string {
  let out = `${formatHeader(header)}\n`;
  for (const e of events) out += `${formatEvent(e)}\n`;
  return out;
}

export function formatHeader(header: MatchHeader): string {
  const { carrom, rules, mode, players, breaker, options } = header;
  return JSON.stringify({ carrom, rules, mode, players, breaker, options });
}
