// The live matches (docs/server.md §4, "Every shot live"): each table's match as its shot messages tell it,
// in this process's memory only, folded shot by shot with the rules engine (never a replay of the whole log
// per message), and published at once on a small bus with a per-table sequence number. A message that
// leaves a gap, contradicts the lines held or does not fold is held: the live match is marked `held` with
// why and nothing of it is published; the next message that continues it, or the board's record (its
// whole log, checked before it was stored), heals it. One table held never stops another table, nor its
// own next match (a new header starts a new live match). Nothing here is stored: the board records stay
// the only truth for results.
import { EventEmitter } from 'node:events';
import { start, step } from '../../src/rules/engine.ts';
import { parseHeader, parseLogTail } from '../../src/rules/log.ts';
import { foldEvents, KeptEvents } from '../../src/rules/replay.ts';
import type { State } from '../../src/rules/state.ts';
import type { LoggedEvent, MatchHeader } from '../../src/rules/types.ts';
import type { ShotEventJson } from '../json/live.ts';
import { matchIdOf, type ShotMessage } from './shot-message.ts';

/** What the bus carries, and the event stream sends as a `shot` event: a table's live log changed. Its
 * shape is the feeds' JSON (server/json/live.ts), the one the pages read. */
export type ShotEvent = ShotEventJson;

export interface ShotAnswer {
  status: 200 | 202 | 400;
  body: { published: true; have: number } | { held: string; have: number } | { error: string };
}

interface Live {
  id: string;
  header: MatchHeader;
  /** The log's lines as the server holds them, the header first (line 0). */
  lines: string[];
  initial: State;
  kept: KeptEvents<LoggedEvent>;
  state: State;
  lastT: number;
  /** Why the match is held (nothing of it published until healed), or null. */
  held: string | null;
  /** Held for lines that disagree from this line on: a message that agrees up to it replaces the rest. */
  conflictAt: number | null;
  assigned: ShotMessage['assigned'];
}

interface Table {
  name: string;
  seq: number;
  live: Live | null;
  /** Matches that were live here and were replaced by a newer one: their late messages and records change nothing. */
  gone: string[];
}

const GONE_KEPT = 8;

export class LiveMatches extends EventEmitter<{ shot: [ShotEvent] }> {
  private readonly tables = new Map<string, Table>();

  /** The live match of a table as it stands (for tests and part 2's feeds): its lines and whether it is held. */
  liveOf(table: string): { matchId: string; lines: string[]; held: string | null; state: State } | null {
    const l = this.tables.get(table)?.live;
    return l ? { matchId: l.id, lines: l.lines.slice(), held: l.held, state: l.state } : null;
  }

  /** Whether `table` sent this process a shot message (its records then heal its live match). */
  knows(table: string): boolean {
    return this.tables.has(table);
  }

  /** A checked, verified message of `m.table` (the header's table): published, held, or refused. */
  take(m: ShotMessage): ShotAnswer {
    const t = this.table(m.table);
    let live = t.live;
    let publishFrom: number | null = null;
    if (m.from === 0) {
      if (matchIdOf(m.lines[0]) !== m.matchId) return { status: 400, body: { error: 'field "matchId" is not the id of line 0 of "lines" (the first 16 hex digits of the SHA-256 of the header line)' } };
      if (t.gone.includes(m.matchId)) return this.hold(t, null, m.matchId, 'a newer match of this table began since: this message is late');
      if (!live || live.id !== m.matchId) {
        const begun = begin(m.lines[0], m.matchId, m.assigned);
        if (typeof begun === 'string') return this.hold(t, null, m.matchId, `line 0 (the header): ${begun}`);
        this.replace(t, begun);
        live = begun;
        publishFrom = 0;
      }
    } else if (!live || live.id !== m.matchId) {
      return this.hold(t, null, m.matchId, 'this server holds no lines of this match: send it from line 0');
    }
    const have = live.lines.length;
    if (m.from > have) return this.hold(t, live, live.id, `a gap: lines ${have} to ${m.from - 1} never came`);
    let agree = m.from;
    while (agree < have && agree - m.from < m.lines.length && live.lines[agree] === m.lines[agree - m.from]) agree++;
    if (agree < have && agree - m.from < m.lines.length) {
      // A line that disagrees: held, unless the match is held for a disagreement from exactly here, which
      // this message (agreeing up to it) now settles: the table's newest word replaces what followed.
      if (live.conflictAt !== agree) return this.hold(t, live, live.id, `line ${agree} differs from the line this server holds`, agree);
      const refolded = refold(live, agree);
      if (typeof refolded === 'string') return this.hold(t, live, live.id, refolded);
      publishFrom = agree;
    }
    const fresh = m.lines.slice(live.lines.length - m.from);
    if (fresh.length > 0) {
      const added = fold(live, fresh);
      if (added !== null) return this.hold(t, live, live.id, added);
    }
    // Nothing new (a message duplicated, or late): what the server holds is said again; a hold stays.
    if (fresh.length === 0 && publishFrom === null) return live.held === null ? { status: 200, body: { published: true, have: live.lines.length } } : this.hold(t, live, live.id, live.held, live.conflictAt);
    const healed = live.held !== null || (publishFrom !== null && publishFrom > 0);
    const from = publishFrom ?? have;
    live.held = null;
    live.conflictAt = null;
    if (m.assigned) live.assigned = m.assigned;
    this.publish(t, live, from, healed);
    return { status: 200, body: { published: true, have: live.lines.length } };
  }

  /** A board's record of `table` was stored (its log checked and replayed): the live match becomes its
   * log where they differ, or the record's match when it is a newer one. */
  recorded(table: string, log: string): void {
    const lines = log.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    if (lines.length === 0) return;
    const id = matchIdOf(lines[0]);
    const t = this.table(table);
    if (t.gone.includes(id)) return; // a late record of a match the table has left
    let live = t.live;
    let from = 0;
    if (live && live.id === id) {
      while (from < lines.length && from < live.lines.length && live.lines[from] === lines[from]) from++;
      // The live log holds the record's (and perhaps the shots since): nothing to heal.
      if (from === lines.length && live.held === null) return;
    } else {
      const begun = begin(lines[0], id, null);
      if (typeof begun === 'string') return; // cannot be: the record's log was replayed before it was stored
      this.replace(t, begun);
      live = begun;
    }
    if (from < live.lines.length && refold(live, from) !== null) return;
    if (fold(live, lines.slice(live.lines.length)) !== null) return;
    live.held = null;
    live.conflictAt = null;
    this.publish(t, live, from, true);
  }

  private table(id: string): Table {
    let t = this.tables.get(id);
    if (!t) this.tables.set(id, (t = { name: id, seq: 0, live: null, gone: [] }));
    return t;
  }

  private replace(t: Table, next: Live): void {
    if (t.live) t.gone = [t.live.id, ...t.gone.filter((g) => g !== t.live!.id && g !== next.id)].slice(0, GONE_KEPT);
    t.live = next;
  }

  private hold(t: Table, live: Live | null, matchId: string, why: string, conflictAt: number | null = null): ShotAnswer {
    // A tournament's match says so on its notice too: the delay stage holds it with the match's shots.
    if (live && live.held === null) this.emit('shot', { table: t.name, seq: ++t.seq, matchId, held: why, ...(live.assigned ? { assigned: live.assigned } : {}) });
    if (live) {
      live.held = why;
      live.conflictAt = conflictAt;
    }
    return { status: 202, body: { held: why, have: live && live.id === matchId ? (live.conflictAt ?? live.lines.length) : 0 } };
  }

  private publish(t: Table, live: Live, from: number, healed: boolean): void {
    const e: ShotEvent = { table: t.name, seq: ++t.seq, matchId: live.id, from, lines: `${live.lines.slice(from).join('\n')}\n` };
    if (healed) e.healed = true;
    if (live.assigned) e.assigned = live.assigned;
    this.emit('shot', e);
  }
}

/** A live match from its header line, or why it does not start one. */
function begin(headerLine: string, id: string, assigned: ShotMessage['assigned']): Live | string {
  let json: unknown;
  try {
    json = JSON.parse(headerLine);
  } catch {
    return 'not JSON';
  }
  const header = parseHeader(json);
  if (!header.ok) return header.error;
  const initial = start(header.value);
  if (!initial.ok) return initial.error;
  return { id, header: header.value, lines: [headerLine], initial: initial.value, kept: new KeptEvents(), state: initial.value, lastT: 0, held: null, conflictAt: null, assigned };
}

/** Folds `fresh` (the lines after those held) into the live match, all or nothing: null, or why not. */
function fold(live: Live, fresh: readonly string[]): string | null {
  if (fresh.length === 0) return null;
  const blank = fresh.findIndex((l) => l.trim() === '');
  if (blank >= 0) return `line ${live.lines.length + blank} is blank`;
  const parsed = parseLogTail(fresh.join('\n'), { header: live.header, headerLine: 1, lines: live.lines.length, lastT: live.lastT });
  // The parse's lines count from 1 (the header); a shot message's from 0.
  if (!parsed.ok) return `line ${parsed.error.line - 1}: ${parsed.error.reason}`;
  for (const ev of parsed.value) {
    // An undo takes its shot back: the match is folded again from its start (rare: not at every shot).
    if (ev.event.e === 'undo' && live.kept.undo() >= 0) live.state = foldEvents(live.initial, live.kept.items);
    else {
      live.kept.push(ev);
      live.state = step(live.state, ev.event, ev.line);
    }
    live.lastT = ev.event.t;
  }
  live.lines.push(...fresh);
  return null;
}

/** The live match cut back to its first `keep` lines, folded again from its start (a heal: rare). */
function refold(live: Live, keep: number): string | null {
  const rest = live.lines.slice(1, keep);
  live.lines = [live.lines[0]];
  live.kept = new KeptEvents();
  live.state = live.initial;
  live.lastT = 0;
  return fold(live, rest);
}
