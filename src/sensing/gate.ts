// A pocket gate: the upper (a) and lower (b) beam and the colour sensor of one pocket, readings in,
// pieces out. Its state machine pairs the two beams' pulses, many to one where touching pieces showed a
// gap on one beam only (passage.ts), to measure speed, hence size (striker, one man, touching men, the
// striker touching men); the pieces are named by the colour readings taken while they passed, and handed
// out (naming.ts). With one beam (one-beam tables, or the other beam stuck) it counts pulses and names
// them by colour alone. A pulse one of whose edges was lost (loose: beam.ts) gives no size either: with
// its partner on the other beam it is one piece, counted from the partner as on a one-beam table.
// The rules that grew around the pairing each have their own module, with the reasons they exist:
//   lower-blind.ts    an upper pulse alone is a rattle, unless the lower beam has died (issue 16), or a
//                     question for the players while it has not shown it works (issue 30);
//   stuck.ts          a beam blocked past the stuck time: failed, or a piece resting in the throat;
//   behind-passage.ts a short lower block right behind a passage is a flicker, not a piece (issue 18);
//   passage.ts        which pulses make one passage, its parts, a piece that rested in the throat.
// This file keeps the order of decisions: which pulses are settled, and which rule judges them.

import { Beam, type BeamListener, type Pulse } from './beam.ts';
import { BehindPassage } from './behind-passage.ts';
import { piecesBySize } from './classify.ts';
import { LowerBeamWatch, type LowerHealth } from './lower-blind.ts';
import { Naming } from './naming.ts';
import { passageExtent, passageParts, rested, restedSize } from './passage.ts';
import { StuckBeams } from './stuck.ts';
import type { ColourReading } from './train.ts';
import type { HealthFact, Rgb, SeenPiece, SensingConfig } from './types.ts';

export class Gate {
  private readonly beams: [Beam, Beam];
  /** Each beam's pulses not yet made into pieces, oldest first. */
  private readonly pulses: [Pulse[], Pulse[]] = [[], []];
  /** The colour readings not yet given to a piece, oldest first (naming.ts takes them). */
  private readonly colours: ColourReading[] = [];
  /** Stuck intervals already closed, per beam, kept while pulses of the other beam may fall in them. */
  private readonly stuckSpans: [Pulse[], Pulse[]] = [[], []];
  private readonly naming: Naming;
  private readonly lower: LowerBeamWatch;
  private readonly stuck: StuckBeams;
  private readonly behind: BehindPassage;
  private now = 0;

  constructor(
    readonly pocket: number,
    private readonly cfg: SensingConfig,
    seen: (p: SeenPiece) => void,
    private readonly health: (h: HealthFact) => void,
  ) {
    this.beams = [new Beam(cfg, this.listener(0)), new Beam(cfg, this.listener(1))];
    this.naming = new Naming(pocket, cfg, this.colours, seen, health);
    this.lower = new LowerBeamWatch(pocket, cfg, this.naming, health);
    this.stuck = new StuckBeams(cfg, this.beams, this.pulses, this.stuckSpans, this.naming);
    this.behind = new BehindPassage(cfg);
  }

  private listener(beam: 0 | 1): BeamListener {
    const channel = `p${this.pocket}.${beam === 0 ? 'a' : 'b'}`;
    const pulses = this.pulses[beam];
    const spans = this.stuckSpans[beam];
    return {
      pulse: (p) => {
        if (p.stuck) spans.push(p);
        else pulses.push(p);
        if (beam === 1 && !p.stuck) this.lower.works = true;
      },
      stuck: (t) => this.health({ t, fact: 'stuck', channel }),
      unstuck: (t) => this.health({ t, fact: 'unstuck', channel }),
      flapping: (t) => this.health({ t, fact: 'flapping', channel }),
      resting: (start) => this.stuck.resting(beam, start),
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
    this.naming.heard();
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

  /** What is known of the lower beam (lower-blind.ts), for the app to keep in flash. */
  get lowerHealth(): LowerHealth {
    return this.lower.health;
  }

  /** What the self-test or the last match said of the lower beam, at `t`. */
  knownLower(h: LowerHealth, t: number): void {
    this.lower.known(h, t);
  }

  /** An upper pulse alone here waits for the players: did a piece go in? */
  get asking(): boolean {
    return this.lower.asking;
  }

  /** The players' answer (lower-blind.ts): the pieces it counts come out as usual. */
  answer(fell: boolean, t: number): void {
    this.lower.answer(fell, t, this.now);
  }

  /** A shot began at `t`: a question about an earlier one lapses. */
  lapse(t: number): void {
    this.lower.lapse(t);
  }

  finish(now: number): void {
    this.beams[0].finish(now);
    this.beams[1].finish(now);
    this.now = Infinity;
    this.match();
  }

  /** Turns pulses into pieces, oldest first, as soon as no later reading can change the answer. */
  private match(): void {
    // Indexed, not destructured: a destructuring runs the array iterator, some 85 XS operations, and this
    // runs at most edges while a pulse waits (npm run bench -- sensing).
    const as = this.pulses[0];
    const bs = this.pulses[1];
    const twoBeams = this.cfg.beamGapMm > 0;
    for (;;) {
      const a = as[0];
      const b = bs[0];
      if (!a && !b) break;
      if (!twoBeams) {
        if (b) bs.shift(); // a lower beam on a one-beam table: ignore it
        if (a) this.naming.alone(as.shift()!, this.now);
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
          this.lower.alive();
          continue;
        }
        // No lower pulse yet: wait while one may still start in time, unless the lower beam is stuck.
        const deadline = a.end + this.cfg.maxBeamDelayUs;
        // Stuck through the whole upper pulse: a lower beam that cleared while the piece was still
        // in the upper one sees it after all, and must not make a second piece of it.
        const lowerStuck = this.stuck.through(1, a.start, a.end);
        if (!lowerStuck && (this.now < deadline || this.beams[1].watermark() <= deadline)) break;
        // A healthy lower beam saw nothing: the piece tipped into the mouth and came back out (lower-
        // blind.ts). A pulse with a lost edge is counted still: the lower beam may have lost its edges
        // too. A lower beam not yet known to work is not a broken one: the players are asked (issue 30).
        const alone = as.shift()!;
        const lower = this.lower;
        if (lowerStuck || alone.loose || lower.blind) this.naming.alone(alone, this.now);
        else if (lower.works) lower.rattle(alone, this.now);
        else lower.unproven(alone, this.now);
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
      if (this.behind.isFlicker(b, this.stuck)) {
        // Dust or a flicker of the light at the man's trailing edge: its readings (the sampler reads at a
        // lower edge the upper beam missed) are of the empty throat, and go with it.
        this.naming.takeAll(b.start, b.end);
        bs.shift();
        continue;
      }
      this.naming.alone(bs.shift()!, this.now);
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
    this.naming.alone({ ...sure, start: Math.min(a.start, b.start) }, this.now);
    this.lower.alive();
  }

  /** The first `na` upper and `nb` lower pulses are one passage: its parts, each sized by both beams
   * (speed from the leading edges, docs/hardware.md), and the pieces of each part named by the colour
   * readings taken while it passed. */
  private passage(na: number, nb: number): void {
    const as = this.pulses[0];
    const bs = this.pulses[1];
    const end = Math.max(as[na - 1].end, bs[nb - 1].end);
    this.behind.passed(as, na, bs, nb);
    if (rested(as, na, bs, nb, this.cfg)) {
      // A piece that hung in the throat, named by a reading taken while it blocked the upper beam (the
      // colour sensor's view: the one nearest the middle of that block), and sized if one beam saw it
      // cross whole (restedSize).
      const start = as[0].start;
      const seenTo = as[na - 1].end;
      const size = na === 1 && nb === 1 ? restedSize(as[0], bs[0], this.cfg) : null;
      as.splice(0, na);
      bs.splice(0, nb);
      if (size === null) this.naming.unsized(start, end, seenTo, this.now);
      else if (piecesBySize(size, this.cfg)[0] === 'striker') this.naming.striker(start, end);
      else this.naming.restedMan(start, end, seenTo, this.now);
      return;
    }
    const parts = passageParts(as, na, bs, nb, this.cfg);
    as.splice(0, na);
    bs.splice(0, nb);
    this.naming.parts(parts, end, this.now);
  }

  /** Colour readings and stuck spans older than anything still to be matched are of no more use. */
  private forgetOld(): void {
    const horizon = Math.min(this.watermark(), this.now) - 2 * this.cfg.maxBeamDelayUs;
    // Here rather than in naming.ts and stuck.ts: this runs at nearly every edge, and the arrays are the gate's.
    while (this.colours.length > 0 && this.colours[0].t < horizon) this.colours.shift();
    for (const spans of this.stuckSpans) while (spans.length > 0 && spans[0].end < horizon) spans.shift();
  }
}
