// What the server derives from a match's newest record with the rules engine: the match's state and a
// row per finished board. Written by the store as a record arrives, and again by `carrom serve
// --rebuild` after a fix of the rules engine (server/store/rebuild.ts).
import type { BoardRow } from '../records/boards.ts';
import { insertRows, marks, MAX_PARAMS, type Row, type Sql } from '../db/sql.ts';
import { stateTextOf, type StateText } from '../records/storable.ts';

/** A board row with when it first reached the server: `receivedAt` (the server's clock) and `madeAt`
 * (the table's, of that record), null where the row was stored before the schema kept them. */
export type TimedRow = BoardRow & { receivedAt: string | null; madeAt: string | null };

export interface Derived {
  /** The counter of the record it comes from: the match's newest. */
  counter: number;
  /** The match's state, or its text (one of the two: server/records/storable.ts). */
  state?: unknown;
  stateText?: StateText;
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

/** A match's board rows as stored now, by index (when each first arrived among them). */
export async function rowTimes(tx: Sql, matchId: number): Promise<TimedRow[]> {
  return (await storedRows(tx, [matchId])).get(matchId) ?? [];
}

/** The columns of a board row that timedRow reads. */
const ROW_COLUMNS = ['game', 'board', 'breaker', 'winner', 'points', 'queen', 'men_left0', 'men_left1', 'turns', 'shots', 'colour0', 'colour1', 'received_at', 'made_at'] as const;

/** The same for several matches in one statement: by match id (a match with no rows is missing). */
/** `first`: a statement to run before, on PostgreSQL as a WITH query of the same statement (one round
 * trip), which must write no board row (the read sees the rows as they were before it either way). */
export async function storedRows(tx: Sql, matchIds: readonly number[], first?: readonly [string, readonly unknown[]]): Promise<Map<number, TimedRow[]>> {
  const by = new Map<number, TimedRow[]>();
  if (first && (tx.dialect !== 'postgres' || matchIds.length === 0)) await tx.run(first[0], first[1]);
  if (matchIds.length === 0) return by;
  const where = `match_id IN (${marks(matchIds.length)})`;
  // A row object per board row, a property per column, was most of what this statement cost on both
  // engines (a record stores its match's every board row again; better-sqlite3 makes an object of each,
  // pg one too and a parse of every column's text): one JSON text per match instead, read with one
  // JSON.parse (pg parses PostgreSQL's json type itself).
  const aggregate = tx.dialect === 'sqlite' ? `json_group_array(json_array(${ROW_COLUMNS.join(', ')}) ORDER BY idx)` : `json_agg(json_build_array(${ROW_COLUMNS.join(', ')}) ORDER BY idx)`;
  const read = `SELECT match_id, ${aggregate} AS rows FROM carrom_boards WHERE ${where} GROUP BY match_id`;
  const rows = first && tx.dialect === 'postgres' ? await tx.all(`WITH w0 AS (${first[0]}) ${read}`, [...first[1], ...matchIds]) : await tx.all(read, matchIds);
  for (const r of rows) {
    const values = (typeof r.rows === 'string' ? JSON.parse(r.rows) : r.rows) as RowValues[];
    by.set(Number(r.match_id), values.map(aggregatedRow));
  }
  return by;
}

/** A board row's columns (ROW_COLUMNS' order) as the JSON aggregate gives them. */
type RowValues = [number, number, number, number | null, number, number | null, number | null, number | null, number, number, string | null, string | null, string | null, string | null];

/** A row of the aggregate as timedRow makes it: the JSON's values are the columns' already (integers
 * as numbers, texts as strings, null as null), so the object is made at once, with no object per
 * column on the way (that was some 5 % of the event loop's storing on PostgreSQL). */
const aggregatedRow = (v: RowValues): TimedRow => ({
  game: v[0], board: v[1], breaker: v[2], winner: v[3], points: v[4], queen: v[5], menLeft0: v[6], menLeft1: v[7],
  turns: v[8], shots: v[9], colour0: v[10], colour1: v[11], receivedAt: v[12], madeAt: v[13],
});

/** Replaces the match's state and board rows (in the caller's transaction). */
export async function writeDerived(tx: Sql, matchId: number, d: Derived): Promise<void> {
  await writeDerivedOf(tx, [{ matchId, d }]);
}

const overOf = (d: Derived, over: boolean): number => (over ? OVER : d.abandoned ? ABANDONED : 0);

/** What writeDerivedOf writes for one match; `stored` its rows as they are now, when the caller read them. */
export interface DerivedWrite {
  matchId: number;
  d: Derived;
  stored?: readonly TimedRow[];
}

/** The fields of a board row that its stored columns hold. */
const ROW_FIELDS = Object.freeze(['game', 'board', 'breaker', 'winner', 'points', 'queen', 'menLeft0', 'menLeft1', 'turns', 'shots', 'colour0', 'colour1', 'receivedAt', 'madeAt'] as const);

/** Whether row `a` stores as `b` does: field by field (a generic deep comparison of every row of the
 * match at every record was a share of the server's CPU per record). */
const sameRow = (a: TimedRow, b: TimedRow): boolean => ROW_FIELDS.every((f) => a[f] === b[f]);

/** How many of the first rows are stored already just as they are to be (but for their counter). */
const unchanged = ({ d, stored = [] }: DerivedWrite): number => {
  let k = 0;
  while (k < d.rows.length && k < stored.length && sameRow(stored[k], d.rows[k])) k++;
  return k;
};

/**
 * The same for several matches, in a few statements whatever their number (a round trip to PostgreSQL
 * each; one there: inOne): the matches' rows updated together, then their board rows. A new record of a
 * match mostly adds a board to those stored: rows stored as they are to be stay, given the new counter
 * (an update of one column, without the index and foreign key work of a row deleted and inserted
 * again); the others are deleted and inserted. `also`: statements of other rows than these (the
 * leaderboard's: server/store/standings.ts), run after them, on PostgreSQL in the same statement; `last` too
 * (the events: server/store/feed.ts), which there may read the matches' rows as written as `w0` (id, state):
 * its rows, or null where it was not run (SQLite, or too many values for one statement), for the
 * caller to run it.
 */
export async function writeDerivedOf(tx: Sql, list: readonly DerivedWrite[], also: readonly Statement[] = [], last?: Statement): Promise<Row[] | null> {
  if (list.length === 0) {
    for (const [text, params] of also) await tx.run(text, params);
    return null;
  }
  const kept = list.map(unchanged);
  if (tx.dialect === 'postgres') {
    const rows = await inOne(tx, list, kept, also, last);
    if (rows) return rows;
  }
  // VALUES' columns are column1, column2 … on both engines; the casts give PostgreSQL their types.
  const statements: Statement[] = [matchesUpdate(list)];
  const some = list.filter((_, i) => kept[i] > 0);
  if (some.length === 0) {
    statements.push([`DELETE FROM carrom_boards WHERE match_id IN (${marks(list.length)})`, list.map((m) => m.matchId)]);
  } else {
    // Each match's rows by a range of the primary key (match_id, idx), so that both engines read only
    // those rows: a join on a VALUES list read every board row of the database (PostgreSQL hashed
    // the whole table at every batch), and a subquery per row compared each with every match's.
    const ranges = (op: '<' | '>=') => list.map(() => `(match_id = ? AND idx ${op} ?)`).join(' OR ');
    const bounds = list.flatMap(({ matchId }, i) => [matchId, kept[i]]);
    statements.push(
      [
        `UPDATE carrom_boards SET counter = CASE match_id ${list.map(() => 'WHEN ? THEN CAST(? AS BIGINT)').join(' ')} END WHERE ${ranges('<')}`,
        [...list.flatMap(({ matchId, d }) => [matchId, d.counter]), ...bounds],
      ],
      [`DELETE FROM carrom_boards WHERE ${ranges('>=')}`, bounds],
    );
  }
  await together(tx, statements);
  // Only the rows past those kept: a record's match holds every board so far.
  const rows: unknown[][] = [];
  list.forEach(({ matchId, d }, m) => {
    for (let i = kept[m]; i < d.rows.length; i++) {
      rows.push(boardValues(matchId, i, d.counter, d.rows[i]));
    }
  });
  await insertRows(tx, BOARDS, 17, rows);
  for (const [text, params] of also) await tx.run(text, params);
  return null;
}

/** A statement's text and parameters. */
export type Statement = readonly [string, readonly unknown[]];

const BOARDS = 'INSERT INTO carrom_boards (match_id, idx, counter, game, board, breaker, winner, points, queen, men_left0, men_left1, turns, shots, colour0, colour1, received_at, made_at)';
const BOARD_COLUMNS = ['counter', 'game', 'board', 'breaker', 'winner', 'points', 'queen', 'men_left0', 'men_left1', 'turns', 'shots', 'colour0', 'colour1', 'received_at', 'made_at'];
/** A board row's values as BOARDS takes them. */
const boardValues = (matchId: number, i: number, counter: number, b: TimedRow): unknown[] => [
  matchId, i, counter, b.game, b.board, b.breaker, b.winner, b.points, b.queen, b.menLeft0, b.menLeft1, b.turns, b.shots, b.colour0, b.colour1, b.receivedAt, b.madeAt,
];

/** inOne's parts on the board rows, each taking its values as arrays: one text whatever their number. */
const BOARDS_ARRAYS = {
  counters: `UPDATE carrom_boards b SET counter = v.c FROM unnest(CAST(? AS BIGINT[]), CAST(? AS INTEGER[]), CAST(? AS BIGINT[])) AS v (m, k, c)
    WHERE b.match_id = v.m AND b.idx < v.k`,
  past: `DELETE FROM carrom_boards b USING unnest(CAST(? AS BIGINT[]), CAST(? AS INTEGER[])) AS v (m, n) WHERE b.match_id = v.m AND b.idx >= v.n`,
  written: `${BOARDS} SELECT * FROM unnest(CAST(? AS BIGINT[]), CAST(? AS INTEGER[]), CAST(? AS BIGINT[]), ${new Array(10).fill('CAST(? AS INTEGER[])').join(', ')}, ${new Array(4).fill('CAST(? AS TEXT[])').join(', ')})
    ON CONFLICT (match_id, idx) DO UPDATE SET ${BOARD_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
};

/**
 * writeDerivedOf on PostgreSQL in one statement (a round trip, where it took two and the caller's `also`
 * a third): the matches' rows, the counter of the board rows that stay, the rows past each match's new
 * last (deleted), and the rows from the first changed one to the last written whole, an upsert on
 * (match, index) instead of a delete and an insert: disjoint rows, as together() needs, and the same
 * rows afterwards. The board rows' parts take arrays, so that the text depends only on the number of
 * matches (planned once per connection for each). False, with nothing written, when its parameters
 * would be too many for one statement.
 */
async function inOne(tx: Sql, list: readonly DerivedWrite[], kept: readonly number[], also: readonly Statement[], last: Statement | undefined): Promise<Row[] | null> {
  if (5 * list.length + 22 + [...also, ...(last ? [last] : [])].reduce((n, [, p]) => n + p.length, 0) > MAX_PARAMS) return null;
  const columns: unknown[][] = Array.from({ length: 17 }, () => []);
  list.forEach(({ matchId, d }, m) => {
    for (let i = kept[m]; i < d.rows.length; i++) boardValues(matchId, i, d.counter, d.rows[i]).forEach((v, c) => columns[c].push(v));
  });
  const ids = list.map((w) => w.matchId);
  const [update, values] = matchesUpdate(list);
  return together(tx, [
    // The rows as written, for `last` (w0: the first part).
    [last ? `${update} RETURNING carrom_matches.id, carrom_matches.state` : update, values],
    [BOARDS_ARRAYS.counters, [ids, kept, list.map((w) => w.d.counter)]],
    [BOARDS_ARRAYS.past, [ids, list.map((w) => w.d.rows.length)]],
    [BOARDS_ARRAYS.written, columns],
    ...also,
    ...(last ? [last] : []),
  ]);
}

/** The matches' rows: newest counter, state, over, updated_at. */
function matchesUpdate(list: readonly DerivedWrite[]): Statement {
  return [
    `UPDATE carrom_matches SET newest_counter = CAST(v.column2 AS BIGINT), state = v.column3, over = CAST(v.column4 AS INTEGER), updated_at = v.column5
     FROM (VALUES ${list.map(() => '(?, ?, ?, ?, ?)').join(', ')}) AS v WHERE carrom_matches.id = CAST(v.column1 AS BIGINT)`,
    list.flatMap(({ matchId, d }) => {
      const { json, over } = stateTextOf(d);
      return [matchId, d.counter, json, overOf(d, over), d.updatedAt];
    }),
  ];
}

/**
 * Statements that write disjoint rows, one after the other; on PostgreSQL in one statement (each but
 * the last a data-modifying WITH query of it, w0, w1 …), one round trip rather than one each. PostgreSQL runs
 * such parts with one snapshot, none seeing another's changes: the same outcome only because no row
 * is written by two of them (the match's row, its board rows that stay, those that go; a match's
 * leaderboard rows past its players and its players' own: server/store/standings.ts). A last statement
 * with a WITH of its own gets the parts ahead of its queries (a data-modifying WITH must be at the
 * top), and may read what a part returns. The rows of the last statement (none on SQLite).
 */
export async function together(tx: Sql, statements: readonly Statement[]): Promise<Row[]> {
  if (tx.dialect !== 'postgres') {
    for (const [text, params] of statements) await tx.run(text, params);
    return [];
  }
  const last = statements.length - 1;
  const parts = statements.slice(0, last).map(([text], i) => `w${i} AS (${text})`);
  const main = statements[last][0];
  const text = parts.length === 0 ? main : main.startsWith('WITH ') ? `WITH ${parts.join(', ')}, ${main.slice(5)}` : `WITH ${parts.join(', ')} ${main}`;
  return tx.all(text, statements.flatMap(([, params]) => params));
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
