// Fake time, timer, preference, file, mc/config, capture and sampler modules (the last two with the JS
// contract of hosts/device/capture: their C is tested on its own by test/device/capture.test.ts and
// sampler.test.ts).
import { hardware } from './hardware.ts';

export const Time = {
  get microseconds() {
    return hardware.now;
  },
  get ticks() {
    return Math.floor(hardware.now / 1000);
  },
};

type Entry = { due: number; ms: number; fn: () => void };
export const Timer = {
  repeat(fn: () => void, ms: number): Entry {
    const t = { due: hardware.now + ms * 1000, ms, fn };
    hardware.timers.add(t);
    return t;
  },
  /** Once, after `ms` (0: as soon as the current callback returns); network code uses it. */
  set(fn: () => void, ms = 0): Entry {
    const t: Entry = { due: hardware.now + ms * 1000, ms: 0, fn: () => (hardware.timers.delete(t), fn()) };
    hardware.timers.add(t);
    return t;
  },
  clear(t: Entry | undefined): void {
    if (t) hardware.timers.delete(t);
  },
};

export const Preference = {
  get: (domain: string, key: string) => hardware.preference.get(`${domain}.${key}`),
  set: (domain: string, key: string, value: unknown) => void hardware.preference.set(`${domain}.${key}`, value),
  delete: (domain: string, key: string) => void hardware.preference.delete(`${domain}.${key}`),
  keys: (domain: string) => [...hardware.preference.keys()].filter((k) => k.startsWith(`${domain}.`)).map((k) => k.slice(domain.length + 1)),
};

/** The SDK's `file` module (modules/files/file/file.js) over the fake hardware's littlefs: whole files in
 * a map; a write at `position` past the end fails as a real one would not, so none is made. */
export class File {
  #path: string;
  #write: boolean;
  position = 0;
  constructor(path: string, write = false) {
    if (!write && !hardware.files.has(path)) throw new Error(`file not found: ${path}`);
    if (write && !hardware.files.has(path)) hardware.files.set(path, new Uint8Array(0));
    this.#path = path;
    this.#write = write;
  }
  get length(): number {
    return this.#bytes().length;
  }
  #bytes(): Uint8Array {
    const b = hardware.files.get(this.#path);
    if (!b) throw new Error(`closed or deleted: ${this.#path}`);
    return b;
  }
  read(type: typeof ArrayBuffer | typeof String, n?: number): ArrayBuffer | string {
    const b = this.#bytes();
    const out = b.slice(this.position, n === undefined ? b.length : this.position + n);
    this.position += out.length;
    return type === String ? new TextDecoder().decode(out) : out.buffer;
  }
  write(value: ArrayBuffer | string): void {
    if (!this.#write) throw new Error('file not open for writing');
    const add = typeof value === 'string' ? new TextEncoder().encode(value) : new Uint8Array(value);
    const b = this.#bytes();
    if (this.position > b.length) throw new Error('write past the end');
    const next = new Uint8Array(Math.max(b.length, this.position + add.length));
    next.set(b);
    next.set(add, this.position);
    hardware.files.set(this.#path, next);
    this.position += add.length;
  }
  close(): void {}
  static exists(path: string): boolean {
    return hardware.files.has(path);
  }
  static delete(path: string): boolean {
    return hardware.files.delete(path);
  }
  static rename(from: string, to: string): boolean {
    const b = hardware.files.get(from);
    if (!b) return false;
    hardware.files.delete(from);
    hardware.files.set(to.startsWith('/') ? to : from.slice(0, from.lastIndexOf('/') + 1) + to, b);
    return true;
  }
}

/** heap.c's figures, [free, largest, minimum, iram, xs, sampler, timer] bytes, as the fake hardware has them. */
export const heap = (): number[] => hardware.heap.slice();

/** mc/config as the ESP32 build gives it (littlefs mounted at /littlefs/). */
export const config = { file: { root: '/littlefs/' } };

const EDGE_BYTES = 12;
export class Capture {
  #pins: number[];
  #edges: { t: number; channel: number; level: number; kind: number }[] = [];
  #open = true;
  #blocked = 0;
  /** As capture.c's counters, set by a test: edges the ring dropped, messages the queue refused. */
  lost = 0;
  refused = 0;
  constructor(options: { pins: number[]; onReadable: (this: Capture, count: number) => void }) {
    if (typeof options.onReadable !== 'function') throw new Error('onReadable required');
    const beams = options.pins.filter((p) => p >= 0);
    if (options.pins.length !== 8 || new Set(beams).size !== beams.length) throw new RangeError('invalid pin');
    if (beams.some((p) => hardware.pinsInUse.has(p))) throw new Error('in use');
    this.#pins = beams;
    for (const p of this.#pins) hardware.pinsInUse.add(p);
    const onReadable = options.onReadable;
    hardware.capture = {
      edge: (t, channel, level, kind = 0) => {
        this.#edges.push({ t, channel, level, kind });
        this.#blocked = level === 0 ? this.#blocked | (1 << channel) : this.#blocked & ~(1 << channel);
        // trigger.h, from captureISR: an edge the interrupt saw, not the tick's correction (kind 1)
        if (kind === 0 && (channel & 1) === 0 && level === 0) hardware.sampler?.trigger(channel >> 1, t);
      },
      deliver: () => onReadable.call(this, this.#edges.length),
      driver: this,
    };
  }
  /** The level of each channel's last record, as capture.c's edgeRingBlocked (bit = channel, set: blocked);
   * a test may also block beams the driver has not put in its ring yet (hardware.blockedMask). */
  get blocked(): number {
    return this.#blocked | hardware.blockedMask;
  }
  read(buffer: ArrayBuffer): number {
    if (!this.#open) throw new Error('closed');
    const view = new DataView(buffer);
    const n = Math.min(this.#edges.length, Math.floor(buffer.byteLength / EDGE_BYTES));
    this.#edges.splice(0, n).forEach((e, i) => {
      view.setUint32(i * EDGE_BYTES, e.t % 2 ** 32, true);
      view.setUint32(i * EDGE_BYTES + 4, Math.floor(e.t / 2 ** 32), true);
      view.setUint8(i * EDGE_BYTES + 8, e.channel);
      view.setUint8(i * EDGE_BYTES + 9, e.level);
      view.setUint8(i * EDGE_BYTES + 10, e.kind);
      view.setUint8(i * EDGE_BYTES + 11, 0);
    });
    return n;
  }
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    for (const p of this.#pins) hardware.pinsInUse.delete(p);
    hardware.capture = null;
  }
}

const SAMPLE_BYTES = 16;
const CYCLE_US = 2400;
interface SamplerOptions {
  i2c: { data: number; clock: number; hz: number; port?: number };
  colour?: { switch: number; sensor: number; integrationUs: number };
  strips: number[];
  stripEveryUs: number;
  onReadable: (this: Sampler, count: number) => void;
}
type Sample = { t: number; kind: number; channel: number; v: [number, number, number] };

/**
 * The sampler driver as its task behaves on the bus (hosts/device/capture/sampler.h, tested in C by
 * sampler.test.ts): the colour sensors set up at start (ATIME, gain, PON); an upper beam's blocked edge
 * (the capture fake's trigger) starts an integration through the pocket's switch channel, read one
 * integration later and stamped with its window's middle; the strips read every stripEveryUs, a change
 * stamped when read; a part that does not answer is one kind-2 sample, kind 3 when it answers again.
 * Simpler than the C: an edge during an integration of the same pocket starts nothing (the C samples it
 * next, and ignores ringing); the tests here drive one piece at a time.
 * Its transfers are marked 'native' in the bus log. Its message to JavaScript is delivered at the next
 * moment the fake hardware runs (advance), never inside the call that made the sample.
 */
export class Sampler {
  #samples: Sample[] = [];
  #open = true;
  #o: SamplerOptions;
  #ready = [false, false, false, false];
  #silent = new Map<string, boolean>();
  #last: (number | undefined)[] = [];
  #integrating = [false, false, false, false];
  /** Per pocket with a window open: its earliest stamp, the window's middle (sampler.h stampFrom). */
  #stampFrom: (number | null)[] = [null, null, null, null];
  #strips = { due: 0, run: () => this.#poll() };
  /** As sampler.c's counters, set by a test: samples the ring dropped, messages the queue refused. */
  lost = 0;
  refused = 0;
  constructor(options: SamplerOptions) {
    if (typeof options.onReadable !== 'function') throw new Error('onReadable required');
    for (const key of ['data', 'clock', 'hz'] as const) if (!(options.i2c?.[key] >= 0)) throw new RangeError(`i2c.${key} required`);
    if (!Array.isArray(options.strips) || options.strips.length > 4) throw new RangeError('invalid strips');
    if (!(options.stripEveryUs >= 1000)) throw new RangeError('invalid stripEveryUs');
    if (hardware.sampler) throw new Error('in use');
    // sampler.c takes the bus embedded:io/i2c made, and refuses to start without it.
    if (hardware.open.size === 0) throw new Error('no I2C bus on port 0: open a device on it with embedded:io/i2c first');
    this.#o = options;
    hardware.sampler = { options, trigger: (pocket) => this.#start(pocket), driver: this };
    if (options.colour) for (let p = 0; p < 4; p++) this.#setUp(p);
    this.#strips.due = hardware.now;
    hardware.tasks.add(this.#strips);
    this.#poll();
  }
  read(buffer: ArrayBuffer): number {
    if (!this.#open) throw new Error('closed');
    const view = new DataView(buffer);
    const n = Math.min(this.#samples.length, Math.floor(buffer.byteLength / SAMPLE_BYTES));
    this.#samples.splice(0, n).forEach((s, i) => {
      const at = i * SAMPLE_BYTES;
      view.setUint32(at, s.t % 2 ** 32, true);
      view.setUint32(at + 4, Math.floor(s.t / 2 ** 32), true);
      view.setUint8(at + 8, s.kind);
      view.setUint8(at + 9, s.channel);
      s.v.forEach((v, k) => view.setUint16(at + 10 + k * 2, v, true));
    });
    return n;
  }
  /** sampler.h samplerCovered: every sample stamped before it is in the ring (an open window's is its middle). */
  get covered(): number {
    let covered = hardware.now;
    for (const at of this.#stampFrom) if (at !== null && at < covered) covered = at;
    return covered;
  }
  close(): void {
    if (!this.#open) return;
    this.#open = false;
    hardware.tasks.clear();
    hardware.sampler = null;
  }
  get #integrationUs(): number {
    return CYCLE_US * Math.max(1, Math.round((this.#o.colour?.integrationUs ?? CYCLE_US) / CYCLE_US));
  }
  #posted = false;
  #put(kind: number, channel: number, v: [number, number, number], t = hardware.now): void {
    this.#samples.push({ t, kind, channel, v });
    if (this.#posted) return;
    this.#posted = true;
    const deliver = () => {
      this.#posted = false;
      if (this.#open && this.#samples.length > 0) this.#o.onReadable.call(this, this.#samples.length);
    };
    hardware.tasks.add({ due: hardware.now, run: deliver });
  }
  #answered(ok: boolean, part: number, channel: number): boolean {
    const key = `${part}.${channel}`;
    if (ok && this.#silent.get(key)) this.#put(3, channel, [part, 0, 0]);
    if (!ok && !this.#silent.get(key)) this.#put(2, channel, [part, 0, 0]);
    this.#silent.set(key, !ok);
    return ok;
  }
  #w(address: number, ...bytes: number[]): boolean {
    return hardware.write(address, bytes, 'native');
  }
  #setUp(p: number): boolean {
    const c = this.#o.colour!;
    const atime = 256 - this.#integrationUs / CYCLE_US;
    this.#ready[p] = this.#w(c.switch, 1 << p) && this.#w(c.sensor, 0x81, atime) && this.#w(c.sensor, 0x8f, 0x01) && this.#w(c.sensor, 0x80, 0x01);
    return this.#answered(this.#ready[p], 0, p);
  }
  #start(p: number): void {
    const c = this.#o.colour;
    if (!c || !this.#open || this.#integrating[p]) return;
    if (!(this.#ready[p] || this.#setUp(p))) return;
    if (!this.#answered(this.#w(c.switch, 1 << p) && this.#w(c.sensor, 0x80, 0x03), 0, p)) return void (this.#ready[p] = false);
    this.#integrating[p] = true;
    const start = hardware.now;
    this.#stampFrom[p] = start + this.#integrationUs / 2;
    const read = () => {
      const bytes = this.#w(c.switch, 1 << p) && this.#w(c.sensor, 0xb3) ? hardware.read(c.sensor, 9, 'native') : null;
      this.#integrating[p] = false;
      this.#stampFrom[p] = null; // put below, before anyone reads `covered` again
      if (!this.#answered(bytes !== null, 0, p)) return void (this.#ready[p] = false);
      const valid = (bytes![0] & 1) === 1;
      const word = (i: number) => (valid ? bytes![3 + i * 2] | (bytes![4 + i * 2] << 8) : 0);
      this.#put(0, p, [word(0), word(1), word(2)], start + this.#integrationUs / 2);
      this.#w(c.sensor, 0x80, 0x01);
    };
    hardware.tasks.add({ due: start + this.#integrationUs + this.#integrationUs / 16 + 100, run: read });
  }
  #poll(): void {
    this.#o.strips.forEach((address, seat) => {
      const d = hardware.read(address, 2, 'native');
      if (!this.#answered(d !== null, 1, seat)) return;
      const mm = d![0] | (d![1] << 8);
      if (mm === this.#last[seat]) return;
      this.#last[seat] = mm;
      this.#put(1, seat, [mm, 0, 0]);
    });
    this.#strips.due += this.#o.stripEveryUs;
    if (this.#open) hardware.tasks.add(this.#strips);
  }
}
