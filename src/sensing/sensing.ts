// The sensing layer: readings in, match log events out (docs/formats.md §2). Gates and strips report what
// they saw with its time, sometimes later (a strike is known 1 s after the strip emptied); the shot
// logic puts it all in time order, once nothing earlier can still come, and draws shot boundaries:
// a shot begins at its strike and settles at the next placement or after a quiet time at the gates.
// Pure: time comes only with the readings and `advance` (the host's clock); nothing is read here.

import type { GameEvent, MatchHeader } from '../rules/types.ts';
import { Gate } from './gate.ts';
import type { LowerHealth } from './lower-blind.ts';
import { Strips } from './strips.ts';
import { DEFAULT_CONFIG, type HealthFact, type Reading, type SeenPiece, type SensingConfig, type TraceCall } from './types.ts';

type Seen =
  | { t: number; kind: 'piece'; piece: SeenPiece }
  | { t: number; kind: 'placed'; seat: number }
  | { t: number; kind: 'struck'; seat: number }
  | { t: number; kind: 'call'; call: TraceCall };

export interface SensingOutput {
  /** A match log event, in order, times in ms. */
  event(e: GameEvent): void;
  health?(h: HealthFact): void;
  /** A piece as soon as a gate has named it, before it can be put in order (for a display within 100 ms). */
  provisional?(p: SeenPiece): void;
}

const STRIP_SILENT_AFTER = 4;
/** Told whose turn it is: strikes made elsewhere while a seat was on turn before its strip is silent. */
const STRIP_SILENT_PASSED = 2;
/** A beam edge this soon after the last reading (ringing) goes to its gate alone: less work per edge. */
const RINGING_US = 50;

export class Sensing {
  private readonly gates: Gate[];
  private readonly strips: Strips;
  private readonly queue: Seen[] = [];
  private shotOpen = false;
  /** Time of the strike, or when the gates were last clear after a piece: the quiet time runs from here. */
  private lastActivity = 0;
  private now = 0;
  /** The time of the last event given out (µs): nothing is given out earlier (the log's time never goes back). */
  private given = -Infinity;
  private readonly seatsInPlay: number[];
  private readonly silentReported = [false, false, false, false];
  /** The seat on turn, when the app says (turnAt); null for `carrom sense`, which knows no turns. */
  private turnSeat: number | null = null;
  /** Per seat: strikes made from another seat while it was on turn and its strip had said nothing. */
  private readonly passedBy = [0, 0, 0, 0];
  readonly cfg: SensingConfig;

  constructor(
    cfg: Partial<SensingConfig> & Pick<SensingConfig, 'beamGapMm' | 'calibration'>,
    private readonly out: SensingOutput,
    match?: Pick<MatchHeader, 'mode'>,
  ) {
    this.cfg = { ...DEFAULT_CONFIG, ...cfg };
    const health = (h: HealthFact) => this.out.health?.(h);
    const seen = (piece: SeenPiece) => {
      this.out.provisional?.(piece);
      this.push({ t: piece.t, kind: 'piece', piece });
    };
    this.gates = [0, 1, 2, 3].map((p) => new Gate(p, this.cfg, seen, health));
    this.strips = new Strips(this.cfg, {
      placed: (t, seat) => this.push({ t, kind: 'placed', seat }),
      struck: (t, seat) => this.push({ t, kind: 'struck', seat }),
    });
    this.seatsInPlay = match?.mode === 'doubles' ? [0, 1, 2, 3] : match?.mode === 'three' ? [0, 1, 2] : [0, 2];
  }

  reading(r: Reading): void {
    if (r.kind === 'beam' && r.t - this.now < RINGING_US) {
      // Ringing: edges microseconds apart. The other parts' timers can wait for the next reading.
      if (r.corrected === true) this.gates[r.pocket].correct(r.t, r.beam, r.blocked);
      else this.gates[r.pocket].edge(r.t, r.beam, r.blocked);
      return;
    }
    this.advanceParts(r.t);
    switch (r.kind) {
      case 'beam':
        if (r.corrected === true) this.gates[r.pocket].correct(r.t, r.beam, r.blocked);
        else this.gates[r.pocket].edge(r.t, r.beam, r.blocked);
        break;
      case 'colour':
        this.gates[r.pocket].colour(r.t, r.rgb);
        break;
      case 'strip':
        this.strips.reading(r.t, r.seat, r.mm);
        this.stripHeard(r.t, r.seat);
        break;
      case 'call':
        this.push({ t: r.t, kind: 'call', call: r.call });
        break;
    }
    this.flush(this.watermark());
  }

  /** The rules' seat on turn (after each event): a strip is silent only if its player had reason to use it. */
  turnAt(seat: number): void {
    this.turnSeat = seat;
  }

  /** What the self-test or the last match (kept in flash by the app) says of each pocket's lower beam:
   * one known to work makes an upper pulse alone a rattle at once; one known blind counts it (and is
   * reported `blind` again, dated `t`). */
  lowerBeams(health: readonly LowerHealth[], t = this.now): void {
    health.forEach((h, pocket) => this.gates[pocket]?.knownLower(h, t));
  }

  /** What is known now of each pocket's lower beam (lower-blind.ts), for the app to keep. */
  lowerHealth(): LowerHealth[] {
    return this.gates.map((g) => g.lowerHealth);
  }

  /** What is known now of one pocket's lower beam (no array made: the app asks at every tick). */
  lowerHealthOf(pocket: number): LowerHealth {
    return this.gates[pocket].lowerHealth;
  }

  /** A strip said the striker left and the strike is not yet confirmed (it is once the strip has stayed
   * empty for strikeUs, 1 s): the match has no shot in progress yet, but pieces may already be moving.
   * The app writes no flash then (issue 30: an erase held the sampler as a train went by). */
  get strikePending(): boolean {
    return this.strips.watermark() !== Infinity;
  }

  /** The pockets where an upper pulse alone waits for the players: did a piece go in? (lower-blind.ts) */
  questions(): number[] {
    const out: number[] = [];
    for (const g of this.gates) if (g.asking) out.push(g.pocket);
    return out;
  }

  /** The players' answer at `t` for `pocket`: a piece went in (counted, the lower beam now known blind),
   * or none did. */
  answer(pocket: number, fell: boolean, t: number): void {
    this.advanceParts(t);
    this.gates[pocket]?.answer(fell, this.now);
    this.flush(this.watermark());
  }

  /** Nothing held back: no strike still to be confirmed (a strip emptied less than the strike time ago),
   * no passage still to be judged, no event waiting to go out. In a strike's first second pieces move
   * with no shot in the log yet: the app writes flash only when this holds too (docs/hardware.md, 2). */
  get quiet(): boolean {
    return this.queue.length === 0 && this.watermark() >= this.now;
  }

  /** The host's clock says `t` has come with no reading: timers fire (a strike confirmed, a shot settled). */
  advance(t: number): void {
    this.advanceParts(t);
    this.flush(this.watermark());
  }

  /** The end of the trace: everything known is given out, and a shot still open settles here. */
  finish(t: number): void {
    this.advanceParts(t);
    for (const g of this.gates) g.finish(t);
    this.flush(Infinity, t);
    if (this.shotOpen) this.settle(t);
  }

  private advanceParts(t: number): void {
    this.now = Math.max(this.now, t);
    for (const g of this.gates) g.advance(this.now);
    this.strips.advance(this.now);
  }

  private push(s: Seen): void {
    // A piece known late (a gate found its lower beam blind and counts the falls it took for rattles)
    // goes in at the earliest time the log can still take.
    if (s.t < this.given) s = { ...s, t: this.given };
    // Mostly in order already; insert from the back.
    let i = this.queue.length;
    while (i > 0 && this.queue[i - 1].t > s.t) i--;
    this.queue.splice(i, 0, s);
  }

  private watermark(): number {
    let w = Math.min(this.now, this.strips.watermark());
    for (const g of this.gates) w = Math.min(w, g.watermark());
    return w;
  }

  /** Gives out everything up to `until`, in time order, with the settles that fall between. */
  private flush(until: number, end = Infinity): void {
    const quiet = this.cfg.settleQuietUs;
    for (;;) {
      const next = this.queue.length > 0 && this.queue[0].t <= until ? this.queue[0] : null;
      const settleAt = this.shotOpen ? this.lastActivity + quiet : Infinity;
      const limit = next ? next.t : Math.min(until, end);
      if (settleAt <= limit && settleAt <= Math.min(until, end)) {
        this.settle(settleAt);
        continue;
      }
      if (!next) return;
      this.queue.shift();
      this.handle(next);
    }
  }

  private handle(s: Seen): void {
    switch (s.kind) {
      case 'struck':
        // A question about the last shot's pocket no longer stands: the game has moved on.
        for (const g of this.gates) g.lapse(s.t);
        if (this.shotOpen) this.settle(s.t);
        this.emit({ e: 'strike', seat: s.seat, t: 0 }, s.t);
        this.shotOpen = true;
        this.lastActivity = s.t;
        this.checkStrips(s.t, s.seat);
        return;
      case 'placed':
        if (this.shotOpen) this.settle(s.t);
        return;
      case 'piece': {
        const { piece, pocket } = s.piece;
        this.emit({ e: 'pocket', piece, pocket, t: 0 }, s.t);
        // Quiet is counted from the end of the gate's activity, not its start (a slow piece blocks a beam long).
        if (this.shotOpen) this.lastActivity = Math.max(this.lastActivity, s.piece.end);
        return;
      }
      case 'call':
        this.emit(callEvent(s.call), s.t);
        return;
    }
  }

  private settle(t: number): void {
    this.shotOpen = false;
    this.emit({ e: 'settle', t: 0 }, t);
  }

  private emit(e: GameEvent, us: number): void {
    this.given = us;
    this.out.event({ ...e, t: Math.floor(us / 1000) });
  }

  /** A strip of a seat in play that said nothing while it had reason to. Told whose turn it is (the app),
   * a seat is silent once two strikes came from elsewhere while it was on turn: a player who pockets
   * four in a row gives the others' strips no reason to speak. Not told (`carrom sense`), by the fourth
   * strike. A silent strip that speaks again is said to be heard, once. */
  private checkStrips(t: number, from: number): void {
    const turn = this.turnSeat;
    if (turn !== null && turn !== from && !this.strips.heardFrom(turn)) this.passedBy[turn]++;
    for (const seat of this.seatsInPlay) {
      if (this.silentReported[seat]) continue;
      const silent = turn === null ? this.strips.strikes >= STRIP_SILENT_AFTER : this.passedBy[seat] >= STRIP_SILENT_PASSED;
      if (silent && !this.strips.heardFrom(seat)) {
        this.silentReported[seat] = true;
        this.out.health?.({ t, fact: 'stripSilent', channel: `s${seat}` });
      }
    }
  }

  /** A strip reported silent has said something: the fault no longer holds. */
  private stripHeard(t: number, seat: number): void {
    if (!this.silentReported[seat]) return;
    this.silentReported[seat] = false;
    this.passedBy[seat] = 0;
    this.out.health?.({ t, fact: 'heard', channel: `s${seat}` });
  }
}

function callEvent(c: TraceCall): GameEvent {
  if (c.call === 'undo') return { e: 'undo', t: 0 };
  if (c.call === 'identify') return c.pocket === undefined ? { e: 'identify', piece: c.piece, t: 0 } : { e: 'identify', piece: c.piece, pocket: c.pocket, t: 0 };
  return { e: 'call', ...c, t: 0 } as GameEvent;
}
