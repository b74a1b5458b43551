// The native sampler (interface 2 of issue 15; hosts/device/capture/sampler.h's design) as the model
// runs it, and the fake `sampler` module:
//   new Sampler({i2c: {data, clock, hz, port?}, colour?: {switch, sensor, integrationUs},
//                strips: number[], stripEveryUs, onReadable(count)}); read(buffer) copies whole samples,
//   16 bytes each: u32 low µs, u32 high µs, kind (0 colour, 1 strip, 2 silent, 3 answers again),
//   channel, then r, g, b (colour) or mm (strip; 0xFFFF none) as u16 LE at bytes 10, 12, 14, as
//   sampler.h lays them out (interface 2's "u16 spare" would make 18 bytes); covered (every sample
//   stamped before it is in the ring: sampler.h samplerCovered); close().
// One task of its own, doing one thing at a time on the shared bus (it waits for a transfer in
// progress, JavaScript's included). This file is the task, its ring and the strips; the colour windows it
// takes for each pocket-beam edge the capture interrupt gives it (samplerEdge) are sampler-colour.ts.
// Strips: every stripEveryUs, a change stamped when the strip answered. One message at a time; a refused
// post is counted and posted again at the task's next step.
import { ColourWindows, type SamplerTask } from './sampler-colour.ts';
import { device, type Device } from './world.ts';

const SAMPLE_BYTES = 16;
const LAP = 0x1_0000_0000;
const RING_SLOTS = 255; // sampler.h kSamples 256, one slot free

interface Sample {
  t: number;
  kind: number;
  channel: number;
  a: number;
  b: number;
  c: number;
}

export interface SamplerOptions {
  i2c: { data: number; clock: number; hz: number; port?: number };
  colour?: { switch: number; sensor: number; integrationUs: number };
  strips: number[];
  stripEveryUs: number;
  onReadable: (this: Sampler, count: number) => void;
}

export class SamplerModel implements SamplerTask {
  readonly ring: Sample[] = [];
  lost = 0;
  refused = 0;
  open = true;
  private posted = false;
  /** The task is busy until then (one thing at a time). */
  private taskFreeAt = 0;
  /** The colour windows, when the sampler reads colour. */
  private readonly colour: ColourWindows | null;
  private readonly last: (number | null | undefined)[] = [];
  private readonly silent: boolean[] = [];

  constructor(
    private readonly d: Device,
    private readonly o: SamplerOptions,
    private readonly deliver: () => void,
  ) {
    this.colour = o.colour ? new ColourWindows(d, this, o.colour) : null;
    d.at(d.now + o.stripEveryUs, () => this.stripStep());
  }

  /** Colour reads that came after a second integration had completed (the next window's data). */
  get lateReads(): number {
    return this.colour?.lateReads ?? 0;
  }

  /** samplerEdge, from the capture interrupt (beam 0 upper, 1 lower; level 0 blocked): sampler-colour.ts. */
  edge(pocket: number, beam: number, level: number): void {
    if (!this.open || !this.colour) return;
    this.colour.edge(pocket, beam, level);
  }

  /** The task has stopped for good (a fault: the bus hung, the task starved): nothing more is read or
   * put, and a window it had open stays open (tests of the hand-over's bounded hold). */
  private hung = false;
  hang(): void {
    this.hung = true;
  }

  /** Runs `step` when the task is free; it returns when the task is done with it. */
  job(step: (t: number) => number): void {
    if (this.hung) return;
    // The task runs when it is free, and not while a flash write holds the cores.
    const t = Math.max(this.taskFreeAt, this.d.holdEnd(Math.max(this.d.now, this.taskFreeAt)));
    const run = () => {
      if (!this.open || this.hung) return;
      const free = Math.max(this.taskFreeAt, this.d.holdEnd());
      if (this.d.now < free) return void this.d.at(free, run);
      this.taskFreeAt = step(this.d.now);
    };
    if (t <= this.d.now) run();
    else this.d.at(t, run);
  }

  /** One transaction at `t` on the bus (waiting for the one in progress): its end. */
  transfer(t: number, address: number, op: 'write' | 'read', bytes: number[] | number): { from: number; to: number; data: number[] | null; ok: boolean } {
    const n = typeof bytes === 'number' ? bytes : bytes.length;
    const slot = this.d.bus.slot(t, n);
    this.d.bus.note({ from: slot.from, to: slot.to, address, op, bytes: n, by: 'native' });
    if (op === 'write') return { from: slot.from, to: slot.to, data: null, ok: this.d.bus.write(address, bytes as number[], slot.to) };
    const data = this.d.bus.read(address, n, slot.from);
    return { from: slot.from, to: slot.to, data, ok: data !== null };
  }

  private stripStep(): void {
    if (!this.open) return;
    this.job((t) => {
      let end = t;
      this.o.strips.forEach((address, seat) => {
        const r = this.transfer(end, address, 'read', 2);
        end = r.to;
        if (!r.data) {
          if (!this.silent[seat]) ((this.silent[seat] = true), this.push({ t: Math.round(end), kind: 2, channel: seat, a: 0, b: 0, c: 0 }));
          return;
        }
        if (this.silent[seat]) ((this.silent[seat] = false), this.push({ t: Math.round(end), kind: 3, channel: seat, a: 0, b: 0, c: 0 }));
        const v = r.data[0] | (r.data[1] << 8);
        const mm = v === 0xffff ? null : v;
        if (mm !== this.last[seat]) {
          this.last[seat] = mm;
          this.push({ t: Math.round(end), kind: 1, channel: seat, a: v, b: 0, c: 0 });
        }
      });
      // A message the queue refused is posted again at the task's next step.
      if (this.ring.length > 0 && !this.posted) this.post();
      return end;
    });
    this.d.at(this.d.now + this.o.stripEveryUs, () => this.stripStep());
  }

  putColour(t: number, pocket: number, rgb: readonly number[]): void {
    this.push({ t, kind: 0, channel: pocket, a: rgb[0], b: rgb[1], c: rgb[2] });
  }

  private push(s: Sample): void {
    if (this.ring.length >= RING_SLOTS) return void this.lost++;
    this.ring.push(s);
    if (!this.posted) this.post();
  }

  private post(): void {
    if (this.d.post('sampler', () => ((this.posted = false), this.deliver())) === 0) this.posted = true;
    else this.refused++;
  }

  /** samplerCovered at `now`: every sample stamped before the time returned is in the ring. */
  covered(now: number): number {
    if (!this.open || !this.colour) return now;
    return this.colour.covered(now);
  }

  read(buffer: ArrayBuffer): number {
    const view = new DataView(buffer);
    const n = Math.min(this.ring.length, Math.floor(buffer.byteLength / SAMPLE_BYTES));
    this.ring.splice(0, n).forEach((s, i) => {
      const at = i * SAMPLE_BYTES;
      view.setUint32(at, s.t % LAP, true);
      view.setUint32(at + 4, Math.floor(s.t / LAP), true);
      view.setUint8(at + 8, s.kind);
      view.setUint8(at + 9, s.channel);
      // Interface 2 says "u16 spare, then three u16", which is 18 bytes: the 16-byte record is read as
      // sampler.h writes it, the three values at bytes 10, 12 and 14 (no spare).
      view.setUint16(at + 10, s.a, true);
      view.setUint16(at + 12, s.b, true);
      view.setUint16(at + 14, s.c, true);
    });
    return n;
  }
}

/** The `sampler` module (hosts/device/capture/sampler.js) over the model. */
export class Sampler {
  readonly #model: SamplerModel;
  constructor(options: SamplerOptions) {
    // Native code in the SDK: its work is not JavaScript's (callOut keeps it off the meter).
    const d = device();
    this.#model = d.callOut(() => {
      if (typeof options?.onReadable !== 'function') throw new Error('onReadable required');
      if (!options.i2c || !(options.i2c.hz > 0)) throw new RangeError('invalid i2c');
      if (!Array.isArray(options.strips)) throw new RangeError('strips required');
      if (!(options.stripEveryUs > 0)) throw new RangeError('invalid stripEveryUs');
      const onReadable = options.onReadable;
      return new SamplerModel(d, options, () => onReadable.call(this, this.#model.ring.length));
    });
    d.sampler = this.#model;
  }
  read(buffer: ArrayBuffer): number {
    return device().callOut(() => {
      if (!this.#model.open) throw new Error('closed');
      return this.#model.read(buffer);
    });
  }
  get lost(): number {
    return device().callOut(() => this.#model.lost);
  }
  get refused(): number {
    return device().callOut(() => this.#model.refused);
  }
  get covered(): number {
    return device().callOut((t) => this.#model.covered(t));
  }
  close(): void {
    device().callOut(() => {
      this.#model.open = false;
      if (device().sampler === this.#model) device().sampler = null;
    });
  }
}
