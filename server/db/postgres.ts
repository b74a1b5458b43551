// PostgreSQL through pg, chosen by a postgres:// URL: the same schema and statements as SQLite
// (placeholders become $1, $2 …). A commit is durable with PostgreSQL's default synchronous_commit.
import type pg from 'pg';
import type { Row, Sql } from './sql.ts';

const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

export async function openPostgres(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  /** BIGINT arrives as text from pg; our counters and ids are safe integers. */
  const types = { getTypeParser: ((oid: number, format?: string) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser };
  const pool = new pg.Pool({ connectionString: url, max: 10, types });
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    dialect: 'postgres',
    all: async (sql, params = []) => (await client.query(numbered(sql), params as unknown[])).rows as Row[],
    run: async (sql, params = []) => void (await client.query(numbered(sql), params as unknown[])),
    transaction: () => Promise.reject(new Error('nested transaction')),
    close: async () => undefined,
  });
  const base = on(pool);
  return {
    ...base,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await work(on(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
