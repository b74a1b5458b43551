// The club's JSON reads as the pages' script reads them (docs/server.md): the types the handlers answer
// with (server/club/api.ts, `satisfies`) and the browser code (server/pages/browser/) reads, so that a field
// renamed on one side fails `npm run typecheck` on the other. Types only: no Node, nothing at run time.
import type { State } from '../../src/rules/state.ts';

/** A table's newest record's state, as the results server keeps it (src/rules' State, as JSON). */
export type StateJson = State;

/** The tournament's match a record was played for (docs/tournament.md §5.4), when it says. */
export interface AssignedJson {
  tournament: number;
  round: number;
  match: number;
}

/** A table and its newest record (GET /api/v1/tables); the record's fields null before its first. */
export interface TableJson {
  table: string;
  addedAt: string;
  counter: number | null;
  kind: string | null;
  firmware: string | null;
  match: number | null;
  players: string[] | null;
  state: StateJson | null;
  receivedAt: string | null;
  madeAt: string | null;
  /** The players started a new match before this one ended. */
  abandoned: boolean;
  assigned?: AssignedJson;
}

export interface TablesAnswer {
  tables: TableJson[];
  next: string | null;
}

/** A record the federation refused (GET /api/v1/forwarding, the `forward-refused` event). */
export interface RefusedForwardJson {
  table: string;
  counter: number;
  status: number;
  answer: string;
  refusedAt: string;
}

export interface ForwardingAnswer {
  pending: number;
  refused: RefusedForwardJson[];
}

/** A finished board: the contract's fields, then SoL's per-board ones (turns, shots) and the colours the
 *  men left belong to. */
export interface BoardJson {
  game: number;
  board: number;
  breaker: number;
  winner: number | null;
  points: number;
  queen: number | null;
  menLeft0: number | null;
  menLeft1: number | null;
  turns: number;
  shots: number;
  colour0: string | null;
  colour1: string | null;
}

/** A finished board of a match, with when it came. */
export interface BoardRowJson extends BoardJson {
  receivedAt: string | null;
  madeAt: string | null;
}

/** A match of a table (GET /api/v1/matches/<table>). */
export interface MatchJson {
  id: number;
  table: string;
  players: string[];
  rules: string;
  mode: string;
  counter: number;
  over: boolean;
  abandoned: boolean;
  updatedAt: string;
  state: StateJson;
  boards: (BoardRowJson & { counter: number })[];
}

export interface MatchesAnswer {
  table: string;
  matches: MatchJson[];
  next: number | null;
}

/** A player's line of the leaderboard (GET /api/v1/leaderboard). */
export interface LeaderJson {
  player: string;
  matches: number;
  matchesWon: number;
  boards: number;
  boardsWon: number;
  points: number;
}

export interface LeaderboardAnswer {
  players: LeaderJson[];
}

/** A `record` event of GET /api/v1/events: a record as it was stored (server/post.ts). */
export interface RecordEventJson {
  table: string;
  counter: number;
  kind: string;
  match: number;
  players: string[];
  state: StateJson;
  receivedAt: string;
  madeAt: string | null;
  /** Only when true: the players started a new match before this one ended. */
  abandoned?: true;
  assigned?: AssignedJson;
}
