// A knockout's bracket and its final ranking (docs/tournament.md §6.2, §7.1), from the matches drawn so
// far: every round to the final, the rounds not drawn yet included, so that the bracket page shows where
// each winner goes. The draw (knockout.ts) pairs round r + 1's board i with the winners of round r's
// boards i and n + 1 − i (n the boards of round r); this file reads the same rule forwards.
import type { Entrant, Match } from './types.ts';

/** One match of the bracket: drawn (`match` set), or still to be drawn (its entrants as far as known). */
export interface BracketMatch<M extends Match = Match> {
  board: number;
  /** The entrants, null while not known yet (the winner of a match still open); `b` null in a drawn
   * match is a bye. */
  a: string | null;
  b: string | null;
  /** The previous round's boards whose winners meet here (a's, then b's); null in round 1. */
  from: [number, number] | null;
  match: M | null;
  /** Who went through: null while open, and for a drawn result (a knockout match needs a winner). */
  winner: string | null;
}

export interface BracketRound<M extends Match = Match> {
  round: number;
  drawn: boolean;
  matches: BracketMatch<M>[];
}

export interface Bracket<M extends Match = Match> {
  /** The field padded with byes to a power of two (0 before round 1 with fewer than two entrants). */
  size: number;
  rounds: BracketRound<M>[];
}

/** Who went through a knockout match: the bye's entrant, the higher score; null while open or drawn. */
export function wentThrough(m: Match): string | null {
  if (m.b === null) return m.a;
  if (m.result === null || m.result.a === m.result.b) return null;
  // Stryker disable next-line EqualityOperator: a draw returned null just above, so > and >= agree
  return m.result.a > m.result.b ? m.a : m.b;
}

/** The bracket of a knockout: its rounds in order, each in board order; `matches` the tournament's
 * drawn ones (round by round in board order, as the draw gives them). Before round 1 the size is that of
 * the active entrants, padded as round 1 will be. */
export function knockoutBracket<M extends Match>(entrants: readonly Entrant[], matches: readonly M[]): Bracket<M> {
  const byRound = new Map<number, M[]>();
  for (const m of matches) {
    let list = byRound.get(m.round);
    if (!list) byRound.set(m.round, (list = []));
    list.push(m);
  }
  const first = byRound.get(1);
  const field = first ? first.length * 2 : entrants.filter((e) => !e.withdrawn).length;
  if (field < 2) return { size: 0, rounds: [] };
  let size = 2;
  while (size < field) size *= 2;
  const rounds: BracketRound<M>[] = [];
  for (let round = 1, boards = size / 2; boards >= 1; round++, boards /= 2) {
    const drawn = byRound.get(round) ?? [];
    const before = rounds[rounds.length - 1];
    const out: BracketMatch<M>[] = [];
    for (let i = 0; i < boards; i++) {
      const m = drawn[i] ?? null;
      const from: [number, number] | null = before ? [i + 1, before.matches.length - i] : null;
      const fed = (k: number) => (before ? before.matches[k - 1].winner : null);
      out.push({
        board: i + 1, from, match: m,
        a: m ? m.a : from ? fed(from[0]) : null,
        b: m ? m.b : from ? fed(from[1]) : null,
        winner: m ? wentThrough(m) : null,
      });
    }
    rounds.push({ round, drawn: drawn.length > 0, matches: out });
  }
  return { size, rounds };
}

/** A place of a knockout's final ranking: `out` the round the entrant lost in (null for the winner, and
 * for those still in while the knockout goes on). */
export interface KnockoutPlace {
  place: number;
  id: string;
  out: number | null;
}

/** A knockout's ranking by the round each went out in: the further one went the better; the winner first
 * once the final has its result; those out in the same round share a place (two third places, four
 * fifth …: one more than the entrants ranked above them), listed by seed. Only the entrants drawn in
 * the bracket are ranked (one who withdrew before round 1, or entered after it, is not). */
export function knockoutRanking(entrants: readonly Entrant[], matches: readonly Match[]): KnockoutPlace[] {
  const seed = new Map(entrants.map((e) => [e.id, e.seed]));
  // How far each went: the last round played, plus a half unless lost there (won, a bye, or still
  // open), so that the final's winner alone gets the last round's half once it has its result.
  const reached = new Map<string, number>();
  const out = new Map<string, number>();
  for (const m of matches) {
    const w = wentThrough(m);
    // Stryker disable next-line ConditionalExpression: a bye's w is its entrant (wentThrough), never null, so `w !== null` decides it alone
    const decided = m.b === null || w !== null;
    for (const id of m.b === null ? [m.a] : [m.a, m.b]) {
      const lost = decided && id !== w;
      reached.set(id, m.round + (lost ? 0 : 0.5));
      if (lost) out.set(id, m.round);
      else out.delete(id);
    }
  }
  const ids = [...reached.keys()].sort((x, y) => reached.get(y)! - reached.get(x)! || (seed.get(x) ?? 0) - (seed.get(y) ?? 0));
  const ranked: KnockoutPlace[] = [];
  ids.forEach((id, i) => {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: at i = 0, ids[-1] is undefined and reached.get(undefined) never equals a number: the second test alone gives false there
    const same = i > 0 && reached.get(ids[i - 1]) === reached.get(id);
    ranked.push({ place: same ? ranked[i - 1].place : i + 1, id, out: out.get(id) ?? null });
  });
  return ranked;
}
