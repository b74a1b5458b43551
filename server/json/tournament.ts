// The tournament's JSON interface (docs/tournament.md §3, §4, §5.5) as the pages read it: the types its
// handlers answer with (server/tournament-http/routes.ts, `satisfies`) and the browser code
// (server/pages/browser/) reads, so that a field renamed on one side fails `npm run typecheck` on the
// other. Types only: no Node, nothing at run time.
import type { BoardRowJson } from './club.ts';

export type SystemJson = 'swiss' | 'knockout' | 'all-play-all';

/** A tournament (GET /api/v1/tournaments/<id>). */
export interface TournamentJson {
  id: number;
  name: string;
  date: string;
  rules: string;
  options: Record<string, unknown>;
  mode: 'singles' | 'doubles';
  system: SystemJson;
  couplings: 'serial' | 'dazed' | 'staggered';
  rounds: number;
  phantomScore: number;
  tables: string[];
  club: string;
  championship: string;
  /** Minutes the public views and feeds lag behind (0 to 60; docs/tournament.md §8.2). */
  delay: number;
  status: 'registration' | 'running' | 'finished';
  currentRound: number;
  lastRound: number | null;
}

export interface TournamentAnswer {
  tournament: TournamentJson;
}

/** GET /api/v1/tournaments: the list. */
export interface TournamentsAnswer {
  tournaments: Pick<TournamentJson, 'id' | 'name' | 'date' | 'system' | 'status' | 'currentRound'>[];
}

/** A player of an entrant (a team in doubles has two). */
export interface EntryPlayerJson {
  name: string;
  firstName: string;
  lastName: string;
  club: string | null;
  nationality: string | null;
  rating: number | null;
}

export interface EntrantJson {
  id: string;
  name: string;
  seed: number;
  players: EntryPlayerJson[];
  withdrawn: boolean;
  withdrawnAfterRound: number | null;
  enteredRound: number;
}

export interface EntrantsAnswer {
  entrants: EntrantJson[];
}

/** POST …/entrants (one entered by hand). */
export interface EntrantAnswer {
  entrant: EntrantJson;
}
/** POST …/entrants.csv (the whole list from a CSV). */
export type EntrantsImported = EntrantsAnswer;

export type MatchStatusJson = 'waiting' | 'assigned' | 'playing' | 'finished' | 'refused';

/** A drawn match (§3.3); `boards` the board rows of its table's records, side 0 being `a`. */
export interface DrawnMatchJson {
  id: number;
  board: number;
  a: string;
  b: string | null;
  table: string | null;
  breaker: 'a' | 'b';
  status: MatchStatusJson;
  result: { a: number; b: number } | null;
  source: 'bye' | 'table' | 'hand' | 'walkover' | null;
  boards: readonly BoardRowJson[];
  corrected: boolean;
}

export interface RoundJson {
  round: number;
  status: 'draft' | 'published' | 'finished';
  matches: DrawnMatchJson[];
}

/** GET …/rounds/<n>, and the answers of the writes on a round. */
export interface RoundAnswer {
  round: RoundJson;
}

/** An entry of the change log (§4). */
export interface ChangeJson {
  seq: number;
  at: string;
  organiser?: string;
  table?: string;
  action: string;
  target: { round?: number; match?: number; entrant?: number };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
}

export interface LogAnswer {
  changes: ChangeJson[];
}

/** An entrant's line of the standings (§7). */
export interface StandingJson {
  /** 1 for the first; every entrant has a rank of their own (the seed breaks the last tie). */
  rank: number;
  id: string;
  name: string;
  seed: number;
  withdrawn: boolean;
  points: number;
  bucholz: number;
  netscore: number;
  totscore: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  byes: number;
}

/** Which results the standings count (§7): every round to `complete`, and part of the one in play. */
export interface CountedJson {
  complete: number;
  partial: { round: number; results: number; matches: number } | null;
}

/** GET …/standings?round=<n>. */
export interface StandingsAnswer {
  round: number;
  counted: CountedJson;
  standings: StandingJson[];
}

export interface BracketMatchJson {
  board: number;
  a: string | null;
  b: string | null;
  from: [number, number] | null;
  winner: string | null;
  match: DrawnMatchJson | null;
}

export interface BracketJson {
  size: number;
  rounds: { round: number; drawn: boolean; matches: BracketMatchJson[] }[];
}

/** GET …/bracket (a knockout's). */
export interface BracketAnswer {
  bracket: BracketJson;
}

interface RankedJson {
  place: number;
  id: string;
  name: string;
  seed: number;
  withdrawn: boolean;
}
/** A knockout's place: `out` the round lost in, null for the winner and those still in. */
export interface KnockoutPlaceJson extends RankedJson {
  out: number | null;
}
/** A Swiss's or an all-play-all's place, by the standings. */
export interface PointsPlaceJson extends RankedJson {
  points: number;
  bucholz: number;
  netscore: number;
  totscore: number;
}

/** GET …/ranking. */
export interface RankingAnswer {
  system: SystemJson;
  final: boolean;
  round: number;
  /** A knockout's places, else the standings' (a place of either kind says which it is). */
  ranking: KnockoutPlaceJson[] | PointsPlaceJson[];
}

/** A table's contacts: its last record, its last ask for its next match, the later of the two. */
interface ContactJson {
  lastRecordAt: string | null;
  lastAskedAt: string | null;
  lastContact: string | null;
}

/** A match whose table has not reported, or is in play (§5.5). */
export interface OpenMatchJson extends ContactJson {
  round: number;
  match: number;
  board: number;
  table: string | null;
  a: string;
  b: string | null;
  status: MatchStatusJson;
  publishedAt: string | null;
  sincePublished: number | null;
}

/** GET …/tables: the organiser's report of the tables, as of the server's `now`. */
export interface TablesReportAnswer {
  now: string;
  notReported: OpenMatchJson[];
  playing: (OpenMatchJson & { matchRecordAt: string | null })[];
  refused: { match: number; round: number | null; table: string; at: string; reason: string | null; a: string | null; b: string | null; status: MatchStatusJson | null; tableNow: string | null }[];
  unattached: { table: string; counter: number; receivedAt: string; round: number; match: number; reason: string }[];
}

// The organiser's writes' bodies (§3, §4) as the pages send them. The server checks every value (a field
// left out is named in its refusal) and takes these names only: its lists of them are typed by these.

/** POST /api/v1/tournaments, PATCH …/<id>. */
export type TournamentBody = Partial<Pick<TournamentJson, 'name' | 'date' | 'rules' | 'options' | 'mode' | 'system' | 'couplings' | 'rounds' | 'phantomScore' | 'tables' | 'club' | 'championship' | 'delay'>>;
/** A player of an entrant as entered. */
export interface PlayerBody {
  name?: string;
  firstName?: string;
  lastName?: string;
  club?: string;
  nationality?: string;
  rating?: number;
}
/** POST …/entrants (a player, or a team's `players`), PATCH …/entrants/<id> (or `withdrawn` alone). */
export interface EntrantBody extends PlayerBody {
  players?: PlayerBody[];
  seed?: number;
  withdrawn?: true;
}
/** POST …/rounds/<n>/swap. */
export interface SwapBody {
  entrants: string[];
  rematch?: boolean;
}
/** POST …/rounds/<n>/move. */
export interface MoveBody {
  match: number;
  table: string;
}
/** POST …/matches/<id>/result, …/walkover, …/replay. */
export interface ResultBody {
  a?: number;
  b?: number;
  reason?: string;
}
export interface WalkoverBody {
  winner?: 'a' | 'b';
  reason?: string;
}
export interface ReplayBody {
  table?: string;
  reason?: string;
}

/** GET /api/v1/session: the organiser's session, or `{organiser: null}` for a visitor. */
export type SessionAnswer = { organiser: string; csrf: string; expiresAt: string } | { organiser: null; csrf?: undefined };
