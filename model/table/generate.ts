// The trace generator: from a match log and a seed, the sensor trace a real table would record
// (docs/hardware.md), and beside it the ground truth: the match log a perfect sensing layer would write
// from that trace. Deterministic from the seed.
//
// The physical model: before each shot the striker rests on its player's baseline strip (jitter,
// dropouts, repositioning) and leaves it at the strike. Pieces cross their pocket's gate at 0.1–8
// m/s: the upper beam is blocked for (chord + beam width) / speed, the lower beam the same a beam gap
// later, the speed changing a little between them; a piece touching the one before it in the same
// pocket follows it at the same speed, so the two make one long pulse, unless a beam crosses the pair
// off their line of contact and sees a short gap (each beam on its own). The colour sensor reads each
// piece while it blocks the upper beam. Edges ring and jitter, glitches come from nowhere, and now
// and then a beam sticks for seconds (the other beam then counts alone).
//
// With `throat` (model/table/throat.ts, issue 16) the throat does more: pieces rattle in the mouth and come
// back out, pieces hang in the throat for 0.2–5 s and then fall, and a piece follows a hung one into the
// same pocket 35–190 ms after it cleared both beams. Those draw from a random stream of their own.
//
// This file keeps the shots' timeline: the striker on its strip, the strike, the calls, each shot's
// pieces dropped and named as a perfect sensing layer names them. Each piece through its gate is
// passages.ts, the beams' edges from their blocked intervals beam-edges.ts, what they share trace-state.ts.

import type { GameEvent, MatchHeader, Piece, PocketPiece } from '../../src/rules/types.ts';
import { planShots } from './plan.ts';
import type { Reading, TraceCall, TraceHeader } from '../../src/sensing/types.ts';
import { CALIBRATION, type Layout, type Noise } from './noise.ts';
import { perfectPlacement, perfectReading } from './reader.ts';
import { menTrain, strikerTrain } from './trains.ts';
import { NO_THROAT, type Throat } from './throat.ts';
import { traceState, type TraceStats } from './trace-state.ts';
import { hangPass, mayHang, pass, rattle, type Passage } from './passages.ts';
import { addEdges, addGlitches } from './beam-edges.ts';

const STRIP_MM = 530;
const QUIET_US = 3_000_000;
const STRIKE_CONFIRM_US = 1_000_000;

export interface Generated {
  header: TraceHeader;
  readings: Reading[];
  /** The match log a perfect sensing layer writes from these readings, by the generator's own physics
   * (reader.ts), never by the sensing layer's classifier: a piece whose colour reading is missing, or
   * too noisy to be sure of, is reported as `man` (two beams) or `unknown` (one beam) and named by a
   * player's identify call, as at a real table. */
  truth: { header: MatchHeader; events: GameEvent[] };
  /** For each pocket event of `truth`, in order, the kind of piece that really went in. */
  physical: Piece[];
  /** For each pocket event of `truth`, in order: the piece touched the one before it on the only beam that
   * counts (a one-beam table, or the other beam stuck) with no gap the beam shows, so that one pulse holds
   * both. The sensing layer counts a one-beam pulse as one piece (never by its colour readings: a device
   * reads a piece several times, docs/hardware.md), so this piece is not in the sensed log. */
  mergedOnOneBeam: boolean[];
  stats: TraceStats;
}

/** Situations beyond the noise level's, each opt-in so the default traces stay as they are. */
export interface GenerateOptions {
  /** Share of shots pocketing the striker and a man in which the two enter one pocket touching (trains.ts). */
  strikerTrains?: number;
  /** Rattles, hangs and pieces following a hang (throat.ts). */
  throat?: Throat;
  /** Share of shots pocketing two men or more in which two or three of them (the queen first, then men of
   * one colour) enter one pocket touching, in one pulse (trains.ts: menTrain; issue 30). */
  menTrains?: number;
  /** Each colour reading anywhere in its piece's stretch of the upper beam, its edges included (the format
   * allows it: docs/formats.md §2), not 30–70 % into it (issue 30). */
  readingsAnywhere?: boolean;
}

export function generateTrace(header: MatchHeader, events: readonly GameEvent[], seed: number, noise: Noise, layout: Layout, options: GenerateOptions = {}): Generated {
  const throat = options.throat ?? NO_THROAT;
  // The random streams, the readings, the beams' blocked intervals and the last passage through each
  // pocket, which the passages (passages.ts) and the beams' edges (beam-edges.ts) add to.
  const state = traceState(seed, noise, layout, throat, options.readingsAnywhere === true);
  const { r, rs, rm, uniform, gauss, twoBeams, readings, lastPass, stuck, stats } = state;
  const truth: { us: number; order: number; event: GameEvent; physical?: Piece; merged?: boolean }[] = [];
  let order = 0;
  const say = (us: number, event: GameEvent, physical?: Piece, merged = false) =>
    truth.push({ us, order: order++, event: { ...event, t: Math.floor(us / 1000) } as GameEvent, physical, merged });

  /** Drops pieces from `from` on, each named as this table names it; returns the last time and the names asked for. */
  const drop = (from: number, shot: { piece: Piece; pocket: number }[]) => {
    const striker = options.strikerTrains ? strikerTrain(shot, r, options.strikerTrains) : { list: shot, touch: -1 };
    if (striker.touch >= 0) stats.strikerTrains++;
    // A train of men only where the shot has no striker-and-man train (menTrain keeps the striker out).
    const men = options.menTrains && striker.touch < 0 ? menTrain(striker.list, rm, options.menTrains) : { list: striker.list, touching: new Set<number>() };
    if (men.touching.size > 0) stats.menTrains++;
    const list = men.list;
    const touches = (i: number) => i === striker.touch || men.touching.has(i);
    let t = from;
    let last = from;
    let quietFrom = from;
    const ask: Piece[] = [];
    const passed: (Passage & { sized: boolean; looksFailed: boolean; hang: boolean })[] = [];
    for (let i = 0; i < list.length; i++) {
      const { piece, pocket } = list[i];
      if (i > 0 && !touches(i)) t += uniform(5_000, 600_000);
      const hang = !touches(i) && !touches(i + 1) && mayHang(state, t, pocket) && rs() < throat.hangs;
      const p = hang
        ? { ...hangPass(state, t, pocket, piece, list[i + 1]?.pocket === pocket && rs() < throat.follows), touched: false, merged: false, hang }
        : { ...pass(state, t, pocket, piece, touches(i)), sized: true, looksFailed: false, hang };
      passed.push(p);
      stats.pieces++;
      t = Math.max(t, p.at);
      last = Math.max(last, p.at);
      quietFrom = Math.max(quietFrom, p.end);
    }
    // Touching pieces that include the striker: where in their merged pulse the striker is, a perfect
    // sensing layer knows only from the readings (issue 16 §2; reader.ts: perfectPlacement). Where they
    // place it, the men are named as men are; else a player names every piece of the train.
    const runs = strikerRuns(list, passed);
    const placed = (run: number) => {
      const members = list.flatMap((_, j) => (runs[j] === run ? [j] : []));
      const at = members.findIndex((j) => list[j].piece === 'striker');
      return perfectPlacement(members.map((j) => passed[j].rgb), at, noise.colourSigma);
    };
    for (let i = 0; i < list.length; i++) {
      const { piece, pocket } = list[i];
      const p = passed[i];
      // What a perfect sensing layer knows: the striker by its size on two beams, the rest by a reading.
      let shown: PocketPiece;
      // A hung piece is sized only if a beam saw it cross whole (it rested on the other one), and a
      // piece that looked like a failed beam is named as a one-beam table names it.
      if (p.hang && (!p.sized || p.looksFailed)) shown = (p.rgb && !p.looksFailed && perfectReading(p.rgb, noise.colourSigma, true)) || 'unknown';
      else if (p.hang && piece === 'striker') shown = 'striker';
      else if (p.hang) shown = (p.rgb && perfectReading(p.rgb, noise.colourSigma, false)) || 'man';
      else if (runs[i] >= 0 && !p.oneBeam && !placed(runs[i])) shown = 'unknown';
      else if (!p.oneBeam && piece === 'striker') shown = 'striker';
      else shown = (p.rgb && perfectReading(p.rgb, noise.colourSigma, p.oneBeam)) || (p.oneBeam ? 'unknown' : 'man');
      say(p.at, { e: 'pocket', piece: shown, pocket, t: 0 }, piece, p.merged);
      if (shown === 'man' || shown === 'unknown') ask.push(piece);
    }
    return { last, quietFrom, ask };
  };

  const strip = (us: number, seat: number, value: number | null) =>
    readings.push({ t: Math.round(us), kind: 'strip', seat, mm: value === null ? null : Math.round(Math.max(0, Math.min(STRIP_MM, value)) * 10) / 10 });
  const press = (us: number, call: TraceCall) => {
    readings.push({ t: Math.round(us), kind: 'call', call });
    say(us, callEvent(call));
  };

  const plans = planShots(header, events);
  /** Where the striker is put down next, and the earliest it may leave again. */
  let placeAt = 500_000;
  let busyUntil = 0;
  let settleAt = Infinity;
  let open = false;
  for (const plan of plans) {
    stats.shots++;
    // Placing the striker settles the shot before, unless its quiet time ran out first.
    if (open) say(Math.min(settleAt, placeAt), { e: 'settle', t: 0 });
    open = false;
    const seat = plan.seat;
    let mm = uniform(60, STRIP_MM - 60);
    strip(placeAt, seat, mm);
    const restEnd = Math.max(placeAt + uniform(1_200_000, 4_000_000), busyUntil + 300_000);
    // While it rests: jitter, a dropout, a repositioning, each back within well under a second.
    let t = placeAt;
    for (;;) {
      t += uniform(150_000, 500_000);
      if (t > restEnd - 1_000_000) break;
      if (noise.stripJitterMm > 0) strip(t, seat, mm + gauss() * noise.stripJitterMm);
      if (r() < noise.dropout / 3) {
        strip(t + 1000, seat, null);
        t += uniform(30_000, 400_000);
        strip(t, seat, mm);
      } else if (r() < noise.reposition / 3) {
        strip(t + 1000, seat, null);
        t += uniform(200_000, 700_000);
        mm = uniform(60, STRIP_MM - 60);
        strip(t, seat, mm);
      }
    }
    const strikeAt = Math.max(restEnd, t + 100_000);
    strip(strikeAt, seat, null);
    say(strikeAt, { e: 'strike', seat, t: 0 });
    open = true;

    if (twoBeams && r() < noise.stuck) {
      const pocket = Math.floor(r() * 4);
      const beam = r() < 0.5 ? 0 : 1;
      const from = Math.max(strikeAt - uniform(0, 1_500_000), lastPass[pocket].clear);
      stuck[pocket][beam].push({ from, to: from + uniform(2_500_000, 9_000_000) });
      stats.stuck++;
    }

    for (const call of plan.during) press(strikeAt + uniform(150_000, 900_000), call);
    const dropped = drop(strikeAt + uniform(40_000, 1_500_000), plan.pieces);
    if (rs() < throat.rattles) rattle(state, strikeAt);
    const last = plan.pieces.length > 0 ? dropped.last : strikeAt;
    settleAt = (plan.pieces.length > 0 ? dropped.quietFrom : strikeAt) + QUIET_US;
    placeAt = Math.max(last + uniform(600_000, 5_000_000), strikeAt + STRIKE_CONFIRM_US + 300_000);
    // Between this shot and the next: names the table asks for, late drops, calls.
    let after = Math.min(placeAt, settleAt) + 200_000;
    for (const piece of dropped.ask) press((after += uniform(300_000, 900_000)), { call: 'identify', piece });
    for (const item of plan.after) {
      after += uniform(300_000, 900_000);
      if ('call' in item) {
        press(after, item.call);
        continue;
      }
      const late = drop(after, [item.late]);
      after = late.last + 50_000;
      for (const piece of late.ask) press((after += uniform(300_000, 900_000)), { call: 'identify', piece });
    }
    // The next strike waits for all that, and for the gates to be clear.
    busyUntil = after;
    for (const p of lastPass) busyUntil = Math.max(busyUntil, p.clear);
  }
  // The trace ends with the striker put back on a strip, which settles the last shot.
  if (open) {
    say(Math.min(settleAt, placeAt), { e: 'settle', t: 0 });
    strip(placeAt, plans[plans.length - 1].seat, uniform(60, STRIP_MM - 60));
  }
  const end = Math.max(placeAt, busyUntil) + 500_000;

  // The beams' readings from their blocked intervals: glitches where a beam is clear, then the edges.
  addGlitches(state, end);
  addEdges(state);

  readings.sort((a, b) => a.t - b.t);
  truth.sort((a, b) => a.us - b.us || a.order - b.order);
  const traceHeader: TraceHeader = {
    'carrom-trace': 1,
    table: `generated-${layout.name}`,
    beamGapMm: layout.beamGapMm,
    stripMm: STRIP_MM,
    calibration: layout.colour ? CALIBRATION : null,
    match: header,
  };
  const physical = truth.flatMap((x) => (x.physical ? [x.physical] : []));
  const mergedOnOneBeam = truth.flatMap((x) => (x.physical ? [x.merged === true] : []));
  return { header: traceHeader, readings, truth: { header, events: truth.map((x) => x.event) }, physical, mergedOnOneBeam, stats };
}

/** For each piece dropped, the run of touching pieces (each touching the piece before it in its pocket)
 * it belongs to, if that run holds the striker (the index of the run's first piece), else -1. */
function strikerRuns(list: readonly { piece: Piece; pocket: number }[], passed: readonly { touched: boolean }[]): number[] {
  const run = list.map((_, i) => i);
  const lastIn = [-1, -1, -1, -1];
  for (let i = 0; i < list.length; i++) {
    const before = lastIn[list[i].pocket];
    if (passed[i].touched && before >= 0) run[i] = run[before];
    lastIn[list[i].pocket] = i;
  }
  const train = (r0: number) => run.filter((r1) => r1 === r0).length > 1 && list.some((p, j) => run[j] === r0 && p.piece === 'striker');
  return run.map((r0) => (train(r0) ? r0 : -1));
}

function callEvent(c: TraceCall): GameEvent {
  if (c.call === 'undo') return { e: 'undo', t: 0 };
  if (c.call === 'identify') return { e: 'identify', piece: c.piece, t: 0 };
  return { e: 'call', ...c, t: 0 } as GameEvent;
}
