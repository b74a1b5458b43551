// One IR beam: timestamped edges in, clean blocked intervals out. Blocked too briefly is a glitch, clear
// too briefly inside a pulse is a glitch; blocked longer than any passage is a stuck beam, reported and
// kept out of the count until it clears. Ringing (a few edges within microseconds at a transition,
// docs/hardware.md) needs nothing of its own: its short clears fall inside a pulse and are bridged, and a
// pulse starts at its first blocked edge and ends at its last clear one.
// A corrected level (the capture driver re-read a quiet pin and found that an edge was lost) moves the
// beam like an edge, but the pulse it starts or ends is `loose`: its true start or end came earlier,
// unseen, so its length says nothing of the piece's size, and it is never taken for a glitch.
// A block that outlasts the stuck time may be a piece resting in the throat, not a failed beam: the gate
// says which (BeamListener.resting, from what the other beam and the colour sensor saw as it began).
// A resting piece is no fault: its block stays a pulse like any other until the piece falls, up to
// hangUs; only then is the beam reported stuck (someone must free the piece).

import type { SensingConfig } from './types.ts';

export interface Pulse {
  start: number;
  end: number;
  /** Blocked longer than any passage (a piece lodged in the throat, dirt): not a piece. */
  stuck: boolean;
  /** Started or ended by a corrected level, not an edge: a piece was there, for an unknown time. */
  loose: boolean;
}

export interface BeamListener {
  pulse(p: Pulse): void;
  stuck(t: number): void;
  unstuck(t: number): void;
  flapping(t: number): void;
  /** The block that began at `start` has lasted the stuck time: is it a piece resting in the throat? */
  resting?(start: number): boolean;
}

type Cfg = Pick<SensingConfig, 'minPulseUs' | 'minGapUs' | 'stuckUs'> & Partial<Pick<SensingConfig, 'hangUs'>>;

const FLAP_GLITCHES = 5;
const FLAP_WINDOW_US = 2_000_000;
const FLAP_QUIET_US = 10_000_000;

export class Beam {
  /** Level as the last edge left it. */
  private blocked = false;
  /** The pulse being assembled: blocked since `start`; `end` ≥ 0 once it cleared (pending a re-block). */
  private start = -1;
  private end = -1;
  /** The pulse being assembled has a start or end from a corrected level. */
  private loose = false;
  private isStuck = false;
  /** The block being assembled outlasted the stuck time, and the gate took it for a resting piece. */
  private isResting = false;
  private glitches: number[] = [];
  private flapReportedAt = -Infinity;

  constructor(
    private readonly cfg: Cfg,
    private readonly out: BeamListener,
  ) {}

  /** An edge at `t`. An edge to the level the beam is already at (its opposite was lost, and no re-read
   * came between) changes nothing. */
  edge(t: number, blocked: boolean): void {
    this.advance(t);
    if (blocked === this.blocked) return;
    this.blocked = blocked;
    this.transition(t, blocked);
  }

  /** The level a re-read found at `t`, after a lost edge: as an edge, but the pulse it starts or ends is loose.
   * Apart from edge() so that the edges, thousands a shot, pay nothing for it. */
  correct(t: number, blocked: boolean): void {
    const moves = blocked !== this.blocked;
    this.edge(t, blocked);
    // Stryker disable next-line ConditionalExpression: `this.start >= 0` made true is equivalent: a move leaves a pulse being assembled (a block starts one, a clear ends the one its block started)
    if (moves && this.start >= 0) this.loose = true;
  }

  /** Time has reached `now`: close pulses, notice a stuck beam. */
  advance(now: number): void {
    // Stryker disable next-line ConditionalExpression: made false it is equivalent: idle, start and end are both -1 and neither check below holds; the return spares an idle beam, advanced at every reading, their work
    if (this.start < 0) return; // idle: clear
    if (this.end >= 0 && now - this.end >= this.cfg.minGapUs) this.close();
    if (this.start >= 0 && this.end < 0 && !this.isStuck && now - this.start >= this.cfg.stuckUs) {
      if (!this.isResting) this.isResting = this.out.resting?.(this.start) ?? false;
      if (!this.isResting) {
        this.isStuck = true;
        this.out.stuck(this.start + this.cfg.stuckUs);
      } else if (now - this.start >= (this.cfg.hangUs ?? 0)) {
        // Resting longer than any hang: whatever blocks it, the beam must be freed by hand.
        this.isStuck = true;
        this.out.stuck(this.start + (this.cfg.hangUs ?? 0));
      }
    }
  }

  private transition(t: number, blocked: boolean): void {
    if (blocked) {
      if (this.end >= 0) this.end = -1; // clear for less than minGapUs: the same pulse goes on
      else this.start = t; // loose is false here: close() cleared it
    } else /* Stryker disable next-line ConditionalExpression: made true it is equivalent: a clear edge comes only to a blocked beam (edge() drops one to a clear beam), and a block always has its pulse's start */ if (this.start >= 0) {
      this.end = t;
    }
  }

  private close(): void {
    const p: Pulse = { start: this.start, end: this.end, stuck: this.isStuck, loose: this.loose };
    this.start = -1;
    this.end = -1;
    this.loose = false;
    this.isResting = false;
    if (p.stuck) {
      this.isStuck = false;
      this.out.unstuck(p.end);
      this.out.pulse(p);
    } else if (p.end - p.start < this.cfg.minPulseUs && !p.loose) this.glitch(p.end);
    else this.out.pulse(p);
  }

  private glitch(t: number): void {
    const g = this.glitches;
    g.push(t);
    // Stryker disable next-line ConditionalExpression, EqualityOperator: `g.length > 0` made true or `>= 0` is equivalent: g ends with t, just pushed, and t - t = 0 is within the window, so the loop stops there before g is empty
    while (g.length > 0 && t - g[0] > FLAP_WINDOW_US) g.shift();
    if (g.length >= FLAP_GLITCHES && t - this.flapReportedAt > FLAP_QUIET_US) {
      this.flapReportedAt = t;
      this.out.flapping(t);
    }
  }

  /** The earliest time a pulse not yet handed out may have started; +Infinity if none. A stuck beam holds nothing back. */
  watermark(): number {
    return this.start >= 0 && !this.isStuck ? this.start : Infinity;
  }

  /** When the pulse being assembled began, stuck or not; +Infinity if none. */
  since(): number {
    return this.start >= 0 ? this.start : Infinity;
  }

  /** The pulse being assembled was started by a corrected level (its true start is earlier, unseen). */
  openLoose(): boolean {
    // Stryker disable next-line ConditionalExpression: `this.start >= 0` made true is equivalent: loose is set only after a move (which leaves start >= 0) and cleared with start by close()
    return this.start >= 0 && this.loose;
  }

  /** Blocked and known to be stuck since before `t`. */
  stuckAt(t: number): boolean {
    return this.isStuck && this.start <= t;
  }

  /** The end of the trace: a pulse still open is not a piece. */
  finish(now: number): void {
    this.advance(now + this.cfg.minGapUs);
  }
}
