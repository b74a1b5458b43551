// What the server derives from a match's newest record with the rules engine: the match's state and a
// row per finished board. Written by the store as a record arrives, and again by `carrom serve
// --rebuild` after a fix of the rules engine (server/rebuild.ts).
import type { BoardRow } from './boards.ts';
import type { Row, Sql } from './db/sql.ts';

/** A board row with when it first reached the server: `receivedAt` (the server's clock) and `madeAt`
 * (the table's, of that record), null where the row was stored before the schema kept them. */
export type TimedRow = BoardRow & { receivedAt: string | null; madeAt: string | null };

export interface Derived {
  /** The counter of the record it comes from: the match's newest. */
  counter: number;
  state: unknown;
  rows: readonly TimedRow[];
  /** The match's `updated_at`: when its newest record arrived. */
  updatedAt: string;
  /** The newest record says the players started a new match before this one ended. */
  abandoned?: boolean;
}

/** `carrom_matches.over`: 0 in play, OVER, or ABANDONED (a server that knows only 0 and 1 reads it as
 * not over, which it is not). */
export const OVER = 1;
export const ABANDONED = 2;

/** When each of a match's board rows first arrived, as stored now, by index. */
export async function rowTimes(tx: Sql, matchId: number): Promise<{ game: number; board: number; receivedAt: string | null; madeAt: string | null }[]> {
  const rows = await tx.all('SELECT game, board, received_at, made_at FROM carrom_boards WHERE match_id = ? ORDER BY idx', [matchId]);
  return rows.map((r) => ({ game: Number(r.game), board: Number(r.board), receivedAt: text(r.received_at), madeAt: text(r.made_at) }));
}

/** Replaces the match's state and board rows (in the caller's transaction). */
export async function writeDerived(tx: Sql, matchId: number, d: Derived): Promise<void> {
  const over = (d.state as { match: { over: boolean } }).match.over ? OVER : d.abandoned ? ABANDONED : 0;
  await tx.run('UPDATE carrom_matches SET newest_counter = ?, state = ?, over = ?, updated_at = ? WHERE id = ?', [d.counter, JSON.stringify(d.state), over, d.updatedAt, matchId]);
  await tx.run('DELETE FROM carrom_boards WHERE match_id = ?', [matchId]);
  if (d.rows.length === 0) return;
  // All of a match's rows in one statement: one round trip to PostgreSQL, not one per board.
  const one = `(${new Array(17).fill('?').join(', ')})`;
  const values = d.rows.flatMap((b, i) => [
    matchId, i, d.counter, b.game, b.board, b.breaker, b.winner, b.points, b.queen, b.menLeft0, b.menLeft1, b.turns, b.shots, b.colour0, b.colour1, b.receivedAt, b.madeAt,
  ]);
  await tx.run(
    `INSERT INTO carrom_boards (match_id, idx, counter, game, board, breaker, winner, points, queen, men_left0, men_left1, turns, shots, colour0, colour1, received_at, made_at)
     VALUES ${d.rows.map(() => one).join(', ')}`,
    values,
  );
}

/** A stored board row (columns as in carrom_boards) as the API gives it. */
export function timedRow(b: Row): TimedRow {
  return {
    game: Number(b.game),
    board: Number(b.board),
    breaker: Number(b.breaker),
    winner: nullable(b.winner),
    points: Number(b.points),
    queen: nullable(b.queen),
    menLeft0: nullable(b.men_left0),
    menLeft1: nullable(b.men_left1),
    turns: Number(b.turns),
    shots: Number(b.shots),
    colour0: text(b.colour0),
    colour1: text(b.colour1),
    receivedAt: text(b.received_at),
    madeAt: text(b.made_at),
  };
}

const nullable = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
export const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
