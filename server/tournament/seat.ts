// From a round's pairings to its matches: a table for each, who breaks, and the byes scored. Shared by
// every system. Tables as SoL's _assignBoards wishes (a table neither player has played at yet, when
// there is one) but greedy, in board order, without its backtracking: the first such free table, else the
// first free table, else none (the match waits for a table).
import type { Match, Tournament } from './types.ts';

/** A pairing as a system draws it: `a` the higher placed (or seeded), `b` null for a bye. */
export interface Pair {
  a: string;
  b: string | null;
}

/** `byesLast`: a Swiss or all-play-all round lists its byes after the matches played, as SoL does; a
 * knockout keeps every pairing where the bracket puts it, since the next round is drawn from that order. */
export function seat(t: Pick<Tournament, 'tables' | 'matches' | 'phantomScore'>, round: number, pairs: readonly Pair[], byesLast = true): Match[] {
  const tablesOf = new Map<string, Set<string>>();
  const breaks = new Map<string, number>();
  for (const m of t.matches) {
    if (m.b === null) continue;
    for (const id of [m.a, m.b]) {
      let s = tablesOf.get(id);
      if (!s) tablesOf.set(id, (s = new Set()));
      // Stryker disable next-line ConditionalExpression: `if (true)` adds a null that is never asked for (tables are names): no change (`if (false)` is left out with it; the tests kill it)
      if (m.table !== null) s.add(m.table);
    }
    const breaker = m.breaker === 'a' ? m.a : m.b;
    breaks.set(breaker, (breaks.get(breaker) ?? 0) + 1);
  }
  const free = new Set(t.tables);
  const played: Match[] = [];
  const byes: Match[] = [];
  for (const p of pairs) {
    if (p.b === null) {
      // SoL's phantom match: won by the phantom score to nothing, as soon as it is drawn.
      (byesLast ? byes : played).push({ round, a: p.a, b: null, table: null, breaker: 'a', result: { a: t.phantomScore, b: 0 } });
      continue;
    }
    const usedA = tablesOf.get(p.a);
    const usedB = tablesOf.get(p.b);
    let table: string | null = null;
    for (const id of free) {
      if (!usedA?.has(id) && !usedB?.has(id)) { table = id; break; }
    }
    if (table === null) table = free.values().next().value ?? null;
    // Stryker disable next-line ConditionalExpression: `if (true)` deletes a null the set of names never holds: no change (`if (false)` is left out with it; the tests kill it)
    if (table !== null) free.delete(table);
    // Each breaks in turn: the one who broke less often so far breaks; on a tie the higher placed.
    const breaker = (breaks.get(p.b) ?? 0) < (breaks.get(p.a) ?? 0) ? 'b' : 'a';
    played.push({ round, a: p.a, b: p.b, table, breaker, result: null });
  }
  return [...played, ...byes];
}
