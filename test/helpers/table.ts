// A table for app tests: memory flash that can lose power mid-write, a manual clock, a display that
// keeps the last frame.
import { TableApp, type AppOptions } from '../../src/app/app.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { MemoryFlash } from './flash.ts';

export { MemoryFlash, type Op } from './flash.ts';

export class ManualClock {
  t = 0;
  now(): number {
    return this.t;
  }
}

export interface TestTable {
  app: TableApp;
  clock: ManualClock;
  flash: MemoryFlash;
  shown: Uint8Array[];
}

/** A table with the host's default calibration; `more` adds to (or replaces) the app's options. */
export function makeTable(match: MatchHeader, flash = new MemoryFlash(), clock = new ManualClock(), beamGapMm = 10, more: Partial<AppOptions> = {}): TestTable {
  const shown: Uint8Array[] = [];
  const app = new TableApp({
    clock,
    display: { show: (f) => void shown.push(f.slice()) },
    storage: flash,
    table: { beamGapMm, calibration: CALIBRATION },
    defaultMatch: match,
    ...more,
  });
  return { app, clock, flash, shown };
}

/** Feeds readings as a host would: the clock follows them, with a timer tick every 20 ms between, then
 * lets `quietMs` pass (enough for a shot to settle, by default). */
export function play(t: TestTable, readings: readonly Reading[], after = (_r: Reading) => {}, quietMs = 6000): void {
  for (const r of readings) {
    while (t.clock.t + 20_000 < r.t) {
      t.clock.t += 20_000;
      t.app.tick();
    }
    t.clock.t = Math.max(t.clock.t, r.t);
    t.app.readings([r]);
    after(r);
  }
  for (let i = 0; i < quietMs / 20; i++) {
    t.clock.t += 20_000;
    t.app.tick();
  }
}

export function press(t: TestTable, button: 'up' | 'down' | 'select', long = false): void {
  t.app.button(button, true);
  t.clock.t += long ? 800_000 : 60_000;
  t.app.tick();
  t.app.button(button, false);
  t.clock.t += 40_000;
  t.app.tick();
}

/** Down the open menu to the item, then select it (fails with the label if the menu has none). */
export function choose(t: TestTable, label: string): void {
  for (let i = 0; i < 30; i++) {
    const s = t.app.screen();
    if (s.kind !== 'menu') throw new Error(`looking for ${label}: the screen is ${s.kind}, not a menu`);
    if (s.items[s.selected] === label) return press(t, 'select');
    press(t, 'down');
  }
  throw new Error(`no ${label} in the menu`);
}
