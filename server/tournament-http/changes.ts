// The change log of a tournament (docs/tournament.md §4): every write is one entry, in the transaction
// of the change itself, numbered in the tournament's own order.
import type { Sql } from '../db/sql.ts';
import type { ChangeJson } from '../json/tournament.ts';

export type Action = 'create' | 'update' | 'enter' | 'import' | 'remove' | 'withdraw' | 'draw' | 'discard' | 'swap' | 'move' | 'publish' | 'result' | 'walkover' | 'replay' | 'refused' | 'seat';

export interface Change {
  /** Who: an organiser, or (for a refusal, or a waiting match seated) a table. */
  by: { organiser: string } | { table: string };
  action: Action;
  target: { round: number } | { match: number } | { entrant: number } | Record<string, never>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason?: string | null;
}

export async function logChange(tx: Sql, tournament: number, c: Change, at: Date): Promise<void> {
  // The tournament's row is the counter: its update also serialises two writes on one tournament.
  await tx.run('UPDATE carrom_tournaments SET log_seq = log_seq + 1 WHERE id = ?', [tournament]);
  const seq = Number((await tx.all('SELECT log_seq FROM carrom_tournaments WHERE id = ?', [tournament]))[0].log_seq);
  await tx.run('INSERT INTO carrom_changes (tournament_id, seq, at, organiser, table_id, action, target, before_json, after_json, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
    tournament, seq, at.toISOString(), 'organiser' in c.by ? c.by.organiser : null, 'table' in c.by ? c.by.table : null,
    c.action, JSON.stringify(c.target), JSON.stringify(c.before), JSON.stringify(c.after), c.reason ?? null,
  ]);
}

export async function changesOf(sql: Sql, tournament: number): Promise<ChangeJson[]> {
  const rows = await sql.all('SELECT * FROM carrom_changes WHERE tournament_id = ? ORDER BY seq', [tournament]);
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: String(r.at),
    ...(r.organiser !== null ? { organiser: String(r.organiser) } : { table: String(r.table_id) }),
    action: String(r.action),
    target: JSON.parse(String(r.target)),
    before: JSON.parse(String(r.before_json)),
    after: JSON.parse(String(r.after_json)),
    reason: r.reason === null ? null : String(r.reason),
  }));
}
