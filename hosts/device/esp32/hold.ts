// The hand-over's hold: the readings of both native rings (the capture's edges, the sampler's colour and
// strip samples) go to the app only up to the time the sampler's ring is known to cover.
//
// Why: the sensing layer judges a passage (names its pieces) as soon as time has passed its end, by a
// later reading or the app's tick. A colour window the sampler opened while the piece was there is read
// an integration later (2.65 ms, more behind a transfer on the bus or a sensor slow to finish), and its
// sample, stamped with the window's middle, may reach JavaScript after the edges that end the passage:
// the passage was then judged without it, the piece a man for a player to name (docs/device-model.md,
// the hand-over). The sampler says how far its ring covers (sampler.h samplerCovered: every sample
// stamped before that time is in it); readings stamped from then on wait here, and the tick advances
// the sensing layer no further (Clock.complete), until the window's sample has been read.
//
// Bounded: a sampler whose window never ends (its task stopped, the bus hung) would hold every reading
// for good. A reading waits HOLD_MAX_US behind the clock at most, then goes on without the sample, as
// before the hold.
import type { Reading } from '../../../src/sensing/types.ts';

/** The longest the readings wait for the sampler (µs). A window is read 2.65 ms after it opened and its
 * stamp is 1.2 ms after that (sampler.h), so a sample comes within about 1.5 ms of covering its stamp,
 * plus a display page in progress on the bus (2.93 ms), a strip poll (0.4 ms) and AVALID's retries (up
 * to 4 ms): under 9 ms. Twice that, and well inside the 100 ms in which a pocketed piece must show. */
export const HOLD_MAX_US = 20_000;

/** The readings waiting, in time order, and how far they have been given out. The samples of one read
 * are in the order the sampler put them, which is nearly time order (a strip read between a window's
 * start and its read is put first and stamped later): a later reading ahead of an earlier one holds
 * that one back with it, and both go in the ring's order, as they did before the hold. */
export class HandOverHold {
  private held: Reading[] = [];
  /** Every reading stamped before this has been given out: the sensing layer may be advanced to it. */
  to = Infinity;

  /** Adds `batch` (in time order, as a ring gives it). Both lists are short (a message's worth). */
  add(batch: readonly Reading[]): void {
    if (batch.length === 0) return;
    const into = this.held;
    let i = into.length - 1;
    let j = batch.length - 1;
    into.length += batch.length;
    for (let k = into.length - 1; j >= 0; k--) into[k] = i >= 0 && into[i].t > batch[j].t ? into[i--] : batch[j--];
  }

  /** The readings stamped up to `covered` (the sampler's, sampler.h samplerCovered: every sample stamped
   * before it is in hand) or HOLD_MAX_US before `now`, in time order, and the rest kept; `to` is then
   * that limit. Up to it, not only before: the sensing layer judges a passage once time is past its end
   * by more than a gap between touching pieces, so one it judges at `covered` ended before it, and every
   * sample stamped within it is in hand. */
  release(covered: number, now: number): Reading[] {
    const limit = Math.max(covered, now - HOLD_MAX_US);
    this.to = limit;
    const held = this.held;
    let n = 0;
    while (n < held.length && held[n].t <= limit) n++;
    if (n === held.length) {
      this.held = [];
      return held;
    }
    return held.splice(0, n);
  }

  /** How many readings wait (tests). */
  get waiting(): number {
    return this.held.length;
  }
}
