// A Swiss round as SoL draws it (its Tourney._combine and visitors, SoL 4.0; docs/tournament.md §6):
// the active entrants in standings order, the phantom last when their number is odd; the first is paired
// with the first of the others, in the visit order, that it has not met, and the rest are drawn the same
// way, backtracking when they cannot all be paired. Where SoL gives up (no draw without a rematch), this
// draws with the fewest meetings again: first pairs that met at most once, then twice, and so on. The
// bye goes to an entrant with the fewest byes so far (SoL: one who has not met the phantom).
import { seat, type Pair } from './seat.ts';
import { standings } from './standings.ts';
import { indexEntrants, lastRound, requireFinished, TournamentError, type Match, type Tournament } from './types.ts';

export function drawSwiss(t: Tournament): Match[] {
  requireFinished(t.matches, indexEntrants(t));
  const round = lastRound(t.matches) + 1;
  const active = standings(t.entrants, t.matches, { phantomScore: t.phantomScore }).filter((s) => !s.withdrawn);
  if (active.length < 2) throw new TournamentError(`round ${round}: ${active.length} active entrant(s), a round needs 2`);
  const n = active.length;
  const size = n + (n % 2);
  const phantom = n; // its index: only when n is odd (size > n)
  const index = new Map(active.map((s, i) => [s.id, i]));
  const met = new Uint16Array(size * size);
  let most = 0;
  for (const m of t.matches) {
    // Stryker disable next-line ConditionalExpression: without it a bye's missing b gives no index, and the next line skips it the same
    if (m.b === null) continue;
    const i = index.get(m.a);
    const j = index.get(m.b);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: without it the typed array ignores the NaN index a missing entrant gives (reads undefined, writes nothing, and NaN > most is false), so nothing changes; kept for the reader
    if (i === undefined || j === undefined) continue; // a withdrawn entrant is not drawn again
    const c = ++met[i * size + j];
    met[j * size + i] = c;
    // Stryker disable next-line EqualityOperator: `>=` assigns the same count again: the same highest
    if (c > most) most = c;
  }
  const fewestByes = Math.min(...active.map((s) => s.byes));
  const points = active.map((s) => s.points);
  const order = Array.from({ length: size }, (_, i) => i);
  for (let level = 0; level <= most; level++) {
    const allowed = (i: number, j: number): boolean => (j === phantom ? active[i].byes === fewestByes : met[i * size + j] <= level);
    const found = combine(order, allowed, visitor(t.couplings, points, phantom));
    if (found) {
      const pairs: Pair[] = found.map(([i, j]) => ({ a: active[i].id, b: j === phantom ? null : active[j].id }));
      return seat(t, round, pairs);
    }
  }
  // Unreachable: at the last level every pair is allowed and the bye has at least one taker.
  // Stryker disable next-line StringLiteral: unreachable (the comment above), so its message is never read
  throw new TournamentError(`round ${round}: no draw found`);
}

/** The positions in `rem` (its first is the pivot) to try as the pivot's opponent, in order. */
type Visit = (rem: readonly number[]) => Iterable<number>;

/** SoL's visitors. serial: in standings order. dazed: when more than 3 share the pivot's points, the
 * second half of them first, then the first half, then the rest (the strongest meet later). staggered:
 * as dazed, but from 50 sharing the points on, an offset of 25 instead of half. */
function visitor(couplings: Tournament['couplings'], points: readonly number[], phantom: number): Visit {
  if (couplings === 'serial') return (rem) => range(1, rem.length);
  return (rem) => {
    const p = points[rem[0]];
    let same = 0;
    // Stryker disable next-line LogicalOperator,ConditionalExpression,EqualityOperator: the first two tests only say what the third already does (past the end, and the phantom, points[] is undefined, never p): dropping or widening them changes nothing
    while (same < rem.length && rem[same] !== phantom && points[rem[same]] === p) same++;
    // Stryker disable next-line EqualityOperator: at exactly 3 the split is 1, and range(1, 3), range(1, 1), range(3, …) is the serial order: `< 3` draws the same
    if (same <= 3) return range(1, rem.length);
    // Stryker disable next-line EqualityOperator: at exactly 50 half is 25, the staggered offset: `> 50` gives the same split
    const split = couplings === 'staggered' && same >= 50 ? 25 : Math.floor(same / 2);
    return [...range(split, same), ...range(1, split), ...range(same, rem.length)];
  };
}

function* range(from: number, to: number): Generator<number> {
  // Stryker disable next-line EqualityOperator: `<=` also yields `to`: past the end (no entrant there: allowed() is false) or a position the visit offers again later (the same try again): the same pairs
  for (let i = from; i < to; i++) yield i;
}

/** SoL's recursive pairing, with the sets of entrants already found impossible remembered, so that a
 * round with no draw at one level costs each subset once, not once per path to it. */
function combine(order: readonly number[], allowed: (i: number, j: number) => boolean, visit: Visit): [number, number][] | null {
  const failed = new Set<string>();
  const solve = (rem: readonly number[]): [number, number][] | null => {
    if (rem.length === 0) return [];
    const key = rem.join(',');
    // Stryker disable next-line ConditionalExpression: the memo only saves time: without it the search tries again what failed and fails again, with the same result
    if (failed.has(key)) return null;
    const pivot = rem[0];
    for (const pos of visit(rem)) {
      const other = rem[pos];
      if (!allowed(pivot, other)) continue;
      const rest = rem.filter((_, k) => k !== 0 && k !== pos);
      const sub = solve(rest);
      if (sub) return [[pivot, other], ...sub];
    }
    failed.add(key);
    return null;
  };
  return solve(order);
}
