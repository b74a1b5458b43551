// Naming the pieces a pocket gate counts, from its colour sensor's readings, and handing them out.
// The gate (gate.ts) decides from the beams how many pieces went down, when, and of what size; which
// piece each one was is a question of the colour readings alone: which readings belong to it (each goes
// with one piece, and every reading taken while a pulse lasted goes with that pulse, so none is left to
// name the next piece), and how clear a name they give. That part lives here, with the queue of readings
// not yet given to a piece and the watch on a silent sensor (colourSilent: pieces keep coming, no reading).

import type { Pulse } from './beam.ts';
import { KINDS, classifyColour } from './classify.ts';
import type { Part } from './passage.ts';
import { middleReading, nameParts, restingReading, type ColourReading } from './train.ts';
import type { HealthFact, Rgb, SeenPiece, SensingConfig } from './types.ts';

/** So many pieces in a row without a reading, on a table with colour sensors: the sensor is silent. */
const COLOUR_SILENT_AFTER = 3;
/** How long before a pulse a colour reading still counts as taken while it lasted (µs). */
const COLOUR_EARLY_US = 1000;
/** The colour sensor reads one integration (2.4 ms, and a margin) after the upper beam blocks
 * (docs/hardware.md): a reading this soon after a block began was taken of what blocked it. */
const READ_AFTER_BLOCK_US = 30_000;

/** `a` names a kind other than `b` (null: it names none). */
const differentKind = (a: string | null, b: string) => a !== null && a !== b;

export class Naming {
  private piecesWithoutColour = 0;
  private colourSilentReported = false;
  /** The colour thresholds for a piece whose size is not known, named among all four kinds (unsized()). */
  private readonly clearer: Pick<SensingConfig, 'colourMaxDistance' | 'colourMargin'>;
  private readonly channel: string;

  /** `readings`: the pocket's colour readings not yet given to a piece, oldest first. The gate owns the
   * array (it adds to it and checks it on every edge, which a method call here would make dearer). */
  constructor(
    private readonly pocket: number,
    private readonly cfg: SensingConfig,
    private readonly readings: ColourReading[],
    private readonly seen: (p: SeenPiece) => void,
    private readonly health: (h: HealthFact) => void,
  ) {
    this.clearer = Object.freeze({ colourMaxDistance: cfg.colourMaxDistance, colourMargin: 2 * cfg.colourMargin });
    this.channel = `p${pocket}.c`;
  }

  /** A reading came: the sensor is not silent. */
  heard(): void {
    // Stryker disable next-line ConditionalExpression: the test made true is equivalent: it sets false what is false already
    if (this.colourSilentReported) this.colourSilentReported = false;
    this.piecesWithoutColour = 0;
  }

  /** One beam only: no speed, so no size. A pulse is one piece, named by its reading if the table has a
   * colour sensor. Counted by the beam, never by the readings: a device's sampler reads the throat in
   * windows back to back while the beam stays blocked and passes on each change of colour (docs/
   * hardware.md, limit 6), so one piece may carry several readings, and a count by readings would make
   * phantoms. Touching pieces that one beam sees as one pulse are one piece here (a player adds the other). */
  alone(p: Pulse, now: number): void {
    const calibration = this.cfg.calibration;
    // The readings taken while the pulse lasted, and of those the one nearest its middle (middleReading);
    // else one up to maxBeamDelayUs earlier (an upper beam that missed the piece or is stuck: the reading
    // came as the piece passed it). Every reading of the pulse goes with it: none is left to name the
    // piece that blocks the beam next (the device model showed an empty throat's reading at a flicker doing
    // so: 'unknown').
    const inside = this.takeAll(p.start - COLOUR_EARLY_US, p.end);
    const reading = inside.length > 0 ? middleReading(inside, p.start, p.end) : this.take(p.start - this.cfg.maxBeamDelayUs, p.end);
    let kind: SeenPiece['piece'] = 'unknown';
    if (calibration && reading) kind = classifyColour(reading.rgb, calibration, this.cfg, true) ?? 'unknown';
    // Readings of the pulse that name different kinds: touching pieces (one beam cannot say how many), so
    // any one name would be a guess: a player names it.
    // Stryker disable next-line ConditionalExpression: `r !== reading` made true is equivalent: the reading that named the piece names its own kind again
    for (const r of inside) if (kind !== 'unknown' && r !== reading && differentKind(classifyColour(r.rgb, calibration!, this.cfg, true), kind)) kind = 'unknown';
    this.emit(p.start, kind, p.end);
    this.note(reading !== null, now);
  }

  /** One piece of unknown size seen from `from` to `to`, dated `from`, named by the reading taken then
   * nearest the middle of its upper-beam block, which ends at `seenTo` (middleReading; the striker too,
   * as size cannot tell it), else `unknown` for a player to name. The striker's
   * colour lies between white's and black's, nearer to each than they are to each other, so a reading
   * that names one of those three must be as clear as one that tells white from black: the striker
   * misnamed a man, or a man the striker, would score the wrong foul. */
  unsized(from: number, to: number, seenTo: number, now: number): void {
    const calibration = this.cfg.calibration;
    const reading = restingReading(this.takeAll(from - 1000, to), from, seenTo);
    let kind: SeenPiece['piece'] = 'unknown';
    if (calibration && reading) {
      // Stryker disable next-line StringLiteral: equivalent: no kind, the stricter test below finds none either and sets 'unknown'
      kind = classifyColour(reading.rgb, calibration, this.cfg, true) ?? 'unknown';
      if (kind !== 'queen' && kind !== 'unknown' && classifyColour(reading.rgb, calibration, this.clearer, true) === null) kind = 'unknown';
    }
    this.note(reading !== null, now);
    this.emit(from, kind, to);
  }

  /** A man seen from `from` to `to` (a piece that hung in the throat, sized a man), named by the reading
   * nearest the middle of its upper-beam block, which ends at `seenTo` (middleReading): not the first,
   * which a flicker of the upper beam as it came in can make a reading of the empty throat (a queen named
   * a man in the device model, match 105), nor the last, taken as it left the sensor's view. */
  restedMan(from: number, to: number, seenTo: number, now: number): void {
    const calibration = this.cfg.calibration;
    const reading = restingReading(this.takeAll(from - 1000, to + 1000), from, seenTo);
    this.note(reading !== null, now);
    const kind = calibration && reading ? classifyColour(reading.rgb, calibration, this.cfg, false) : null;
    this.emit(from, kind ?? 'man', to);
  }

  /** The striker, sized so, from `from` to `to`: its readings go with it, and name nothing. */
  striker(from: number, to: number): void {
    this.takeAll(from - 1000, to);
    this.emit(from, 'striker', to);
  }

  /** The parts of a passage through both beams that ended at `end`, each sized by both beams: the pieces
   * of each part named by the colour readings taken while it passed (train.ts). */
  parts(parts: readonly Part[], end: number, now: number): void {
    for (let p = 0; p < parts.length; p++) {
      const part = parts[p];
      // The readings taken while this part passed (a little after it too, if no part follows), named
      // together: where the striker is in a merged pulse, only its reading tells (train.ts).
      const readings = this.takeAll(part.from - 1000, p === parts.length - 1 ? part.to + 1000 : part.to);
      for (const piece of nameParts(part, readings, this.cfg)) {
        if (piece.piece !== 'striker') this.note(piece.read, now);
        this.emit(piece.from, piece.piece, end);
      }
    }
  }

  /** The reading that came with upper pulse `a`, which is no piece (a rattle), or null: every reading
   * taken as it blocked goes with it (a dip may give more than one). */
  ofRattle(a: Pulse): ColourReading | null {
    return middleReading(this.takeAll(a.start - COLOUR_EARLY_US, a.end), a.start, a.end);
  }

  /** A reading taken back from a pulse once thought no piece, to name it after all (it is the oldest). */
  putBack(r: ColourReading): void {
    this.readings.unshift(r);
  }

  /** Every colour reading taken within [from, to], removed from the queue. */
  takeAll(from: number, to: number): ColourReading[] {
    const taken: ColourReading[] = [];
    for (let c = this.take(from, to); c; c = this.take(from, to)) taken.push(c);
    return taken;
  }

  /** The first colour reading taken within [from, to], removed from the queue. */
  private take(from: number, to: number): ColourReading | null {
    const cs = this.readings;
    for (let i = 0; i < cs.length; i++) {
      if (cs[i].t > to) break;
      if (cs[i].t >= from) return cs.splice(i, 1)[0];
    }
    return null;
  }

  /** A colour reading taken as a block began at `start` is near some piece's calibrated colour. */
  readAsBlockBegan(start: number): boolean {
    // Stryker disable next-line ConditionalExpression, BooleanLiteral: equivalent: its one caller (stuck.ts) asks only with colour sensors
    if (!this.cfg.calibration) return false;
    for (const c of this.readings) {
      if (c.t < start - 1000 || c.t > start + READ_AFTER_BLOCK_US) continue;
      if (this.nearPiece(c.rgb)) return true;
    }
    return false;
  }

  /** Within colourMaxDistance of some piece's calibrated colour. */
  nearPiece(rgb: Rgb): boolean {
    const calibration = this.cfg.calibration;
    // Stryker disable next-line ConditionalExpression, BooleanLiteral: equivalent: its callers (readAsBlockBegan, lower-blind.ts) ask only with colour sensors
    if (!calibration) return false;
    for (const kind of KINDS) {
      const m = calibration[kind];
      if (Math.hypot(rgb[0] - m[0], rgb[1] - m[1], rgb[2] - m[2]) <= this.cfg.colourMaxDistance) return true;
    }
    return false;
  }

  /** A piece was named with a reading (`had`) or without: after COLOUR_SILENT_AFTER without in a row,
   * the sensor is reported silent (once, until it is heard again). */
  private note(had: boolean, now: number): void {
    if (!this.cfg.calibration) return;
    this.piecesWithoutColour = had ? 0 : this.piecesWithoutColour + 1;
    if (this.piecesWithoutColour >= COLOUR_SILENT_AFTER && !this.colourSilentReported) {
      this.colourSilentReported = true;
      this.health({ t: now === Infinity ? 0 : now, fact: 'colourSilent', channel: this.channel });
    }
  }

  private emit(t: number, piece: SeenPiece['piece'], end: number): void {
    this.seen({ t, pocket: this.pocket, piece, end });
  }
}
