// Naming the pieces of one part of a passage (issue 16 §2). A part is one stretch of blocked beams with
// no gap either beam saw: one piece, or touching pieces merged into one pulse. Its size (passage.ts,
// classify.ts: trainBySize) says how many pieces, and whether the striker is one of them: yes, no, or
// maybe (n men and the striker with n − 1 men are 10 mm apart, within the tolerance of the speed).
// Where in the part the striker is, and whether it is there at all when the size cannot say, only the
// colour readings tell: each reading falls in one piece's stretch, and a reading of the striker's
// colour belongs in the striker's stretch, a man's colour in a man's. Every way of laying out the part
// (the striker first, second, …, or not there) is scored by how many readings agree with it; the best
// wins. When several lay-outs score the same, a piece they all call a man is a man (named by its
// reading), one they all call the striker is the striker, and a piece they disagree on is `unknown`,
// which a player names (the striker too: docs/hardware.md, "Merged pulses").

import { classifyColour } from './classify.ts';
import type { Part } from './passage.ts';
import type { Rgb, SeenPiece, SensingConfig } from './types.ts';

export interface ColourReading {
  t: number;
  rgb: Rgb;
}

export interface NamedPiece {
  /** Upper-beam time span of this piece, µs. */
  from: number;
  to: number;
  piece: SeenPiece['piece'];
  /** A colour reading fell in this piece's stretch. */
  read: boolean;
}

type Cfg = Pick<SensingConfig, 'calibration' | 'manMm' | 'strikerMm' | 'colourMaxDistance' | 'colourMargin'>;

/** The pieces of `part`, in order, named from the colour `readings` taken while it passed (oldest first). */
export function nameParts(part: Part, readings: readonly ColourReading[], cfg: Cfg): NamedPiece[] {
  const { count, striker } = part.size;
  // Lay-outs: the index of the striker among the pieces, or -1 for none.
  const layouts: number[] = [];
  if (striker !== 'yes') layouts.push(-1);
  if (striker !== 'no') for (let k = 0; k < count; k++) layouts.push(k);
  const cal = cfg.calibration;
  // What each reading says with the striker among the answers: 'striker', a man's colour, or nothing.
  const says = readings.map((r) => (cal ? classifyColour(r.rgb, cal, cfg, true) : null));
  let best = -Infinity;
  let tied: number[] = [];
  for (const k of layouts) {
    let score = 0;
    if (layouts.length > 1) {
      for (let j = 0; j < readings.length; j++) {
        const said = says[j];
        if (said === null) continue;
        const isStriker = owner(part, readings, j, k, cfg) === k;
        score += (said === 'striker') === isStriker ? 1 : -1;
      }
    }
    if (score > best) {
      best = score;
      tied = [k];
    } else if (score === best) tied.push(k);
  }
  const out: NamedPiece[] = [];
  for (let i = 0; i < count; i++) {
    // The piece's stretch: the mean of the tied lay-outs' (they differ by a few mm at most).
    let from = 0;
    let to = 0;
    for (const k of tied) {
      from += edgeAt(part, i, k, cfg);
      to += edgeAt(part, i + 1, k, cfg);
    }
    from = Math.floor(from / tied.length);
    to = Math.floor(to / tied.length);
    const strikers = tied.filter((k) => k === i).length;
    let reading: ColourReading | null = null;
    for (let j = 0; j < readings.length && !reading; j++) if (owner(part, readings, j, tied[0], cfg) === i) reading = readings[j];
    let piece: SeenPiece['piece'];
    if (strikers === tied.length) piece = 'striker';
    else if (strikers > 0) piece = 'unknown';
    else piece = (cal && reading && classifyColour(reading.rgb, cal, cfg, false)) || 'man';
    out.push({ from, to, piece, read: reading !== null });
  }
  return out;
}

/** Where piece `i`'s stretch begins (i = count: where the part ends), the striker at index `k` (-1: none). */
function edgeAt(part: Part, i: number, k: number, cfg: Cfg): number {
  const { count } = part.size;
  const total = count * cfg.manMm + (k >= 0 ? cfg.strikerMm - cfg.manMm : 0);
  const before = i * cfg.manMm + (k >= 0 && k < i ? cfg.strikerMm - cfg.manMm : 0);
  return part.from + ((part.to - part.from) * before) / total;
}

/** The piece reading `j` belongs to, the striker at `k`: as many readings as pieces go one to each, in
 * order (each piece was read once); otherwise each goes to the piece whose stretch it fell in. */
function owner(part: Part, readings: readonly ColourReading[], j: number, k: number, cfg: Cfg): number {
  const { count } = part.size;
  if (readings.length === count) return j;
  const t = readings[j].t;
  let i = 0;
  while (i < count - 1 && t >= edgeAt(part, i + 1, k, cfg)) i++;
  return i;
}
