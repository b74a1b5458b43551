// A drawn match as the database keeps it (carrom_tmatches), and the names its table starts it with: what
// both the tournament's HTTP handlers (server/tournament-http/) and a record's own transaction, which
// attaches it to its drawn match (server/tournament/attach.ts, from server/store/store-batch.ts), read.
import type { Row, Sql } from '../db/sql.ts';
import type { Match } from './types.ts';

export interface StoredMatch extends Match {
  id: number;
  board: number;
  status: 'waiting' | 'assigned' | 'playing' | 'finished' | 'refused';
  source: 'bye' | 'table' | 'hand' | 'walkover' | null;
  corrected: boolean;
  /** The carrom_matches row whose records give it its boards (§5.4), or null. */
  recordMatch: number | null;
}

export function storedMatch(r: Row): StoredMatch {
  return {
    id: Number(r.id), round: Number(r.round), board: Number(r.board), a: String(r.a), b: r.b === null ? null : String(r.b),
    table: r.table_id === null ? null : String(r.table_id), breaker: String(r.breaker) as 'a' | 'b',
    result: r.score_a === null ? null : { a: Number(r.score_a), b: Number(r.score_b) },
    status: String(r.status) as StoredMatch['status'], source: r.source === null ? null : (String(r.source) as StoredMatch['source']), corrected: Number(r.corrected) === 1,
    recordMatch: r.record_match === null || r.record_match === undefined ? null : Number(r.record_match),
  };
}

/** The names the match starts with at its table (§5.1's `players`), for entrants `a` and `b`: singles
 * `a`'s then `b`'s; doubles in the log's order, `a`'s first player, `b`'s first, `a`'s second, `b`'s second. */
export async function matchPlayers(sql: Sql, mode: string, a: unknown, b: unknown): Promise<string[]> {
  // Both in one statement: a table's every ask reads them (issue 29's siege: a thousand strangers' asks).
  const rows = await sql.all('SELECT id, name, players FROM carrom_entrants WHERE id IN (?, ?)', [Number(a), Number(b)]);
  const entrant = (id: unknown) => {
    const r = rows.find((row) => Number(row.id) === Number(id))!;
    return { name: String(r.name), players: (JSON.parse(String(r.players)) as { name: string }[]).map((p) => p.name) };
  };
  const x = entrant(a);
  const y = entrant(b);
  return mode === 'doubles' ? [x.players[0], y.players[0], x.players[1], y.players[1]] : [x.name, y.name];
}
