// Reading the carrom notation (docs/notation.md) back into a match log: the header from the tag pairs, one
// event per token of the shots, the times from the `{@…}` comments. The marks the printer derives (the
// annotations <…> and the tags Seats, Result, Score, Games) are checked against the replay of what was
// read: a notation that says something the log does not make is refused, where it says it.

import { start } from '../rules/engine.ts';
import { named } from '../rules/named.ts';
import { seatOf } from '../rules/state.ts';
import { COLOURS, FOUL_KINDS, MODES, type GameEvent, type LoggedEvent, type MatchHeader, type PocketPiece, type Result, ok } from '../rules/types.ts';
import { DERIVED_TAGS, PLAYER_LETTERS, describeLog, formatTime, isStrikeToken } from './print.ts';
import { fail, tokenize, type NotationError, type Token } from './tokens.ts';

export type { NotationError } from './tokens.ts';

export interface ReadNotation {
  header: MatchHeader;
  events: GameEvent[];
  /** Every tag pair as written (the match's own and the others: Event, Date, …). */
  tags: Record<string, string>;
}

const LETTER_PIECES: Readonly<Record<string, PocketPiece>> = { W: 'white', K: 'black', Q: 'queen', S: 'striker', M: 'man', U: 'unknown' };

/** A time of a `{@…}` comment: m:ss.mmm, or milliseconds written "1234.5ms". */
function parseTime(s: string): number | null {
  const clock = /^(\d+):([0-5]\d)\.(\d{3})$/.exec(s);
  if (clock) return Number(clock[1]) * 60000 + Number(clock[2]) * 1000 + Number(clock[3]);
  const ms = /^(\d+(?:\.\d+)?(?:e[+-]?\d+)?)ms$/.exec(s);
  return ms ? Number(ms[1]) : null;
}

/** The notation read back: the match log's header and events, or where it is wrong. */
export function readNotation(text: string): Result<ReadNotation, NotationError> {
  const lexed = tokenize(text);
  if (!lexed.ok) return lexed;
  const tokens = lexed.value;
  // By name, as written: a Map and an object with no prototype, so that a tag called "toString" or
  // "__proto__" is a tag like any other.
  const tags: Record<string, string> = Object.create(null);
  const tagAt = new Map<string, Token>();
  let k = 0;
  for (; k < tokens.length && (tokens[k].kind === 'tag' || tokens[k].kind === 'comment'); k++) {
    const t = tokens[k];
    if (t.kind !== 'tag') continue;
    const first = tagAt.get(t.text);
    if (first) return fail(t, `tag "${t.text}" is given twice (first on line ${first.line})`);
    tags[t.text] = t.value!;
    tagAt.set(t.text, t);
  }
  const head = header(tags, tagAt, tokens[k] ?? { line: 1, column: 1 });
  if (!head.ok) return head;
  const h = head.value;

  // The shots: one event per word, times from the comments, annotations kept to check.
  const events: GameEvent[] = [];
  const words: Token[] = []; // the word of each event
  const untimed: number[] = []; // events since the last times comment
  let lastT = 0;
  /** Per segment (a strike and what follows it, as print.ts cuts them): its annotations as written. */
  const notes: Token[][] = [];
  let segmentOpen = false;
  for (; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.kind === 'tag') return fail(t, 'a tag pair after the shots began: tags come first');
    if (t.kind === 'note') {
      if (!segmentOpen) return fail(t, 'an annotation before any shot');
      notes[notes.length - 1].push(t);
      continue;
    }
    if (t.kind === 'comment') {
      if (!t.text.startsWith('@')) continue; // a comment for people
      const times = t.text.slice(1).trim().split(/\s+/).filter((s) => s !== '');
      if (times.length !== untimed.length) return fail(t, `${times.length} ${times.length === 1 ? 'time' : 'times'} for the ${untimed.length} ${untimed.length === 1 ? 'event' : 'events'} since the last times comment`);
      // Where each time stands in the comment, to name it (a comment on one line, as the printer writes it).
      let from = 1;
      const place = (word: string) => {
        const index = t.text.indexOf(word, from);
        from = index + word.length;
        const before = t.text.slice(0, index);
        return before.includes('\n') ? t : { line: t.line, column: t.column + 1 + index };
      };
      for (let n = 0; n < times.length; n++) {
        const v = parseTime(times[n]);
        const where = place(times[n]);
        if (v === null) return fail(where, `"${times[n]}" is not a time (m:ss.mmm, or milliseconds as "1234.5ms")`);
        if (v < lastT) return fail(where, `time goes backwards (${times[n]} after ${formatTime(lastT)})`);
        events[untimed[n]].t = v;
        lastT = v;
      }
      untimed.length = 0;
      continue;
    }
    if (/^\d+\.$/.test(t.text)) continue; // a shot's number, for people
    const event = wordEvent(t, h);
    if (!event.ok) return event;
    if (event.value.e === 'strike' || !segmentOpen) {
      notes.push([]);
      segmentOpen = true;
    }
    event.value.t = lastT;
    untimed.push(events.length);
    events.push(event.value);
    words.push(t);
  }
  const checked = checkMarks(h, events, words, tags, tagAt, notes);
  if (!checked.ok) return checked;
  return ok({ header: h, events, tags });
}

/** The match log's header from the tags Preset, Mode, A–D, Breaker and Options. */
function header(tags: Record<string, string>, tagAt: Map<string, Token>, after: { line: number; column: number }): Result<MatchHeader, NotationError> {
  for (const name of ['Preset', 'Mode', 'A', 'B']) if (!(name in tags)) return fail(after, `tag "${name}" is missing (the tags before the shots give the match: Preset, Mode, A, B, …)`);
  const mode = tags.Mode as MatchHeader['mode'];
  if (!(MODES as readonly string[]).includes(mode)) return fail(tagAt.get('Mode')!, `tag "Mode" must be one of ${MODES.join(', ')}`);
  const count = mode === 'singles' ? 2 : mode === 'doubles' ? 4 : 3;
  const players: string[] = [];
  for (let i = 0; i < 4; i++) {
    const letter = PLAYER_LETTERS[i];
    if (i < count && !(letter in tags)) return fail(after, `tag "${letter}" is missing: mode ${mode} has ${count} players, ${PLAYER_LETTERS.slice(0, count).split('').join(', ')}`);
    if (i >= count && letter in tags) return fail(tagAt.get(letter)!, `tag "${letter}": mode ${mode} has ${count} players, ${PLAYER_LETTERS.slice(0, count).split('').join(', ')}`);
    if (i < count) players.push(tags[letter]);
  }
  const breaker = tags.Breaker === undefined ? 0 : PLAYER_LETTERS.slice(0, count).indexOf(tags.Breaker);
  if (breaker < 0) return fail(tagAt.get('Breaker')!, `tag "Breaker" must be a player's letter (${PLAYER_LETTERS.slice(0, count).split('').join(', ')})`);
  let options: Record<string, unknown> = {};
  if (tags.Options !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(tags.Options);
    } catch {
      return fail(tagAt.get('Options')!, 'tag "Options" must hold a JSON object ({"maxBoards": 2})');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail(tagAt.get('Options')!, 'tag "Options" must hold a JSON object ({"maxBoards": 2})');
    options = parsed as Record<string, unknown>;
  }
  const h: MatchHeader = { carrom: 1, rules: tags.Preset, mode, players, breaker, options };
  const s = start(h);
  if (!s.ok) {
    // The header's refusals (engine.ts start): name the tag they are about.
    const options = tagAt.get('Options');
    const where = /option/.test(s.error) && options ? options : /mode/.test(s.error) ? tagAt.get('Mode')! : tagAt.get('Preset')!;
    return fail(where, s.error);
  }
  return ok(h);
}

/** The event of one word of the shots (docs/notation.md's table of tokens). */
function wordEvent(t: Token, h: MatchHeader): Result<GameEvent, NotationError> {
  const w = t.text;
  const count = h.players.length;
  if (isStrikeToken(w)) {
    if (w === '*') return ok({ e: 'strike', t: 0 });
    if (w.startsWith('@')) return ok({ e: 'strike', seat: Number(w[1]), t: 0 });
    const player = PLAYER_LETTERS.indexOf(w.toUpperCase());
    if (player >= count) return fail(t, `there is no player ${w.toUpperCase()} in ${h.mode} (players ${PLAYER_LETTERS.slice(0, count).split('').join(', ')})`);
    // A small letter: a strike with no seat, that the engine counts for that player (checked with the marks).
    if (w !== w.toUpperCase()) return ok({ e: 'strike', t: 0 });
    return ok({ e: 'strike', seat: seatOf(h, player), t: 0 });
  }
  if (w === '/') return ok({ e: 'settle', t: 0 });
  if (w === 'undo') return ok({ e: 'undo', t: 0 });
  if (w === 'nocontact' || w === 'nocross' || w === 'placed') return ok({ e: 'call', call: w, t: 0 });
  const piece = /^(=?)([A-Za-z])([0-9]?)$/.exec(w);
  if (piece) {
    const kind = named(LETTER_PIECES, piece[2]);
    if (!kind) return fail(t, `"${piece[2]}" is no piece (W white, K black, Q queen, S striker, M man, U unknown)`);
    const pocket = piece[3] === '' ? undefined : Number(piece[3]);
    if (pocket !== undefined && pocket > 3) return fail(t, `pocket ${pocket}: pockets are 0–3`);
    if (piece[1] === '=') {
      if (kind === 'man' || kind === 'unknown') return fail(t, `"${w}" names a piece as ${kind}: a piece is named W, K, Q or S`);
      return ok(pocket === undefined ? { e: 'identify', piece: kind, t: 0 } : { e: 'identify', piece: kind, pocket, t: 0 });
    }
    return ok(pocket === undefined ? { e: 'pocket', piece: kind, t: 0 } : { e: 'pocket', piece: kind, pocket, t: 0 });
  }
  const call = /^(off|foul|colour):(.*)$/.exec(w);
  if (call) {
    const [, name, arg] = call;
    if (name === 'off') {
      const kind = named(LETTER_PIECES, arg);
      if (!kind) return fail(t, `"${w}": off: takes a piece's letter (W, K, Q, S, M, U)`);
      return ok({ e: 'call', call: 'offboard', piece: kind, t: 0 });
    }
    if (name === 'foul') {
      if (!(FOUL_KINDS as readonly string[]).includes(arg)) return fail(t, `"${w}": a called foul is one of ${FOUL_KINDS.map((f) => `foul:${f}`).join(', ')}`);
      return ok({ e: 'call', call: 'foul', kind: arg as never, t: 0 });
    }
    if (!(COLOURS as readonly string[]).includes(arg)) return fail(t, `"${w}": colour:white or colour:black`);
    return ok({ e: 'call', call: 'colour', colour: arg as never, t: 0 });
  }
  if (/^\d+$/.test(w)) return fail(t, `"${w}": a shot's number ends with a dot ("${w}.")`);
  return fail(t, `unknown token "${w}"`);
}

/** The annotations and derived tags written, against those the printer makes of the events read. */
function checkMarks(h: MatchHeader, events: GameEvent[], words: Token[], tags: Record<string, string>, tagAt: Map<string, Token>, notes: Token[][]): Result<true, NotationError> {
  const logged: LoggedEvent[] = events.map((event, i) => ({ event, line: i + 2 }));
  const d = describeLog(h, logged);
  if (!d.ok) return fail(tagAt.get('Preset')!, d.error);
  for (const [name, value] of d.value.tags) {
    if (!DERIVED_TAGS.includes(name) || !(name in tags)) continue;
    if (tags[name] !== value) return fail(tagAt.get(name)!, `tag "${name}" says "${tags[name]}", but the shots make it "${value}"`);
  }
  for (const name of DERIVED_TAGS) if (name in tags && !d.value.tags.some(([n]) => n === name)) return fail(tagAt.get(name)!, `tag "${name}": the shots make no ${name.toLowerCase()} (a match of one game has no Games)`);
  // Who shot a strike with no seat: the engine's player, when the notation names one.
  let e = 0;
  for (const seg of d.value.segments) {
    for (const made of seg.tokens) {
      const w = words[e++];
      if (/^[a-d]$/.test(w.text) && w.text !== made) return fail(w, `"${w.text}": the shot is ${/^[a-d]$/.test(made) ? `${made.toUpperCase()}'s` : 'nobody\'s (the match is over)'}, the player on turn`);
    }
  }
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
  for (let s = 0; s < notes.length; s++) {
    const written = notes[s];
    if (written.length === 0) continue; // marks are optional: a line without them says nothing
    const made = d.value.segments[s].annotations;
    for (let n = 0; n < Math.max(written.length, made.length); n++) {
      const w = written[n];
      const at = w ?? written[written.length - 1];
      if (w === undefined) return fail(at, `after this, the shots make <${made[n]}> too: a line's marks are all or none`);
      if (n >= made.length) return fail(at, `<${norm(w.text)}>: the shots make ${made.length === 0 ? 'no mark here' : `only ${made.map((m) => `<${m}>`).join(' ')} here`}`);
      if (norm(w.text) !== made[n]) return fail(at, `<${norm(w.text)}>: the shots make <${made[n]}> here`);
    }
  }
  return ok(true);
}
