// A knockout bracket. Round 1 as SoL pairs a knockout (first seed with the last, the second with the
// second-last, …) over the entrants padded with phantoms to a power of two, so the byes go to the top
// seeds and every later round is even (SoL pads only an odd round, with one phantom: a bracket of 12
// would then give a bye in round 3). Later rounds as SoL's "seeds" method: the winners in the previous
// round's board order, the first table's winner against the last table's, and so on, which is the usual
// seeded bracket (1 v 8, 2 v 7, … then 1 v 4, 2 v 3). The bracket as a whole, and the ranking: bracket.ts.
import { seat, type Pair } from './seat.ts';
import { indexEntrants, lastRound, requireFinished, TournamentError, type Match, type Tournament } from './types.ts';

export function drawKnockout(t: Tournament): Match[] {
  const byId = indexEntrants(t);
  requireFinished(t.matches, byId);
  const name = (id: string) => byId.get(id)!.name;
  const round = lastRound(t.matches) + 1;
  let field: (string | null)[];
  if (round === 1) {
    const seeded = t.entrants.filter((e) => !e.withdrawn).sort((x, y) => x.seed - y.seed).map((e) => e.id);
    if (seeded.length < 2) throw new TournamentError(`round 1: ${seeded.length} active entrant(s), a knockout needs 2`);
    let size = 2;
    while (size < seeded.length) size *= 2;
    field = [...seeded, ...new Array<null>(size - seeded.length).fill(null)];
  } else {
    field = t.matches.filter((m) => m.round === round - 1).map((m) => winner(m, name));
    if (field.length === 1) throw new TournamentError(`the knockout is over: ${name(field[0]!)} won the final in round ${round - 1}`);
  }
  const pairs: Pair[] = [];
  for (let i = 0; i < field.length / 2; i++) {
    const a = field[i];
    const b = field[field.length - 1 - i];
    // Only round 1 has phantoms, and only at the end: `a` is always an entrant.
    pairs.push({ a: a!, b });
  }
  return seat(t, round, pairs, false);
}

/** Who goes through: a knockout match needs a winner (a draw is refused, as SoL does). `name` gives an
 * entrant's name for the message: the organiser reads it. */
export function winner(m: Match, name: (id: string) => string): string {
  if (m.b === null) return m.a;
  const r = m.result!;
  if (r.a === r.b) throw new TournamentError(`round ${m.round}: ${name(m.a)} v ${name(m.b)} ended ${r.a}-${r.b}, a draw: a knockout match needs a winner (correct the result)`);
  // Stryker disable next-line EqualityOperator: a draw was refused just above, so > and >= agree
  return r.a > r.b ? m.a : m.b;
}
