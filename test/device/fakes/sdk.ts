// Fake time, timer, preference and capture modules (the last with the JS contract of
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
