// The table's side of a tournament (docs/tournament.md §5): at rest with no match in progress, it asks
// its server for its next match, takes a signed answer only (its own secret, its nonce, a counter that
// never goes back), offers the match on the display, and says so when the players refuse it. Its state
// (the highest counter taken, the match shown, the one being played) lives in the outbox's `assigned`
// item, so that a power cut forgets none of it. Pure over the app's clock, as the rest of sync.

import { encodeUtf8 } from '../store/utf8.ts';
import { askText, newNonce, readAssignment, refusalText, sameAssignment, signatureOf, type Assignment, type MatchIds } from './assignment.ts';
import type { Outbox } from './outbox.ts';
import type { DigestFactory, PostAnswer, RandomPort, SyncSettings, TransportPort, WallClockPort } from './ports.ts';

/** How often a table at rest asks again (§5.1: every 30 s). */
export const ASK_EVERY_US = 30_000_000;
/** A server that does not serve tournaments (404, 405, an older `carrom serve`) is asked again far less often. */
const NOT_SERVED_US = 600_000_000;
/** A question unanswered this long is given up (the host's own timeout is shorter). */
const ANSWER_US = 120_000_000;
/** Refusals kept for the debug log and the tests. */
const LOG_SIZE = 8;

/** What is kept in flash. `key` ties it to one setup: a new secret starts the counter from 0 (§5.1). */
interface Kept {
  key: string;
  counter: number;
  assignment: Assignment | null;
  /** The highest counter whose match the players started or refused: it is not offered again. */
  done: number;
  /** The match being played (its records carry these), or null. */
  playing: MatchIds | null;
  /** A refusal not yet delivered. */
  refusal: { counter: number; match: number } | null;
}

/** An ask says whether it carried the table's time: one without counts for nothing at the server (§5.1). */
type Asked = { kind: 'ask'; nonce: string; timed: boolean } | { kind: 'refuse'; counter: number };

export interface AssignerHost {
  outbox: Outbox;
  digest: DigestFactory;
  random: RandomPort;
  /** Its `get` asks, its `post` sends a refusal (both required: no host skips the question unnoticed). */
  transport: TransportPort;
  /** The table's time, signed into each ask (§5.1); none, or none yet: the ask is signed without one. */
  wallClock?: WallClockPort;
  /** An answer was refused, or the flash write failed: the SYNC screen's last error says so. */
  error(text: string): void;
  /** Something the display shows changed. */
  changed(): void;
  /** A flash write, shown rather than thrown when it fails. */
  safely(write: () => void): void;
}

export class Assigner {
  // Stryker disable next-line StringLiteral: load() replaces it before anything reads it (the Sync calls it as it is made)
  private kept: Kept = blank('');
  private inFlight: { asked: Asked; token: number; since: number } | null = null;
  private answer: { token: number; error: string | null; answer: PostAnswer | null } | null = null;
  private token = 0;
  private nextAt = 0;
  /** Answers dropped (§5.1: `assign: refused`), and the newest reasons. */
  refusedCount = 0;
  readonly refusals: string[] = [];

  constructor(private readonly h: AssignerHost) {}

  /** Reads the kept state for these settings (at boot, and after the setup changed). */
  load(s: SyncSettings | null): void {
    this.drop();
    this.nextAt = 0;
    // Stryker disable next-line StringLiteral: with no settings the table never asks; the next load() gives the key
    const key = s ? setupKey(s.secret, this.h.digest) : '';
    const text = this.h.outbox.assigned;
    // Stryker disable next-line ConditionalExpression: parseKept(null) is null as well (null has no key: caught)
    const k = text === null ? null : parseKept(text);
    this.kept = k && k.key === key ? k : blank(key);
  }

  /** The match to offer on the display, or null. */
  offer(): Assignment | null {
    const k = this.kept;
    return k.counter > k.done ? k.assignment : null;
  }

  /** The ids the current match's records carry, or null. */
  get playing(): MatchIds | null {
    return this.kept.playing;
  }

  /** The players started the offered match (the app has just begun it). */
  accept(): void {
    const a = this.offer();
    if (!a) return;
    this.save({ ...this.kept, done: this.kept.counter, playing: { tournament: a.tournament, round: a.round, match: a.match } });
  }

  /** The players refused the offered match (wrong table): it goes from the display, and the refusal to the server. */
  refuse(): void {
    const a = this.offer();
    if (!a) return;
    this.save({ ...this.kept, done: this.kept.counter, refusal: { counter: this.kept.counter, match: a.match } });
    this.nextAt = 0;
  }

  /** Another match began (NEW MATCH, or a boot's fresh one): its records carry no tournament ids. */
  matchStarted(): void {
    if (this.kept.playing !== null) this.save({ ...this.kept, playing: null });
  }

  /** Ask at the next tick at rest: the server has the match's record (it has a new assignment for this
   * table), or Wi-Fi is back. */
  askNow(): void {
    this.nextAt = 0;
  }

  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** A shot started: a question in flight is dropped (asked again at rest). */
  drop(): void {
    this.inFlight = null;
  }

  /** At rest: an answer takes effect, then a question goes if one is due. `free`: no match in progress. */
  tick(now: number, s: SyncSettings, base: string | null, free: boolean, canSend: boolean): void {
    if (this.inFlight && now - this.inFlight.since > ANSWER_US) ((this.inFlight = null), (this.nextAt = now + ASK_EVERY_US));
    this.settle(now, s);
    if (!canSend || this.inFlight || base === null || now < this.nextAt) return;
    const r = this.kept.refusal;
    if (r) this.sendRefusal(now, s, base, r);
    else if (free) this.ask(now, s, base);
  }

  /** The ask, signed with the table's secret over its id, the nonce and its time (§5.1): only a signed,
   *  timely ask changes what the server believes of the table (its last contact, the match fetched). */
  private ask(now: number, s: SyncSettings, base: string): void {
    const nonce = newNonce(this.h.random);
    const time = this.h.wallClock?.iso() ?? null;
    const signature = `sha256=${signatureOf(encodeUtf8(askText(s.table, nonce, time)), s.secret, this.h.digest)}`;
    const headers: [string, string][] = [['Carrom-Table', s.table], ['Carrom-Nonce', nonce]];
    if (time !== null) headers.push(['Carrom-Time', time]);
    headers.push(['Carrom-Signature', signature]);
    // Stryker disable next-line StringLiteral: only 'refuse' is told apart
    const done = this.start(now, { kind: 'ask', nonce, timed: time !== null });
    this.h.transport.get({ url: `${base}/api/v1/assignment`, headers }, done);
  }

  private sendRefusal(now: number, s: SyncSettings, base: string, r: { counter: number; match: number }): void {
    const bytes = encodeUtf8(refusalText({ table: s.table, counter: r.counter, match: r.match, reason: 'wrong-table' }));
    const headers = [['Content-Type', 'application/json'], ['Carrom-Table', s.table], ['Carrom-Signature', `sha256=${signatureOf(bytes, s.secret, this.h.digest)}`]] as const;
    const done = this.start(now, { kind: 'refuse', counter: r.counter });
    this.h.transport.post({ url: `${base}/api/v1/assignment/refusal`, headers, body: { length: bytes.length, read: (at, n) => bytes.subarray(at, at + n) } }, done);
  }

  /** A question in flight, and the callback that keeps its answer for the next tick at rest. */
  private start(now: number, asked: Asked): (error: string | null, answer: PostAnswer | null) => void {
    // Stryker disable next-line UpdateOperator: counting down, the tokens are as distinct
    const token = ++this.token;
    this.inFlight = { asked, token, since: now };
    let called = false;
    return (error, answer) => {
      if (called || this.inFlight?.token !== token) return; // a late or second answer counts for nothing
      called = true;
      this.answer = { token, error, answer };
    };
  }

  private settle(now: number, s: SyncSettings): void {
    const a = this.answer;
    this.answer = null;
    const f = this.inFlight;
    // Stryker disable next-line ConditionalExpression: the callback keeps only the answer to the question in flight, and every change of that question (given up, dropped, a new one) comes after this or clears it
    if (!a || !f || a.token !== f.token) return;
    this.inFlight = null;
    this.nextAt = now + ASK_EVERY_US;
    const status = a.answer?.status ?? 0;
    if (f.asked.kind === 'refuse') {
      // 201: delivered; 409: the assignment changed meanwhile, nothing left to refuse (ask again now).
      if (status === 201 || status === 409) this.save({ ...this.kept, refusal: null });
      if (status === 409) this.nextAt = now;
      return;
    }
    if (status === 404 || status === 405) this.nextAt = now + NOT_SERVED_US;
    if (status !== 200 || !a.answer) return; // no answer, or no tournament here: the table plays as ever
    // An ask without the time counted for nothing; the answer's Date may have given the table its time
    // (the device's clock takes it): ask again now, with it.
    if (!f.asked.timed && (this.h.wallClock?.iso() ?? null) !== null) this.nextAt = now;
    const read = readAssignment(a.answer.body, a.answer.headers?.['carrom-signature'], { table: s.table, secret: s.secret, nonce: f.asked.nonce, digest: this.h.digest });
    if (!read.ok) return this.refused(read.reason);
    const { counter, assignment } = read.answer;
    const k = this.kept;
    if (counter < k.counter) return this.refused(`counter ${counter} is below ${k.counter}`);
    if (counter === k.counter && !sameAssignment(assignment, k.assignment)) return this.refused(`counter ${counter} with another match`);
    if (counter === k.counter) return; // the same assignment again: nothing changes
    this.save({ ...k, counter, assignment });
  }

  private refused(reason: string): void {
    this.refusedCount++;
    this.refusals.push(reason);
    if (this.refusals.length > LOG_SIZE) this.refusals.shift();
    this.h.error(`assign: refused: ${reason}`);
  }

  private save(k: Kept): void {
    this.kept = k;
    this.h.safely(() => this.h.outbox.setAssigned(JSON.stringify(k)));
    this.h.changed();
  }
}

const blank = (key: string): Kept => ({ key, counter: 0, assignment: null, done: 0, playing: null, refusal: null });

/** A tag of the setup's secret (not the secret): the kept counter belongs to one setup. */
function setupKey(secret: string, digest: DigestFactory): string {
  try {
    // Stryker disable next-line MethodExpression,StringLiteral: any tag that one secret always gives and another never does would do
    return signatureOf(encodeUtf8('carrom assignment counter'), secret, digest).slice(0, 16);
  } catch {
    return '';
  }
}

/** The kept state, or null if the item does not parse (then the table starts from 0, as a new setup). */
function parseKept(text: string): Kept | null {
  try {
    const v = JSON.parse(text) as Kept;
    // A key that is no text is never the setup's (load() compares them).
    if (typeof v.counter !== 'number' || typeof v.done !== 'number') return null;
    return { key: v.key, counter: v.counter, assignment: v.assignment ?? null, done: v.done, playing: v.playing ?? null, refusal: v.refusal ?? null };
  } /* Stryker disable next-line BlockStatement: emptied, it returns undefined, which load() takes as null */ catch {
    return null;
  }
}
