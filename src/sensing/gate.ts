// A pocket gate: the upper (a) and lower (b) beam and the colour sensor of one pocket. Pairs the two
// beams' pulses, many to one where touching pieces showed a gap on one beam only (passage.ts), to
// measure speed, hence size (striker, one man, touching men, the striker touching men), and names the
// pieces of each part by the colour readings taken while it passed (train.ts). With one beam (one-beam
// tables, or the other beam stuck) it counts pulses and names them by colour alone. A pulse one of
// whose edges was lost (loose: beam.ts) gives no size either: with its partner on the other beam it is
// one piece, counted from the partner as on a one-beam table.

import { Beam, type BeamListener, type Pulse } from './beam.ts';
import { classifyColour } from './classify.ts';
import { passageExtent, passageParts } from './passage.ts';
import { nameParts, type ColourReading } from './train.ts';
import type { HealthFact, Rgb, SeenPiece, SensingConfig } from './types.ts';

const COLOUR_SILENT_AFTER = 3;
/** How long before a pulse a colour reading still counts as taken while it lasted (µs), as nameMan's margin. */
const COLOUR_EARLY_US = 1000;

export class Gate {
  private readonly beams: [Beam, Beam];
  private readonly pulses: [Pulse[], Pulse[]] = [[], []];
  private readonly colours: ColourReading[] = [];
  /** Stuck intervals already closed, per beam, kept while pulses of the other beam may fall in them. */
  private readonly stuckSpans: [Pulse[], Pulse[]] = [[], []];
  private piecesWithoutColour = 0;
  private colourSilentReported = false;
  private now = 0;

  constructor(
    readonly pocket: number,
    private readonly cfg: SensingConfig,
    private readonly seen: (p: SeenPiece) => void,
    private readonly health: (h: HealthFact) => void,
  ) {
    this.beams = [new Beam(cfg, this.listener(0)), new Beam(cfg, this.listener(1))];
  }

  private listener(beam: 0 | 1): BeamListener {
    const channel = `p${this.pocket}.${beam === 0 ? 'a' : 'b'}`;
    return {
      pulse: (p) => (p.stuck ? this.stuckSpans[beam].push(p) : this.pulses[beam].push(p)),
      stuck: (t) => this.health({ t, fact: 'stuck', channel }),
      unstuck: (t) => this.health({ t, fact: 'unstuck', channel }),
      flapping: (t) => this.health({ t, fact: 'flapping', channel }),
    };
  }

  edge(t: number, beam: 0 | 1, blocked: boolean): void {
    this.beams[beam].edge(t, blocked);
    this.advance(t);
  }

  /** A corrected level (Reading.corrected): the beam lost an edge before `t`. */
  correct(t: number, beam: 0 | 1, blocked: boolean): void {
    this.beams[beam].correct(t, blocked);
    this.advance(t);
  }

  colour(t: number, rgb: Rgb): void {
    this.advance(t);
    this.colours.push({ t, rgb });
    if (this.colourSilentReported) this.colourSilentReported = false;
    this.piecesWithoutColour = 0;
  }

  advance(now: number): void {
    this.now = now;
    this.beams[0].advance(now);
    this.beams[1].advance(now);
    if (this.pulses[0].length > 0 || this.pulses[1].length > 0) this.match();
    else if (this.colours.length > 0 || this.stuckSpans[0].length > 0 || this.stuckSpans[1].length > 0) this.forgetOld();
  }

  /** Nothing earlier than this can still come out of this gate. */
  watermark(): number {
    let w = Math.min(this.beams[0].watermark(), this.beams[1].watermark());
    if (this.pulses[0].length > 0) w = Math.min(w, this.pulses[0][0].start);
    if (this.pulses[1].length > 0) w = Math.min(w, this.pulses[1][0].start);
    return w;
  }

  finish(now: number): void {
    this.beams[0].finish(now);
    this.beams[1].finish(now);
    this.now = Infinity;
    this.match();
  }

  /** Turns pulses into pieces, oldest first, as soon as no later reading can change the answer. */
  private match(): void {
    const [as, bs] = this.pulses;
    const twoBeams = this.cfg.beamGapMm > 0;
    for (;;) {
      const a = as[0];
      const b = bs[0];
      if (!a && !b) break;
      if (!twoBeams) {
        if (b) bs.shift(); // a lower beam on a one-beam table: ignore it
        if (a) this.single(as.shift()!);
        continue;
      }
      if (a && (!b || a.start < b.start)) {
        if (b && b.start <= a.end + this.cfg.maxBeamDelayUs) {
          if (a.loose || b.loose) {
            this.lostEdge();
            continue;
          }
          const n = passageExtent(as, bs, this.beams[0].watermark(), this.beams[1].watermark(), this.now, this.cfg);
          if (!n) break; // a pulse that may belong to this passage is still to come
          this.passage(n.na, n.nb);
          continue;
        }
        // No lower pulse yet: wait while one may still start in time, unless the lower beam is stuck.
        const deadline = a.end + this.cfg.maxBeamDelayUs;
        // Stuck through the whole upper pulse: a lower beam that cleared while the piece was still
        // in the upper one sees it after all, and must not make a second piece of it.
        const lowerStuck = this.beams[1].stuckAt(a.start) || this.stuckThrough(1, a.start, a.end);
        if (!lowerStuck && (this.now < deadline || this.beams[1].watermark() <= deadline)) break;
        this.single(as.shift()!);
        continue;
      }
      // A lower pulse with no upper pulse before it: the upper beam was stuck, or missed the piece, or
      // lost its blocked edge, so that its pulse began late, at a corrected level, within this one.
      if (a && a.start <= b.end && (a.loose || b.loose)) {
        this.lostEdge();
        continue;
      }
      const upperOpen = this.beams[0].watermark();
      if (upperOpen < b.start) break; // an upper pulse that began earlier is still being assembled
      if (!a && upperOpen <= b.end && this.beams[0].openLoose()) break; // a late-started one: wait for it
      this.single(bs.shift()!);
    }
    this.forgetOld();
  }

  /** The first upper and lower pulses are one piece, but one of them lost an edge (its length, hence
   * the speed or the size, is not known): it is counted once, from the pulse that has both its edges
   * (named by colour alone, as on a one-beam table), never as two pieces, and never sized. It is
   * placed at the earlier start: the upper beam's, unless that one came late, from a corrected level. */
  private lostEdge(): void {
    const a = this.pulses[0].shift()!;
    const b = this.pulses[1].shift()!;
    const sure = a.loose && !b.loose ? b : a;
    this.single({ ...sure, start: Math.min(a.start, b.start) });
  }

  private stuckThrough(beam: 0 | 1, from: number, to: number): boolean {
    for (const s of this.stuckSpans[beam]) if (s.start <= from && to <= s.end) return true;
    return false;
  }

  /** The first `na` upper and `nb` lower pulses are one passage: its parts, each sized by both beams
   * (speed from the leading edges, docs/hardware.md), and the pieces of each part named by the colour
   * readings taken while it passed. */
  private passage(na: number, nb: number): void {
    const [as, bs] = this.pulses;
    const parts = passageParts(as, na, bs, nb, this.cfg);
    const end = Math.max(as[na - 1].end, bs[nb - 1].end);
    as.splice(0, na);
    bs.splice(0, nb);
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      // The readings taken while this part passed (a little after it too, if no part follows), named
      // together: where the striker is in a merged pulse, only its reading tells (train.ts).
      const readings = this.takeColours(part.from - 1000, p === parts.length - 1 ? part.to + 1000 : part.to);
      for (const piece of nameParts(part, readings, this.cfg)) {
        if (piece.piece !== 'striker') this.noteColour(piece.read);
        this.emit(piece.from, piece.piece, end);
      }
    }
  }

  /** One beam only: no speed, so no size. A pulse is one piece, or as many as the colour readings taken
   * while it lasted (touching pieces); each is named by its reading, if the table has a colour sensor. */
  private single(p: Pulse): void {
    const calibration = this.cfg.calibration;
    const from = p.start - this.cfg.maxBeamDelayUs;
    // A reading taken while the pulse lasted first, before one up to maxBeamDelayUs earlier: a device's
    // sampler also reads the empty throat at a flicker of the beam (no piece), and that reading, older,
    // must not name the piece that blocks the beam next (the device model showed it: 'unknown').
    const inside = this.takeColour(p.start - COLOUR_EARLY_US, p.end);
    const first = inside ?? this.takeColour(from, p.end);
    const since = inside ? p.start - COLOUR_EARLY_US : from;
    const readings = first ? [first] : [];
    for (let next = first; next && readings.length < 4; ) {
      next = this.takeColour(since, p.end);
      if (next) readings.push(next);
    }
    const n = Math.max(1, readings.length);
    for (let i = 0; i < n; i++) {
      const reading = readings[i];
      let kind: SeenPiece['piece'] = 'unknown';
      if (calibration && reading) kind = classifyColour(reading.rgb, calibration, this.cfg, true) ?? 'unknown';
      this.emit(p.start + Math.floor(((p.end - p.start) * i) / n), kind, p.end);
    }
    this.noteColour(readings.length > 0);
  }

  /** Every colour reading taken within [from, to], removed from the queue. */
  private takeColours(from: number, to: number): ColourReading[] {
    const taken: ColourReading[] = [];
    for (let c = this.takeColour(from, to); c; c = this.takeColour(from, to)) taken.push(c);
    return taken;
  }

  /** The first colour reading taken within [from, to], removed from the queue. */
  private takeColour(from: number, to: number): ColourReading | null {
    const cs = this.colours;
    for (let i = 0; i < cs.length; i++) {
      if (cs[i].t > to) break;
      if (cs[i].t >= from) return cs.splice(i, 1)[0];
    }
    return null;
  }

  private noteColour(had: boolean): void {
    if (!this.cfg.calibration) return;
    this.piecesWithoutColour = had ? 0 : this.piecesWithoutColour + 1;
    if (this.piecesWithoutColour >= COLOUR_SILENT_AFTER && !this.colourSilentReported) {
      this.colourSilentReported = true;
      this.health({ t: this.now === Infinity ? 0 : this.now, fact: 'colourSilent', channel: `p${this.pocket}.c` });
    }
  }

  private emit(t: number, piece: SeenPiece['piece'], end: number): void {
    this.seen({ t, pocket: this.pocket, piece, end });
  }

  /** Colour readings and stuck spans older than anything still to be matched are of no more use. */
  private forgetOld(): void {
    const horizon = Math.min(this.watermark(), this.now) - 2 * this.cfg.maxBeamDelayUs;
    while (this.colours.length > 0 && this.colours[0].t < horizon) this.colours.shift();
    for (const spans of this.stuckSpans) while (spans.length > 0 && spans[0].end < horizon) spans.shift();
  }
}
