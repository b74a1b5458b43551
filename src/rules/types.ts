// The game's vocabulary, as data, with the types derived from it (docs/formats.md §1).

export const MODES = Object.freeze(['singles', 'doubles', 'three'] as const);
export type Mode = (typeof MODES)[number];

export const COLOURS = Object.freeze(['white', 'black'] as const);
export type Colour = (typeof COLOURS)[number];

/** What a pocket event may say went in. `man` = a carrom man of unknown colour, `unknown` = anything. */
export const POCKET_PIECES = Object.freeze(['white', 'black', 'queen', 'striker', 'man', 'unknown'] as const);
export type PocketPiece = (typeof POCKET_PIECES)[number];

/** A piece whose kind is known. */
export const DEFINITE_PIECES = Object.freeze(['white', 'black', 'queen', 'striker'] as const);
export type Piece = (typeof DEFINITE_PIECES)[number];

export const FOUL_KINDS = Object.freeze(['touch', 'technique', 'line', 'backshot', 'placement', 'technical', 'other'] as const);
export type FoulKind = (typeof FOUL_KINDS)[number];

export const CALLS = Object.freeze(['nocontact', 'offboard', 'foul', 'nocross', 'colour', 'placed'] as const);
export type CallName = (typeof CALLS)[number];

export const EVENT_TYPES = Object.freeze(['strike', 'pocket', 'settle', 'identify', 'call', 'undo'] as const);
export type EventType = (typeof EVENT_TYPES)[number];

export type Call =
  | { call: 'nocontact' }
  | { call: 'offboard'; piece: PocketPiece }
  | { call: 'foul'; kind: FoulKind }
  | { call: 'nocross' }
  | { call: 'colour'; colour: Colour }
  | { call: 'placed' };

export type GameEvent =
  | { e: 'strike'; t: number; seat?: number }
  | { e: 'pocket'; t: number; piece: PocketPiece; pocket?: number }
  | { e: 'settle'; t: number }
  | { e: 'identify'; t: number; piece: Piece; pocket?: number }
  | ({ e: 'call'; t: number } & Call)
  | { e: 'undo'; t: number };

/** Line 1 of a match log. `options` override preset parameters by name (docs/rules.md). */
export interface MatchHeader {
  carrom: 1;
  rules: string;
  mode: Mode;
  players: string[];
  breaker: number;
  options: Record<string, unknown>;
}

/** An event with the line of the log it came from, so warnings can point at it. */
export interface LoggedEvent {
  line: number;
  event: GameEvent;
}

export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export const otherColour = (c: Colour): Colour => (c === 'white' ? 'black' : 'white');
