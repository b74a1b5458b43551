// Standings as SoL ranks a tournament (its Tourney.computeRanking and RankingStats, SoL 4.0; see
// docs/tournament.md §7): 2 points a win, 1 a draw; net score the sum of the winning margins minus the
// losing ones; total score the sum of the points scored; Bucholz the sum of the points of every opponent
// met (a bye's phantom has none). Sorted by points, Bucholz, net score, total score, then seed.
import type { StandingJson } from '../json/tournament.ts';
import { indexEntrants, type Entrant, type Match, PHANTOM_SCORE } from './types.ts';

/** An entrant's line of the standings, as the JSON interface answers it (server/json). */
export type Standing = StandingJson;

export interface StandingsOptions {
  /** Count the rounds up to this one only (the standings after round N); all of them if absent. */
  throughRound?: number;
  phantomScore?: number;
}

/** The standings from the matches with a result (a match still in play does not count yet). */
export function standings(entrants: readonly Entrant[], matches: readonly Match[], o: StandingsOptions = {}): Standing[] {
  indexEntrants({ entrants, matches });
  const phantom = o.phantomScore ?? PHANTOM_SCORE;
  const rows = new Map<string, Standing>();
  for (const e of entrants) {
    rows.set(e.id, { rank: 0, id: e.id, name: e.name, seed: e.seed, withdrawn: e.withdrawn, points: 0, bucholz: 0, netscore: 0, totscore: 0, played: 0, won: 0, drawn: 0, lost: 0, byes: 0 });
  }
  const counted = matches.filter((m) => m.result !== null && (o.throughRound === undefined || m.round <= o.throughRound));
  // First the points and scores, then (once every point is known) the Bucholz, as SoL does in two passes.
  for (const m of counted) {
    const r = m.result!;
    const a = rows.get(m.a)!;
    if (m.b === null) {
      // SoL's phantom: a win by the phantom score; the total takes the bye's own score (drawn as
      // phantomScore-0, so the same unless corrected by hand).
      a.played++; a.won++; a.byes++; a.points += 2; a.netscore += phantom; a.totscore += r.a;
      continue;
    }
    const b = rows.get(m.b)!;
    a.played++; b.played++;
    a.totscore += r.a; b.totscore += r.b;
    if (r.a === r.b) {
      a.drawn++; b.drawn++; a.points++; b.points++;
    } else {
      // Stryker disable next-line EqualityOperator: r.a and r.b differ here (a draw was the branch above), so > and >= agree
      const [w, l] = r.a > r.b ? [a, b] : [b, a];
      const margin = Math.abs(r.a - r.b);
      w.won++; w.points += 2; w.netscore += margin;
      l.lost++; l.netscore -= margin;
    }
  }
  for (const m of counted) {
    if (m.b === null) continue;
    const a = rows.get(m.a)!;
    const b = rows.get(m.b)!;
    a.bucholz += b.points;
    b.bucholz += a.points;
  }
  const list = [...rows.values()].sort(compareStandings);
  list.forEach((s, i) => { s.rank = i + 1; });
  return list;
}

/** SoL's order: points, Bucholz, net score, total score, all highest first; then the seed, lowest first
 * (SoL's `position`), so that the order is total and the same for the same state. */
export function compareStandings(x: Standing, y: Standing): number {
  return y.points - x.points || y.bucholz - x.bucholz || y.netscore - x.netscore || y.totscore - x.totscore || x.seed - y.seed;
}
