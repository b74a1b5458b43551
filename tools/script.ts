// A shorthand for writing match logs by hand, used by the tests and to write the fixture logs.
//
// One step a string. A shot: the pieces that went in, "W K Q S M U" (white, black, queen, striker,
// man of unknown colour, unknown), "-" for nothing, plus calls in it: "nocontact", "nocross",
// "off:K", "foul:technique". Between shots, a step starting with "!": "!colour:black", "!placed",
// "!undo", "!foul:technical", "!late:K" (a late drop), "!id:white" (identify), "!off:Q" (a call for
// the shot that settled). "@2" before a shot's pieces gives the seat the strike came from.

import { named } from '../src/rules/named.ts';
import type { GameEvent, MatchHeader } from '../src/rules/types.ts';

const PIECES: Readonly<Record<string, string>> = { W: 'white', K: 'black', Q: 'queen', S: 'striker', M: 'man', U: 'unknown' };

/** The piece a letter stands for (a token such as "constructor" is none). */
const piece = (letter: string | undefined): string | undefined => (letter === undefined ? undefined : named(PIECES, letter));

export interface ScriptOptions {
  /** Milliseconds between shots (a shot lasts 3 s of them). */
  gap?: number;
}

export function scriptEvents(steps: readonly string[], options: ScriptOptions = {}): GameEvent[] {
  const gap = Math.max(options.gap ?? 5000, 3500);
  const events: GameEvent[] = [];
  let t = 0;
  for (const step of steps) {
    const tokens = step.trim().split(/\s+/).filter((x) => x !== '');
    if (tokens[0]?.startsWith('!')) {
      t += 10;
      for (const token of tokens) events.push(between(token.slice(1), t));
      continue;
    }
    t += gap - 3000;
    let seat: number | undefined;
    if (tokens[0]?.startsWith('@')) seat = Number(tokens.shift()!.slice(1));
    events.push(seat === undefined ? { e: 'strike', t } : { e: 'strike', seat, t });
    let dt = 100;
    for (const token of tokens) {
      if (token === '-') continue;
      events.push(inShot(token, t + dt));
      dt += 100;
    }
    t += 3000;
    events.push({ e: 'settle', t });
  }
  return events;
}

function inShot(token: string, t: number): GameEvent {
  const p = piece(token);
  if (p) return { e: 'pocket', piece: p as never, t };
  return call(token, t);
}

function call(token: string, t: number): GameEvent {
  const [name, arg] = token.split(':');
  switch (name) {
    case 'nocontact':
    case 'nocross':
    case 'placed':
      return { e: 'call', call: name, t };
    case 'off':
      return { e: 'call', call: 'offboard', piece: (piece(arg) ?? arg) as never, t };
    case 'foul':
      return { e: 'call', call: 'foul', kind: arg as never, t };
    case 'colour':
      return { e: 'call', call: 'colour', colour: arg as never, t };
  }
  throw new Error(`script: unknown token "${token}"`);
}

function between(token: string, t: number): GameEvent {
  const [name, arg] = token.split(':');
  if (name === 'undo') return { e: 'undo', t };
  if (name === 'late') return { e: 'pocket', piece: piece(arg) as never, t };
  if (name === 'id') return { e: 'identify', piece: (piece(arg) ?? arg) as never, t };
  return call(token, t);
}

export function header(rules: string, mode: MatchHeader['mode'] = 'singles', options: Record<string, unknown> = {}, breaker = 0): MatchHeader {
  const names = { singles: ['Asha', 'Ben'], doubles: ['Asha', 'Ben', 'Cleo', 'Dev'], three: ['Asha', 'Ben', 'Cleo'] }[mode];
  return { carrom: 1, rules, mode, players: names, breaker, options };
}
