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
