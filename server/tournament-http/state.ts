// A tournament's state as the core takes it (server/tournament/types.ts), read from the database: its
// entrants and every match drawn, round by round in board order (a knockout draws its next round from
// that order).
import type { Sql } from '../db/sql.ts';
import type { Entrant, Tournament } from '../tournament/types.ts';
import { storedMatch, type StoredMatch } from '../tournament/stored.ts';
import { fieldsOf, tournamentRow, type TournamentFields } from './tournaments.ts';

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
