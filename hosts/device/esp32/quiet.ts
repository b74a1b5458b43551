// Whether the display may take the I²C bus now, asked by the SSD1306 driver before each page (a page
// holds the bus for about 3 ms). Not while a beam is blocked: a piece is in the throat and its colour
// sensor is being read on the same bus. Not within STRIKE_QUIET_US of a strike reading: the strips'
// next samples are the strike's. The same rule as the app's (src/app/screen/display-gate.ts), but from the
// capture driver's own mask of blocked beams, which is newer than any edge JavaScript has read yet.
import { GATE_HOLD_US, STRIKE_QUIET_US } from '../../../src/app/screen/display-gate.ts';
import type { Reading } from '../../../src/sensing/types.ts';

export class BusQuiet {
  /** The capture driver's blocked mask (bit = channel), once it is open. */
  blocked: () => number = () => 0;
  private struckAt = -Infinity;
  private seen = 0;
  /** When each beam blocked, from its edge or, before JavaScript has read the edge, from the poll that
   * first saw it in the mask: a beam blocked past GATE_HOLD_US (a piece resting in the throat, a stuck
   * beam) holds the display no more. */
  private readonly since = [0, 0, 0, 0, 0, 0, 0, 0];

  constructor(private readonly now: () => number) {}

  /** A beam reading as JavaScript decoded it: when the beam really blocked (it may be earlier than a
   * poll first saw it in the mask). */
  beam(r: Reading): void {
    if (r.kind !== 'beam') return;
    const bit = 1 << (r.pocket * 2 + r.beam);
    if (!r.blocked) this.seen &= ~bit;
    else {
      const i = r.pocket * 2 + r.beam;
      this.since[i] = this.seen & bit ? Math.min(this.since[i], r.t) : r.t;
      this.seen |= bit;
    }
  }

  /** A strip reading: one that says no striker is a strike (or a lift) at its time. */
  strip(r: Reading): void {
    if (r.kind === 'strip' && r.mm === null) this.struckAt = r.t;
  }

  readonly quiet = (): boolean => {
    const t = this.now();
    const mask = this.blocked();
    const fresh = mask & ~this.seen;
    this.seen = mask;
    let quiet = t - this.struckAt >= STRIKE_QUIET_US;
    for (let i = 0; i < 8; i++) {
      if (!(mask & (1 << i))) continue;
      if (fresh & (1 << i)) this.since[i] = t;
      if (t - this.since[i] < GATE_HOLD_US) quiet = false;
    }
    return quiet;
  };
}
