// The tables of the tournament day (docs/tournament.md §1–§4), added in one migration step
// (server/db/migrations.ts): organisers and their sessions, the failed logins (replaced at version 10), the
// tournaments, their entrants, rounds and matches, and the change log.
import type { Sql } from './sql.ts';

export function tournamentSchema(dialect: Sql['dialect']): string[] {
  const serial = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'BIGSERIAL PRIMARY KEY';
  return [
    // `hash` is scrypt's, with its parameters and salt (passwords.ts); never the password.
    `CREATE TABLE carrom_organisers (name TEXT PRIMARY KEY, hash TEXT NOT NULL, added_at TEXT NOT NULL, last_login_at TEXT)`,
    // Only the SHA-256 of a session's token is kept: a copy of the database logs nobody in.
    `CREATE TABLE carrom_sessions (token_hash TEXT PRIMARY KEY, organiser TEXT NOT NULL REFERENCES carrom_organisers(name) ON DELETE CASCADE,
      csrf TEXT NOT NULL, created_at TEXT NOT NULL, seen_at TEXT NOT NULL)`,
    `CREATE TABLE carrom_login_failures (name TEXT NOT NULL, at TEXT NOT NULL)`,
    `CREATE INDEX carrom_login_failures_name ON carrom_login_failures (name, at)`,
    // The fields the core and the pages need are columns; `rules_options` and `table_ids` are JSON.
    `CREATE TABLE carrom_tournaments (id ${serial}, name TEXT NOT NULL, date TEXT NOT NULL, rules TEXT NOT NULL,
      rules_options TEXT NOT NULL, mode TEXT NOT NULL, system TEXT NOT NULL, couplings TEXT NOT NULL, rounds INTEGER NOT NULL,
      phantom_score INTEGER NOT NULL, table_ids TEXT NOT NULL, club TEXT NOT NULL, championship TEXT NOT NULL, log_seq INTEGER NOT NULL)`,
    // `players` is JSON: one, or two for doubles, each {name, firstName, lastName, club, nationality, rating}.
    `CREATE TABLE carrom_entrants (id ${serial}, tournament_id BIGINT NOT NULL REFERENCES carrom_tournaments(id),
      name TEXT NOT NULL, seed INTEGER NOT NULL, players TEXT NOT NULL, withdrawn_after INTEGER, entered_round INTEGER NOT NULL)`,
    `CREATE INDEX carrom_entrants_tournament ON carrom_entrants (tournament_id)`,
    `CREATE TABLE carrom_rounds (tournament_id BIGINT NOT NULL REFERENCES carrom_tournaments(id), round INTEGER NOT NULL,
      status TEXT NOT NULL, published_at TEXT, PRIMARY KEY (tournament_id, round))`,
    `CREATE TABLE carrom_tmatches (id ${serial}, tournament_id BIGINT NOT NULL REFERENCES carrom_tournaments(id), round INTEGER NOT NULL,
      board INTEGER NOT NULL, a BIGINT NOT NULL, b BIGINT, table_id TEXT, breaker TEXT NOT NULL, status TEXT NOT NULL,
      score_a INTEGER, score_b INTEGER, source TEXT, corrected INTEGER NOT NULL)`,
    `CREATE INDEX carrom_tmatches_round ON carrom_tmatches (tournament_id, round)`,
    `CREATE TABLE carrom_changes (tournament_id BIGINT NOT NULL REFERENCES carrom_tournaments(id), seq INTEGER NOT NULL, at TEXT NOT NULL,
      organiser TEXT, table_id TEXT, action TEXT NOT NULL, target TEXT NOT NULL, before_json TEXT NOT NULL, after_json TEXT NOT NULL, reason TEXT,
      PRIMARY KEY (tournament_id, seq))`,
  ];
}

/** The server's side of the table's next match (docs/tournament.md §5), a step of its own (version 6):
 * `assign_counter` is the table's assignment counter (it only grows; a table registered again starts from
 * 0 with its new row), `assign_served` the assignment it last served at that counter (its JSON, or
 * `null`): an answer that differs from it takes the next counter. `record_match` is the carrom_matches row
 * whose records give a drawn match its boards and its result (§5.4); a replay clears it. */
export function assignmentSchema(): string[] {
  return [
    'ALTER TABLE carrom_tables ADD COLUMN assign_counter INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE carrom_tables ADD COLUMN assign_served TEXT',
    'ALTER TABLE carrom_tmatches ADD COLUMN record_match BIGINT',
  ];
}

/** What the organiser sees of the tables during a round (docs/tournament.md §5.5), a step of its own
 * (version 7): `assign_asked_at`, when the table last asked for its next match (its last contact, with
 * its last record's arrival); `carrom_unattached`, the played matches whose records carry a tournament's
 * ids but could not join its draw, one row per played match (`record_match`, a carrom_matches row) with
 * its newest such record and why. A row whose played match attached later is not shown (reports.ts). */
export function reportSchema(): string[] {
  return [
    'ALTER TABLE carrom_tables ADD COLUMN assign_asked_at TEXT',
    `CREATE TABLE carrom_unattached (record_match BIGINT PRIMARY KEY, tournament_id BIGINT NOT NULL, round INTEGER NOT NULL,
      tmatch BIGINT NOT NULL, table_id TEXT NOT NULL, counter BIGINT NOT NULL, received_at TEXT NOT NULL, reason TEXT NOT NULL)`,
    'CREATE INDEX carrom_unattached_tournament ON carrom_unattached (tournament_id)',
  ];
}

/** The login's bound on guessing (docs/tournament.md §2), a step of its own (version 10): one row per
 * name typed at the login and client address it came from (an IPv6 address by its /64), with the wrong
 * passwords counted there since its last good login, and when that address may try that name again.
 * The table `carrom_login_failures` of version 5 (five failures per name, from any address, locked the
 * name for everyone) goes. The bound is in the database so that every process on it keeps it. */
export function loginThrottleSchema(): string[] {
  return [
    `CREATE TABLE carrom_login_throttle (name TEXT NOT NULL, client TEXT NOT NULL, failures INTEGER NOT NULL,
      next_at TEXT NOT NULL, last_at TEXT NOT NULL, PRIMARY KEY (name, client))`,
    'CREATE INDEX carrom_login_throttle_last ON carrom_login_throttle (last_at)',
    'DROP TABLE carrom_login_failures',
  ];
}
