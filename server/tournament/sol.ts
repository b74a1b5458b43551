// A tournament as SoL's `.sol` upload, JSON flavour (docs/tournament.md §9.1): what SoL 4.0's
// Serializer writes and its Deserializer (`load_sol`, sol/models/bio.py) reads back, field for field, as
// checked by running SoL 4.0rc4's own loader on the server's exports (§9.1.1).
// SoL builds its entities from these dictionaries by keyword, so no field SoL does not know may appear.
import { lastRound, TournamentError, type Entrant, type Match, type Tournament } from './types.ts';
import { standings } from './standings.ts';

/** A player as SoL keeps one: first and last name apart. */
export interface SolPlayer {
  firstName: string;
  lastName: string;
  nickname?: string | null;
  /** ISO 3166-1 alpha-3, as SoL's `nationality`. */
  nationality?: string | null;
  club?: string | null;
}

/** One board of a match as the table reported it, sides named as the match's `a` and `b`. */
export interface TableBoard {
  winner: 'a' | 'b' | null;
  /** The men of each side's colour left on the board when it ended. */
  menLeftA: number;
  menLeftB: number;
  queen: 'a' | 'b' | null;
}

export interface SolExport {
  tournament: Omit<Tournament, 'matches'> & { matches: readonly ExportedMatch[] };
  name: string;
  /** YYYY-MM-DD */
  date: string;
  location?: string | null;
  club: string;
  championship: string;
  /** Each entrant's players, by entrant id: one, or two for doubles. */
  players: ReadonlyMap<string, readonly SolPlayer[]>;
}

/** A name with its spaces as SoL keeps them: none at either end, one between words. */
export function joinSpaces(name: string): string {
  // Stryker disable next-line Regex: splitting at each space instead of each run gives empty pieces between, which the filter drops: the same words
  return name.split(/\s+/).filter(Boolean).join(' ');
}

/** Whether two names are one person's for SoL: inner spaces joined, case folded (its loader's identity,
 * solIdentity below). "Asha  Rao" and "asha rao" are "Asha Rao". */
export function sameName(p: string, q: string): boolean {
  return joinSpaces(p).toLowerCase() === joinSpaces(q).toLowerCase();
}

/** Splits a name as typed into SoL's first and last names, at the last space. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const t = name.trim();
  const at = t.lastIndexOf(' ');
  // Stryker disable next-line EqualityOperator: t is trimmed, so a space is never at 0: `<= 0` is the same test
  return at < 0 ? { firstName: '', lastName: t } : { firstName: t.slice(0, at).trim(), lastName: t.slice(at + 1) };
}

export function solDump(x: SolExport): string {
  const t = x.tournament;
  const clubs: { description: string }[] = [];
  const clubIndex = (description: string): number => {
    let i = clubs.findIndex((c) => c.description === description);
    if (i < 0) i = clubs.push({ description }) - 1;
    return i + 1; // SoL's references are 1-based
  };
  const organiser = clubIndex(x.club);
  const players: Record<string, unknown>[] = [];
  const playerIndexes = new Map<string, number[]>();
  // SoL lists competitors by their first player's last then first name, and the matches refer to them
  // by that order.
  // An entrant without players given is one player of its own name.
  const playersOf = (e: { id: string; name: string }): readonly SolPlayer[] => x.players.get(e.id) ?? [splitName(e.name)];
  const first = (e: { id: string; name: string }): SolPlayer => playersOf(e)[0];
  const entrants = [...t.entrants].sort((p, q) => cmp(first(p).lastName, first(q).lastName) || cmp(first(p).firstName, first(q).firstName) || p.seed - q.seed);
  const told = toldApart(entrants, playersOf);
  for (const e of entrants) {
    const ps = told.get(e.id)!;
    playerIndexes.set(e.id, ps.map((p) => players.push(solPlayer(p, clubIndex))));
  }
  const competitorIndex = new Map(entrants.map((e, i) => [e.id, i + 1]));
  const last = lastRound(t.matches);
  // Stryker disable next-line ConditionalExpression: every earlier round is finished (a round is drawn only once the last has every result, types.ts requireFinished), so looking at the last round alone gives the same
  const finished = t.matches.every((m) => m.round < last || m.result !== null);
  // SoL's competitors hold the ranking as of its `rankedturn`: a round still in play is left out (SoL's
  // own ranking of all rounds stops at a match without a result).
  const rankedTurn = finished ? last : last - 1;
  const rows = new Map(standings(t.entrants, t.matches, { phantomScore: t.phantomScore, throughRound: rankedTurn }).map((s) => [s.id, s]));
  const competitors = entrants.map((e) => {
    const s = rows.get(e.id)!;
    // `position`, the seed: SoL ranks a full tie by it (its Tourney.ranking), as the standings do (§7).
    return { players: playerIndexes.get(e.id), points: s.points, netscore: s.netscore, totscore: s.totscore, bucholz: s.bucholz, position: e.seed, ...(e.withdrawn ? { retired: true } : {}) };
  });
  const names = new Map(t.entrants.map((e) => [e.id, e.name]));
  const matches = solMatches(t.matches, (id) => competitorIndex.get(id)!, (id) => names.get(id) ?? id);
  const tourney: Record<string, unknown> = {
    championship: 1,
    description: x.name,
    date: x.date,
    ...(x.location ? { location: x.location } : {}),
    currentturn: last,
    rankedturn: rankedTurn,
    prized: false,
    system: t.system === 'knockout' ? 'knockout' : 'swiss',
    couplings: t.system === 'knockout' ? 'seeds' : t.system === 'all-play-all' ? 'all' : t.couplings,
    phantomscore: t.phantomScore,
    retirements: 'none',
    finals: 0,
    finalkind: 'simple',
    competitors,
    matches,
  };
  const playersPerTeam = Math.max(1, ...t.entrants.map((e) => playersOf(e).length));
  const championships = [{ description: x.championship, club: organiser, prizes: 'asis', couplings: tourney.couplings === 'dazed' || tourney.couplings === 'staggered' ? tourney.couplings : 'serial', skipworstprizes: 0, playersperteam: playersPerTeam }];
  return JSON.stringify([{ users: [], players, clubs, championships, ratings: [], rates: [] }, tourney]);
}

/** How SoL's loader tells players apart: by last name, first name and nickname, each with its spaces
 * joined and title-cased (sol/models/bio.py, Deserializer.addPlayer), so that case does not count. */
const solIdentity = (p: SolPlayer): string => [p.lastName, p.firstName, p.nickname ?? ''].map((s) => joinSpaces(s).toLowerCase()).join('\u0000');

/** Each entrant's players, those whom SoL would take for one person ("Asha Rao" and "Asha  Rao") given
 * the nickname SoL keeps for homonyms: their seed, and the place in the team for doubles. Otherwise
 * SoL's loader makes them one player and stops at its unique index of a tournament's players. */
function toldApart(entrants: readonly Entrant[], playersOf: (e: Entrant) => readonly SolPlayer[]): Map<string, readonly SolPlayer[]> {
  const seen = new Map<string, number>();
  for (const e of entrants) for (const p of playersOf(e)) seen.set(solIdentity(p), (seen.get(solIdentity(p)) ?? 0) + 1);
  return new Map(entrants.map((e) => {
    const ps = playersOf(e);
    return [e.id, ps.map((p, i) => (seen.get(solIdentity(p))! > 1 ? { ...p, nickname: ps.length > 1 ? `#${e.seed}/${i + 1}` : `#${e.seed}` } : p))];
  }));
}

function solPlayer(p: SolPlayer, clubIndex: (d: string) => number): Record<string, unknown> {
  const s: Record<string, unknown> = { firstname: p.firstName, lastname: p.lastName };
  // Stryker disable next-line ConditionalExpression: without a nickname it sets undefined, which JSON.stringify leaves out: the same export
  if (p.nickname) s.nickname = p.nickname;
  if (p.nationality && /^[A-Z]{3}$/.test(p.nationality)) s.nationality = p.nationality;
  if (p.club) s.club = clubIndex(p.club);
  return s;
}

type ExportedMatch = Match & { boards?: readonly TableBoard[] };

/** The matches as SoL keeps them, each round's numbered from 1 in the order given. SoL keeps a pair's
 * meeting once each way round (a unique index of a tournament's competitor1 and competitor2), so a
 * rematch, which the Swiss fallback draws (docs/tournament.md §6.1), is written the other way round, its
 * scores, breaker, coins and queen with it; a third meeting has no place in SoL and is refused. */
function solMatches(ms: readonly ExportedMatch[], index: (id: string) => number, nameOf: (id: string) => string): Record<string, unknown>[] {
  const boardOf = new Map<number, number>();
  const met = new Set<string>();
  return ms.map((m) => {
    const board = (boardOf.get(m.round) ?? 0) + 1;
    boardOf.set(m.round, board);
    // Stryker disable next-line ConditionalExpression: for a bye the key ends in "null", which no pair's key does (nor, below, does a bye add one): never flipped either way
    const flip = m.b !== null && met.has(`${m.a}\u0000${m.b}`);
    if (flip && met.has(`${m.b}\u0000${m.a}`)) throw new TournamentError(`${nameOf(m.a)} and ${nameOf(m.b!)} meet a third time in round ${m.round}: SoL keeps a pair's meetings only once each way round, so this tournament cannot be written for SoL`);
    // Stryker disable next-line ConditionalExpression: a bye's key (ending in "null") is never looked up: a bye is never flipped (above)
    if (m.b !== null) met.add(flip ? `${m.b}\u0000${m.a}` : `${m.a}\u0000${m.b}`);
    // The SoL side ('1', '2') of the match's side a or b.
    const side = (s: 'a' | 'b'): '1' | '2' => ((s === 'a') !== flip ? '1' : '2');
    const [one, two] = flip ? [m.b!, m.a] : [m.a, m.b];
    const sm: Record<string, unknown> = {
      competitor1: index(one),
      competitor2: two === null ? null : index(two),
      turn: m.round,
      board,
      score1: (flip ? m.result?.b : m.result?.a) ?? 0,
      score2: (flip ? m.result?.a : m.result?.b) ?? 0,
    };
    if (m.b !== null) sm.breaker = side(m.breaker);
    if (m.boards && m.boards.length > 0) sm.boards = m.boards.map((b, i) => solBoard(b, i, side));
    return sm;
  });
}

/** SoL's board: `coinsN` is the opponent's men left when competitor N won the board, so one is 0. */
function solBoard(b: TableBoard, i: number, side: (s: 'a' | 'b') => '1' | '2'): Record<string, unknown> {
  const won = b.winner === null ? null : side(b.winner);
  const coins = b.winner === 'a' ? b.menLeftB : b.menLeftA;
  const s: Record<string, unknown> = { number: i + 1, coins1: won === '1' ? coins : 0, coins2: won === '2' ? coins : 0 };
  if (b.queen) s.queen = side(b.queen);
  return s;
}

const cmp = (p: string, q: string): number => (p < q ? -1 : p > q ? 1 : 0);
