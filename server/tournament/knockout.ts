// A knockout bracket. Round 1 as SoL pairs a knockout (first seed with the last, the second with the
// second-last, …) over the entrants padded with phantoms to a power of two, so the byes go to the top
// seeds and every later round is even (SoL pads only an odd round, with one phantom: a bracket of 12
// would then give a bye in round 3). Later rounds as SoL's "seeds" method: the winners in the previous
// round's board order, the first table's winner against the last table's, and so on, which is the usual
// seeded bracket (1 v 8, 2 v 7, … then 1 v 4, 2 v 3).
import { seat, type Pair } from './seat.ts';
import { indexEntrants, lastRound, requireFinished, TournamentError, type Match, type Tournament } from './types.ts';

export function drawKnockout(t: Tournament): Match[] {
  indexEntrants(t);
  requireFinished(t.matches);
  const round = lastRound(t.matches) + 1;
  let field: (string | null)[];
  if (round === 1) {
    const seeded = t.entrants.filter((e) => !e.withdrawn).sort((x, y) => x.seed - y.seed).map((e) => e.id);
    if (seeded.length < 2) throw new TournamentError(`round 1: ${seeded.length} active entrant(s), a knockout needs 2`);
    let size = 2;
    while (size < seeded.length) size *= 2;
    field = [...seeded, ...new Array<null>(size - seeded.length).fill(null)];
  } else {
    field = t.matches.filter((m) => m.round === round - 1).map(winner);
    if (field.length === 1) throw new TournamentError(`the knockout is over: ${field[0]} won the final in round ${round - 1}`);
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

/** Who goes through: a knockout match needs a winner (a draw is refused, as SoL does). */
export function winner(m: Match): string {
  if (m.b === null) return m.a;
  const r = m.result!;
  if (r.a === r.b) throw new TournamentError(`round ${m.round}: ${m.a} v ${m.b} ended ${r.a}-${r.b}, a draw: a knockout match needs a winner (correct the result)`);
  return r.a > r.b ? m.a : m.b;
}

/** One round of a bracket as the hall shows it: each match with who went through (null while open). */
export interface BracketRound {
  round: number;
  matches: { match: Match; winner: string | null }[];
}

/** The bracket so far, round by round in board order. */
export function bracket(matches: readonly Match[]): BracketRound[] {
  const rounds: BracketRound[] = [];
  for (const m of matches) {
    let r = rounds.find((x) => x.round === m.round);
    if (!r) rounds.push((r = { round: m.round, matches: [] }));
    r.matches.push({ match: m, winner: m.result === null ? null : winner(m) });
  }
  return rounds.sort((x, y) => x.round - y.round);
}

/** A knockout's final ranking: the further one went, the better; those out in the same round share a
 * place (two third places, four fifth …), listed by seed. The winner is first once the final has a
 * result. */
export function knockoutRanking(t: Pick<Tournament, 'entrants' | 'matches'>): { place: number; id: string }[] {
  const byId = indexEntrants(t);
  const reached = new Map<string, number>(); // the last round each played, and won (round + 0.5)
  for (const r of bracket(t.matches)) {
    for (const { match, winner: w } of r.matches) {
      for (const id of match.b === null ? [match.a] : [match.a, match.b]) reached.set(id, r.round);
      if (w !== null) reached.set(w, r.round + 0.5);
    }
  }
  const ids = [...reached.keys()].sort((x, y) => reached.get(y)! - reached.get(x)! || byId.get(x)!.seed - byId.get(y)!.seed);
  const out: { place: number; id: string }[] = [];
  ids.forEach((id, i) => {
    const same = i > 0 && reached.get(ids[i - 1]) === reached.get(id);
    out.push({ place: same ? out[i - 1].place : i + 1, id });
  });
  return out;
}
