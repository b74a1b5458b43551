// A pocket gate: the upper (a) and lower (b) beam and the colour sensor of one pocket. Pairs the two
// beams' pulses, many to one where touching pieces showed a gap on one beam only (passage.ts), to
// measure speed, hence size (striker, one man, touching men, the striker touching men), and names the
// pieces of each part by the colour readings taken while it passed (train.ts). With one beam (one-beam
// tables, or the other beam stuck) it counts pulses and names them by colour alone. A pulse one of
// whose edges was lost (loose: beam.ts) gives no size either: with its partner on the other beam it is
// one piece, counted from the partner as on a one-beam table.
// With a healthy lower beam only what crossed both beams went down: an upper pulse alone is a piece
// that rattled in the mouth and came back out (issue 16). A piece that hangs in the throat shows as a
// block far longer than the other beam's (passage.ts: rested): one piece, named by the reading taken as
// it came in; past the stuck time it is no fault when what the beams and the colour sensor saw as the
// block began says a piece came to rest there (resting()).
// A lower beam that dies clear (its receiver lit for good, a wire off) sees nothing, and every piece
// would look like a rattle: after a run of upper pulses alone that look like falls (no passage through
// both beams between them; BLIND_AFTER), the gate says the lower beam is `blind`, counts the ones it
// took for rattles (suspects) and every upper pulse from then on as on a one-beam table, until the lower
// beam's next pulse paired with an upper one (docs/hardware.md, "A lower beam that dies").
// A short block of the lower beam alone right behind a passage is no piece either (passage.ts: flicker).

import { Beam, type BeamListener, type Pulse } from './beam.ts';
import { classifyColour, piecesBySize } from './classify.ts';
import { flicker, leavingSpeed, passageExtent, passageParts, rested, restedSize } from './passage.ts';
import { middleReading, nameParts, type ColourReading } from './train.ts';
import type { HealthFact, Rgb, SeenPiece, SensingConfig } from './types.ts';

const COLOUR_SILENT_AFTER = 3;
/** How long before a pulse a colour reading still counts as taken while it lasted (µs), as nameMan's margin. */
const COLOUR_EARLY_US = 1000;
/** The colour sensor reads one integration (2.4 ms, and a margin) after the upper beam blocks
 * (docs/hardware.md): a reading this soon after a block began was taken of what blocked it. */
const READ_AFTER_BLOCK_US = 30_000;
const KINDS = Object.freeze(['white', 'black', 'queen', 'striker'] as const);
/** How much evidence (fallWeight, summed over the upper pulses alone since the last passage through both
 * beams) says a trusted lower beam is blind. A rattle's block and a fall's overlap in length (docs/
 * hardware.md: 10–1000 ms against 4–430 ms), so one pulse proves nothing; what tells is a run, and a
 * piece that crossed briskly: a rattling piece must stop and come back, a falling one passes at speed.
 * In 400 generated matches of 150 shots at each of two noise levels, a rattle in one shot of three
 * (model/table/throat.ts), no pocket reached 7; five pieces at 0.5–8 m/s past a dead beam weigh 10. */
const BLIND_AFTER = 8;
/** A piece that blocks the upper beam no longer than the striker takes at this speed (mm per µs) crossed
 * briskly: it weighs 2, and 3 at twice the speed (a rattle that short must not have stopped at all). */
const BRISK_MM_PER_US = 2 / 1000;

/** `a` names a kind other than `b` (null: it names none). */
const differentKind = (a: string | null, b: string) => a !== null && a !== b;

export class Gate {
  private readonly beams: [Beam, Beam];
  private readonly pulses: [Pulse[], Pulse[]] = [[], []];
  private readonly colours: ColourReading[] = [];
  /** Stuck intervals already closed, per beam, kept while pulses of the other beam may fall in them. */
  private readonly stuckSpans: [Pulse[], Pulse[]] = [[], []];
  private piecesWithoutColour = 0;
  /** The colour thresholds for a piece whose size is not known, named among all four kinds (named()). */
  private readonly clearer: Pick<SensingConfig, 'colourMaxDistance' | 'colourMargin'>;
  /** The lower beam has seen a piece since the table started: until then a dead lower beam (its
   * receiver lit for good, miswired) cannot be told from a healthy one, and an upper pulse alone counts. */
  private lowerWorks = false;
  /** The lower beam saw nothing of a run of falls (`blind` reported): upper pulses alone count. */
  private lowerBlind = false;
  /** Upper pulses alone taken for rattles since the last passage through both beams that looked like
   * falls, with the reading taken of each (null: none): counted if the lower beam turns out blind. */
  private readonly suspects: { pulse: Pulse; reading: ColourReading | null }[] = [];
  /** The suspects' weight (fallWeight): BLIND_AFTER says the lower beam is blind. */
  private evidence = 0;
  /** Where the last passage through both beams left the lower beam (µs), and how fast it went (mm per
   * µs): a short lower block right behind it is not a piece (flickerBehind()). */
  private lastLowerEnd = -Infinity;
  private lastSpeed = 0;
  private colourSilentReported = false;
  private now = 0;

  constructor(
    readonly pocket: number,
    private readonly cfg: SensingConfig,
    private readonly seen: (p: SeenPiece) => void,
    private readonly health: (h: HealthFact) => void,
  ) {
    this.beams = [new Beam(cfg, this.listener(0)), new Beam(cfg, this.listener(1))];
    this.clearer = Object.freeze({ colourMaxDistance: cfg.colourMaxDistance, colourMargin: 2 * cfg.colourMargin });
  }

  private listener(beam: 0 | 1): BeamListener {
    const channel = `p${this.pocket}.${beam === 0 ? 'a' : 'b'}`;
    return {
      pulse: (p) => {
        if (p.stuck) this.stuckSpans[beam].push(p);
        else this.pulses[beam].push(p);
        if (beam === 1 && !p.stuck) this.lowerWorks = true;
      },
      stuck: (t) => this.health({ t, fact: 'stuck', channel }),
      unstuck: (t) => this.health({ t, fact: 'unstuck', channel }),
      flapping: (t) => this.health({ t, fact: 'flapping', channel }),
      resting: (start) => this.resting(beam, start),
    };
  }

  /** Is the block that began on `beam` at `start`, now as long as the stuck time, a piece resting in the
   * throat rather than a failed beam? A piece comes in from above: the lower beam's block is one if the
   * upper beam began a pulse within a beam delay before it. The upper beam's is one if the colour
   * sensor, which reads as the upper beam blocks, saw a piece's colour then; on a table without colour
   * sensors, if the lower beam began blocking within a beam delay after it (a piece lodged across both:
   * with colour sensors the reading is the surer sign, since a piece passing just after a beam failed
   * looks the same). A beam that fails blocks with no such company, and is reported stuck as before. */
  private resting(beam: 0 | 1, start: number): boolean {
    const delay = this.cfg.maxBeamDelayUs;
    if (beam === 1) return this.began(0, start - delay, start);
    if (this.cfg.calibration) return this.pieceColourNear(start);
    return this.cfg.beamGapMm > 0 && this.began(1, start, start + delay);
  }

  /** A pulse of `beam` began within [from, to]: the one being assembled, or one still to be matched. */
  private began(beam: 0 | 1, from: number, to: number): boolean {
    const open = this.beams[beam].since();
    if (open >= from && open <= to) return true;
    for (const p of this.pulses[beam]) if (p.start >= from && p.start <= to) return true;
    return false;
  }

  /** A colour reading taken as a block began at `start` is near some piece's calibrated colour. */
  private pieceColourNear(start: number): boolean {
    const calibration = this.cfg.calibration;
    if (!calibration) return false;
    for (const c of this.colours) {
      if (c.t < start - 1000 || c.t > start + READ_AFTER_BLOCK_US) continue;
      if (this.nearPiece(c.rgb)) return true;
    }
    return false;
  }

  /** Within colourMaxDistance of some piece's calibrated colour. */
  private nearPiece(rgb: Rgb): boolean {
    const calibration = this.cfg.calibration;
    if (!calibration) return false;
    for (const kind of KINDS) {
      const m = calibration[kind];
      if (Math.hypot(rgb[0] - m[0], rgb[1] - m[1], rgb[2] - m[2]) <= this.cfg.colourMaxDistance) return true;
    }
    return false;
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
          this.lowerAlive();
          continue;
        }
        // No lower pulse yet: wait while one may still start in time, unless the lower beam is stuck.
        const deadline = a.end + this.cfg.maxBeamDelayUs;
        // Stuck through the whole upper pulse: a lower beam that cleared while the piece was still
        // in the upper one sees it after all, and must not make a second piece of it.
        const lowerStuck = this.beams[1].stuckAt(a.start) || this.stuckThrough(1, a.start, a.end);
        if (!lowerStuck && (this.now < deadline || this.beams[1].watermark() <= deadline)) break;
        // A healthy lower beam saw nothing: the piece tipped into the mouth and came back out. A pulse
        // with a lost edge is counted still: the lower beam may have lost its edges too; and so is one
        // before the lower beam has ever seen a piece, which may be dead.
        const alone = as.shift()!;
        if (lowerStuck || alone.loose || !this.lowerWorks || this.lowerBlind) this.single(alone);
        else this.rattle(alone);
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
      if (this.flickerBehind(b)) {
        // Dust or a flicker of the light at the man's trailing edge: its readings (the sampler reads at a
        // lower edge the upper beam missed) are of the empty throat, and go with it.
        this.takeColours(b.start, b.end);
        bs.shift();
        continue;
      }
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
    this.lowerAlive();
  }

  /** An upper pulse that no lower one followed: not a piece. The colour read as it blocked goes with it
   * (a dip may give more than one reading). If it looks like a fall it is a suspect: the lower beam may
   * have died; when the suspects in a row weigh BLIND_AFTER, it has. */
  private rattle(a: Pulse): void {
    const reading = middleReading(this.takeColours(a.start - COLOUR_EARLY_US, a.end), a.start, a.end);
    const weight = this.fallWeight(a, reading);
    if (weight === 0) return;
    this.suspects.push({ pulse: a, reading });
    this.evidence += weight;
    if (this.evidence < BLIND_AFTER) return;
    this.lowerBlind = true;
    this.health({ t: a.end, fact: 'blind', channel: `p${this.pocket}.b` });
    // The falls taken for rattles, with their own times and readings (Sensing dates them no earlier than
    // what it has already given out: the log's time never goes back), then this one.
    for (const s of this.suspects) {
      if (s.reading) this.colours.unshift(s.reading);
      this.single(s.pulse);
    }
    this.suspects.length = 0;
    this.evidence = 0;
  }

  /** How far this upper pulse alone says a piece fell past a dead lower beam: 0 if it is longer than the
   * striker takes at the slowest fall (the beam gap in maxBeamDelayUs) or, where there are colour
   * sensors, no reading near a piece's colour came with it (a fall is read one integration after it
   * blocks): a rattle that stayed in the mouth, no evidence either way. Else 1, or 2 and 3 for a brisk
   * crossing (BRISK_MM_PER_US). */
  private fallWeight(a: Pulse, reading: ColourReading | null): number {
    const slowest = this.cfg.beamGapMm / this.cfg.maxBeamDelayUs; // mm per µs
    const length = a.end - a.start;
    if (length > this.cfg.strikerMm / slowest) return 0;
    if (this.cfg.calibration && (reading === null || !this.nearPiece(reading.rgb))) return 0;
    return length <= this.cfg.strikerMm / (2 * BRISK_MM_PER_US) ? 3 : length <= this.cfg.strikerMm / BRISK_MM_PER_US ? 2 : 1;
  }

  /** The lower beam saw a piece with the upper one: it works, and the upper pulses alone so far were rattles. */
  private lowerAlive(): void {
    this.lowerBlind = false;
    this.suspects.length = 0;
    this.evidence = 0;
  }

  /** A lower pulse alone right behind the last passage that is no piece (passage.ts: flicker), unless
   * the upper beam could not have seen a piece (stuck) or the pulse lost an edge (its length is not known). */
  private flickerBehind(b: Pulse): boolean {
    if (b.loose || this.beams[0].stuckAt(b.end)) return false;
    for (const s of this.stuckSpans[0]) if (s.start <= b.end && s.end >= b.start) return false;
    return flicker(b, this.lastLowerEnd, this.lastSpeed, this.cfg);
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
    const end = Math.max(as[na - 1].end, bs[nb - 1].end);
    this.lastLowerEnd = bs[nb - 1].end;
    this.lastSpeed = leavingSpeed(as, na, bs, nb, this.cfg);
    if (rested(as, na, bs, nb, this.cfg)) {
      // A piece that hung in the throat, named by a reading taken while it blocked the upper beam (the
      // colour sensor's view: the one nearest the middle of that block), and sized if one beam saw it
      // cross whole (restedSize).
      const start = as[0].start;
      const seenTo = as[na - 1].end;
      const size = na === 1 && nb === 1 ? restedSize(as[0], bs[0], this.cfg) : null;
      as.splice(0, na);
      bs.splice(0, nb);
      if (size === null) this.named(start, end, seenTo);
      else if (piecesBySize(size, this.cfg)[0] === 'striker') this.emit(start, (this.takeColours(start - 1000, end), 'striker'), end);
      else this.emit(start, this.nameMan(start, end, seenTo), end);
      return;
    }
    const parts = passageParts(as, na, bs, nb, this.cfg);
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

  /** One beam only: no speed, so no size. A pulse is one piece, named by its reading if the table has a
   * colour sensor. Counted by the beam, never by the readings: a device's sampler reads the throat in
   * windows back to back while the beam stays blocked and passes on each change of colour (docs/
   * hardware.md, limit 6), so one piece may carry several readings, and a count by readings would make
   * phantoms. Touching pieces that one beam sees as one pulse are one piece here (a player adds the other). */
  private single(p: Pulse): void {
    const calibration = this.cfg.calibration;
    // The readings taken while the pulse lasted, and of those the one nearest its middle (middleReading);
    // else one up to maxBeamDelayUs earlier (an upper beam that missed the piece or is stuck: the reading
    // came as the piece passed it). Every reading of the pulse goes with it: none is left to name the
    // piece that blocks the beam next (the device model showed an empty throat's reading at a flicker doing
    // so: 'unknown').
    const inside = this.takeColours(p.start - COLOUR_EARLY_US, p.end);
    const reading = inside.length > 0 ? middleReading(inside, p.start, p.end) : this.takeColour(p.start - this.cfg.maxBeamDelayUs, p.end);
    let kind: SeenPiece['piece'] = 'unknown';
    if (calibration && reading) kind = classifyColour(reading.rgb, calibration, this.cfg, true) ?? 'unknown';
    // Readings of the pulse that name different kinds: touching pieces (one beam cannot say how many), so
    // any one name would be a guess: a player names it.
    for (const r of inside) if (kind !== 'unknown' && r !== reading && differentKind(classifyColour(r.rgb, calibration!, this.cfg, true), kind)) kind = 'unknown';
    this.emit(p.start, kind, p.end);
    this.noteColour(reading !== null);
  }

  /** Every colour reading taken within [from, to], removed from the queue. */
  private takeColours(from: number, to: number): ColourReading[] {
    const taken: ColourReading[] = [];
    for (let c = this.takeColour(from, to); c; c = this.takeColour(from, to)) taken.push(c);
    return taken;
  }

  /** One piece of unknown size seen from `from` to `to`, dated `from`, named by the reading taken then
   * nearest the middle of its upper-beam block, which ends at `seenTo` (middleReading; the striker too,
   * as size cannot tell it), else `unknown` for a player to name. The striker's
   * colour lies between white's and black's, nearer to each than they are to each other, so a reading
   * that names one of those three must be as clear as one that tells white from black: the striker
   * misnamed a man, or a man the striker, would score the wrong foul. */
  private named(from: number, to: number, seenTo: number): void {
    const calibration = this.cfg.calibration;
    const reading = middleReading(this.takeColours(from - 1000, to), from, seenTo);
    let kind: SeenPiece['piece'] = 'unknown';
    if (calibration && reading) {
      kind = classifyColour(reading.rgb, calibration, this.cfg, true) ?? 'unknown';
      if (kind !== 'queen' && kind !== 'unknown' && classifyColour(reading.rgb, calibration, this.clearer, true) === null) kind = 'unknown';
    }
    this.noteColour(reading !== null);
    this.emit(from, kind, to);
  }

  /** A man seen from `from` to `to` (a piece that hung in the throat, sized a man), named by the reading
   * nearest the middle of its upper-beam block, which ends at `seenTo` (middleReading): not the first,
   * which a flicker of the upper beam as it came in can make a reading of the empty throat (a queen named
   * a man in the device model, match 105), nor the last, taken as it left the sensor's view. */
  private nameMan(from: number, to: number, seenTo: number): SeenPiece['piece'] {
    const calibration = this.cfg.calibration;
    const reading = middleReading(this.takeColours(from - 1000, to + 1000), from, seenTo);
    this.noteColour(reading !== null);
    if (!calibration || !reading) return 'man';
    return classifyColour(reading.rgb, calibration, this.cfg, false) ?? 'man';
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
