// A tournament's state as the core takes it (server/tournament/types.ts), read from the database: its
// entrants and every match drawn, round by round in board order (a knockout draws its next round from
// that order).
import type { Row, Sql } from '../db/sql.ts';
import type { Entrant, Match, Tournament } from '../tournament/types.ts';
import { fieldsOf, tournamentRow, type TournamentFields } from './tournaments.ts';

export interface StoredMatch extends Match {
  id: number;
  board: number;
  status: 'waiting' | 'assigned' | 'playing' | 'finished' | 'refused';
  source: 'bye' | 'table' | 'hand' | 'walkover' | null;
  corrected: boolean;
  /** The carrom_matches row whose records give it its boards (§5.4), or null. */
  recordMatch: number | null;
}

export function storedMatch(r: Row): StoredMatch {
  return {
    id: Number(r.id), round: Number(r.round), board: Number(r.board), a: String(r.a), b: r.b === null ? null : String(r.b),
    table: r.table_id === null ? null : String(r.table_id), breaker: String(r.breaker) as 'a' | 'b',
    result: r.score_a === null ? null : { a: Number(r.score_a), b: Number(r.score_b) },
    status: String(r.status) as StoredMatch['status'], source: r.source === null ? null : (String(r.source) as StoredMatch['source']), corrected: Number(r.corrected) === 1,
    recordMatch: r.record_match === null || r.record_match === undefined ? null : Number(r.record_match),
  };
}

/** Every match of the tournament (`round` undefined), or of one round. `published`: only the published
 * rounds' (a draft's byes are not results yet: the standings and the exports leave a draft out). */
export async function matchesOf(sql: Sql, tournament: number, round?: number, published = false): Promise<StoredMatch[]> {
  const only = published ? " AND round IN (SELECT round FROM carrom_rounds r WHERE r.tournament_id = carrom_tmatches.tournament_id AND r.status = 'published')" : '';
  const rows = round === undefined
    ? await sql.all(`SELECT * FROM carrom_tmatches WHERE tournament_id = ?${only} ORDER BY round, board`, [tournament])
    : await sql.all('SELECT * FROM carrom_tmatches WHERE tournament_id = ? AND round = ? ORDER BY board', [tournament, round]);
  return rows.map(storedMatch);
}

/** The tournament's field. One withdrawn before round 1 (`withdrawn_after` 0, kept by a server older than
 * the removal, entrants.ts) never played: it is left out, as if removed, of the draw, the standings and the
 * exports. */
export async function entrantsOf(sql: Sql, tournament: number): Promise<Entrant[]> {
  const rows = await sql.all('SELECT id, name, seed, withdrawn_after FROM carrom_entrants WHERE tournament_id = ? AND (withdrawn_after IS NULL OR withdrawn_after > 0) ORDER BY seed', [tournament]);
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), seed: Number(r.seed), withdrawn: r.withdrawn_after !== null }));
}

export async function stateOf(sql: Sql, tournament: number, lock = false, published = false): Promise<{ fields: TournamentFields; state: Tournament & { matches: StoredMatch[] } }> {
  const fields = fieldsOf(await tournamentRow(sql, tournament, lock));
  const state = {
    system: fields.system, couplings: fields.couplings, phantomScore: fields.phantomScore, tables: fields.tables,
    entrants: await entrantsOf(sql, tournament), matches: await matchesOf(sql, tournament, undefined, published),
  };
  return { fields, state };
}
