// The capture driver (hosts/device/capture/capture.c and edges.h) as the model runs it, and the fake
// `capture` module: new Capture({pins, onReadable(count)}); read(buffer) copies whole edges,
//   12 bytes each (u32 low µs, u32 high µs, channel, level, kind, 0); lost, refused, blocked; close().
// The interrupt stamps each edge with the clock when it runs (a flash write delays it: world.ts),
// puts it in the ring (ring.ts, edges.h's twin), gives the sampler every pocket-beam edge
// (trigger.h) and posts one message when none is pending (edgeRingNotify).
//   'today': capture.c before issue 15: the post's result is ignored and `posted` stays set, so one
//            refused post silences the beams until reboot; no re-read.
//   'fixed': capture.c of issue 15: a refused post is counted and given back, and posted again by the
//            next edge or by the tick (captureTick, an esp_timer every REREAD_PERIOD_US), which also
//            re-reads the pins of channels quiet for REREAD_QUIET_US and puts a correction (kind 1) for
//            a level that disagrees with the channel's last record: the interrupt lost an edge. Its
//            interrupt is not in IRAM: a flash write holds it off (world.ts), and an edge then is
//            stamped when the write ends.
//   'iram':  capture.c as it is: 'fixed', with the GPIO interrupt service in IRAM, so the interrupt runs
//            and stamps while flash is written; only its message waits (the post is code in flash):
//            the next edge after the write, or the tick, posts it.
import { EdgeRing, REREAD_PERIOD_US } from './ring.ts';
import { device, type Device } from './world.ts';

const EDGE_BYTES = 12;
const LAP = 0x1_0000_0000;

export class CaptureModel {
  readonly ring: EdgeRing;
  open = true;
  /** Posts the queue refused (today's driver does not count them; the model does, for the figures). */
  private todayRefused = 0;

  constructor(
    private readonly d: Device,
    private readonly pins: readonly number[],
    private readonly deliver: () => void,
  ) {
    // capture.c installs the GPIO interrupt service once: in IRAM ('iram'), refusing one installed before
    // it; before, with flags 0, sharing whatever was there.
    if (d.o.capture === 'iram' && d.gpioService === 'flash') throw new Error('GPIO interrupt service installed before the capture, not in IRAM');
    d.gpioService ??= d.o.capture === 'iram' ? 'iram' : 'flash';
    this.ring = new EdgeRing(d.f.ringEdges, d.now % LAP);
    pins.forEach((pin, channel) => {
      if (pin < 0) return;
      if (!d.levels.has(pin)) d.levels.set(pin, 1); // a clear beam: the receiver's output is high
      d.isr.set(pin, () => this.isr(channel));
      if (d.o.capture === 'iram') d.iramIsr.add(pin);
    });
    if (d.o.capture !== 'today') d.at(d.now + REREAD_PERIOD_US, () => this.tick());
  }

  get refused(): number {
    return this.d.o.capture !== 'today' ? this.ring.refused : this.todayRefused;
  }

  /** captureISR: the level now, the clock now; the sampler's trigger; then the message. */
  private isr(channel: number): void {
    if (!this.open) return;
    const level = this.d.levels.get(this.pins[channel])!;
    const t = this.d.now % LAP;
    this.ring.put(t, channel, level);
    // trigger.h: every edge goes to the sampler (its runs follow the upper beam's level; a lower beam's
    // blocked edge the upper beam missed starts a reading), whether or not the ring had room.
    this.d.sampler?.edge(channel >> 1, channel & 1, level);
    // 'iram': no post while flash is written (spi_flash_cache_enabled): the edge waits in the ring.
    if (this.d.holdEnd() > this.d.now) return;
    this.notify();
  }

  private notify(): void {
    if (this.d.o.capture !== 'today') return this.ring.notify(() => this.post());
    // today: the claim is taken before posting and the result ignored: a refused post is never undone.
    if (this.ring.count() > 0 && this.ring.shouldPost() && this.post() !== 0) this.todayRefused++;
  }

  /** capturePost: modMessagePostToMachineFromISR, 0 when the queue took it. */
  private post(): number {
    return this.d.post('capture', () => this.delivered());
  }

  /** captureDeliver. */
  private delivered(): void {
    if (!this.open) return;
    this.ring.delivered();
    this.deliver();
  }

  /** captureTick, on the esp_timer task: quiet pins re-read, a refused message posted again. */
  private tick(): void {
    if (!this.open) return;
    // A native timer's task does not run while a flash call holds the cores; it runs at the span's end,
    // after the interrupts held off (queued at that time before it).
    const end = this.d.holdEnd();
    if (end > this.d.now) return void this.d.at(end, () => this.d.at(end, () => this.tick()));
    const now = this.d.now % LAP;
    this.pins.forEach((pin, channel) => {
      if (pin >= 0) this.ring.reread(now, channel, this.d.levels.get(pin)!);
    });
    this.notify();
    this.d.at(this.d.now + REREAD_PERIOD_US, () => this.tick());
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

  /** xs_capture_get_blocked: the channels whose last record says blocked (edgeRingBlocked). */
  get blocked(): number {
    return this.ring.blocked();
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    for (const p of this.pins) if (p >= 0) (this.d.isr.delete(p), this.d.iramIsr.delete(p));
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
