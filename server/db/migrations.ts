// The schema's versions: each migration brings a database from the version before it to its own, in one
// transaction, so that a database is always at one version, never half-way. They run when a store opens
// (`carrom serve` at start, `--add-table`, `--rebuild` …); the version reached is kept in `carrom_schema`,
// one row per step with when it was applied. Version 1 is the schema as it was before it had versions:
// its CREATE … IF NOT EXISTS statements find such a database complete, and only the version is written.
import { assignedSchema, feedSchema, forwardSchema, leaderboardSchema } from './schemas.ts';
import { schema, SIGNATURE_INDEX, type Sql } from './sql.ts';
import { assignmentSchema, loginThrottleSchema, reportSchema, tournamentSchema } from './tournament-schema.ts';

export interface Migration {
  version: number;
  /** What the step adds, for the log and for `carrom_schema`. */
  name: string;
  /** The statements, one each (no `;`-separated lists): run in order in one transaction. */
  up(dialect: Sql['dialect']): string[];
}

export const MIGRATIONS: readonly Migration[] = Object.freeze([
  { version: 1, name: 'tables, matches, records, board rows, forward queue', up: schema },
  {
    version: 2,
    name: 'each board row keeps when it first arrived (the server\'s clock) and the table\'s madeAt of that record',
    // Rows stored before this step have neither: `carrom serve --rebuild` fills them in from the records.
    up: () => ['ALTER TABLE carrom_boards ADD COLUMN received_at TEXT', 'ALTER TABLE carrom_boards ADD COLUMN made_at TEXT'],
  },
  {
    version: 3,
    name: 'one event feed for every process on the database, forwards refused for good, club keys',
    up: (dialect) => [...feedSchema(dialect), ...forwardSchema()],
  },
  {
    version: 4,
    name: 'the leaderboard kept as records arrive: a row per player of each match',
    // Filled from the stored matches when a store opens and finds it empty (server/store/store.ts).
    up: leaderboardSchema,
  },
  {
    version: 5,
    name: 'the tournament day: organisers, sessions, tournaments, entrants, rounds, their matches, the change log',
    up: tournamentSchema,
  },
  {
    version: 6,
    name: 'the table\'s next match: each table\'s assignment counter and the answer it last served, each drawn match\'s records',
    up: assignmentSchema,
  },
  {
    version: 7,
    name: 'what the organiser sees of the tables: when each last asked for its match, the records that could not join the draw',
    up: reportSchema,
  },
  {
    version: 8,
    name: 'each record keeps the tournament match it says it was played for, for the live reads',
    up: assignedSchema,
  },
  {
    version: 9,
    name: "the stored records' signatures in an index of their own, read without the row (SQLite)",
    up: signatureSchema,
  },
  {
    version: 10,
    name: 'the login slows down a guesser by name and address (growing waits), rather than locking a name out for everyone',
    up: loginThrottleSchema,
  },
  {
    version: 11,
    name: "each tournament's delay on its public views and feeds, in minutes (0: live); the records by arrival, for the public's reads",
    // The index: the public's reads ask for the records that came within the longest delay (server/live/delay-reads.ts).
    up: () => ['ALTER TABLE carrom_tournaments ADD COLUMN delay_minutes INTEGER NOT NULL DEFAULT 0', 'CREATE INDEX IF NOT EXISTS carrom_records_received ON carrom_records (received_at)'],
  },
]);

/** Schema version 9: on SQLite, an index of each record's signature by table and counter, so that a
 * retry's look-up (server/post.ts) and the writer's of the record below a new one read the signature
 * from it: in the row the signature comes after the body, so SQLite read the body's 2–40 KiB of
 * overflow pages to reach it. PostgreSQL keeps a large body out of the row (TOAST) and reads the
 * signature without it: no index there, whose upkeep every insert would pay. */
export function signatureSchema(dialect: Sql['dialect']): string[] {
  return dialect === 'sqlite' ? [`CREATE INDEX IF NOT EXISTS ${SIGNATURE_INDEX} ON carrom_records (table_id, counter, signature)`] : [];
}

/** The newest version this code knows. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;

const VERSIONS = 'CREATE TABLE IF NOT EXISTS carrom_schema (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)';

/** The database was opened by a newer version: this one refuses it until the operator runs that one or
 *  restores a backup (`carrom serve` exits 78 on it, docs/server.md §9). */
export class SchemaTooNew extends Error {}

/** Brings the database to the newest of `migrations`: the version it was at, and the one it is at now.
 * A database of a newer version than the code knows is refused (an older `carrom serve` would misread
 * it), and nothing is changed. Two processes opening one database at once apply each step once: on
 * PostgreSQL each step's transaction takes an advisory lock first; on SQLite it begins IMMEDIATE, which
 * takes the write lock. */
export async function migrate(sql: Sql, migrations: readonly Migration[] = MIGRATIONS, now: () => Date = () => new Date()): Promise<{ from: number; to: number }> {
  const newest = migrations[migrations.length - 1].version;
  const versionIn = async (tx: Sql): Promise<number> => {
    if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock(4242)');
    await tx.run(VERSIONS);
    const v = Number((await tx.all('SELECT MAX(version) AS v FROM carrom_schema'))[0].v ?? 0);
    if (v > newest) throw new SchemaTooNew(`the database's schema is version ${v}, newer than this carrom serve knows (${newest}): run the newer carrom serve, or a backup from before it`);
    return v;
  };
  // Most opens find the database up to date: that is read without a write transaction, so a start takes
  // no write lock (nor needs a writable file) when there is nothing to do.
  const exists = sql.dialect === 'postgres' ? "SELECT to_regclass('carrom_schema') IS NOT NULL AS t" : "SELECT COUNT(*) AS t FROM sqlite_master WHERE type = 'table' AND name = 'carrom_schema'";
  const known = (await sql.all(exists))[0].t;
  const seen = known === true || Number(known) === 1 ? Number((await sql.all('SELECT MAX(version) AS v FROM carrom_schema'))[0].v ?? 0) : 0;
  if (seen === newest) return { from: seen, to: seen };
  const from = await sql.transaction(versionIn);
  let at = from;
  for (const step of migrations) {
    if (step.version <= at) continue;
    at = await sql.transaction(async (tx) => {
      // Another process may have applied it since we looked.
      const v = await versionIn(tx);
      if (v >= step.version) return v;
      for (const statement of step.up(tx.dialect)) await tx.run(statement);
      await tx.run('INSERT INTO carrom_schema (version, name, applied_at) VALUES (?, ?, ?)', [step.version, step.name, now().toISOString()]);
      return step.version;
    });
  }
  return { from, to: at };
}
