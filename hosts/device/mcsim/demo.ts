// The scripted match that mcsim plays in place of the sensors.
//
// Played only into a blank journal. At a later boot the table restores the match its journal holds, as a
// real table does after a power cut, and the script played again would add its shots to that restored
// match: the journal grew at every boot (1,602 → 6,994 → 7,795 bytes over three) until the simulator's
// fixed heap could not read it.
//
// Played in turns (DemoPlayer): the app runs on the simulator's one thread, with its window. The script
// used to be handed over as far as the real clock said at every 10 ms timer: on a busy machine a late
// timer handed over more, which took longer, so the next was later still, and a timer always overdue
// kept the window from drawing and from taking keys for 14–16 s at a time. And the table's clock ran on
// while readings waited, so a shot could settle before its last readings came: the match's end varied
// from run to run. Now each turn plays a fixed slice of script time, the table's clock is the script's
// (it stops while the machine is busy), and every turn leaves the window a gap before the next.
import { Journal, type StoragePort } from '../../../src/store/journal.ts';
import type { Reading } from '../../../src/sensing/types.ts';

/** The readings to play at this boot: the whole script on a blank journal, none when it holds a match. */
export function demoScript(storage: StoragePort, script: readonly Reading[]): readonly Reading[] {
  return new Journal(storage).open() === null ? script : [];
}

/** Script time played in one turn (µs): 160 ms, the 20 ms of a turn at 8×. */
export const SLICE_US = 160_000;
/** The least real time (ms) between the end of one turn and the next, however late the turn: the window
 * draws and takes input then. Not 0: mcsim runs a 0 ms timer ahead of its window's work (G_PRIORITY_HIGH
 * in the SDK's modules/base/timer/lin/timer.c). */
export const GAP_MS = 4;

/** What the player needs from the simulator (the SDK's Time and Timer in hosts/device/mcsim/board.ts). */
export interface DemoHost {
  /** Real time, ms (Time.ticks). */
  ms(): number;
  /** Runs `fn` once, `ms` from now (Timer.set). */
  later(fn: () => void, ms: number): void;
  /** One turn's readings, in time order, stamped at or before the player's `t`. */
  deliver(batch: Reading[]): void;
  /** The last reading has been handed over. */
  done(): void;
}

/**
 * Plays a script in turns of SLICE_US of script time. Its `t` is the table's clock while it plays: the
 * readings handed over are always complete up to it, so a slow machine slows the match down but never
 * changes it (the same readings and the same clock at every turn, whatever the load).
 */
export class DemoPlayer {
  /** Script time played (µs): every reading stamped at or before it has been handed over. */
  t = 0;
  private next = 0;

  /** A turn's length in real time (ms) when the machine keeps up: SLICE_US at `speed` times life's pace. */
  private readonly turnMs: number;

  constructor(
    private readonly script: readonly Reading[],
    private readonly host: DemoHost,
    speed = 8,
  ) {
    this.turnMs = SLICE_US / 1000 / speed;
  }

  get playing(): boolean {
    return this.next < this.script.length;
  }

  start(): void {
    if (this.playing) this.host.later(() => this.turn(), this.turnMs);
    else this.host.done();
  }

  /** One turn: the next slice of the script, then the window's turn until the next. */
  private turn(): void {
    const began = this.host.ms();
    this.t += SLICE_US;
    const batch: Reading[] = [];
    while (this.next < this.script.length && this.script[this.next].t <= this.t) batch.push(this.script[this.next++]);
    if (batch.length > 0) this.host.deliver(batch);
    if (!this.playing) return this.host.done();
    this.host.later(() => this.turn(), Math.max(GAP_MS, this.turnMs - (this.host.ms() - began)));
  }
}
