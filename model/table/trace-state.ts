// What the trace generator (generate.ts) keeps while it makes one trace, shared by the parts that add to
// it: the random streams, the readings so far, each beam's blocked intervals, the last passage through
// each pocket, the counts. passages.ts adds the pieces' passages, beam-edges.ts turns the intervals into
// the beams' edges at the end.

import type { Piece } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { rng } from './rng.ts';
import type { Layout, Noise } from './noise.ts';
import type { Interval, Throat } from './throat.ts';

/** The last passage through a pocket: when its gate is clear again, and how it moved. `hung`: that piece
 * hung in the throat; the next piece does not touch it, and enters at `clear` at the earliest. */
export interface LastPass {
  aEnd: number;
  bEnd: number;
  clear: number;
  speed: number;
  speedB: number;
  piece: Piece;
  hung: boolean;
}

export interface TraceStats {
  shots: number;
  pieces: number;
  glitches: number;
  stuck: number;
  touching: number;
  strikerTrains: number;
  menTrains: number;
  rattles: number;
  hangs: number;
  follows: number;
}

export interface TraceState {
  readonly noise: Noise;
  readonly layout: Layout;
  readonly throat: Throat;
  readonly twoBeams: boolean;
  /** Each colour reading anywhere in its piece's stretch of the upper beam (GenerateOptions.readingsAnywhere). */
  readonly readingsAnywhere: boolean;
  /** The main random stream. */
  readonly r: () => number;
  /** The throat's situations draw from their own stream, so that without them the trace is as it was. */
  readonly rs: () => number;
  /** And the trains of men (issue 30) from another. */
  readonly rm: () => number;
  readonly uniform: (a: number, b: number) => number;
  readonly gauss: () => number;
  readonly readings: Reading[];
  /** Blocked intervals per pocket and beam: passages and stuck spans, made into edges at the end. */
  readonly blocked: Interval[][][];
  readonly stuck: Interval[][][];
  readonly lastPass: LastPass[];
  readonly stats: TraceStats;
}

export function traceState(seed: number, noise: Noise, layout: Layout, throat: Throat, readingsAnywhere: boolean): TraceState {
  const r = rng(seed);
  return {
    noise,
    layout,
    throat,
    twoBeams: layout.beamGapMm > 0,
    readingsAnywhere,
    r,
    rs: rng(seed ^ 0x16_1516),
    rm: rng(seed ^ 0x30_3030),
    uniform: (a, b) => a + (b - a) * r(),
    gauss: () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r()),
    readings: [],
    blocked: [0, 1, 2, 3].map(() => [[], []]),
    stuck: [0, 1, 2, 3].map(() => [[], []]),
    lastPass: [0, 1, 2, 3].map(() => ({ aEnd: 0, bEnd: 0, clear: 0, speed: 0, speedB: 0, piece: 'white' as Piece, hung: false })),
    stats: { shots: 0, pieces: 0, glitches: 0, stuck: 0, touching: 0, strikerTrains: 0, menTrains: 0, rattles: 0, hangs: 0, follows: 0 },
  };
}

/** Whether `pocket`'s `beam` is stuck at `us`. */
export const stuckAt = (s: TraceState, pocket: number, beam: number, us: number) => s.stuck[pocket][beam].some((x) => x.from <= us && us <= x.to);
