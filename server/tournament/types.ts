// The tournament core's vocabulary (docs/tournament.md §6): who entered, what was drawn, what was played.
// Pure data: no HTTP, no database, no clock. The server keeps these in its tables and hands them in; the
// core draws the next round and computes the standings from them, the same answer for the same state.

/** A player in singles, a team in doubles: SoL's "competitor". */
export interface Entrant {
  /** Unique within the tournament (the server's id, as text). */
  id: string;
  name: string;
  /** The entry order or the organiser's seeding, 1 first: unique. Orders entrants with equal standings
   * (SoL's `position`), so round 1 and a knockout's bracket follow it. */
  seed: number;
  /** Withdrawn between rounds: never drawn again; the matches already played still count. */
  withdrawn: boolean;
}

/** A match's final score in points (a carrom match's points, as SoL's `score1`/`score2`). */
export interface Result {
  a: number;
  b: number;
}

/** One pairing of a round, with its result once there is one. `b === null` is a bye: SoL's "phantom". */
export interface Match {
  round: number;
  a: string;
  b: string | null;
  /** The registered table it is played on; null for a bye, or when every table is taken. */
  table: string | null;
  /** Who breaks first in the match's first board. */
  breaker: 'a' | 'b';
  /** Null until the match is over; a bye is drawn with its result (the phantom score to 0). */
  result: Result | null;
}

export type System = 'swiss' | 'knockout' | 'all-play-all';

/** SoL's pairing methods for a Swiss round (its `couplings`): see swiss.ts. */
export type Couplings = 'serial' | 'dazed' | 'staggered';

/** What the core needs of a tournament to draw its next round. */
export interface Tournament {
  system: System;
  couplings: Couplings;
  /** The score a bye gives, SoL's `phantomscore`: 25 unless the organiser says otherwise (1..25). */
  phantomScore: number;
  /** The tables in use, in the order the organiser listed them. */
  tables: readonly string[];
  entrants: readonly Entrant[];
  /** Every match drawn so far, round by round, each round in its board order. */
  matches: readonly Match[];
}

/** The score a bye gives unless the organiser says otherwise (SoL's default `phantomscore`). */
export const PHANTOM_SCORE = 25;

/** A tournament's state the core cannot work with, or a round it cannot draw: the message says what
 * and where, for the organiser's page. */
export class TournamentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TournamentError';
  }
}

/** Checks that the state holds together (unique ids and seeds, matches naming entrants, results
 * present where a later round was drawn) and gives the entrants by id. */
export function indexEntrants(t: Pick<Tournament, 'entrants' | 'matches'>): Map<string, Entrant> {
  const byId = new Map<string, Entrant>();
  const seeds = new Set<number>();
  for (const e of t.entrants) {
    if (byId.has(e.id)) throw new TournamentError(`entrant ${e.id} is listed twice`);
    if (!Number.isInteger(e.seed) || e.seed < 1) throw new TournamentError(`entrant ${e.id} (${e.name}): seed ${e.seed} is not a whole number from 1`);
    if (seeds.has(e.seed)) throw new TournamentError(`entrant ${e.id} (${e.name}): seed ${e.seed} is taken by another entrant`);
    byId.set(e.id, e);
    seeds.add(e.seed);
  }
  for (const m of t.matches) {
    for (const id of m.b === null ? [m.a] : [m.a, m.b]) {
      if (!byId.has(id)) throw new TournamentError(`round ${m.round}: match ${m.a} v ${m.b ?? 'bye'} names ${id}, who is not an entrant`);
    }
    if (m.a === m.b) throw new TournamentError(`round ${m.round}: ${m.a} is paired with itself`);
    if (m.result !== null && !(validScore(m.result.a) && validScore(m.result.b))) {
      throw new TournamentError(`round ${m.round}: match ${m.a} v ${m.b ?? 'bye'} has score ${m.result.a}-${m.result.b}, not two whole numbers from 0`);
    }
  }
  return byId;
}

const validScore = (n: number): boolean => Number.isInteger(n) && n >= 0;

/** The highest round drawn so far, 0 before the first. */
export function lastRound(matches: readonly Match[]): number {
  let r = 0;
  // Stryker disable next-line EqualityOperator: `>=` assigns the same round again: the same highest
  for (const m of matches) if (m.round > r) r = m.round;
  return r;
}

/** Refuses to draw while a match of an earlier round has no result (SoL: "the ranking is not up to
 * date"): the draw depends on every result. */
export function requireFinished(matches: readonly Match[], byId: ReadonlyMap<string, Entrant>): void {
  const open = matches.find((m) => m.result === null);
  // Stryker disable next-line OptionalChaining: every caller indexed the entrants first (indexEntrants refuses a match naming no entrant), so byId has every id here
  const name = (id: string | null) => (id === null ? 'bye' : byId.get(id)?.name ?? id);
  if (open) throw new TournamentError(`round ${open.round} is not finished: ${name(open.a)} v ${name(open.b)} on table ${open.table ?? '(none)'} has no result`);
}
