// The I²C bus and the parts on it: the TCA9548A switch, four TCS34725 colour sensors behind it (one
// address), the four strips, the SSD1306. A transaction holds the bus for its bytes (figures.ts i2cUs);
// whoever wants the bus while it is held waits for the STOP (JavaScript blocks; the sampler's task
// waits). The colour sensor integrates what is in front of it over real windows of time (throat.ts).
import { i2cUs, type Figures } from './figures.ts';
import type { Throat } from './throat.ts';

export const SWITCH = 0x70;
export const COLOUR = 0x29;
export const DISPLAY = 0x3c;
export const STRIPS = Object.freeze([0x40, 0x41, 0x42, 0x43]);

export interface Transfer {
  from: number;
  to: number;
  address: number;
  op: 'write' | 'read';
  bytes: number;
  by: 'js' | 'native';
}

/** One TCS34725 (ams TCS3472 datasheet): ENABLE (PON, AEN, WEN), ATIME, WTIME, CONFIG.WLONG,
 * STATUS.AVALID, CRGB u16 LE. With WEN the part waits WTIME after each integration before the next
 * one, and the data registers keep the last integration meanwhile. */
export class ColourChip {
  pointer = 0;
  atime = 0xff;
  wtime = 0xff;
  wlong = false;
  pon = false;
  aen = false;
  wen = false;
  /** When AEN was last set: integrations run back to back from then. */
  aenAt = 0;
  /** When AEN was cleared (the data registers keep the last whole integration). */
  aenOffAt = Infinity;
  answers = true;

  constructor(private readonly pocket: number, private readonly throat: Throat) {}

  get integrationUs(): number {
    return 2400 * (256 - this.atime);
  }

  /** The wait after each integration (none without WEN). */
  get waitUs(): number {
    return this.wen ? 2400 * (256 - this.wtime) * (this.wlong ? 12 : 1) : 0;
  }

  write(bytes: number[], t: number): void {
    const reg = bytes[0] & 0x1f;
    this.pointer = reg;
    if (bytes.length < 2) return;
    const v = bytes[1];
    if (reg === 0x00) {
      this.pon = (v & 1) === 1;
      const aen = this.pon && (v & 2) === 2;
      if (aen && !this.aen) ((this.aenAt = t), (this.aenOffAt = Infinity));
      if (!aen && this.aen) this.aenOffAt = t;
      this.aen = aen;
      this.wen = (v & 8) === 8;
    } else if (reg === 0x01) this.atime = v;
    else if (reg === 0x03) this.wtime = v;
    else if (reg === 0x0d) this.wlong = (v & 2) === 2;
  }

  /** The registers as a read at `t` finds them. */
  read(length: number, t: number): number[] {
    const regs = new Array<number>(0x20).fill(0);
    const T = this.integrationUs;
    const cycle = T + this.waitUs;
    const until = Math.min(t, this.aenOffAt);
    // Integrations [aenAt + k·cycle, aenAt + k·cycle + T]: the last one complete by `until`.
    const done = this.pon && until - this.aenAt >= T ? Math.floor((until - this.aenAt - T) / cycle) + 1 : 0;
    regs[0x00] = (this.pon ? 1 : 0) | (this.aen ? 2 : 0) | (this.wen ? 8 : 0);
    regs[0x01] = this.atime;
    regs[0x03] = this.wtime;
    regs[0x0d] = this.wlong ? 2 : 0;
    if (done > 0) {
      const to = this.aenAt + (done - 1) * cycle + T;
      const [r, g, b] = this.throat.integrate(this.pocket, to - T, to);
      // The done flag: an integration completed since AEN was set (it is still set after AEN clears).
      regs[0x13] = 1;
      const put = (at: number, v: number) => ((regs[at] = v & 0xff), (regs[at + 1] = (v >> 8) & 0xff));
      const scale = (v: number) => Math.min(0xffff, Math.round(v * (T / 2400)));
      put(0x14, scale(r + g + b));
      put(0x16, scale(r));
      put(0x18, scale(g));
      put(0x1a, scale(b));
    }
    const out: number[] = [];
    for (let i = 0; i < length; i++) out.push(regs[(this.pointer + i) & 0x1f]);
    return out;
  }
}

export class Bus {
  /** The bus is held until then. */
  busyUntil = 0;
  /** The switch's channel mask. */
  selected = 0;
  readonly colours: ColourChip[];
  readonly strips: { mm: number | null; answers: boolean }[] = STRIPS.map(() => ({ mm: null, answers: true }));
  display = { answers: true, pageWrites: 0, bytes: 0 };
  /** Every transfer, when a test asks for them (keep: true). */
  readonly transfers: Transfer[] = [];
  keep = false;
  bytes = 0;

  constructor(private readonly f: Figures, throat: Throat) {
    this.colours = [0, 1, 2, 3].map((p) => new ColourChip(p, throat));
  }

  /** When a transaction asked for at `t` gets the bus, and when it ends. */
  slot(t: number, bytes: number): { from: number; to: number } {
    const from = Math.max(t, this.busyUntil);
    const to = from + i2cUs(bytes, this.f);
    this.busyUntil = to;
    this.bytes += bytes + 1;
    return { from, to };
  }

  note(tr: Transfer): void {
    if (this.keep) this.transfers.push(tr);
  }

  private chipOnChannel(): ColourChip | null {
    const on = this.colours.filter((_, i) => this.selected & (1 << i));
    return on.length === 1 && on[0].answers ? on[0] : null; // two selected at once: they collide
  }

  /** A write at `t` (the STOP's time): true when the device acknowledged. */
  write(address: number, bytes: number[], t: number): boolean {
    if (address === SWITCH) return ((this.selected = bytes[0]), true);
    if (address === DISPLAY) {
      if (this.display.answers && bytes[0] === 0x40) this.display.pageWrites++;
      this.display.bytes += bytes.length;
      return this.display.answers;
    }
    if (address === COLOUR) {
      const chip = this.chipOnChannel();
      if (!chip) return false;
      chip.write(bytes, t);
      return true;
    }
    const seat = STRIPS.indexOf(address);
    return seat >= 0 && this.strips[seat].answers;
  }

  /** A read at `t` (when the data bytes are clocked out): the bytes, or null on NACK. */
  read(address: number, length: number, t: number): number[] | null {
    if (address === COLOUR) {
      const chip = this.chipOnChannel();
      return chip ? chip.read(length, t) : null;
    }
    const seat = STRIPS.indexOf(address);
    if (seat < 0 || !this.strips[seat].answers) return null;
    const v = this.strips[seat].mm ?? 0xffff;
    return [v & 0xff, v >> 8].slice(0, length);
  }
}
