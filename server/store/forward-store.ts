// What forwarding keeps in the database beside the queue (`carrom_forward`, in the base schema): the
// claim that lets one process of several send an entry, the records the federation refused, and, on a
// federation server, the clubs and their keys (docs/server.md §6).
import type { Sql } from '../db/sql.ts';
import { publish } from './feed.ts';

export interface DueForward {
  table: string;
  counter: number;
  attempts: number;
}

export interface RefusedForward {
  table: string;
  counter: number;
  /** The federation's HTTP status (400, 409, 413 or 422). */
  status: number;
  /** Its answer, as it gave it (at most 1,000 characters). */
  answer: string;
  refusedAt: string;
}

export interface ForwardStore {
  /** Takes up to `limit` entries due at `now` for this process alone: each stays out of every other
   * process's claims until `until` (then it is due again, should this process die while sending it). */
  claimForwards(now: number, limit: number, until: number): Promise<DueForward[]>;
  /** The federation refused the record for good: out of the queue, kept with its answer, and an event. */
  refuseForward(r: RefusedForward): Promise<void>;
  refusedForwards(): Promise<RefusedForward[]>;
  addClub(id: string, secret: string, at: string): Promise<boolean>;
  clubSecretOf(id: string): Promise<string | null>;
}

/** `published` is called after a commit that wrote an event. */
export function forwardStore(sql: Sql, published: () => void): ForwardStore {
  // The claim is one statement: on SQLite writes take turns anyway; on PostgreSQL a row another
  // process is claiming is skipped, and the outer condition is checked again on the row as it is now.
  const lock = sql.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
  const claim = `UPDATE carrom_forward SET next_at = ? WHERE next_at <= ? AND (table_id, counter) IN
    (SELECT table_id, counter FROM carrom_forward WHERE next_at <= ? ORDER BY next_at, table_id, counter LIMIT ? ${lock})
    RETURNING table_id, counter, attempts`;
  return {
    async claimForwards(now, limit, until) {
      // Looked at first with a read: the forwarders poll every second, and an empty queue then takes
      // no write lock (SQLite has one for the whole file).
      if ((await sql.all('SELECT 1 FROM carrom_forward WHERE next_at <= ? LIMIT 1', [now])).length === 0) return [];
      const rows = await sql.all(claim, [until, now, now, limit]);
      return rows
        .map((r) => ({ table: String(r.table_id), counter: Number(r.counter), attempts: Number(r.attempts) }))
        .sort((a, b) => (a.table === b.table ? a.counter - b.counter : a.table < b.table ? -1 : 1));
    },
    refuseForward: async (r) => {
      await sql.transaction(async (tx) => {
        await tx.run('DELETE FROM carrom_forward WHERE table_id = ? AND counter = ?', [r.table, r.counter]);
        await tx.run('INSERT INTO carrom_forward_refused (table_id, counter, status, answer, refused_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', [
          r.table,
          r.counter,
          r.status,
          r.answer,
          r.refusedAt,
        ]);
        await publish(tx, 'forward-refused', r);
      });
      published();
    },
    async refusedForwards() {
      const rows = await sql.all('SELECT table_id, counter, status, answer, refused_at FROM carrom_forward_refused ORDER BY refused_at, table_id, counter');
      return rows.map((r) => ({ table: String(r.table_id), counter: Number(r.counter), status: Number(r.status), answer: String(r.answer), refusedAt: String(r.refused_at) }));
    },
    async addClub(id, secret, at) {
      return (await sql.all('INSERT INTO carrom_clubs (id, secret, added_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id', [id, secret, at])).length === 1;
    },
    async clubSecretOf(id) {
      const rows = await sql.all('SELECT secret FROM carrom_clubs WHERE id = ?', [id]);
      return rows.length ? String(rows[0].secret) : null;
    },
  };
}
