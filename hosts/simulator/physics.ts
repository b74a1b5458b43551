// The virtual table's sensors: what the beams, colour sensors and strips of the reference table would
// report when a piece drops or the striker is placed or struck, with the noise of real hardware
// (the trace generator's model, model/table, applied one action at a time).
import type { Piece } from '../../src/rules/types.ts';
import type { Reading, Rgb } from '../../src/sensing/types.ts';
import { rng } from '../../model/table/rng.ts';
import { CALIBRATION, type Noise } from '../../model/table/noise.ts';

const MAN_MM = 31.8;
const STRIKER_MM = 41.3;
const BEAM_WIDTH_MM = 1.5;

export interface Faults {
  /** A beam held blocked ("p2.a"), as by a piece lodged in the throat. */
  stuck: string | null;
  /** A beam that flickers with glitches. */
  noisy: string | null;
  /** The colour sensors read nothing. */
  noColour: boolean;
}

export class Physics {
  private readonly random: () => number;
  constructor(
    seed: number,
    private readonly noise: Noise,
    private readonly beamGapMm = 10,
  ) {
    this.random = rng(seed);
  }

  private uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  private gauss(): number {
    return Math.sqrt(-2 * Math.log(1 - this.random())) * Math.cos(2 * Math.PI * this.random());
  }

  /** Edges of one transition at `t`, ringing as the noise level says. */
  private transition(out: Reading[], t: number, pocket: number, beam: 0 | 1, blocked: boolean): void {
    const at = Math.max(0, Math.round(t + this.gauss() * this.noise.jitterUs));
    const ring = this.noise.ringing;
    const flips = ring.edges > 0 && this.random() < ring.share ? 2 * Math.floor(this.random() * (ring.edges / 2 + 1)) : 0;
    let u = at;
    for (let k = 0; k <= flips; k++) {
      if (k > 0) u += 1 + Math.floor(this.random() * Math.max(1, ring.spanUs / (flips + 1)));
      out.push({ t: u, kind: 'beam', pocket, beam, blocked: k % 2 === 0 ? blocked : !blocked });
    }
  }

  /** A piece crossing pocket `pocket`'s gate, starting at `t` µs; stuck beams see nothing of it. */
  drop(t: number, pocket: number, piece: Piece, faults: Faults): Reading[] {
    const out: Reading[] = [];
    const speed = Math.exp(this.uniform(Math.log(0.3), Math.log(4))) / 1000; // mm/µs
    const speedB = speed * (1 + this.noise.speedChange * (2 * this.random() - 1));
    const chord = (piece === 'striker' ? STRIKER_MM : MAN_MM) * (1 - this.random() * this.noise.offCentre);
    const length = chord + BEAM_WIDTH_MM;
    const b0 = t + this.beamGapMm / ((speed + speedB) / 2);
    const beams: [0 | 1, number, number][] = [[0, t, t + length / speed]];
    if (this.beamGapMm > 0) beams.push([1, b0, b0 + length / speedB]);
    for (const [beam, from, to] of beams) {
      if (faults.stuck === `p${pocket}.${beam === 0 ? 'a' : 'b'}`) continue;
      this.transition(out, from, pocket, beam, true);
      this.transition(out, to, pocket, beam, false);
    }
    if (!faults.noColour) out.push({ t: Math.round(t + (length / speed) * 0.5), kind: 'colour', pocket, rgb: this.colour(piece) });
    return out.sort((a, b) => a.t - b.t);
  }

  private colour(piece: Piece): Rgb {
    const raw = CALIBRATION[piece].map((x) => Math.max(0.001, x + this.gauss() * this.noise.colourSigma));
    const sum = raw[0] + raw[1] + raw[2];
    return [raw[0] / sum, raw[1] / sum, raw[2] / sum];
  }

  /** A glitch: a blocked pulse of tens to hundreds of microseconds. */
  glitch(t: number, channel: string): Reading[] {
    const pocket = Number(channel[1]);
    const beam = (channel[3] === 'a' ? 0 : 1) as 0 | 1;
    const length = this.uniform(20, 500);
    return [
      { t: Math.round(t), kind: 'beam', pocket, beam, blocked: true },
      { t: Math.round(t + length), kind: 'beam', pocket, beam, blocked: false },
    ];
  }

  /** A beam going stuck (blocked) or coming free. */
  beam(t: number, channel: string, blocked: boolean): Reading {
    return { t: Math.round(t), kind: 'beam', pocket: Number(channel[1]), beam: channel[3] === 'a' ? 0 : 1, blocked };
  }

  /** The striker put down on a strip (or lifted: mm null), with a little jitter in its position. */
  strip(t: number, seat: number, mm: number | null): Reading {
    const at = mm === null ? null : Math.round(Math.max(0, Math.min(530, mm + this.gauss() * this.noise.stripJitterMm)) * 10) / 10;
    return { t: Math.round(t), kind: 'strip', seat, mm: at };
  }
}
