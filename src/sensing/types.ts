// What the table's sensors say (docs/formats.md §2), and how the sensing layer is tuned (docs/hardware.md).

import type { Call, MatchHeader, Piece, PocketPiece } from '../rules/types.ts';

export type Rgb = readonly [number, number, number];

/** The mean colour reading of each kind of piece on this table. */
export type Calibration = { readonly [K in Piece]: Rgb };

export interface TraceHeader {
  'carrom-trace': 1;
  table: string;
  /** Distance between the two beams of a pocket; 0 on one-beam tables. */
  beamGapMm: number;
  stripMm: number;
  /** Absent on tables without colour sensors. */
  calibration: Calibration | null;
  match: MatchHeader;
}

/** A button call as the trace carries it: a match log call, or undo / identify. */
export type TraceCall = Call | { call: 'undo' } | { call: 'identify'; piece: Piece; pocket?: number };

/** One reading, `t` in microseconds since the trace started. A beam reading with `corrected` is not an
 * edge but the level the capture driver found when it re-read a quiet pin that disagreed with its last
 * edge (that edge was lost: hosts/device/capture/edges.h): the beam changed at some time before `t`.
 * `corrected` is not part of the trace format (docs/formats.md §2): a trace writes it as a plain edge. */
export type Reading =
  | { t: number; kind: 'beam'; pocket: number; beam: 0 | 1; blocked: boolean; corrected?: true }
  | { t: number; kind: 'colour'; pocket: number; rgb: Rgb }
  | { t: number; kind: 'strip'; seat: number; mm: number | null }
  | { t: number; kind: 'call'; call: TraceCall };

/** Facts about the sensors that the app shows (a beam stuck, flapping, blind, a sensor silent). `blind`:
 * a lower beam that saw nothing of pieces the upper beam saw fall (lower-blind.ts). `unproven`: an upper
 * pulse alone that may be a fall, at a pocket whose lower beam has not shown it works: not counted, a
 * question for the players (lower-blind.ts, Sensing.questions). */
export interface HealthFact {
  t: number;
  fact: 'stuck' | 'unstuck' | 'flapping' | 'blind' | 'unproven' | 'colourSilent' | 'stripSilent' | 'heard';
  /** A channel name of docs/formats.md §2: "p2.a", "p1.c", "s0". */
  channel: string;
}

/** A piece the gates saw, before the shot logic orders it into the log. */
export interface SeenPiece {
  t: number;
  pocket: number;
  piece: PocketPiece;
  /** When the gate was clear again after it (µs): the quiet time that settles a shot runs from here. */
  end: number;
}

export interface SensingConfig {
  beamGapMm: number;
  calibration: Calibration | null;
  /** Quiet time that settles a shot (docs/formats.md §2: 3 s by default). */
  settleQuietUs: number;
  /** Blocked for less than this is a glitch, not a piece (real pieces block ≥ 2 ms at 8 m/s). */
  minPulseUs: number;
  /** Clear for less than this inside a blocked pulse is a glitch (real gaps between touching coins ≥ 0.5 ms). */
  minGapUs: number;
  /** Blocked longer than any passage: a stuck beam. */
  stuckUs: number;
  /** A block beyond the stuck time that a piece resting in the throat explains (stuck.ts) is no fault
   * until this long: a piece may hang in the throat for seconds and then fall. */
  hangUs: number;
  /** A strip that stays empty this long after the striker left it was struck (docs/formats.md §2: 1 s). */
  strikeUs: number;
  /** The longest a piece can take from the upper to the lower beam (10 mm at 0.1 m/s is 100 ms). */
  maxBeamDelayUs: number;
  /** Size of a carrom man and of the striker as the two beams measure them (diameter + beam width). */
  manMm: number;
  strikerMm: number;
  /** Colour classification: the largest distance to a calibrated mean, and the least lead over the runner-up. */
  colourMaxDistance: number;
  colourMargin: number;
}

export const DEFAULT_CONFIG: Readonly<Omit<SensingConfig, 'beamGapMm' | 'calibration'>> = Object.freeze({
  settleQuietUs: 3_000_000,
  minPulseUs: 1_000,
  minGapUs: 250,
  stuckUs: 1_500_000,
  hangUs: 8_000_000,
  strikeUs: 1_000_000,
  maxBeamDelayUs: 150_000,
  manMm: 33,
  strikerMm: 43,
  colourMaxDistance: 0.08,
  colourMargin: 0.012,
});

export const channelName = (r: Reading): string => {
  switch (r.kind) {
    case 'beam':
      return `p${r.pocket}.${r.beam === 0 ? 'a' : 'b'}`;
    case 'colour':
      return `p${r.pocket}.c`;
    case 'strip':
      return `s${r.seat}`;
    case 'call':
      return 'call';
  }
};
