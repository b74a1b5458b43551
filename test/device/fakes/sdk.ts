// Fake time, timer, preference, file, mc/config and capture modules (the last with the JS contract of
// hosts/device/capture: its C is tested on its own by test/device/capture.test.ts).
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

/** mc/config as the ESP32 build gives it (littlefs mounted at /littlefs/). */
export const config = { file: { root: '/littlefs/' } };

const EDGE_BYTES = 12;
export class Capture {
  #pins: number[];
  #edges: { t: number; channel: number; level: number }[] = [];
  #open = true;
  lost = 0;
  constructor(options: { pins: number[]; onReadable: (this: Capture, count: number) => void }) {
    if (typeof options.onReadable !== 'function') throw new Error('onReadable required');
    if (options.pins.length !== 8 || new Set(options.pins).size !== 8) throw new RangeError('invalid pin');
    if (options.pins.some((p) => hardware.pinsInUse.has(p))) throw new Error('in use');
    this.#pins = options.pins;
    for (const p of this.#pins) hardware.pinsInUse.add(p);
    const onReadable = options.onReadable;
    hardware.capture = {
      edge: (t, channel, level) => void this.#edges.push({ t, channel, level }),
      deliver: () => onReadable.call(this, this.#edges.length),
    };
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
