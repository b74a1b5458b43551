// Registering a table: what `carrom serve --add-table` does, and what the simulator does for its own
// table on the local results server that `npm start` runs.
import { newSecret } from '../common/sign.ts';
import type { Store } from './store.ts';

/** Registers `table` with `secret` (a fresh one unless given): the secret, or null if the table was
 * registered already (it keeps the secret it has). */
export async function addTable(store: Store, table: string, secret = newSecret()): Promise<string | null> {
  return (await store.addTable(table, secret, new Date().toISOString())) ? secret : null;
}

/** The table's secret: the one it has, or a fresh one it is registered with now. */
export async function secretFor(store: Store, table: string): Promise<string> {
  const known = await store.secretOf(table);
  if (known !== null) return known;
  // Registered by someone else between the two reads: theirs stands.
  return (await addTable(store, table)) ?? (await store.secretOf(table))!;
}

export interface TableListing {
  table: string;
  addedAt: string;
  records: number;
  matches: number;
  /** When its newest-arrived record arrived (the server's clock), or null if it sent none. */
  lastReceivedAt: string | null;
}

/** Every registered table, by id, with what it has sent: what `carrom serve --list-tables` prints. */
export async function listTables(store: Store): Promise<TableListing[]> {
  const rows = await store.sql.all(`SELECT t.id, t.added_at,
      (SELECT COUNT(*) FROM carrom_records r WHERE r.table_id = t.id) AS records,
      (SELECT COUNT(*) FROM carrom_matches m WHERE m.table_id = t.id) AS matches,
      (SELECT MAX(r.received_at) FROM carrom_records r WHERE r.table_id = t.id) AS last
    FROM carrom_tables t ORDER BY t.id`);
  return rows.map((r) => ({ table: String(r.id), addedAt: String(r.added_at), records: Number(r.records), matches: Number(r.matches), lastReceivedAt: r.last === null ? null : String(r.last) }));
}

export type Removal =
  | { outcome: 'removed'; records: number; matches: number }
  | { outcome: 'unknown' }
  /** It has records, and removing them too was not asked for: nothing changed. */
  | { outcome: 'has-records'; records: number; matches: number };

/** Removes a table: its secret (its records are refused from then on, 404), and, only when `withRecords`
 * is given, everything it sent: its records, matches, board rows and forward queue entries. One
 * transaction: all of it or nothing. */
export async function removeTable(store: Store, table: string, withRecords: boolean): Promise<Removal> {
  const removal = await store.sql.transaction(async (tx): Promise<Removal> => {
    // PostgreSQL: a record of this table being stored at this moment finishes first (the store takes the same row lock).
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    if ((await tx.all(`SELECT id FROM carrom_tables WHERE id = ?${lock}`, [table])).length === 0) return { outcome: 'unknown' };
    const records = Number((await tx.all('SELECT COUNT(*) AS n FROM carrom_records WHERE table_id = ?', [table]))[0].n);
    const matches = Number((await tx.all('SELECT COUNT(*) AS n FROM carrom_matches WHERE table_id = ?', [table]))[0].n);
    if ((records > 0 || matches > 0) && !withRecords) return { outcome: 'has-records', records, matches };
    // Children before parents: the foreign keys point from boards and records to matches, and to tables.
    await tx.run('DELETE FROM carrom_forward WHERE table_id = ?', [table]);
    await tx.run('DELETE FROM carrom_forward_refused WHERE table_id = ?', [table]);
    await tx.run('DELETE FROM carrom_boards WHERE match_id IN (SELECT id FROM carrom_matches WHERE table_id = ?)', [table]);
    await tx.run('DELETE FROM carrom_match_players WHERE match_id IN (SELECT id FROM carrom_matches WHERE table_id = ?)', [table]);
    await tx.run('DELETE FROM carrom_records WHERE table_id = ?', [table]);
    await tx.run('DELETE FROM carrom_matches WHERE table_id = ?', [table]);
    await tx.run('DELETE FROM carrom_tables WHERE id = ?', [table]);
    return { outcome: 'removed', records, matches };
  });
  // This process's posts of it are refused at once (another process's within SECRET_KEPT_MS: server/store/post-reads.ts).
  if (removal.outcome === 'removed') store.forgetSecret(table);
  return removal;
}
