// The tournament's reads that come from the core (docs/tournament.md §7, §9): the standings after a
// round, SoL's `.sol`, and the CSV of pairings and standings.
import type { Sql } from '../db/sql.ts';
import { pairingsCsv, standingsCsv } from '../tournament/csv.ts';
import { solDump, type SolPlayer } from '../tournament/sol.ts';
import { standings, type Standing } from '../tournament/standings.ts';
import { TournamentError } from '../tournament/types.ts';
import { Refusal } from './answer.ts';
import { listEntrants } from './entrants.ts';
import { boardsOf } from './rounds.ts';
import { matchesOf, stateOf } from './state.ts';
import type { StoredMatch } from '../tournament/stored.ts';
import { currentRound } from './tournaments.ts';

/** `?round=N` as given (1 … the current round), or the current round. */
export async function roundParam(sql: Sql, tournament: number, given: string | null): Promise<number> {
  const current = await currentRound(sql, tournament);
  if (given === null) return current;
  if (!/^\d{1,4}$/.test(given) || Number(given) < 1 || Number(given) > current) throw new Refusal(400, `round: ${JSON.stringify(given)} is not a round drawn (1 to ${current})`);
  return Number(given);
}

export async function standingsAfter(sql: Sql, tournament: number, round: number): Promise<Standing[]> {
  const { state } = await stateOf(sql, tournament, false, true);
  return standings(state.entrants, state.matches, { throughRound: round, phantomScore: state.phantomScore });
}

/** Which results the standings after round `round` count (docs/tournament.md §7): every round up to
 * `complete` whole, and of round `round` itself, when it is not whole, `results` of its `matches`
 * (byes aside; 0 of them for a draft, which counts nothing). */
export interface Counted {
  complete: number;
  partial: { round: number; results: number; matches: number } | null;
}

export async function countedAfter(sql: Sql, tournament: number, round: number): Promise<Counted> {
  if (round === 0) return { complete: 0, partial: null };
  const ms = (await matchesOf(sql, tournament, round)).filter((m) => m.b !== null);
  const draft = (await sql.all("SELECT round FROM carrom_rounds WHERE tournament_id = ? AND round = ? AND status = 'draft'", [tournament, round])).length > 0;
  const results = draft ? 0 : ms.filter((m) => m.result !== null).length;
  // The rounds before the last are whole: the next is drawn only once every result of one is in.
  return results === ms.length && !draft ? { complete: round, partial: null } : { complete: round - 1, partial: { round, results, matches: ms.length } };
}

const clubs = async (sql: Sql, tournament: number) => new Map((await listEntrants(sql, tournament)).flatMap((e) => (e.players[0]?.club ? [[e.id, e.players[0].club] as const] : [])));

export async function standingsCsvOf(sql: Sql, tournament: number, round: number): Promise<string> {
  return standingsCsv(await standingsAfter(sql, tournament, round), await clubs(sql, tournament));
}

export async function pairingsCsvOf(sql: Sql, tournament: number, round: number): Promise<string> {
  const { state } = await stateOf(sql, tournament);
  // A replayed match names the table it was played on before, from the change log (the latest replay).
  const replays = new Map<number, string>();
  for (const c of await sql.all("SELECT target, before_json FROM carrom_changes WHERE tournament_id = ? AND action = 'replay' ORDER BY seq", [tournament])) {
    replays.set(Number(JSON.parse(String(c.target)).match), String(JSON.parse(String(c.before_json)).table));
  }
  const matches = round === 0 ? [] : await matchesOf(sql, tournament, round);
  return pairingsCsv(matches.map((m) => ({ ...m, replayedFrom: replays.get(m.id) ?? null })), state.entrants);
}

export async function solOf(sql: Sql, tournament: number): Promise<string> {
  const { fields, state } = await stateOf(sql, tournament, false, true);
  const players = new Map<string, SolPlayer[]>((await listEntrants(sql, tournament)).map((e) => [e.id, e.players.map((p) => ({ firstName: p.firstName, lastName: p.lastName, nationality: p.nationality, club: p.club }))]));
  // The boards the tables reported (§5.4), as SoL keeps them: side 0 of a board row is the match's `a`.
  const boards = await boardsOf(sql, state.matches);
  const side = (n: number | null): 'a' | 'b' | null => (n === 0 ? 'a' : n === 1 ? 'b' : null);
  const matches = (state.matches as StoredMatch[]).map((m) => {
    const rows = boards.get(m.id);
    return rows ? { ...m, boards: rows.map((b) => ({ winner: side(b.winner), menLeftA: b.menLeft0 ?? 0, menLeftB: b.menLeft1 ?? 0, queen: side(b.queen) })) } : m;
  });
  try {
    return solDump({ tournament: { ...state, matches }, name: fields.name, date: fields.date, club: fields.club, championship: fields.championship, players });
  } catch (e) {
    // What SoL cannot keep (a pair's third meeting): the organiser is told which.
    if (e instanceof TournamentError) throw new Refusal(409, e.message);
    throw e;
  }
}
