// The trace generator's striker-and-man trains (issue 16 §2): the striker and a man of the same shot
// entering one pocket touching, the striker first or second, so that they make one long pulse (or two
// with a gap of 0–3.4 ms at 1 m/s between them, as touching men do: generate.ts). Opt-in
// (GenerateOptions.strikerTrains), so the default traces, and the figures measured on them, stay as
// they were.

import type { Piece } from '../../src/rules/types.ts';

export interface Dropped {
  piece: Piece;
  pocket: number;
}

/** The shot's pieces with the striker moved next to one of its men, into that man's pocket, with the
 * share `share` (if the shot pockets both); `touch`: the index of the train's second piece, which
 * touches the one before it (-1: no train). Draws from `r` only when there is a train to make. */
export function strikerTrain(list: readonly Dropped[], r: () => number, share: number): { list: Dropped[]; touch: number } {
  const s = list.findIndex((p) => p.piece === 'striker');
  const men = list.length - (s >= 0 ? 1 : 0);
  if (s < 0 || men === 0 || !(r() < share)) return { list: list.slice(), touch: -1 };
  const rest = list.filter((_, i) => i !== s);
  const m = Math.floor(r() * rest.length);
  const strikerFirst = r() < 0.5;
  const striker: Dropped = { piece: 'striker', pocket: rest[m].pocket };
  rest.splice(strikerFirst ? m : m + 1, 0, striker);
  return { list: rest, touch: m + 1 };
}

/** Trains of men (issue 30): with the share `share` of shots pocketing two men or more, two or three of
 * them (the queen first among them if the shot pockets her, then men of one colour where it has two)
 * enter one pocket touching, in one pulse; the striker stays out. `touching`: the indices of the pieces
 * that touch the one before them. Draws from `r` only when there is a train to make. */
export function menTrain(list: readonly Dropped[], r: () => number, share: number): { list: Dropped[]; touching: Set<number> } {
  const men = list.filter((p) => p.piece !== 'striker');
  if (men.length < 2 || !(r() < share)) return { list: list.slice(), touching: new Set() };
  const n = men.length >= 3 && r() < 0.5 ? 3 : 2;
  // The train's members: the queen if there, then the colour with the most men, then the rest.
  const count = (kind: Piece) => men.filter((p) => p.piece === kind).length;
  const order = (p: Dropped) => (p.piece === 'queen' ? 0 : 1 + (count(p.piece) >= 2 ? 0 : 1) + (count(p.piece) >= count(p.piece === 'white' ? 'black' : 'white') ? 0 : 1));
  const chosen = men.slice().sort((a, b) => order(a) - order(b)).slice(0, n);
  // In a random order, into the first member's pocket, where the first member was in the shot.
  const train = chosen.map((p) => ({ p, k: r() })).sort((a, b) => a.k - b.k).map(({ p }) => ({ piece: p.piece, pocket: chosen[0].pocket }));
  const at = list.indexOf(chosen[0]);
  const rest = list.filter((p) => !chosen.includes(p));
  const before = rest.filter((p) => list.indexOf(p) < at);
  const out = [...before, ...train, ...rest.slice(before.length)];
  const touching = new Set<number>();
  for (let i = 1; i < train.length; i++) touching.add(before.length + i);
  return { list: out, touching };
}
