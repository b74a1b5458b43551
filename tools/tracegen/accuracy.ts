// How well a sensed match log matches the generator's ground truth: pieces counted and classified
// (against the kind that really went in), phantom pieces, shot boundaries, and the final state.

import { foldEvents, publicState, start } from '../../src/rules/index.ts';
import type { GameEvent, MatchHeader, Piece } from '../../src/rules/types.ts';

export interface Tally {
  /** Pieces that went in, and how many of them the sensed log has in the same pocket at the same time. */
  truthPieces: number;
  counted: number;
  /** Counted with the right kind. */
  classified: number;
  /** Pieces whose readings a perfect sensing layer could name (the generator's own judgement: the rest
   * had no colour reading, or one too noisy to be sure of, and a player names them), and how many of
   * those were counted with the right kind. */
  readable: number;
  classifiedReadable: number;
  /** Counted but named wrongly (not `man`/`unknown`, which ask a player). */
  misclassified: number;
  /** Sensed pieces that match nothing that went in. */
  phantoms: number;
  byKind: Record<Piece, { truth: number; sensed: number; correct: number }>;
  /** Strikes and settles missing or extra, or more than 10 ms off. */
  boundaryErrors: number;
  boundaries: number;
  matches: number;
  matchesEqual: number;
}

export const emptyTally = (): Tally => ({
  truthPieces: 0,
  counted: 0,
  classified: 0,
  readable: 0,
  classifiedReadable: 0,
  misclassified: 0,
  phantoms: 0,
  byKind: { white: z(), black: z(), queen: z(), striker: z() },
  boundaryErrors: 0,
  boundaries: 0,
  matches: 0,
  matchesEqual: 0,
});
function z() {
  return { truth: 0, sensed: 0, correct: 0 };
}

const TOLERANCE_MS = 25;

export function finalState(header: MatchHeader, events: readonly GameEvent[]): string {
  const s0 = start(header);
  if (!s0.ok) return `error: ${s0.error}`;
  return JSON.stringify(publicState(foldEvents(s0.value, events.map((event, i) => ({ event, line: i + 2 })))));
}

/** Adds one match to `tally`. `physical` is the kind of each pocket event of `truth`, in order. */
export function compare(tally: Tally, header: MatchHeader, truth: readonly GameEvent[], physical: readonly Piece[], sensed: readonly GameEvent[]): void {
  const tp = truth.filter((e) => e.e === 'pocket') as Extract<GameEvent, { e: 'pocket' }>[];
  const sp = sensed.filter((e) => e.e === 'pocket') as Extract<GameEvent, { e: 'pocket' }>[];
  const used = new Array<boolean>(sp.length).fill(false);
  let from = 0;
  tp.forEach((p, i) => {
    const kind = physical[i];
    const readable = p.piece !== 'man' && p.piece !== 'unknown';
    tally.truthPieces++;
    if (readable) tally.readable++;
    tally.byKind[kind].truth++;
    while (from < sp.length && sp[from].t < p.t - TOLERANCE_MS) from++;
    for (let j = from; j < sp.length && sp[j].t <= p.t + TOLERANCE_MS; j++) {
      if (used[j] || sp[j].pocket !== p.pocket) continue;
      used[j] = true;
      tally.counted++;
      const got = sp[j].piece;
      if (got === kind) {
        tally.classified++;
        if (readable) tally.classifiedReadable++;
        tally.byKind[kind].correct++;
      } else if (got !== 'man' && got !== 'unknown') tally.misclassified++;
      return;
    }
  });
  for (let j = 0; j < sp.length; j++) {
    const got = sp[j].piece;
    if (got !== 'man' && got !== 'unknown') tally.byKind[got].sensed++;
    if (!used[j]) tally.phantoms++;
  }
  for (const kind of ['strike', 'settle'] as const) {
    const a = truth.filter((e) => e.e === kind).map((e) => e.t);
    const b = sensed.filter((e) => e.e === kind).map((e) => e.t);
    tally.boundaries += a.length;
    let j = 0;
    let matched = 0;
    for (const t of a) {
      while (j < b.length && b[j] < t - 10) j++;
      if (j < b.length && Math.abs(b[j] - t) <= 10) {
        matched++;
        j++;
      }
    }
    tally.boundaryErrors += a.length - matched + (b.length - matched);
  }
  tally.matches++;
  if (finalState(header, truth) === finalState(header, sensed)) tally.matchesEqual++;
}

export const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(d >= 10_000 ? 3 : 2)} %`);
