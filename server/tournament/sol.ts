// A tournament as SoL's `.sol` upload, JSON flavour (docs/tournament.md §9.1): what SoL 4.0's
// Serializer writes and its Deserializer (`load_sol`, sol/models/bio.py) reads back, field for field.
// SoL builds its entities from these dictionaries by keyword, so no field SoL does not know may appear.
import { lastRound, type Entrant, type Match, type Tournament } from './types.ts';
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
  tournament: Omit<Tournament, 'matches'> & { matches: readonly (Match & { boards?: readonly TableBoard[] })[] };
  name: string;
  /** YYYY-MM-DD */
  date: string;
  location?: string | null;
  club: string;
  championship: string;
  /** Each entrant's players, by entrant id: one, or two for doubles. */
  players: ReadonlyMap<string, readonly SolPlayer[]>;
}

/** Splits a name as typed into SoL's first and last names, at the last space. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const t = name.trim();
  const at = t.lastIndexOf(' ');
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
  const finished = t.matches.every((m) => m.round < last || m.result !== null);
  // SoL's competitors hold the ranking as of its `rankedturn`: a round still in play is left out (SoL's
  // own ranking of all rounds stops at a match without a result).
  const rankedTurn = finished ? last : last - 1;
  const rows = new Map(standings(t.entrants, t.matches, { phantomScore: t.phantomScore, throughRound: rankedTurn }).map((s) => [s.id, s]));
  const competitors = entrants.map((e) => {
    const s = rows.get(e.id)!;
    return { players: playerIndexes.get(e.id), points: s.points, netscore: s.netscore, totscore: s.totscore, bucholz: s.bucholz, ...(e.withdrawn ? { retired: true } : {}) };
  });
  const boardOf = new Map<number, number>();
  const matches = t.matches.map((m) => {
    const board = (boardOf.get(m.round) ?? 0) + 1;
    boardOf.set(m.round, board);
    const sm: Record<string, unknown> = {
      competitor1: competitorIndex.get(m.a),
      competitor2: m.b === null ? null : competitorIndex.get(m.b),
      turn: m.round,
      board,
      score1: m.result?.a ?? 0,
      score2: m.result?.b ?? 0,
    };
    if (m.b !== null) sm.breaker = m.breaker === 'a' ? '1' : '2';
    if (m.boards && m.boards.length > 0) sm.boards = m.boards.map(solBoard);
    return sm;
  });
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
const solIdentity = (p: SolPlayer): string => [p.lastName, p.firstName, p.nickname ?? ''].map((s) => s.split(/\s+/).filter(Boolean).join(' ').toLowerCase()).join('\u0000');

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
  if (p.nickname) s.nickname = p.nickname;
  if (p.nationality && /^[A-Z]{3}$/.test(p.nationality)) s.nationality = p.nationality;
  if (p.club) s.club = clubIndex(p.club);
  return s;
}

/** SoL's board: `coinsN` is the opponent's men left when competitor N won the board, so one is 0. */
function solBoard(b: TableBoard, i: number): Record<string, unknown> {
  const s: Record<string, unknown> = { number: i + 1, coins1: b.winner === 'a' ? b.menLeftB : 0, coins2: b.winner === 'b' ? b.menLeftA : 0 };
  if (b.queen) s.queen = b.queen === 'a' ? '1' : '2';
  return s;
}

const cmp = (p: string, q: string): number => (p < q ? -1 : p > q ? 1 : 0);
