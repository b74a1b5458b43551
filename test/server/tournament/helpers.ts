// Small builders for the tournament core's tests: entrants by name, a state, results by hand.
import type { Entrant, Match, Result, Tournament } from '../../../server/tournament/types.ts';

/** Entrants seeded in the order given, their ids their names. */
export const entrants = (...names: string[]): Entrant[] => names.map((name, i) => ({ id: name, name, seed: i + 1, withdrawn: false }));

export function tournament(system: Tournament['system'], es: Entrant[], o: Partial<Tournament> = {}): Tournament {
  return { system, couplings: 'serial', phantomScore: 25, tables: ['T1', 'T2', 'T3', 'T4'], entrants: es, matches: [], ...o };
}

/** The round's matches with these results, by "A-B" (the bye keeps its own). */
export function play(round: readonly Match[], results: Record<string, [number, number]>): Match[] {
  return round.map((m) => {
    if (m.b === null) return m;
    const r = results[`${m.a}-${m.b}`];
    if (!r) throw new Error(`no result given for ${m.a}-${m.b}`);
    const result: Result = { a: r[0], b: r[1] };
    return { ...m, result };
  });
}

/** A round as "A-B" strings in board order, a bye as "A-bye". */
export const pairings = (round: readonly Match[]): string[] => round.map((m) => `${m.a}-${m.b ?? 'bye'}`);
