// When the app may start a display update. The display shares the I²C bus with the colour sensors and
// the strips, and a page of it holds the bus for about 3 ms (130 bytes at 400 kHz): a colour sample of
// a piece in the throat, or a strip sample just after a strike, would wait behind it. So no update
// starts while the sensing sees a gate blocked, nor within STRIKE_QUIET_US of a strike; the redraw waits
// for the next reading or tick (20 ms) and goes then. The device's driver asks the same between pages
// (hosts/device/esp32/quiet.ts), from the capture's own view of the beams, which is newer than ours.

import type { Reading } from '../../sensing/types.ts';

/** After the strip said the striker left. That reading is the strike's time, and hardware.md wants it
 * to 10 ms; the strips are sampled every 5 ms below JavaScript, so the next two samples (whether the
 * striker stays away, the other strips) are the ones a page on the bus (about 3 ms) must not delay.
 * Beyond that, the gates' own rule holds: the first piece can reach a pocket tens of ms after the
 * strike, and while it is in a gate nothing is sent. Nothing the app draws is due at a strike (the
 * strike event comes 1 s later), so the wait costs nothing against the 100 ms a pocketed piece has. */
export const STRIKE_QUIET_US = 10_000;

/** A beam blocked longer than any passage (a striker dribbling in at 0.2 m/s blocks one for ~205 ms) is
 * a piece resting in the throat, a stuck beam or a finger in the self-test: it holds the display no more. */
export const GATE_HOLD_US = 250_000;

/** What the gate reads of the live sensors (the installer's SensorWatch, ../install/selftest.ts, which the
 * app keeps): each beam blocked or not, and since when (µs). */
export interface BeamsNow {
  readonly blocked: readonly boolean[];
  readonly since: readonly number[];
}

export class DisplayGate {
  /** When a strip last said it has no striker (µs); the striker leaves the baseline at a strike. */
  private struckAt = -Infinity;

  note(r: Reading): void {
    if (r.kind === 'strip' && r.mm === null) this.struckAt = r.t;
  }

  /** No piece in a gate and no strike just made, at `now` (µs), as the readings so far tell. */
  quiet(now: number, watch: BeamsNow): boolean {
    if (now - this.struckAt < STRIKE_QUIET_US) return false;
    for (let i = 0; i < 8; i++) if (watch.blocked[i] && now - watch.since[i] < GATE_HOLD_US) return false;
    return true;
  }
}
