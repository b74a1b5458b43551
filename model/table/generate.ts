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

import type { GameEvent, MatchHeader, Piece, PocketPiece } from '../../src/rules/types.ts';
import { planShots } from './plan.ts';
import { DEFAULT_CONFIG, type Reading, type Rgb, type TraceCall, type TraceHeader } from '../../src/sensing/types.ts';
import { rng } from './rng.ts';
import { CALIBRATION, type Layout, type Noise } from './noise.ts';
import { perfectPlacement, perfectReading } from './reader.ts';
import { menTrain, strikerTrain } from './trains.ts';
import { hangBlocks, rattleBlock, restingIn, NO_THROAT, type Throat } from './throat.ts';

const MAN_MM = 31.8;
const STRIKER_MM = 41.3;
const BEAM_WIDTH_MM = 1.5;
const STRIP_MM = 530;
const QUIET_US = 3_000_000;
const STRIKE_CONFIRM_US = 1_000_000;
const TOUCHING_GAP_MM = 3.4;
/** A beam blocked this long is stuck to the sensing layer unless it can see that a piece rests there (docs/hardware.md). */
const STUCK_US = 1_500_000;

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
  stats: { shots: number; pieces: number; glitches: number; stuck: number; touching: number; strikerTrains: number; menTrains: number; rattles: number; hangs: number; follows: number };
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

interface Interval {
  from: number;
  to: number;
}

export function generateTrace(header: MatchHeader, events: readonly GameEvent[], seed: number, noise: Noise, layout: Layout, options: GenerateOptions = {}): Generated {
  const throat = options.throat ?? NO_THROAT;
  const r = rng(seed);
  /** The throat's situations draw from their own stream, so that without them the trace is as it was. */
  const rs = rng(seed ^ 0x16_1516);
  /** And the trains of men (issue 30) from another. */
  const rm = rng(seed ^ 0x30_3030);
  const uniform = (a: number, b: number) => a + (b - a) * r();
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const twoBeams = layout.beamGapMm > 0;
  const readings: Reading[] = [];
  const truth: { us: number; order: number; event: GameEvent; physical?: Piece; merged?: boolean }[] = [];
  let order = 0;
  const say = (us: number, event: GameEvent, physical?: Piece, merged = false) =>
    truth.push({ us, order: order++, event: { ...event, t: Math.floor(us / 1000) } as GameEvent, physical, merged });
  const stats = { shots: 0, pieces: 0, glitches: 0, stuck: 0, touching: 0, strikerTrains: 0, menTrains: 0, rattles: 0, hangs: 0, follows: 0 };

  /** Blocked intervals per pocket and beam: passages and stuck spans, made into edges at the end. */
  const blocked: Interval[][][] = [0, 1, 2, 3].map(() => [[], []]);
  const stuck: Interval[][][] = [0, 1, 2, 3].map(() => [[], []]);
  const stuckAt = (pocket: number, beam: number, us: number) => stuck[pocket][beam].some((s) => s.from <= us && us <= s.to);
  /** The last passage through each pocket: when its gate is clear again, and how it moved. */
  // `hung`: that piece hung in the throat; the next piece does not touch it, and enters at `clear` at the earliest.
  const lastPass = [0, 1, 2, 3].map(() => ({ aEnd: 0, bEnd: 0, clear: 0, speed: 0, speedB: 0, piece: 'white' as Piece, hung: false }));

  const colour = (us: number, pocket: number, kind: Piece): Rgb => {
    const c = CALIBRATION[kind];
    const raw = c.map((x) => Math.max(0.001, x + gauss() * noise.colourSigma));
    const sum = raw[0] + raw[1] + raw[2];
    const rgb: Rgb = [Math.min(1, raw[0] / sum), Math.min(1, raw[1] / sum), Math.min(1, raw[2] / sum)];
    readings.push({ t: Math.round(us), kind: 'colour', pocket, rgb: rgb.map((x) => Math.round(x * 1000) / 1000) as unknown as Rgb });
    return readings[readings.length - 1].kind === 'colour' ? (readings[readings.length - 1] as { rgb: Rgb }).rgb : rgb;
  };

  /** Between two touching pieces, the gap one beam sees (docs/hardware.md: 0–3.4 ms at 1 m/s, or none). */
  const touchingGapMm = () => (r() < noise.touchingGap ? uniform(0, TOUCHING_GAP_MM) : 0);

  /** One piece through a gate at `us` (or touching the one before). Returns when the sensing layer dates it. */
  const pass = (us: number, pocket: number, piece: Piece, train = false): { at: number; end: number; oneBeam: boolean; rgb: Rgb | null; touched: boolean; merged: boolean } => {
    const prev = lastPass[pocket];
    // A striker-and-man train (trains.ts) touches by design; men touch each other by chance, never a hung piece.
    const touched = train || (piece !== 'striker' && prev.piece !== 'striker' && !prev.hung && prev.clear > us - 400_000 && r() < noise.touching);
    let speed = Math.exp(uniform(Math.log(noise.speed[0]), Math.log(noise.speed[1]))) / 1000; // mm per µs
    let speedB = speed * (1 + noise.speedChange * (2 * r() - 1));
    let a0 = Math.max(us, prev.clear);
    let b0: number;
    if (touched) {
      speed = prev.speed;
      speedB = prev.speedB;
      a0 = prev.aEnd + touchingGapMm() / speed;
      b0 = prev.bEnd + touchingGapMm() / speedB;
      stats.touching++;
    } else b0 = a0 + layout.beamGapMm / ((speed + speedB) / 2);
    const chord = (piece === 'striker' ? STRIKER_MM : MAN_MM) * (1 - r() * noise.offCentre);
    const aEnd = a0 + (chord + BEAM_WIDTH_MM) / speed;
    const bEnd = b0 + (chord + BEAM_WIDTH_MM) / speedB;
    const aStuck = stuckAt(pocket, 0, a0);
    const bStuck = twoBeams && stuckAt(pocket, 1, b0);
    blocked[pocket][0].push({ from: a0, to: aEnd });
    if (twoBeams) blocked[pocket][1].push({ from: b0, to: bEnd });
    lastPass[pocket] = { aEnd, bEnd, clear: Math.max(aEnd, twoBeams ? bEnd : aEnd) + 3000, speed, speedB, piece, hung: false };
    // The sensing layer dates a piece by the upper beam, or by the lower one if the upper is stuck;
    // touching pieces share one pulse, split evenly.
    const at = aStuck ? b0 : a0;
    const read = layout.colour && r() >= noise.missedColour && !(touched && r() < noise.touchingOneReading);
    const rgb = read ? colour(a0 + (aEnd - a0) * (options.readingsAnywhere ? r() : uniform(0.3, 0.7)), pocket, piece) : null;
    // The gate is quiet again when the beams that saw it clear (a stuck beam saw nothing).
    const end = Math.max(aStuck ? 0 : aEnd, twoBeams && !bStuck ? bEnd : 0);
    // One pulse with the piece before on the only beam that counts: no gap on it that the sensing layer
    // keeps (shorter ones are bridged as glitches, DEFAULT_CONFIG.minGapUs).
    const countedBy = !twoBeams || bStuck ? 0 : aStuck ? 1 : -1;
    const merged = touched && countedBy >= 0 && (countedBy === 0 ? a0 - prev.aEnd : b0 - prev.bEnd) < DEFAULT_CONFIG.minGapUs;
    return { at, end, oneBeam: aStuck || bStuck || !twoBeams, rgb, touched, merged };
  };

  /** A piece that tips into a pocket's mouth while the pieces move, and rolls back onto the board: the
   * upper beam sees it, the lower never (model/table/throat.ts). Not a piece of the truth: with a healthy
   * lower beam a perfect sensing layer knows it did not go down. Only on two-beam tables (on one beam a
   * dip cannot be told from a fall), and only where that pocket's beams are clear and not stuck around it. */
  const rattle = (strikeAt: number) => {
    if (!twoBeams) return;
    const pocket = Math.floor(rs() * 4);
    const kind = (['white', 'black', 'queen', 'striker'] as const)[Math.floor(rs() * 4)];
    const block = rattleBlock(strikeAt + 40_000 + 1_500_000 * rs(), (0.1 + 0.9 * rs()) / 1000, 2 + 6 * rs(), 300_000 * rs());
    const near = (x: Interval) => x.from - 300_000 < block.to && block.from - 300_000 < x.to;
    if (blocked[pocket].some((beam) => beam.some(near))) return;
    // Before its lower beam has seen a piece the sensing layer cannot know that beam works, and counts
    // a dip: the repertoire's rattles come after a piece has gone down that pocket.
    if (!blocked[pocket][1].some((x) => x.to < block.from)) return;
    if (stuck[pocket].some((spans) => spans.some((x) => x.from - 2_000_000 < block.to && block.from - 2_000_000 < x.to))) return;
    blocked[pocket][0].push(block);
    if (layout.colour && rs() >= noise.missedColour) colour(block.from + 2_600 + 1_400 * rs(), pocket, kind);
    stats.rattles++;
  };

  /** A piece may hang in this pocket's throat from `us`: two beams, neither stuck near that time. */
  const mayHang = (us: number, pocket: number) =>
    twoBeams && throat.hangs > 0 && !stuck[pocket].some((spans) => spans.some((s) => s.from < us + 8_000_000 && us - 2_000_000 < s.to));

  /** A piece that hangs in the throat for 0.2–5 s and then falls (model/table/throat.ts), from `us` or when
   * the gate is clear. Its colour is read as it comes in, one integration after the upper beam blocks.
   * `follow`: the next piece enters this pocket 35–190 ms after this one cleared both beams (else 200 ms
   * or more). The sensing layer dates it when it came in; only if it rests on the upper beam alone past
   * the stuck time with no colour reading to show a piece is there (or across both beams on a table
   * whose colour sensor missed it) does the upper beam look failed, and the piece is then dated by the
   * lower beam. */
  const hangPass = (us: number, pocket: number, piece: Piece, follow: boolean) => {
    const at = Math.max(us, lastPass[pocket].clear);
    const lenMm = (piece === 'striker' ? STRIKER_MM : MAN_MM) * (1 - rs() * noise.offCentre) + BEAM_WIDTH_MM;
    const gapMm = layout.beamGapMm;
    const speedIn = (0.3 + 1.2 * rs()) / 1000;
    const speedOut = (0.3 + 0.7 * rs()) / 1000;
    const hangUs = Math.exp(Math.log(200_000) + rs() * Math.log(25));
    let restMm = -lenMm + 1 + (lenMm + gapMm - 2) * rs();
    // Across both beams for less time than 4.5 men take to cross at its speed, a hang looks to the beams
    // like touching men (both beams blocked alike): nothing can tell it, so this repertoire rests such a
    // piece on the lower beam alone (docs/hardware.md).
    if (restingIn({ restMm, lenMm, gapMm }) === 'both' && speedIn * hangUs < 4.5 * 33) restMm = -lenMm + 1 + (gapMm - 2) * rs();
    const { upper, lower } = hangBlocks({ at, speedIn, speedOut, restMm, hangUs, lenMm, gapMm });
    blocked[pocket][0].push(upper);
    blocked[pocket][1].push(lower!);
    const read = layout.colour && rs() >= noise.missedColour;
    const rgb = read ? colour(at + 2_600 + 1_400 * rs(), pocket, piece) : null;
    const end = Math.max(upper.to, lower!.to);
    const next = end + (follow ? 35_000 + 155_000 * rs() : 200_000);
    lastPass[pocket] = { aEnd: upper.to, bEnd: lower!.to, clear: next, speed: speedOut, speedB: speedOut, piece, hung: true };
    stats.hangs++;
    if (follow) stats.follows++;
    // The sensing layer knows a resting piece from a failed beam by the colour read as the upper beam
    // blocked, or, without colour sensors, by the lower beam blocking right after (docs/hardware.md).
    const rest = restingIn({ restMm, lenMm, gapMm });
    const looksFailed = upper.to - upper.from >= STUCK_US && !rgb && (rest === 'upper' || (rest === 'both' && layout.colour));
    return { at: looksFailed ? lower!.from : at, end, oneBeam: false, rgb, sized: restingIn({ restMm, lenMm, gapMm }) !== 'both', looksFailed };
  };

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
    const passed: (ReturnType<typeof pass> & { sized: boolean; looksFailed: boolean; hang: boolean })[] = [];
    for (let i = 0; i < list.length; i++) {
      const { piece, pocket } = list[i];
      if (i > 0 && !touches(i)) t += uniform(5_000, 600_000);
      const hang = !touches(i) && !touches(i + 1) && mayHang(t, pocket) && rs() < throat.hangs;
      const p = hang
        ? { ...hangPass(t, pocket, piece, list[i + 1]?.pocket === pocket && rs() < throat.follows), touched: false, merged: false, hang }
        : { ...pass(t, pocket, piece, touches(i)), sized: true, looksFailed: false, hang };
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
    if (rs() < throat.rattles) rattle(strikeAt);
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

  // Glitches: short blocked pulses at random on every beam, where the beam is clear.
  for (let pocket = 0; pocket < 4; pocket++) {
    for (let beam = 0; beam < (twoBeams ? 2 : 1); beam++) {
      if (noise.glitchesPerSecond <= 0) break;
      let g = 0;
      for (;;) {
        g += (-Math.log(1 - r()) / noise.glitchesPerSecond) * 1e6;
        if (g > end) break;
        const length = uniform(20, 600);
        const near = (x: Interval) => x.from - 5000 < g + length && g - 5000 < x.to;
        if (blocked[pocket][beam].some(near) || stuck[pocket][beam].some(near)) continue;
        blocked[pocket][beam].push({ from: g, to: g + length });
        stats.glitches++;
      }
    }
  }

  // Edges: the union of each beam's blocked intervals, each transition with jitter and ringing.
  for (let pocket = 0; pocket < 4; pocket++) {
    for (let beam = 0; beam < (twoBeams ? 2 : 1); beam++) {
      const all = [...blocked[pocket][beam], ...stuck[pocket][beam]].sort((x, y) => x.from - y.from);
      let cur: Interval | null = null;
      let lastEdge = 0;
      for (const x of all) {
        if (cur && x.from <= cur.to) cur.to = Math.max(cur.to, x.to);
        else {
          if (cur) lastEdge = edges(cur, lastEdge, pocket, beam as 0 | 1);
          cur = { ...x };
        }
      }
      if (cur) edges(cur, lastEdge, pocket, beam as 0 | 1);
    }
  }
  /** The edges of one blocked interval, after the last edge before it (jitter never reorders a beam's
   * transitions: a gap of microseconds between touching pieces is a short gap, not a crossing). */
  function edges(x: Interval, notBefore: number, pocket: number, beam: 0 | 1): number {
    const last = transition(x.from, notBefore + 2, pocket, beam, true);
    return transition(x.to, last + 2, pocket, beam, false);
  }
  /** Edges for one transition at `us` (never before `notBefore`); returns the time of its last edge. */
  function transition(us: number, notBefore: number, pocket: number, beam: 0 | 1, to: boolean): number {
    const t = Math.max(notBefore, Math.round(us + gauss() * noise.jitterUs));
    if (noise.ringing.edges > 0 && r() < noise.ringing.share) {
      // Ringing: the level flips back and forth a few times within microseconds, then holds.
      const flips = 2 * Math.floor(r() * (noise.ringing.edges / 2 + 1));
      let at = t;
      for (let k = 0; k <= flips; k++) {
        if (k > 0) at += 1 + Math.floor(r() * Math.max(1, noise.ringing.spanUs / (flips + 1)));
        readings.push({ t: at, kind: 'beam', pocket, beam, blocked: k % 2 === 0 ? to : !to });
      }
      return at;
    }
    readings.push({ t, kind: 'beam', pocket, beam, blocked: to });
    return t;
  }

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
