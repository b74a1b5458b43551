// The carrom notation (docs/notation.md): a match log written as text for people, shot by shot, as PGN is
// for chess. This file prints it; read.ts reads it back. Both share the tokens below, and the reader
// checks the notation's derived marks (annotations <…>, the Result, Score, Games and Seats tags) by
// printing the events it read with `describeLog` and comparing. The annotations are marks.ts's: what
// the replay made of each line.

import { start, step } from '../rules/engine.ts';
import { KeptEvents } from '../rules/replay.ts';
import { type State, seatOf } from '../rules/state.ts';
import type { GameEvent, LoggedEvent, MatchHeader, PocketPiece, Result } from '../rules/types.ts';
import { err, ok } from '../rules/types.ts';
import { type Point, annotate, boardOf, endings } from './marks.ts';

/** The letter of each piece (as the project's script shorthand, tools/script.ts: K is black). */
export const PIECE_LETTERS: Readonly<Record<PocketPiece, string>> = { white: 'W', black: 'K', queen: 'Q', striker: 'S', man: 'M', unknown: 'U' };
/** Players are lettered A–D in the order of the log's `players`. */
export const PLAYER_LETTERS = 'ABCD';
/** The tags printed first, "?" when the caller does not know them (PGN's habit). */
export const INFO_TAGS: readonly string[] = ['Event', 'Date', 'Round', 'Table'];
const UNKNOWN_INFO: Readonly<Record<string, string>> = { Event: '?', Date: '????.??.??', Round: '?', Table: '?' };
/** Tags the printer derives from the replay; the reader checks them when they are present. */
export const DERIVED_TAGS: readonly string[] = ['Seats', 'Result', 'Score', 'Games'];

export interface PrintOptions {
  /** Tags to print (Event, Date, Round, Table, Site, …): string values; the match's own tags cannot be given. */
  tags?: Readonly<Record<string, string>>;
  /** Print each event's time in `{@…}` comments (the default). Without them the reader dates every event 0. */
  times?: boolean;
}

/** One line of the shots: the events from a strike to the next strike (or those before the first). */
export interface Segment {
  /** Whether the segment starts a board (printed after a blank line, numbered from 1 again). */
  boardStart: boolean;
  tokens: string[];
  times: number[];
  annotations: string[];
}

export interface Described {
  tags: [string, string][];
  segments: Segment[];
}

/** The players' letters of each side: "A", or "A&C" for partners in doubles. */
export function sideLetters(header: Pick<MatchHeader, 'mode' | 'players'>): string[] {
  const l = PLAYER_LETTERS;
  if (header.mode === 'doubles') return [`${l[0]}&${l[2]}`, `${l[1]}&${l[3]}`];
  return header.players.map((_, i) => l[i]);
}

/** The token of one event. */
export function eventToken(event: GameEvent, header: Pick<MatchHeader, 'mode' | 'players'>): string {
  const pocket = (p: number | undefined) => (p === undefined ? '' : String(p));
  switch (event.e) {
    case 'strike': {
      if (event.seat === undefined) return '*';
      const player = header.players.findIndex((_, i) => seatOf(header, i) === event.seat);
      return player < 0 ? `@${event.seat}` : PLAYER_LETTERS[player];
    }
    case 'pocket':
      return PIECE_LETTERS[event.piece] + pocket(event.pocket);
    case 'settle':
      return '/';
    case 'identify':
      return `=${PIECE_LETTERS[event.piece]}${pocket(event.pocket)}`;
    case 'undo':
      return 'undo';
    case 'call':
      switch (event.call) {
        case 'offboard':
          return `off:${PIECE_LETTERS[event.piece]}`;
        case 'foul':
          return `foul:${event.kind}`;
        case 'colour':
          return `colour:${event.colour}`;
        default:
          return event.call;
      }
  }
}

/** A time as m:ss.mmm when it is a whole number of milliseconds (below 2^53, where that is exact), else as
 * milliseconds ("1234.5ms"). */
export function formatTime(t: number): string {
  if (!Number.isSafeInteger(t)) return `${t}ms`;
  const ms = t % 1000;
  const s = Math.floor(t / 1000) % 60;
  const m = Math.floor(t / 60000);
  return `${m}:${s < 10 ? '0' : ''}${s}.${String(ms).padStart(3, '0')}`;
}

/** A tag's value as a JSON string: names with quotes, backslashes or any character are written exactly. */
const quote = (value: string): string => JSON.stringify(value);

/**
 * The tags and the lines of the shots of a log, with the marks derived from replaying it. The log's
 * events are all written, undos and events out of place included, so the log read back is the same
 * list of events; the marks say what the engine made of them.
 */
export function describeLog(header: MatchHeader, events: readonly LoggedEvent[], options: PrintOptions = {}): Result<Described> {
  const initial = start(header);
  if (!initial.ok) return err(initial.error);
  const letters = sideLetters(header);
  const first: Point = { state: initial.value, ended: { games: [], playing: [], all: [] } };
  // The state after each event an undo has not taken back (an undo goes back to an earlier one, as
  // replay.ts's effectiveEvents does: the same fold, kept event by event).
  const kept = new KeptEvents<LoggedEvent>();
  const points: Point[] = [];
  let cur = first;
  const segments: Segment[] = [];
  let seg: Segment | null = null;
  let segStart = first;
  const close = () => {
    if (seg) seg.annotations = annotate(segStart, cur, letters, seg.boardStart);
  };
  for (const logged of events) {
    const { event, line } = logged;
    if (event.e === 'strike' || seg === null) {
      close();
      const boardStart: boolean = seg === null || boardOf(cur.state) !== boardOf(segStart.state);
      seg = { boardStart, tokens: [], times: [], annotations: [] };
      segments.push(seg);
      segStart = cur;
    }
    seg.times.push(event.t);
    const cut = event.e === 'undo' ? kept.undo() : -1;
    if (cut >= 0) {
      seg.tokens.push('undo');
      points.length = cut;
      cur = cut > 0 ? points[cut - 1] : first;
      continue;
    }
    kept.push(logged);
    const next = step(cur.state, event, line);
    // A strike the log gives no seat is the shot of whoever the engine counts it for: a small letter.
    const seatless = event.e === 'strike' && event.seat === undefined && next.shot !== null;
    seg.tokens.push(seatless ? PLAYER_LETTERS[next.shot!.player].toLowerCase() : eventToken(event, header));
    cur = { state: next, ended: endings(cur, next, event, line, letters) };
    points.push(cur);
  }
  close();
  return ok({ tags: tags(header, cur.state, letters, options), segments });
}

function tags(header: MatchHeader, final: State, letters: string[], options: PrintOptions): [string, string][] {
  const given = options.tags ?? {};
  const out: [string, string][] = [];
  for (const name of INFO_TAGS) out.push([name, given[name] ?? UNKNOWN_INFO[name]]);
  for (const name of Object.keys(given)) if (!INFO_TAGS.includes(name)) out.push([name, given[name]]);
  out.push(['Preset', header.rules], ['Mode', header.mode]);
  header.players.forEach((name, i) => out.push([PLAYER_LETTERS[i], name]));
  out.push(['Breaker', PLAYER_LETTERS[header.breaker]]);
  if (Object.keys(header.options).length > 0) out.push(['Options', JSON.stringify(header.options)]);
  out.push(...derivedTags(header, final, letters));
  return out;
}

/** Seats, Result, Score (and Games, in a match of several): what the replay makes of the match. */
function derivedTags(header: MatchHeader, final: State, letters: string[]): [string, string][] {
  const m = final.match;
  const seats = header.players.map((_, i) => `${PLAYER_LETTERS[i]} ${seatOf(header, i)}`).join(', ');
  const result = !m.over ? '*' : m.winner === null ? 'nobody' : letters[m.winner];
  const out: [string, string][] = [
    ['Seats', seats],
    ['Result', result],
    ['Score', m.score.join('-')],
  ];
  if (m.games.length > 0) out.push(['Games', letters.map((_, side) => m.games.filter((g) => g.winner === side).length).join('-')]);
  return out;
}

/** The notation of a match log: tag pairs, a blank line, then one line per shot, boards apart. */
export function printNotation(header: MatchHeader, events: readonly LoggedEvent[], options: PrintOptions = {}): Result<string> {
  for (const name of Object.keys(options.tags ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return err(`a tag's name is letters, digits and _, starting with a letter: not "${name}"`);
    if (isMatchTag(name)) return err(`tag "${name}" comes from the match log; it cannot be given`);
  }
  const d = describeLog(header, events, options);
  if (!d.ok) return d;
  const times = options.times !== false;
  let text = '';
  for (const [name, value] of d.value.tags) text += `[${name} ${quote(value)}]\n`;
  let n = 0;
  for (const seg of d.value.segments) {
    if (seg.boardStart) {
      text += '\n';
      n = 0;
    }
    const strike = seg.tokens.length > 0 && isStrikeToken(seg.tokens[0]);
    if (strike) n++;
    let line = strike ? `${n}. ${seg.tokens.join(' ')}` : seg.tokens.join(' ');
    for (const a of seg.annotations) line += ` <${a}>`;
    if (times) line += ` {@${seg.times.map(formatTime).join(' ')}}`;
    text += `${line}\n`;
  }
  return ok(text);
}

export const isStrikeToken = (token: string): boolean => token === '*' || /^(@[0-3]|[A-Da-d])$/.test(token);

/** Tags that the match log or the replay gives, which a caller cannot set. */
export function isMatchTag(name: string): boolean {
  return name === 'Preset' || name === 'Mode' || name === 'Breaker' || name === 'Options' || /^[A-D]$/.test(name) || DERIVED_TAGS.includes(name);
}
