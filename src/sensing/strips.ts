// The baseline strips: where the striker rests, and when it left. A strip that goes empty and stays
// empty for `strikeUs` was struck; a striker put back on any strip within that time was repositioned
// (docs/formats.md §2). Position changes while it rests are jitter and mean nothing.

import type { SensingConfig } from './types.ts';

export interface StripListener {
  placed(t: number, seat: number): void;
  struck(t: number, seat: number): void;
}

export class Strips {
  private readonly at: (number | null)[] = [null, null, null, null];
  private readonly heard: boolean[] = [false, false, false, false];
  private lift: { t: number; seat: number } | null = null;
  strikes = 0;

  constructor(
    private readonly cfg: Pick<SensingConfig, 'strikeUs'>,
    private readonly out: StripListener,
  ) {}

  reading(t: number, seat: number, mm: number | null): void {
    this.advance(t);
    this.heard[seat] = true;
    const before = this.at[seat];
    this.at[seat] = mm;
    if (before === null && mm !== null) {
      this.lift = null; // back within strikeUs: repositioned, not struck
      this.out.placed(t, seat);
    } else if (before !== null && mm === null) {
      this.lift = { t, seat };
    }
  }

  advance(now: number): void {
    const lift = this.lift;
    if (lift && now - lift.t >= this.cfg.strikeUs) {
      this.lift = null;
      this.strikes++;
      this.out.struck(lift.t, lift.seat);
    }
  }

  watermark(): number {
    return this.lift ? this.lift.t : Infinity;
  }

  /** Has this strip said anything since the start? */
  heardFrom(seat: number): boolean {
    return this.heard[seat];
  }
}
