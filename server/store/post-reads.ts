// The reads a post makes on the event loop before its body is replayed (server/post.ts): a table's
// secret, kept in memory for a while, and a stored record's signature (every post: is it a retry?) or
// body. On PostgreSQL those asked in one turn of the event loop go in one statement. Part of the Store
// (store.ts), as forward-store.ts's reads are.
import { SIGNATURE_INDEX, type Row, type Sql } from '../db/sql.ts';

export interface PostReads {
  /** The table's secret, or null for a table not registered. A secret found is kept in memory and used
   * for up to SECRET_KEPT_MS before it is read again (`fresh` reads it now); a table not found is asked
   * of the database every time, so that one added by another process is known at once. */
  secretOf(id: string, fresh?: boolean): Promise<string | null>;
  /** This process's own removal of a table (server/store/tables.ts): its secret is no longer used. */
  forgetSecret(id: string): void;
  bodyOf(table: string, counter: number): Promise<{ body: string; signature: string } | null>;
  /** The signature stored with the table's record under `counter`, or null: what a retry is compared
   * with (server/post.ts), without the body being read. */
  signatureOf(table: string, counter: number): Promise<string | null>;
}

/** The columns of the table's record stored under `counter`, or null. A record found is answered as
 * stored (a duplicate's 200), so this waits for its commit, which may still be on its way to the disk. */
async function storedRecord(sql: Sql, table: string, counter: number, columns: string, indexed = ''): Promise<Row | null> {
  const rows = await sql.all(`SELECT ${columns} FROM carrom_records${indexed && ` ${indexed}`} WHERE table_id = ? AND counter = ?`, [table, counter]);
  if (rows.length === 0) return null;
  await sql.durable?.();
  return rows[0];
}

const SQLITE_SIGNATURES = `INDEXED BY ${SIGNATURE_INDEX}`;

/** Reads a post makes on the event loop before its body is replayed, each of one row by its key
 * (PostgreSQL, where a commit is durable before it can be read): a stored record's signature at every
 * post, a table's secret once a second. They were most of the statements this process sent, each a
 * round trip through the pool (its statement, its buffers, its answer parsed) and a share of the event
 * loop's time per record: those asked in one turn of the event loop go in one statement, which takes
 * the keys as arrays and answers a row per key in their order, each what that key's own statement
 * would have read then. */
const SIGNATURES = `SELECT (SELECT signature FROM carrom_records WHERE table_id = i.t AND counter = i.c) AS v
  FROM unnest(CAST(? AS TEXT[]), CAST(? AS BIGINT[])) WITH ORDINALITY AS i (t, c, n) ORDER BY i.n`;
const SECRETS = `SELECT (SELECT secret FROM carrom_tables WHERE id = i.t) AS v FROM unnest(CAST(? AS TEXT[])) WITH ORDINALITY AS i (t, n) ORDER BY i.n`;

interface Asked {
  key: readonly unknown[];
  done(v: string | null): void;
  fail(e: unknown): void;
}

/** A read of `text`'s column v (a text, or null where the key finds no row) by a key of `width` values. */
function batched(sql: Sql, text: string, width: number): (...key: unknown[]) => Promise<string | null> {
  let asked: Asked[] = [];
  const send = () => {
    const these = asked;
    asked = [];
    const keys = Array.from({ length: width }, (_, c) => these.map((a) => a.key[c]));
    sql.all(text, keys).then(
      (rows) => these.forEach((a, i) => a.done(rows[i].v === null ? null : String(rows[i].v))),
      (e: unknown) => these.forEach((a) => a.fail(e)),
    );
  };
  return (...key) =>
    new Promise((done, fail) => {
      // Sent once the event loop has handled what it has read, as a batch's records are (server/store/commit.ts).
      if (asked.push({ key, done, fail }) === 1) setImmediate(send);
    });
}

/** How long a table's secret read from the database is used before it is read again, in ms. Within it, a
 * table removed by another process (`carrom serve --remove-table`, or another server on the database)
 * still passes the headers' check, and its post is refused (404) once its record finds no table to be
 * stored under (server/post.ts; the rule: docs/server.md §2, "The tables' secrets in memory"). */
export const SECRET_KEPT_MS = 1000;

/** The post's reads on `sql`. */
export function postReads(sql: Sql): PostReads {
  // The tables' secrets found, and until when (performance.now()) each is used without asking again:
  // a post otherwise reads its table's row on the event loop (a round trip on PostgreSQL).
  const secrets = new Map<string, { secret: string; until: number }>();
  const postgres = sql.dialect === 'postgres';
  const signatures = postgres ? batched(sql, SIGNATURES, 2) : null;
  const secretRead = postgres ? batched(sql, SECRETS, 1) : async (id: string) => ((await sql.all('SELECT secret FROM carrom_tables WHERE id = ?', [id]))[0]?.secret ?? null) as string | null;
  return {
    async secretOf(id, fresh = false) {
      const kept = secrets.get(id);
      if (kept && !fresh && performance.now() < kept.until) return kept.secret;
      const read = await secretRead(id);
      if (read === null) return secrets.delete(id), null;
      const secret = String(read);
      secrets.set(id, { secret, until: performance.now() + SECRET_KEPT_MS });
      return secret;
    },
    forgetSecret: (id) => void secrets.delete(id),
    async bodyOf(table, counter) {
      const row = await storedRecord(sql, table, counter, 'body, signature');
      return row && { body: String(row.body), signature: String(row.signature) };
    },
    async signatureOf(table, counter) {
      if (signatures) return signatures(table, counter);
      // On SQLite from the signatures' index (schema version 9), not from the row past its body.
      const row = await storedRecord(sql, table, counter, 'signature', SQLITE_SIGNATURES);
      return row && String(row.signature);
    },
  };
}
