// Results sync, the portable side (docs/sync.md): the records (sync-records.ts: made at rest when a board
// or the match ends, kept in the outbox until the server acknowledges them), sent one at a time when no
// shot is in progress, with exponential backoff and jitter after failures. Pure over the app's clock: the
// host's transport answers asynchronously, and the answer takes effect at the next tick at rest (an answer
// is a flash write, and flash is written only while nothing moves).

import { judge } from './answer.ts';
import { backoffUs, longBackoffUs } from './backoff.ts';
import type { PostAnswer, SyncSettings, TransportPort } from './ports.ts';
import { postRecord } from './record.ts';
import { SyncRecords } from './sync-records.ts';

export type { SyncOptions } from './sync-records.ts';

/** What the display shows of sync. */
export interface SyncView {
  configured: boolean;
  queued: number;
  refused: number;
  /** Records damaged in flash, never sent: shown until RETRY NOW (docs/sync.md §3). */
  damaged: number;
  sending: boolean;
  /** The last thing that went wrong, until a record gets through. */
  error: string | null;
  /** Seconds until the next attempt, when waiting after a failure. */
  retryInS: number | null;
  table: string | null;
  server: string | null;
  /** Answers about the next match that were dropped (docs/tournament.md §5.1, `assign: refused`). */
  assignRefused?: number;
}

/** A send gets this long for its answer before the core gives up on it (the host's own timeout is shorter). */
const ANSWER_US = 120_000_000;

export { boardsDone } from './match-records.ts';

export class Sync extends SyncRecords {
  private found: string | null = null;
  private finding = false;
  private answer: { token: number; error: string | null; answer: PostAnswer | null } | null = null;
  private token = 0;
  private failures = 0;
  private nextAt = 0;
  private now = 0;
  /** The last failure was the network's (no answer), not the server's word. */
  private offline = false;
  private requeue = false;
  /** Uploads a shot cut short (shotStarted), for the tests and the debug log. */
  stopped = 0;
  private shown = -1;

  // --- sending ------------------------------------------------------------------------------------

  /** The host's timer. `atRest`: no shot in progress. `enabled`: Wi-Fi is on. `free`: no match in
   * progress (none begun, or the last one over): the table may ask for its next match. True if the
   * display should change. */
  tick(now: number, atRest: boolean, enabled: boolean, free = false, still = atRest): boolean {
    this.now = now;
    if (this.inFlight && now - this.inFlight.since > ANSWER_US) this.giveUp();
    // A shot the app did not announce (shotStarted) still stops an upload, at the first tick of it.
    if (!atRest) this.shotStarted();
    if (atRest) this.o.atRest?.(now);
    if (atRest) this.settle(now);
    const a = this.assigner;
    if (atRest && enabled && !this.inFlight && !a.busy && now >= this.nextAt && this.settings) this.send(this.settings, this.o.transport);
    // One request at a time: the next match is asked for when no record is on its way.
    if (atRest && this.settings) a.tick(now, this.settings, this.settings.server ?? this.found, free, enabled && !this.inFlight && !this.shots.busy);
    // A shot's lines only once the table is still, and only when no record waits (shots.ts).
    // Stryker disable next-line ConditionalExpression: `!this.inFlight` as true changes nothing: a record in flight is still queued, and sendShots sends nothing while one is (the line's other conditions are pinned by sync.test.ts)
    if (still && enabled && !this.inFlight && !a.busy && this.settings) this.sendShots(this.settings);
    const changed = this.version !== this.shown;
    this.shown = this.version;
    return changed;
  }

  private settle(now: number): void {
    if (this.requeue) {
      this.requeue = false;
      for (const e of this.outbox.refused()) this.safely(() => this.outbox.requeue(e.counter));
      this.safely(() => this.outbox.dismissLost()); // a person has seen them: they cannot be sent
      this.version++;
    }
    const a = this.answer;
    if (!a) return;
    this.answer = null;
    if (!this.inFlight) return; // given up on already
    // Stryker disable next-line ConditionalExpression: never true: an answer is kept only for the post in flight (send's callback), and none goes before it is read (a send follows the settling, at the same tick at rest); kept against a change of that order
    if (a.token !== this.inFlight.token) return;
    const { counter, kind } = this.inFlight;
    this.inFlight = null;
    this.version++;
    const v = judge(a.error, a.answer);
    this.offline = false;
    if (v.do === 'ack') {
      this.shots.recordAcked(counter);
      this.safely(() => this.outbox.acknowledge(counter));
      this.safely(() => this.outbox.tidy());
      if (kind === 'match') this.assigner.askNow();
      this.failures = 0;
      this.lastError = null;
      this.nextAt = now;
    } else if (v.do === 'refuse') {
      this.safely(() => this.outbox.refuse(counter, v.error));
      this.lastError = `#${counter} refused: ${v.error}`;
      this.nextAt = now;
    } else if (v.do === 'wait') {
      this.lastError = v.error;
      this.nextAt = now + longBackoffUs(this.o.random.next());
    } else {
      // A server looked up and not answering is looked up again (one set in the settings is read before it).
      this.found = null;
      this.fail(v.error);
      this.offline = a.answer === null;
    }
  }

  /** A shot settled, or a call was made between shots: `log` reads the whole log, for the shot's message. */
  logGrew(log: () => string | null): void {
    if (this.settings) this.shots.logGrew(log);
  }

  private sendShots(s: SyncSettings): void {
    const base = s.server ?? this.found;
    if (!this.shots.due || base === null || this.outbox.firstQueued()) return;
    this.shots.send({ table: s.table, secret: s.secret, base, madeAt: () => this.o.wallClock?.iso() ?? null, ids: this.assigner.playing ?? undefined });
  }

  /** A shot started: an upload still in flight is cancelled, so that no piece of it is read from flash
   * (an open and a close of littlefs each) nor sent while pieces move. The record stays queued, under
   * its counter, and goes again from its first byte at the next tick at rest; no failure is counted.
   * If the server had already stored it, it answers the second one 200 duplicate (docs/sync.md §2),
   * which acknowledges it. An answer already in is kept: it takes effect at rest, as any answer does. */
  shotStarted(): void {
    // A look-up by mDNS in progress stops too, when the finder can stop; it starts again at rest.
    // Stryker disable next-line OptionalChaining: `finding` is set only by find(), with a finder (options are fixed)
    if (this.finding && this.o.finder?.cancel) {
      this.o.finder.cancel();
      this.finding = false;
    }
    this.shots.stop();
    if (this.assigner.busy) {
      this.assigner.drop();
      this.o.transport.cancel();
    }
    const f = this.inFlight;
    if (!f) return;
    // Stryker disable next-line ConditionalExpression: an answer in is always the one of the post in flight (see settle), so `true` for its token check changes nothing
    if (this.answer && this.answer.token === f.token) return;
    this.o.transport.cancel();
    this.inFlight = null;
    this.stopped++;
    // No display change bumped: nothing the corner shows changed (the record still waits), and a redraw
    // now would be a display transfer while pieces move. The SYNC menu's SENDING shows again at rest.
  }

  private fail(error: string): void {
    this.failures++;
    this.lastError = error;
    this.nextAt = this.now + backoffUs(this.failures, this.o.random.next());
    this.version++;
  }

  private giveUp(): void {
    this.o.transport.cancel();
    this.inFlight = null;
    this.fail(`no answer in ${ANSWER_US / 1e6} s`);
  }

  private send(s: SyncSettings, transport: TransportPort): void {
    const e = this.outbox.firstQueued();
    if (!e) return;
    const base = s.server ?? this.found;
    if (base === null) return this.find();
    this.shots.stop(); // a shot message never delays a record
    // Stryker disable next-line UpdateOperator: counting down gives tokens as unique; only their equality is read
    const token = ++this.token;
    this.inFlight = { counter: e.counter, kind: e.kind, token, since: this.now };
    this.version++;
    postRecord(transport, base, s.table, e.signature, this.outbox.body(e), (error, answer) => {
      // A post given up on (or stopped by a shot) may still answer, late: its answer must not take the
      // place of the answer of the post now in flight, nor ever count for another record.
      if (this.inFlight?.token !== token) return;
      this.answer = { token, error, answer };
    });
  }

  private find(): void {
    const finder = this.o.finder;
    if (!finder) return this.fail('no server set, and none to look one up');
    if (this.finding) return;
    this.finding = true;
    finder.find((error, url) => {
      this.finding = false;
      if (url) this.found = url.replace(/\/+$/, '');
      else this.fail(`no server found: ${error ?? 'nothing answered'}`);
      this.version++;
    });
  }

  // --- for the display and the menus --------------------------------------------------------------

  view(): SyncView {
    const s = this.settings;
    const v: SyncView = {
      configured: s !== null,
      queued: this.outbox.queued().length,
      refused: this.outbox.refused().length,
      damaged: this.outbox.lost().length,
      sending: this.inFlight !== null,
      error: s ? this.lastError : null,
      retryInS: this.failures > 0 && this.nextAt > this.now ? Math.ceil((this.nextAt - this.now) / 1e6) : null,
      table: s ? s.table : null,
      server: s ? (s.server ?? this.found) : null,
    };
    // Only once an answer about the next match was dropped: a table with no tournament shows what it always did.
    if (this.assigner.refusedCount > 0) v.assignRefused = this.assigner.refusedCount;
    return v;
  }

  /** A person asks: try now, refused records too, and ask for the next match now (docs/tournament.md §5.1). */
  retryNow(): void {
    this.assigner.askNow();
    this.failures = 0;
    this.nextAt = 0;
    this.requeue = true;
    this.version++;
  }

  /** Wi-Fi is back: a wait that network failures caused ends now (the server's own answers keep theirs). */
  networkUp(): void {
    this.assigner.askNow();
    if (!this.offline) return;
    this.offline = false;
    this.failures = 0;
    this.nextAt = 0;
    this.version++;
  }

  /** The settings changed (the setup page saved them), or were forgotten. */
  reload(): void {
    this.settings = this.o.settings.load();
    this.assigner.load(this.settings);
    this.found = null;
    this.lastError = null;
    this.retryNow();
  }

  forget(): void {
    this.o.settings.forget();
    this.reload();
  }

  openSetup(): { network: string; code: string } | { error: string; none?: true } {
    return this.o.setup ? this.o.setup.open() : { error: 'this table has no setup page', none: true };
  }

  closeSetup(): void {
    this.o.setup?.close();
  }
}
