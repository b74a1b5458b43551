// An all-play-all (round robin) by the circle method: the first entrant stays, the others turn one place
// each round, so that n entrants (n + 1 with the phantom when odd) meet each other exactly once in n - 1
// rounds. SoL draws its "all possible matches" greedily round by round, which can leave a round short;
// the circle method cannot. The field is fixed by round 1's draw: a late entry is refused, and a
// withdrawn entrant's later matches are byes for their opponents.
import { seat, type Pair } from './seat.ts';
import { indexEntrants, lastRound, requireFinished, TournamentError, type Match, type Tournament } from './types.ts';

export function drawAllPlayAll(t: Tournament): Match[] {
  const byId = indexEntrants(t);
  requireFinished(t.matches, byId);
  const round = lastRound(t.matches) + 1;
  const field = round === 1
    ? t.entrants.filter((e) => !e.withdrawn).sort((x, y) => x.seed - y.seed).map((e) => e.id)
    : fieldOf(t.matches.filter((m) => m.round === 1), byId);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: in round 1 the field is exactly the entrants not withdrawn, so no late entrant can be found: checking in round 1 too changes nothing
  if (round > 1) {
    const late = t.entrants.find((e) => !e.withdrawn && !field.includes(e.id));
    if (late) throw new TournamentError(`${late.id} (${late.name}) entered after round 1: an all-play-all cannot take late entries`);
  }
  if (field.length < 2) throw new TournamentError(`round 1: ${field.length} active entrant(s), an all-play-all needs 2`);
  const circle: (string | null)[] = field.length % 2 ? [...field, null] : [...field];
  const rounds = circle.length - 1;
  if (round > rounds) throw new TournamentError(`the all-play-all is over: ${field.length} entrants play ${rounds} rounds`);
  const turned = [circle[0], ...rotate(circle.slice(1), round - 1)];
  const pairs: Pair[] = [];
  for (let i = 0; i < turned.length / 2; i++) {
    let a = turned[i];
    let b = turned[turned.length - 1 - i];
    if (a !== null && byId.get(a)!.withdrawn) a = null;
    if (b !== null && byId.get(b)!.withdrawn) b = null;
    if (a === null) [a, b] = [b, a];
    if (a !== null) pairs.push({ a, b });
  }
  return seat(t, round, pairs);
}

/** Round 1's entrants in seed order (the circle's order). */
function fieldOf(first: readonly Match[], byId: ReadonlyMap<string, { seed: number }>): string[] {
  const ids = first.flatMap((m) => (m.b === null ? [m.a] : [m.a, m.b]));
  return ids.sort((x, y) => byId.get(x)!.seed - byId.get(y)!.seed);
}

/** The list turned right by k places. */
function rotate<T>(xs: readonly T[], k: number): T[] {
  const s = k % xs.length;
  // Stryker disable next-line ConditionalExpression: turning by 0 through the slices gives the same copy
  return s === 0 ? [...xs] : [...xs.slice(xs.length - s), ...xs.slice(0, xs.length - s)];
}
