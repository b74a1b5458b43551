// Stand-ins for the reference table's hardware, which cannot run here: an I²C bus with the TCA9548A
// switch, four TCS34725 colour sensors behind it (one address), four strip controllers and the
// SSD1306 (its RAM in oled.ts); GPIO pins; the microsecond clock; timers; Preference. The fake IO classes (io.ts) talk to it
// exactly as the SDK's classes talk to the chips, and the fake sampler driver (sdk.ts) as its task
// does, so a test can see every transaction on the bus and who made it (JavaScript or the driver).

import { Oled } from './oled.ts';

export const SWITCH = 0x70;
export const COLOUR = 0x29;
export const DISPLAY = 0x3c;
export const STRIPS = Object.freeze([0x40, 0x41, 0x42, 0x43]);

export interface Transaction { address: number; op: 'write' | 'read'; bytes: number[]; ok: boolean; by: By; t: number }
/** Who made a transfer: JavaScript (embedded:io/i2c) or the sampler driver's own task. */
export type By = 'js' | 'native';

/** A TCS34725 (sampler.h has the datasheet's registers): ENABLE, ATIME, CONTROL, STATUS's AVALID, the counts. */
class ColourChip {
  enable = 0;
  atime = 0xff;
  control = 0;
  pointer = 0;
  /** When AEN was last set: an integration completes ATIME's cycles of 2.4 ms later. */
  aenAt = 0;
  /** What the sensor sees now; `seen` is what its last completed integration saw. */
  rgb: [number, number, number] = [0, 0, 0];
  answers = true;
  get integrating(): boolean {
    return (this.enable & 3) === 3;
  }
  /** It lost power: registers back to their reset values, it must be set up again. */
  lostPower(): void {
    this.enable = 0;
    this.atime = 0xff;
    this.control = 0;
  }
}

export class Hardware {
  /** µs since boot (esp_timer_get_time). */
  now = 0;
  readonly log: Transaction[] = [];
  readonly traces: string[] = [];
  readonly pinsInUse = new Set<number>();
  /** Open I²C devices by address (the SDK refuses a second one at the same address). */
  readonly open = new Map<number, unknown>();
  selected = 0; // the switch's channel mask
  readonly colours = [new ColourChip(), new ColourChip(), new ColourChip(), new ColourChip()];
  readonly strips: { mm: number | null; answers: boolean }[] = STRIPS.map(() => ({ mm: null, answers: true }));
  display = { answers: true, pageWrites: 0 };
  /** What the display's RAM holds: what a player sees. */
  readonly oled = new Oled();
  /** Called after each write the display acknowledged (a test's way to act between two pages). */
  onDisplayWrite: (bytes: number[]) => void = () => {};
  /** The capture driver's mask of beams blocked now (bit = channel), as its `blocked` getter says. */
  blockedMask = 0;
  readonly timers = new Set<{ due: number; ms: number; fn: () => void }>();
  readonly preference = new Map<string, unknown>();
  /** littlefs: whole files by path. */
  readonly files = new Map<string, Uint8Array>();
  /** The open digital inputs, by pin. */
  readonly digitals = new Map<number, { level: number; notify: () => void }>();
  /** The capture driver's open instance: `edge` puts a record in its ring (kind 1: a correction), `deliver`
   * is the message that tells JavaScript (a test that leaves it out plays a message the queue refused). */
  capture: { edge(t: number, channel: number, level: number, kind?: number): void; deliver(): void; driver: { lost: number; refused: number; readonly blocked: number } } | null = null;
  /** The sampler driver's open instance: its options, the capture interrupt's hook (trigger.h), and its
   * counters (set by a test, as sampler.c's: samples the ring dropped, messages the queue refused). */
  sampler: { options: unknown; trigger(pocket: number, t: number): void; driver: { lost: number; refused: number } } | null = null;
  /** What heap.c answers: [free, largest, minimum, iram, xs, sampler, timer] bytes (a test sets it). */
  heap: number[] = [150_000, 78_000, 140_000, 81_000, 6_000, 1_900, -1];
  /** Native work due at a time (the sampler's task): run by advance() like the timers, but not JS timers. */
  readonly tasks = new Set<{ due: number; run(): void }>();

  reset(): void {
    Object.assign(this, new Hardware());
  }

  /** A write on the bus: true when a device acknowledged. */
  write(address: number, bytes: number[], by: By = 'js'): boolean {
    const ok = this.acknowledge(address, bytes);
    this.log.push({ address, op: 'write', bytes, ok, by, t: this.now });
    return ok;
  }

  /** A read on the bus: the bytes, or null on NACK. */
  read(address: number, length: number, by: By = 'js'): number[] | null {
    const bytes = this.answer(address, length);
    this.log.push({ address, op: 'read', bytes: bytes ?? [], ok: bytes !== null, by, t: this.now });
    return bytes;
  }

  private colourOnChannel(): ColourChip | null {
    const on = this.colours.filter((_, i) => this.selected & (1 << i));
    return on.length === 1 && on[0].answers ? on[0] : null; // two selected at once: they collide
  }

  private acknowledge(address: number, bytes: number[]): boolean {
    if (address === SWITCH) {
      this.selected = bytes[0];
      return true;
    }
    if (address === DISPLAY) {
      if (!this.display.answers) return false;
      if (bytes[0] === 0x40) this.display.pageWrites++;
      this.oled.write(bytes);
      this.onDisplayWrite(bytes);
      return true;
    }
    if (address === COLOUR) {
      const chip = this.colourOnChannel();
      if (!chip) return false;
      chip.pointer = bytes[0] & 0x1f;
      if (bytes.length === 2 && chip.pointer === 0x00) {
        if ((bytes[1] & 2) && !(chip.enable & 2)) chip.aenAt = this.now; // a new integration starts
        chip.enable = bytes[1];
      } else if (bytes.length === 2 && chip.pointer === 0x01) chip.atime = bytes[1];
      else if (bytes.length === 2 && chip.pointer === 0x0f) chip.control = bytes[1];
      return true;
    }
    const seat = STRIPS.indexOf(address);
    return seat >= 0 && this.strips[seat].answers;
  }

  private answer(address: number, length: number): number[] | null {
    if (address === COLOUR) {
      const chip = this.colourOnChannel();
      if (!chip) return null;
      // Done once its cycles have passed since AEN; what it reads is what is in front of it now (the
      // tests change `rgb` only between integrations). Never set up, or not integrating: nothing.
      const valid = chip.integrating && this.now >= chip.aenAt + 2400 * (256 - chip.atime);
      const [r, g, b] = chip.rgb.map((v) => (valid ? Math.round(v * 1000) : 0));
      const regs = new Array<number>(32).fill(0);
      regs[0x13] = valid ? 1 : 0;
      [r + g + b, r, g, b].forEach((w, i) => ((regs[0x14 + i * 2] = w & 0xff), (regs[0x15 + i * 2] = w >> 8)));
      return Array.from({ length }, (_, i) => regs[(chip.pointer + i) & 31]);
    }
    const seat = STRIPS.indexOf(address);
    if (seat < 0 || !this.strips[seat].answers) return null;
    const v = this.strips[seat].mm ?? 0xffff;
    return [v & 0xff, v >> 8].slice(0, length);
  }

  /** Lets `ms` milliseconds pass, running the timers and the native tasks that fall due, in time order. */
  advance(ms: number): void {
    const end = this.now + ms * 1000;
    for (;;) {
      let next: { due: number; ms: number; fn: () => void } | null = null;
      for (const t of this.timers) if (t.due <= end && (!next || t.due < next.due)) next = t;
      let task: { due: number; run(): void } | null = null;
      for (const t of this.tasks) if (t.due <= end && (!task || t.due < task.due)) task = t;
      if (task && (!next || task.due <= next.due)) {
        this.now = Math.max(this.now, task.due);
        this.tasks.delete(task);
        task.run();
        continue;
      }
      if (!next) break;
      this.now = next.due;
      next.due += next.ms * 1000;
      next.fn();
    }
    this.now = end;
  }
}

/** The one world the fake modules share (the bundle holds one copy of this module). */
export const hardware = new Hardware();
