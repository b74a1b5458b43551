// The little SQL both storage engines share: statements with `?` placeholders, rows as plain objects,
// and a transaction that commits (durably) or rolls back as a whole.

export type Row = Record<string, unknown>;

export interface Sql {
  readonly dialect: 'sqlite' | 'postgres';
  all(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  run(sql: string, params?: readonly unknown[]): Promise<void>;
  /** Runs `work` in one transaction. PostgreSQL also takes the row lock of `lockTable` at its start. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Resolves once every commit a read may have seen is on the disk. Where a commit is durable before
   * anyone can read it (PostgreSQL with synchronous_commit on), there is none. */
  durable?(): Promise<void>;
  close(): Promise<void>;
}

/** The schema, the same on both engines but for the auto-numbered key. Names are prefixed so that a
 * PostgreSQL database can hold other things too. */
export function schema(dialect: Sql['dialect']): string[] {
  const serial = dialect === 'sqlite' ? 'INTEGER PRIMARY KEY' : 'BIGSERIAL PRIMARY KEY';
  return [
    `CREATE TABLE IF NOT EXISTS carrom_tables (id TEXT PRIMARY KEY, secret TEXT NOT NULL, added_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS carrom_matches (id ${serial}, table_id TEXT NOT NULL REFERENCES carrom_tables(id),
      header TEXT NOT NULL, players TEXT NOT NULL, rules TEXT NOT NULL, mode TEXT NOT NULL,
      newest_counter BIGINT NOT NULL, state TEXT NOT NULL, over INTEGER NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS carrom_records (table_id TEXT NOT NULL REFERENCES carrom_tables(id), counter BIGINT NOT NULL,
      match_id BIGINT NOT NULL REFERENCES carrom_matches(id), kind TEXT NOT NULL, firmware TEXT NOT NULL,
      body TEXT NOT NULL, signature TEXT NOT NULL, made_at TEXT, received_at TEXT NOT NULL,
      PRIMARY KEY (table_id, counter))`,
    `CREATE TABLE IF NOT EXISTS carrom_boards (match_id BIGINT NOT NULL REFERENCES carrom_matches(id), idx INTEGER NOT NULL,
      counter BIGINT NOT NULL, game INTEGER NOT NULL, board INTEGER NOT NULL, breaker INTEGER NOT NULL, winner INTEGER,
      points INTEGER NOT NULL, queen INTEGER, men_left0 INTEGER, men_left1 INTEGER, turns INTEGER NOT NULL,
      shots INTEGER NOT NULL, colour0 TEXT, colour1 TEXT, PRIMARY KEY (match_id, idx))`,
    `CREATE TABLE IF NOT EXISTS carrom_forward (table_id TEXT NOT NULL, counter BIGINT NOT NULL, attempts INTEGER NOT NULL,
      next_at BIGINT NOT NULL, last_error TEXT, PRIMARY KEY (table_id, counter))`,
    `CREATE INDEX IF NOT EXISTS carrom_matches_table ON carrom_matches (table_id)`,
  ];
}

/** The index of the records' signatures by table and counter (SQLite, schema version 9: server/db/migrations.ts). */
export const SIGNATURE_INDEX = 'carrom_records_signature';

/** A storing or reading failure that is the database's and passes (the connection lost, a lock not
 * obtained in time, a timeout): the server answers 503 with Retry-After and the table sends again later.
 * Any other error is a 500. Either way the error is logged with its stack. */
export class DatabaseUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** Parameters in one statement at most: PostgreSQL takes 65,535, SQLite 32,766. */
export const MAX_PARAMS = 30_000;

/**
 * `rows` (each `width` values) into one table with as few statements as the engines' parameter limits
 * allow: `head` is `INSERT INTO t (a, b)`, `tail` an optional `ON CONFLICT …` and `RETURNING …`, whose
 * rows come back in the order of `rows`' statements; `one` is a row's placeholders, `(?, ?, …)` unless
 * given. One round trip to PostgreSQL for many rows instead of one each.
 */
export async function insertRows(tx: Sql, head: string, width: number, rows: readonly (readonly unknown[])[], tail = '', one = `(${new Array(width).fill('?').join(', ')})`): Promise<Row[]> {
  const out: Row[] = [];
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  for (let from = 0, n = 0; from < rows.length; from += n) {
    // SQLite compiles a statement once for each text and keeps it (server/db/sqlite.ts): there the rows
    // go in chunks of powers of two, so that a few texts serve any number of rows. Each is a round trip
    // to PostgreSQL, which takes them all at once.
    n = Math.min(per, rows.length - from);
    if (tx.dialect === 'sqlite') n = 2 ** Math.floor(Math.log2(n));
    const chunk = rows.slice(from, from + n);
    const text = `${head} VALUES ${chunk.map(() => one).join(', ')} ${tail}`;
    if (/\bRETURNING\b/.test(tail)) out.push(...(await tx.all(text, chunk.flat())));
    else await tx.run(text, chunk.flat());
  }
  return out;
}

/** `?, ?, ?` for `n` values, as in `WHERE id IN (…)`. */
export const marks = (n: number): string => new Array(n).fill('?').join(', ');
