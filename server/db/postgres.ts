// PostgreSQL through pg, chosen by a postgres:// URL: the same schema and statements as SQLite
// (placeholders become $1, $2 …). Every session of ours runs with synchronous_commit = on, so a commit is
// durable whatever the cluster's or the database's default, and with timeouts, so that nothing waits for
// ever. A connection that breaks (PostgreSQL restarted, the network gone) is dropped and a new one made
// at the next statement: while the database is away every statement fails as DatabaseUnavailable (the
// server answers 503), and the server goes on by itself once it is back.
import type pg from 'pg';
import { DatabaseUnavailable, type Row, type Sql } from './sql.ts';

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** How long our sessions wait, in milliseconds (docs/server.md, "PostgreSQL"). */
export interface PostgresTimeouts {
  /** For a connection to be made, or for a free one of the pool's. */
  connect: number;
  /** For one statement, on the server's side. */
  statement: number;
  /** For a row lock (another process storing a record of the same table). */
  lock: number;
  /** For an answer to a statement, on our side: a server that no longer answers at all. */
  query: number;
}

/** Which statements of a session are prepared (named): all (the storing transactions'), or the reads
 * outside them that take parameters and name their columns. */
type Prepare = 'all' | 'reads';

/** Statement texts prepared at most (each on every connection that runs it). */
const PREPARED_MAX = 1000;

export const POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = Object.freeze({ connect: 5_000, statement: 10_000, lock: 5_000, query: 15_000 });

/** SQLSTATE classes and codes that say the database is away or busy for now, not that the statement is
 * wrong: connection exceptions, too many connections or no disk space, shutdown or restart, a statement
 * or lock timeout, a serialization failure or deadlock. */
const PASSING_CLASSES = ['08', '53', '57P', '40'];
const PASSING_CODES = new Set(['57014', '55P03']);
/** Errors of the socket or of pg itself before any SQLSTATE came. */
const PASSING_MESSAGES = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/;

/** `e` as DatabaseUnavailable when it is a passing fault of the database, else unchanged. */
export function classifyPostgres(e: unknown): unknown {
  if (e instanceof DatabaseUnavailable || !(e instanceof Error)) return e;
  const code = String((e as { code?: unknown }).code ?? '');
  // PostgreSQL's own errors carry a severity and a SQLSTATE; the socket's (EPIPE …) a Node error code.
  const fromServer = 'severity' in e;
  const passing = fromServer ? PASSING_CODES.has(code) || PASSING_CLASSES.some((c) => code.startsWith(c)) : PASSING_MESSAGES.test(`${code} ${e.message}`);
  return passing ? new DatabaseUnavailable(`PostgreSQL is unavailable: ${e.message}`, { cause: e }) : e;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw classifyPostgres(e);
  }
}

/**
 * Whether the server compresses with lz4 (PostgreSQL 14 and later, when built with it). Bodies (2–256 KiB
 * of JSON) are compressed as they are stored, and lz4 takes a tenth of the CPU of the default pglz (on a
 * 48 KiB log; some 40 % more bytes on the disk); a server without it keeps its default. Asked once, on a connection of its own,
 * so that the pool's sessions can start with it; a server that cannot be reached is found out next.
 */
async function hasLz4(pg: typeof import('pg').default, connectionString: string, timeouts: PostgresTimeouts): Promise<boolean> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: timeouts.connect, query_timeout: timeouts.query });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query("SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)");
    return rows.length === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function openPostgres(url: string, timeouts: PostgresTimeouts = POSTGRES_TIMEOUTS, log: (line: string) => void = (line) => void process.stderr.write(`carrom serve: ${line}\n`)): Promise<Sql> {
  const { default: pg } = await import('pg');
  /** BIGINT arrives as text from pg; our counters and ids are safe integers. */
  const types = { getTypeParser: ((oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };
  // The URL's own `options` would replace ours (pg lets the URL's parameters win): it is kept, ours after it.
  const given = /[?&]options=([^&]*)/.exec(url);
  const connectionString = given ? url.replace(/([?&])options=[^&]*&?/, '$1').replace(/[?&]$/, '') : url;
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types,
    connectionTimeoutMillis: timeouts.connect,
    statement_timeout: timeouts.statement,
    lock_timeout: timeouts.lock,
    query_timeout: timeouts.query,
    // A transaction left open by a stuck process must not hold its locks for ever.
    idle_in_transaction_session_timeout: 4 * timeouts.statement,
    // Startup options, so that they hold from the session's first statement and over the database's defaults.
    // lz4 and the plans first, so that the URL's own may say otherwise; synchronous_commit last, so that none can.
    options: `${(await hasLz4(pg, connectionString, timeouts)) ? '-c default_toast_compression=lz4 ' : ''}-c plan_cache_mode=force_generic_plan ${given ? `${decodeURIComponent(given[1].replace(/\+/g, ' '))} ` : ''}-c synchronous_commit=on`,
    keepAlive: true,
  });
  // A connection that breaks while idle in the pool (PostgreSQL stopped) is an 'error' event: without a
  // listener it would end the process. The pool drops that connection; the next statement makes a new one.
  let said = false;
  pool.on('error', (e) => {
    if (!said) log(`PostgreSQL connection lost (${e.message}); a new one is made at the next statement`);
    said = true;
  });
  pool.on('connect', (client) => {
    said = false;
    // A connection in use whose socket breaks emits 'error' on the client, not the pool.
    client.on('error', () => undefined);
  });
  // The storing transactions' statements are prepared: PostgreSQL parses and plans each text once per
  // connection, not at every batch. Once: the sessions use the plan made without the parameters' values
  // (plan_cache_mode = force_generic_plan), where by default each of a text's first five runs is
  // planned again for its values and then as long as that looks cheaper, which it did for most of ours
  // (a batch's look-up of its records' neighbours took longer to plan than to run). Every statement of
  // ours finds its rows by a key, whatever the values. Most texts depend on the batch's size, so there
  // are a few hundred; past PREPARED_MAX texts the others go unprepared, so that the backends' memory
  // stays bounded.
  // Each text is numbered once, not at every statement (a regular expression over statements of hundreds
  // of placeholders, a share of the server's CPU per record): by the text as written, up to PREPARED_MAX.
  const known = new Map<string, { text: string; name?: string }>();
  let named = 0;
  const statement = (sql: string, params: readonly unknown[], prepare: Prepare) => {
    let s = known.get(sql);
    if (s === undefined) {
      s = { text: numbered(sql) };
      if (known.size < PREPARED_MAX) known.set(sql, s);
    }
    const wanted = prepare === 'all' || (params.length > 0 && !sql.includes('SELECT *'));
    if (wanted && s.name === undefined && known.get(sql) === s) s.name = `carrom_${named++}`;
    return { name: s.name, text: s.text, values: params as unknown[] };
  };
  const on = (client: pg.Pool | pg.PoolClient, prepare: Prepare): Sql => ({
    dialect: 'postgres',
    all: (sql, params = []) => guarded(async () => (await client.query(statement(sql, params, prepare))).rows as Row[]),
    run: (sql, params = []) => guarded(async () => void (await client.query(statement(sql, params, prepare)))),
    transaction: () => Promise.reject(new Error('nested transaction')),
    close: async () => undefined,
  });
  // Statements outside a transaction are the posts' reads (a stored record's signature at every post,
  // a table's secret once a second: more statements than the storing transactions take per record)
  // and the pages': prepared too when they take parameters, so that PostgreSQL does not parse and plan
  // the same text at every post. Those without (the migrations' DDL) are sent as they are, and so is a `SELECT *`
  // (a prepared one fails once another process's migration has added a column: "cached plan must not
  // change result type").
  const base = on(pool, 'reads');
  return {
    ...base,
    transaction: async (work) => {
      const client = await guarded(() => pool.connect());
      let broken: Error | undefined;
      try {
        // One round trip: the transaction, and no sequential scan where an index finds the rows. Its
        // statements are planned once per connection and kept (plan_cache_mode, above), often while
        // the tables are small (a new club's first records, a database just made): a plan that read a
        // table of a few rows whole would be kept while it grows to a season's.
        await guarded(() => client.query('BEGIN; SET LOCAL enable_seqscan = off'));
        const out = await work(on(client, 'all'));
        await guarded(() => client.query('COMMIT'));
        return out;
      } catch (e) {
        // A connection whose ROLLBACK fails is not given back to the pool but closed.
        await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        throw e;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
