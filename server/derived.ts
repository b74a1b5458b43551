// What the server derives from a match's newest record with the rules engine: the match's state and a
// row per finished board. Written by the store as a record arrives, and again by `carrom serve
// --rebuild` after a fix of the rules engine (server/rebuild.ts).
import type { BoardRow } from './boards.ts';
import { insertRows, marks, type Row, type Sql } from './db/sql.ts';

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

export type RowTime = { game: number; board: number; receivedAt: string | null; madeAt: string | null };

/** When each of a match's board rows first arrived, as stored now, by index. */
export async function rowTimes(tx: Sql, matchId: number): Promise<RowTime[]> {
  return (await rowTimesOf(tx, [matchId])).get(matchId) ?? [];
}

/** The same for several matches in one statement: by match id (a match with no rows is missing). */
export async function rowTimesOf(tx: Sql, matchIds: readonly number[]): Promise<Map<number, RowTime[]>> {
  const by = new Map<number, RowTime[]>();
  if (matchIds.length === 0) return by;
  const rows = await tx.all(`SELECT match_id, game, board, received_at, made_at FROM carrom_boards WHERE match_id IN (${marks(matchIds.length)}) ORDER BY match_id, idx`, matchIds);
  for (const r of rows) {
    const id = Number(r.match_id);
    const list = by.get(id) ?? [];
    list.push({ game: Number(r.game), board: Number(r.board), receivedAt: text(r.received_at), madeAt: text(r.made_at) });
    by.set(id, list);
  }
  return by;
}

/** Replaces the match's state and board rows (in the caller's transaction). */
export function writeDerived(tx: Sql, matchId: number, d: Derived): Promise<void> {
  return writeDerivedOf(tx, [{ matchId, d }]);
}

const overOf = (d: Derived): number => ((d.state as { match: { over: boolean } }).match.over ? OVER : d.abandoned ? ABANDONED : 0);

/** The same for several matches, in three statements whatever their number (a round trip to
 * PostgreSQL each): the matches' rows updated together, their boards deleted and inserted together. */
export async function writeDerivedOf(tx: Sql, list: readonly { matchId: number; d: Derived }[]): Promise<void> {
  if (list.length === 0) return;
  // VALUES' columns are column1, column2 … on both engines; the casts give PostgreSQL their types.
  await tx.run(
    `UPDATE carrom_matches SET newest_counter = CAST(v.column2 AS BIGINT), state = v.column3, over = CAST(v.column4 AS INTEGER), updated_at = v.column5
     FROM (VALUES ${list.map(() => '(?, ?, ?, ?, ?)').join(', ')}) AS v WHERE carrom_matches.id = CAST(v.column1 AS BIGINT)`,
    list.flatMap(({ matchId, d }) => [matchId, d.counter, JSON.stringify(d.state), overOf(d), d.updatedAt]),
  );
  await tx.run(`DELETE FROM carrom_boards WHERE match_id IN (${marks(list.length)})`, list.map((m) => m.matchId));
  const rows = list.flatMap(({ matchId, d }) =>
    d.rows.map((b, i) => [matchId, i, d.counter, b.game, b.board, b.breaker, b.winner, b.points, b.queen, b.menLeft0, b.menLeft1, b.turns, b.shots, b.colour0, b.colour1, b.receivedAt, b.madeAt]),
  );
  await insertRows(
    tx,
    'INSERT INTO carrom_boards (match_id, idx, counter, game, board, breaker, winner, points, queen, men_left0, men_left1, turns, shots, colour0, colour1, received_at, made_at)',
    17,
    rows,
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
