// Stand-ins for the reference table's hardware, which cannot run here: an I²C bus with the TCA9548A
// switch, four TCS34725 colour sensors behind it (one address), four strip controllers and the
// SSD1306 (its RAM in oled.ts); GPIO pins; the microsecond clock; timers; Preference. The fake IO classes (io.ts) talk to it
// exactly as the SDK's classes talk to the chips, so a test can see every transaction on the bus.

import { Oled } from './oled.ts';

export const SWITCH = 0x70;
export const COLOUR = 0x29;
export const DISPLAY = 0x3c;
export const STRIPS = Object.freeze([0x40, 0x41, 0x42, 0x43]);

export interface Transaction { address: number; op: 'write' | 'read'; bytes: number[]; ok: boolean }

class ColourChip {
  enabled = false;
  pointer = 0;
  rgb: [number, number, number] = [0, 0, 0];
  answers = true;
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
  /** The capture driver's open instance. */
  capture: { edge(t: number, channel: number, level: number): void; deliver(): void } | null = null;

  reset(): void {
    Object.assign(this, new Hardware());
  }

  /** A write on the bus: true when a device acknowledged. */
  write(address: number, bytes: number[]): boolean {
    const ok = this.acknowledge(address, bytes);
    this.log.push({ address, op: 'write', bytes, ok });
    return ok;
  }

  /** A read on the bus: the bytes, or null on NACK. */
  read(address: number, length: number): number[] | null {
    const bytes = this.answer(address, length);
    this.log.push({ address, op: 'read', bytes: bytes ?? [], ok: bytes !== null });
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
      if ((bytes[0] & 0x1f) === 0x00 && bytes.length === 2) chip.enabled = (bytes[1] & 0x03) === 0x03;
      chip.pointer = bytes[0] & 0x1f;
      return true;
    }
    const seat = STRIPS.indexOf(address);
    return seat >= 0 && this.strips[seat].answers;
  }

  private answer(address: number, length: number): number[] | null {
    if (address === COLOUR) {
      const chip = this.colourOnChannel();
      if (!chip) return null;
      const scale = chip.enabled ? 1000 : 0; // a sensor never enabled reads nothing
      const [r, g, b] = chip.rgb.map((v) => Math.round(v * scale));
      const words = [r + g + b, r, g, b];
      return Array.from({ length }, (_, i) => (words[i >> 1] >> ((i & 1) * 8)) & 0xff);
    }
    const seat = STRIPS.indexOf(address);
    if (seat < 0 || !this.strips[seat].answers) return null;
    const v = this.strips[seat].mm ?? 0xffff;
    return [v & 0xff, v >> 8].slice(0, length);
  }

  /** Lets `ms` milliseconds pass, running the timers that fall due. */
  advance(ms: number): void {
    const end = this.now + ms * 1000;
    for (;;) {
      let next: { due: number; ms: number; fn: () => void } | null = null;
      for (const t of this.timers) if (t.due <= end && (!next || t.due < next.due)) next = t;
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
