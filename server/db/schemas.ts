// The tables the features keep beside the base schema (server/db/sql.ts), as the statements that
// make them: the migrations (server/db/migrations.ts) read them here, below every feature that writes
// them, so that the database's versions import nothing above the database. The tournament's tables are
// in server/db/tournament-schema.ts.
import type { Sql } from './sql.ts';

/** The feed's table (schema version 3; written by server/store/feed.ts). */
export function feedSchema(dialect: Sql['dialect']): string[] {
  const serial = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'BIGSERIAL PRIMARY KEY';
  return [`CREATE TABLE IF NOT EXISTS carrom_events (seq ${serial}, event TEXT NOT NULL, data TEXT NOT NULL)`];
}

/** The tables forwarding adds (schema version 3): refused forwards and the clubs' keys (server/store/forward-store.ts). */
export function forwardSchema(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS carrom_forward_refused (table_id TEXT NOT NULL, counter BIGINT NOT NULL, status INTEGER NOT NULL,
      answer TEXT NOT NULL, refused_at TEXT NOT NULL, PRIMARY KEY (table_id, counter))`,
    `CREATE TABLE IF NOT EXISTS carrom_clubs (id TEXT PRIMARY KEY, secret TEXT NOT NULL, added_at TEXT NOT NULL)`,
  ];
}

/** The leaderboard's table, schema version 4 (server/store/standings.ts keeps it): a row per player of each match. */
export function leaderboardSchema(): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS carrom_match_players (match_id BIGINT NOT NULL REFERENCES carrom_matches(id), idx INTEGER NOT NULL,
      player TEXT NOT NULL, matches INTEGER NOT NULL, matches_won INTEGER NOT NULL, boards INTEGER NOT NULL,
      boards_won INTEGER NOT NULL, points INTEGER NOT NULL, PRIMARY KEY (match_id, idx))`,
    `CREATE INDEX IF NOT EXISTS carrom_match_players_player ON carrom_match_players (player)`,
  ];
}

/** Schema version 8: `carrom_records.assigned` (server/records/assigned.ts), filled in for the records
 * stored before it that carry the fields (a body without the text `"tournament"` has no such field and is not parsed; one inside the log string is
 * escaped, `\"tournament\"`, and does not match). */
export function assignedSchema(dialect: Sql['dialect']): string[] {
  const fill = dialect === 'sqlite'
    ? `UPDATE carrom_records SET assigned = json_object('tournament', json_extract(body, '$.tournament'), 'round', json_extract(body, '$.round'), 'match', json_extract(body, '$.match'))
       WHERE instr(body, '"tournament"') > 0 AND json_extract(body, '$.tournament') IS NOT NULL`
    : `UPDATE carrom_records SET assigned = json_build_object('tournament', body::json->'tournament', 'round', body::json->'round', 'match', body::json->'match')::text
       WHERE position('"tournament"' in body) > 0 AND body::json->'tournament' IS NOT NULL`;
  return ['ALTER TABLE carrom_records ADD COLUMN assigned TEXT', fill];
}
