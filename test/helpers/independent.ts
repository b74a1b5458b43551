// The independent traces (test/fixtures/independent, written by its write.ts from the trace format's
// contract and the table's description only, issue 30) and how a sensed log is judged against their truth.
import { readdirSync, readFileSync } from 'node:fs';
import type { GameEvent } from '../../src/rules/types.ts';

export const INDEPENDENT_DIR = 'test/fixtures/independent';

export interface TruthPiece {
  /** ms: when its stretch began at the upper beam. */
  t: number;
  pocket: number;
  piece: 'white' | 'black' | 'queen' | 'striker';
  /** The trace holds a reading whose window the piece filled most of: its colour can be known. */
  readable: boolean;
  what?: string;
}

export interface Truth {
  what: string;
  level: 'clean' | 'low' | 'medium' | 'high';
  pieces: TruthPiece[];
  rattles: { t: number; pocket: number; us: number }[];
  log: GameEvent[];
}

export interface IndependentTrace {
  name: string;
  path: string;
  whole: boolean;
  truth: Truth;
}

export function independentTraces(): IndependentTrace[] {
  return readdirSync(INDEPENDENT_DIR)
    .filter((f) => f.endsWith('.trace.jsonl'))
    .sort()
    .map((f) => {
      const name = f.replace('.trace.jsonl', '');
      const truth = JSON.parse(readFileSync(`${INDEPENDENT_DIR}/${name}.truth.json`, 'utf8')) as Truth;
      return { name, path: `${INDEPENDENT_DIR}/${f}`, whole: name.startsWith('match-'), truth };
    });
}

type Pocketed = Extract<GameEvent, { e: 'pocket' }>;

export interface Judgement {
  pieces: number;
  counted: number;
  /** Named as the truth says. */
  named: number;
  readable: number;
  namedReadable: number;
  /** Pieces the truth cannot name (no reading shows them) that the log names wrongly rather than asking. */
  guessed: { truth: TruthPiece; sensed: Pocketed }[];
  phantoms: Pocketed[];
  lost: TruthPiece[];
  /** Readable pieces named another kind than the truth's. */
  wrong: { truth: TruthPiece; sensed: Pocketed }[];
  /** Readable pieces left for a player to name (`man`, `unknown`): not wrong, but not exactly right. */
  asked: { truth: TruthPiece; sensed: Pocketed }[];
  /** Every piece counted, none extra, each named as the truth or (unreadable) left for a player to name. */
  exact: boolean;
}

/** Pairs each true piece with the sensed piece of its pocket nearest in time (a sensed piece is dated when
 * it came in, a late drop up to some seconds later), then counts what is left on either side. */
export function judge(truth: Truth, sensed: readonly GameEvent[]): Judgement {
  const pocketed = sensed.filter((e): e is Pocketed => e.e === 'pocket');
  const used = new Set<number>();
  const j: Judgement = { pieces: truth.pieces.length, counted: 0, named: 0, readable: 0, namedReadable: 0, guessed: [], phantoms: [], lost: [], wrong: [], asked: [], exact: true };
  const order = truth.pieces.map((p, i) => [p, i] as const).sort((a, b) => a[0].t - b[0].t || a[1] - b[1]);
  // First the pieces dated within 20 ms of the truth, then the ones dated later (up to 8 s: a piece
  // counted late), so that a lost piece does not take its neighbour's partner.
  const pair = new Map<TruthPiece, number>();
  for (const within of [20, 8000])
    for (const [p] of order) {
      if (pair.has(p)) continue;
      let best = -1;
      for (let i = 0; i < pocketed.length; i++) {
        const s = pocketed[i];
        if (used.has(i) || s.pocket !== p.pocket || s.t < p.t - 5 || s.t > p.t + within) continue;
        if (best < 0 || Math.abs(s.t - p.t) < Math.abs(pocketed[best].t - p.t)) best = i;
      }
      if (best >= 0) (used.add(best), pair.set(p, best));
    }
  for (const [p] of order) {
    if (p.readable) j.readable++;
    const best = pair.get(p);
    if (best === undefined) {
      j.lost.push(p);
      continue;
    }
    j.counted++;
    const s = pocketed[best];
    if (s.piece === p.piece) {
      j.named++;
      if (p.readable) j.namedReadable++;
    } else if (p.readable) (s.piece === 'man' || s.piece === 'unknown' ? j.asked : j.wrong).push({ truth: p, sensed: s });
    else if (s.piece !== 'man' && s.piece !== 'unknown') j.guessed.push({ truth: p, sensed: s });
  }
  pocketed.forEach((s, i) => {
    if (!used.has(i)) j.phantoms.push(s);
  });
  j.exact = j.lost.length === 0 && j.phantoms.length === 0 && j.wrong.length === 0 && j.asked.length === 0 && j.guessed.length === 0;
  return j;
}

/** One line of what a judgement found, for an assertion's message or the bench. */
export function describeFaults(name: string, j: Judgement): string[] {
  return [
    ...j.lost.map((p) => `${name}: lost a ${p.piece} at pocket ${p.pocket}, ${p.t} ms${p.what ? ` (${p.what})` : ''}`),
    ...j.wrong.map((w) => `${name}: the ${w.truth.piece} at pocket ${w.truth.pocket}, ${w.truth.t} ms${w.truth.what ? ` (${w.truth.what})` : ''}, named ${w.sensed.piece}`),
    ...j.asked.map((w) => `${name}: the ${w.truth.piece} at pocket ${w.truth.pocket}, ${w.truth.t} ms${w.truth.what ? ` (${w.truth.what})` : ''}, left to a player (${w.sensed.piece})`),
    ...j.guessed.map((w) => `${name}: the ${w.truth.piece} at pocket ${w.truth.pocket}, ${w.truth.t} ms${w.truth.what ? ` (${w.truth.what})` : ''}, no reading shows it, named ${w.sensed.piece}`),
    ...j.phantoms.map((s) => `${name}: a phantom ${s.piece} at pocket ${s.pocket}, ${s.t} ms`),
  ];
}
