// A table for app tests: memory flash that can lose power mid-write, a manual clock, a display that
// keeps the last frame.
import { TableApp } from '../../src/app/app.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { StoragePort } from '../../src/store/journal.ts';
import { CALIBRATION } from '../../model/table/noise.ts';

export type Op = { kind: 'append'; slot: 0 | 1; bytes: Uint8Array } | { kind: 'erase'; slot: 0 | 1 };

export class MemoryFlash implements StoragePort {
  slots: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];
  /** Every write, in order, to replay up to a power cut. */
  readonly ops: Op[] = [];
  /** Called as each write is issued. */
  onWrite: () => void = () => {};
  read(slot: 0 | 1): Uint8Array {
    return this.slots[slot];
  }
  /** A copy, as a file read gives: the outbox reads ranges, as it does on the device. */
  readRange(slot: 0 | 1, offset: number, length: number): Uint8Array {
    return this.slots[slot].slice(offset, offset + length);
  }
  size(slot: 0 | 1): number {
    return this.slots[slot].length;
  }
  append(slot: 0 | 1, bytes: Uint8Array): void {
    this.ops.push({ kind: 'append', slot, bytes: bytes.slice() });
    this.onWrite();
    const next = new Uint8Array(this.slots[slot].length + bytes.length);
    next.set(this.slots[slot]);
    next.set(bytes, this.slots[slot].length);
    this.slots[slot] = next;
  }
  erase(slot: 0 | 1): void {
    this.ops.push({ kind: 'erase', slot });
    this.onWrite();
    this.slots[slot] = new Uint8Array(0);
  }
  /** The flash as it is if the power fails after `op` operations and `bytes` bytes of the next append
   * (made on `base`, blank flash unless given). */
  static cutAt(ops: readonly Op[], op: number, bytes: number, base?: MemoryFlash): MemoryFlash {
    const f = new MemoryFlash();
    if (base) f.slots = [base.slots[0], base.slots[1]];
    for (let i = 0; i < op; i++) {
      const o = ops[i];
      if (o.kind === 'erase') f.slots[o.slot] = new Uint8Array(0);
      else f.append(o.slot, o.bytes);
    }
    const o = ops[op];
    if (o && o.kind === 'append' && bytes > 0) f.append(o.slot, o.bytes.subarray(0, bytes));
    f.ops.length = 0;
    return f;
  }
}

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

export function makeTable(match: MatchHeader, flash = new MemoryFlash(), clock = new ManualClock(), beamGapMm = 10): TestTable {
  const shown: Uint8Array[] = [];
  const app = new TableApp({
    clock,
    display: { show: (f) => void shown.push(f.slice()) },
    storage: flash,
    table: { beamGapMm, calibration: CALIBRATION },
    defaultMatch: match,
  });
  return { app, clock, flash, shown };
}

/** Feeds readings as a host would: the clock follows them, with a timer tick every 20 ms between. */
export function play(t: TestTable, readings: readonly Reading[], after = (_r: Reading) => {}): void {
  for (const r of readings) {
    while (t.clock.t + 20_000 < r.t) {
      t.clock.t += 20_000;
      t.app.tick();
    }
    t.clock.t = Math.max(t.clock.t, r.t);
    t.app.readings([r]);
    after(r);
  }
  for (let i = 0; i < 300; i++) {
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
