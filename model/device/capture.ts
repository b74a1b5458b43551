// The capture driver (hosts/device/capture/capture.c with edges.h) as the model runs it, and the fake
// `capture` module the firmware imports, to interface 1 of issue 15:
//   new Capture({pins: number[8] (-1: no beam), onReadable(count)}); read(buffer) copies whole edges,
//   12 bytes each (u32 low µs, u32 high µs, channel, level, kind, 0); lost, refused, blocked; close().
// The interrupt stamps each edge with the clock when it runs (a flash write delays it: world.ts),
// puts it in the ring (ring.ts, the C ring's twin) and posts one message when none is pending.
//   'today': the post's result is ignored and `posted` stays set: one refused post silences the
//            beams until reboot (capture.c as it is).
//   'fixed': a refused post is counted and tried again retryPostUs later; and the levels are re-read
//            when no edge came for rereadUs: a level that disagrees with the channel's last edge becomes
//            a correction record (kind 1): the interrupt lost an edge.
import { EdgeRing } from './ring.ts';
import { device, type Device } from './world.ts';

const EDGE_BYTES = 12;
const LAP = 0x1_0000_0000;

export class CaptureModel {
  readonly ring: EdgeRing;
  refused = 0;
  private readonly last: number[] = [];
  private lastEdgeAt = 0;
  open = true;

  constructor(
    private readonly d: Device,
    private readonly pins: readonly number[],
    private readonly deliver: () => void,
  ) {
    this.ring = new EdgeRing(d.f.ringEdges);
    pins.forEach((pin, channel) => {
      this.last[channel] = 1;
      if (pin < 0) return;
      if (!d.levels.has(pin)) d.levels.set(pin, 1); // a clear beam: the receiver's output is high
      this.last[channel] = d.levels.get(pin)!;
      d.isr.set(pin, () => this.isr(channel));
    });
    if (d.o.capture === 'fixed') d.at(d.now + d.f.rereadUs, () => this.reread());
  }

  /** captureISR: the level now, the clock now. */
  private isr(channel: number): void {
    if (!this.open) return;
    const level = this.d.levels.get(this.pins[channel])!;
    this.put(channel, level, 0);
    // interface 2's trigger (trigger.h): an upper beam blocked starts that pocket's colour sample.
    if ((channel & 1) === 0 && level === 0) this.d.sampler?.trigger(channel >> 1);
  }

  private put(channel: number, level: number, kind: number): void {
    this.ring.put(this.d.now % LAP, channel, level, kind);
    this.last[channel] = level;
    this.lastEdgeAt = this.d.now;
    if (this.ring.shouldPost()) this.post();
  }

  private post(): void {
    if (!this.open) return;
    if (this.d.now < this.d.holdUntil) return void this.d.at(this.d.holdUntil, () => this.post());
    if (this.d.post('capture', () => this.delivered()) === 0) return;
    this.refused++;
    // today: capture.c ignores the result; `posted` stays 1 and no message is ever posted again.
    if (this.d.o.capture === 'fixed') this.d.at(this.d.now + this.d.f.retryPostUs, () => this.post());
  }

  private delivered(): void {
    if (!this.open) return;
    this.ring.delivered();
    this.deliver();
  }

  private reread(): void {
    if (!this.open) return;
    // A native timer's task does not run while a flash write holds the cores (after the held interrupts).
    if (this.d.now < this.d.holdUntil) return void this.d.at(this.d.holdUntil + 1, () => this.reread());
    if (this.d.now - this.lastEdgeAt >= this.d.f.rereadUs)
      this.pins.forEach((pin, channel) => {
        if (pin < 0) return;
        const level = this.d.levels.get(pin)!;
        if (level !== this.last[channel]) this.put(channel, level, 1);
      });
    this.d.at(this.d.now + this.d.f.rereadUs, () => this.reread());
  }

  /** xs_capture_read at JS time `t`. */
  read(buffer: ArrayBuffer, t: number): number {
    const view = new DataView(buffer);
    const edges = this.ring.take(() => Math.floor(t), Math.floor(buffer.byteLength / EDGE_BYTES));
    edges.forEach((e, i) => {
      const at = i * EDGE_BYTES;
      view.setUint32(at, e.t % LAP, true);
      view.setUint32(at + 4, Math.floor(e.t / LAP), true);
      view.setUint8(at + 8, e.channel);
      view.setUint8(at + 9, e.level);
      view.setUint8(at + 10, e.kind);
      view.setUint8(at + 11, 0);
    });
    return edges.length;
  }

  get blocked(): number {
    let mask = 0;
    this.last.forEach((level, channel) => {
      if (this.pins[channel] >= 0 && level === 0) mask |= 1 << channel;
    });
    return mask;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    for (const p of this.pins) if (p >= 0) this.d.isr.delete(p);
  }
}

/** The `capture` module (hosts/device/capture/capture.js) over the model. */
export class Capture {
  readonly #model: CaptureModel;
  readonly #pins: readonly number[];
  constructor(options: { pins: number[]; onReadable: (this: Capture, count: number) => void }) {
    // Native code in the SDK: its work is not JavaScript's (callOut keeps it off the meter).
    const d = device();
    const onReadable = options?.onReadable;
    this.#pins = d.callOut(() => {
      if (typeof onReadable !== 'function') throw new Error('onReadable required');
      const pins = options.pins;
      if (!Array.isArray(pins) || pins.length !== 8) throw new RangeError('invalid pin');
      const used = pins.filter((p) => p >= 0);
      if (new Set(used).size !== used.length) throw new RangeError('pin given twice');
      if (used.some((p) => d.pinsInUse.has(p))) throw new Error('in use');
      for (const p of used) d.pinsInUse.add(p);
      return pins.slice();
    });
    this.#model = d.callOut(() => new CaptureModel(d, this.#pins, () => onReadable.call(this, this.#model.ring.count())));
    d.capture = this.#model;
  }
  read(buffer: ArrayBuffer): number {
    return device().callOut((t) => {
      if (!this.#model.open) throw new Error('closed');
      return this.#model.read(buffer, t);
    });
  }
  get lost(): number {
    return device().callOut(() => this.#model.ring.lost);
  }
  get refused(): number {
    return device().callOut(() => this.#model.refused);
  }
  get blocked(): number {
    return device().callOut(() => this.#model.blocked);
  }
  close(): void {
    device().callOut(() => {
      if (!this.#model.open) return;
      this.#model.close();
      for (const p of this.#pins) if (p >= 0) device().pinsInUse.delete(p);
    });
  }
}
