// Shot messages (docs/sync.md §7): after each shot settles, and the table is still, what the shot (and the
// calls since the last message) added to the match log goes to the server as one small signed message,
// best effort. Never in flash, never queued: one message in flight at most, none while a record is queued
// or on its way (a record is never delayed nor displaced by one), none while a shot is in play. A message
// lost or refused is not sent again: the next one carries every line since the last the server said it
// holds, so the server's live log heals itself; past SHOT_MAX bytes nothing is sent until a board's record,
// which carries the whole log, has been acknowledged (the server then holds that log). Pure over the
// host's transport and digest: no clock, no Node; the sync core (sync.ts) drives it.

import { encodeUtf8 } from '../store/utf8.ts';
import type { MatchIds } from './assignment.ts';
import { toHex } from './hmac.ts';
import type { DigestFactory, PostAnswer, TransportPort } from './ports.ts';
import { signedBody } from './record.ts';
import { eventLines } from './match-records.ts';

/** A shot message's body, at most (the server answers 413 past it). */
export const SHOT_MAX = 8 * 1024;
export const SHOTS_PATH = '/api/v1/shots';

/** The log's line count (its header is line 0; a log as written ends each line with a newline): its
 * event lines and the header's (match-records.ts counts them, once in the device's bundle). */
const lineCount = (log: string): number => eventLines(log) + 1;

/** A match's id in shot messages: the first 16 hex digits of the SHA-256 of its log's header line. */
export function matchId(headerLine: string, digest: DigestFactory): string {
  const d = digest();
  d.write(encodeUtf8(headerLine));
  return toHex(new Uint8Array(d.close())).slice(0, 16);
}

/** The shot message's text (docs/sync.md §7). `lines`: the log's lines from line `from` on, each ended by a newline. */
export function shotText(f: { table: string; matchId: string; from: number; lines: string; madeAt: string | null; ids?: MatchIds }): string {
  return (
    `{"carromShot":1,"table":${JSON.stringify(f.table)},"matchId":"${f.matchId}","from":${f.from},"lines":${JSON.stringify(f.lines)},` +
    `"madeAt":${JSON.stringify(f.madeAt)}` +
    `${f.ids ? `,"tournament":${f.ids.tournament},"round":${f.ids.round},"match":${f.ids.match}` : ''}}`
  );
}

export interface ShotContext {
  table: string;
  secret: string;
  base: string;
  /** The wall clock, read only when a message is made. */
  madeAt: () => string | null;
  ids?: MatchIds;
}

export interface ShotCounts {
  /** Messages posted. */
  sent: number;
  /** Messages not sent because what they would carry is over SHOT_MAX. */
  tooBig: number;
  /** Messages cut short by a shot (or a record that had to go). */
  stopped: number;
}

export class ShotSender {
  /** The current match's header line and id, once known. */
  private header: string | null = null;
  // Stryker disable next-line StringLiteral: see() sets the id before any message is made (send() calls it first)
  private id = '';
  /** Lines of the current match the server said it holds (0: none; the header is line 0). */
  private acked = 0;
  /** The log has grown since the last message: how to read it (the app builds it only when asked). */
  private grown: (() => string | null) | null = null;
  private inFlight: { token: number; upTo: number } | null = null;
  private token = 0;
  /** The server said it does not take shot messages from this table (401, 404, 405): off until the next match. */
  private off = false;
  /** Records of the current match made, by counter: the log's line count each one carries. */
  private readonly records = new Map<number, number>();
  readonly counts: ShotCounts = { sent: 0, tooBig: 0, stopped: 0 };

  constructor(
    private readonly digest: DigestFactory,
    private readonly transport: TransportPort,
  ) {}

  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** The log grew since the last message, and one may go: send() has something to do. */
  get due(): boolean {
    return this.grown !== null && this.inFlight === null && !this.off;
  }

  /** A new match began: nothing of it is at the server yet. */
  matchStarted(): void {
    this.header = null;
    this.acked = 0;
    this.off = false;
    this.records.clear();
  }

  /** A shot settled, or a call was made between shots: the log has grown (`log` reads it whole, or null if its start is lost). */
  logGrew(log: () => string | null): void {
    this.grown = log;
  }

  /** A record of the match was made under `counter` with `log`: once acknowledged, the server holds that log. */
  recorded(counter: number, log: string): void {
    if (this.see(log)) this.records.set(counter, lineCount(log));
  }

  /** The match whose log is `log` becomes the one the sender follows (a match it had not seen: the first
   * message or record of a match, or after a boot, from its header on). False for a log with no header line. */
  private see(log: string): boolean {
    const nl = log.indexOf('\n');
    if (nl < 0) return false;
    const header = log.slice(0, nl);
    if (header === this.header) return true;
    this.header = header;
    this.id = matchId(header, this.digest);
    this.acked = 0;
    this.records.clear();
    return true;
  }

  /** The server acknowledged the record `counter`: its live log is at least that record's (docs/server.md). */
  recordAcked(counter: number): void {
    const lines = this.records.get(counter);
    // Stryker disable next-line ConditionalExpression: a record never made has no lines: deleting no key changes nothing, and `undefined > acked` is false
    if (lines === undefined) return;
    this.records.delete(counter);
    // Stryker disable next-line EqualityOperator: at equal counts the assignment changes nothing
    if (lines > this.acked) this.acked = lines;
  }

  /** Stops the message in flight (a shot started, or a record has to go): the next one carries its lines. */
  stop(): void {
    if (!this.inFlight) return;
    this.transport.cancel();
    this.inFlight = null;
    this.counts.stopped++;
  }

  /** At rest and still, with nothing else on the network: sends what the log gained since the server's last word. */
  send(c: ShotContext): void {
    const read = this.grown;
    if (!read || !this.due) return;
    this.grown = null;
    const log = read();
    if (log === null || !this.see(log)) return;
    // split, as the log's parse does: in XS every position given to indexOf or slice is counted from the start.
    const lines = log.split('\n');
    const total = lines.length - 1;
    if (total <= this.acked) return;
    const from = this.acked;
    const text = shotText({ table: c.table, matchId: this.id, from, lines: `${lines.slice(from, total).join('\n')}\n`, madeAt: c.madeAt(), ids: c.ids });
    // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a shortcut before the hash: bytes are at least as many as characters, so the check of the body's bytes below refuses the same messages, counted the same
    if (text.length > SHOT_MAX) {
      // Past the cap (bytes are at least as many as characters): the board's record heals the server.
      this.counts.tooBig++;
      return;
    }
    const body = signedBody(text, c.secret, this.digest);
    if (body.bytes.length > SHOT_MAX) return void this.counts.tooBig++;
    // Stryker disable next-line UpdateOperator: counting down gives each message a token of its own all the same
    const token = ++this.token;
    this.inFlight = { token, upTo: total };
    this.counts.sent++;
    const headers = [
      ['Content-Type', 'application/json'],
      ['Carrom-Table', c.table],
      ['Carrom-Signature', `sha256=${body.signature}`],
    ] as const;
    const bytes = body.bytes;
    this.transport.post({ url: `${c.base}${SHOTS_PATH}`, headers, body: { length: bytes.length, read: (at, n) => bytes.subarray(at, at + n) } }, (error, answer) => {
      if (this.inFlight?.token !== token) return; // stopped, or a late answer
      this.inFlight = null;
      this.answered(error, answer, total);
    });
  }

  /** The server's word on a message: how many lines it holds now. No answer or any other: nothing known, the next carries more. */
  private answered(error: string | null, a: PostAnswer | null, upTo: number): void {
    // Stryker disable next-line LogicalOperator,ConditionalExpression: the transport gives either an error or an answer, never both nor neither (ports.ts), so either test alone decides
    if (error !== null || a === null) return;
    if (a.status === 401 || a.status === 404 || a.status === 405) {
      this.off = true; // a server that does not know shot messages, or not this table: not at every shot
      return;
    }
    if (a.status !== 200 && a.status !== 202) return;
    let have: unknown;
    try {
      have = (JSON.parse(a.body) as { have?: unknown }).have;
    } catch {
      return;
    }
    if (typeof have === 'number' && Number.isInteger(have) && have >= 0) this.acked = Math.min(have, upTo);
  }
}
