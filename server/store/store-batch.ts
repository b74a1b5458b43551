// Storing a batch of records in the transaction the group commit opened (server/store/commit.ts), with a few
// statements for the whole batch rather than a dozen for each record: on PostgreSQL each statement is a
// round trip, and a batch of 20 records took some 300 of them, each waiting its turn on a loaded machine.
// The records are taken in waves, each wave at most one record of each table (the first wave the first
// record of every table, the next the second …), so that within a wave no record depends on another
// (records of two tables share no row), and a table's later record sees its earlier one as if they had
// been stored one by one. The outcome is the one-by-one storing's, record for record.
import { assignedColumn } from '../records/assigned.ts';
import { beginsWith } from '../records/begins.ts';
import { ABANDONED, storedRows, writeDerivedOf, type TimedRow } from './derived.ts';
import { insertRows, marks, MAX_PARAMS, SIGNATURE_INDEX, type Row, type Sql } from '../db/sql.ts';
import { publishRecords, recordEventParts, recordEventsStatement, recordEventsWritten, type FeedEvent } from './feed.ts';
import type { RecentLogs } from './recent-logs.ts';
import { matchPlayersStatements, replaceMatches } from './standings.ts';
import { stateTextOf, type NewRecord } from '../records/storable.ts';
import { attachRecord } from '../tournament/attach.ts';

/** `event`: the record's event in the feed (server/store/feed.ts), handed to this process's watchers once committed. */
export type StoreOutcome = { outcome: 'stored'; matchId: number; event?: FeedEvent } | { outcome: 'duplicate' } | { outcome: 'conflict' };

/** The records, in a transaction that holds their tables' row locks (server/store/commit.ts); outcomes in order. */
/** `expect`: told the numbers of the feed's events written, before the commit (server/store/feed-watch.ts, Feed.expect). */
export async function storeBatch(tx: Sql, records: readonly NewRecord[], logs?: RecentLogs, expect?: (seqs: readonly number[]) => void): Promise<StoreOutcome[]> {
  const outs: StoreOutcome[] = new Array(records.length);
  let rest = records.map((_, i) => i);
  while (rest.length > 0) {
    const tables = new Set<string>();
    const wave: number[] = [];
    const later: number[] = [];
    for (const i of rest) {
      const table = records[i].record.table;
      (tables.has(table) ? later : wave).push(i);
      tables.add(table);
    }
    const done = await storeWave(tx, wave.map((i) => records[i]), logs, expect);
    wave.forEach((i, k) => (outs[i] = done[k]));
    rest = later;
  }
  return outs;
}

/** A stored record next to a new one (by counter), and its match. */
interface Neighbour {
  counter: number;
  signature: string;
  match: number;
  newest: number;
  header: string;
  /** It is the last record of a match the players abandoned: its match is closed. */
  abandoned: boolean;
  /** Its body, when the look-up sent it back (not kept in memory). */
  body?: string;
  /** Its log, where the record's match depends on it: from memory, else read from its body. */
  log?: string | null;
}

interface Looked {
  /** The body already stored under the record's table and counter. */
  existing: string | null;
  below: Neighbour | null;
  above: Neighbour | null;
}

const logOf = (body: string): string | null => {
  const v = JSON.parse(body) as { log?: unknown };
  return typeof v.log === 'string' ? v.log : null;
};

/** Whether the record's match depends on the log of the neighbour below it (`below`) or above it. Only
 * an abandoned match is closed: a `match` record is not, for the players may take back the last shot
 * from the match-over screen and play on (the log goes on from the `match` record's, with an `undo`),
 * and the table's next records are that match's, over again only when a record says so. */
const wantsLog = (r: NewRecord, n: Neighbour, below: boolean): boolean => n.header === r.headerLine && !(below ? n.abandoned : r.record.abandoned);

/** The match a record belongs to. Counters order a table's records; logs only grow within a match, and
 * an abandoned match's last record closes it. So a record joins the match of the record just below it if
 * that log is the start of its own, or the match of the record just above it if its own log is the start
 * of that one. */
function matchOf(r: NewRecord, { below: p, above: s }: Looked): { id: number; newest: number } | null {
  const { log } = r.record;
  if (p && wantsLog(r, p, true) && beginsWith(log, p.log ?? '\u0000')) return { id: p.match, newest: p.newest };
  if (s && wantsLog(r, s, false) && beginsWith(s.log ?? '', log)) return { id: s.match, newest: s.newest };
  return null;
}

/** A neighbour's columns: the record's, with its match's newest counter, header and `over` (which says
 * abandoned only of its newest record: server/store/derived.ts). */
const neighbourColumns = (p: 'a' | 'b', r: string, m: string, s = r) =>
  `${r}.counter AS ${p}_counter, ${s}.signature AS ${p}_signature, ${r}.match_id AS ${p}_match, ${m}.newest_counter AS ${p}_newest, ${m}.header AS ${p}_header, ${m}.over AS ${p}_over`;

/** look's statement on SQLite: the records as a VALUES list (SQLite compiles each text once, and finds
 * the neighbours by the primary key whatever the list's length). The signature of the record below
 * comes from its index (schema version 9: in the row it is past the body's overflow pages), and that
 * body is read only when it is sent back. */
const lookSqlite = (n: number) =>
  `WITH i (n, t, c, k) AS (VALUES ${new Array(n).fill('(CAST(? AS INTEGER), ?, CAST(? AS BIGINT), CAST(? AS TEXT))').join(', ')}),
     j AS (SELECT n, t, c, k,
       (SELECT body FROM carrom_records WHERE table_id = i.t AND counter = i.c) AS existing,
       (SELECT MAX(counter) FROM carrom_records WHERE table_id = i.t AND counter < i.c) AS lo,
       (SELECT MIN(counter) FROM carrom_records WHERE table_id = i.t AND counter > i.c) AS hi FROM i)
     SELECT j.n, j.existing, ${neighbourColumns('b', 'b', 'mb', 'bs')},
       CASE WHEN b.counter = j.c - 1 AND bs.signature = j.k THEN NULL ELSE b.body END AS b_body,
       ${neighbourColumns('a', 'a', 'ma')}, a.body AS a_body
     FROM j LEFT JOIN carrom_records b ON j.existing IS NULL AND b.table_id = j.t AND b.counter = j.lo
     LEFT JOIN carrom_records AS bs INDEXED BY ${SIGNATURE_INDEX} ON bs.table_id = b.table_id AND bs.counter = b.counter
     LEFT JOIN carrom_matches mb ON mb.id = b.match_id
     LEFT JOIN carrom_records a ON j.existing IS NULL AND a.table_id = j.t AND a.counter = j.hi
     LEFT JOIN carrom_matches ma ON ma.id = a.match_id`;

/** The same on PostgreSQL: the records as four arrays, so that the text is the same whatever the
 * batch's size and is planned once per connection (a VALUES list made a text per size, each planned on
 * each connection, and took longer to plan than to run); each neighbour by a LATERAL subquery that
 * walks the primary key from the record's counter down or up, one row. The joins of the SQLite text,
 * planned without the values, hashed the whole of carrom_records twice at every batch. */
const LOOK_POSTGRES = `WITH i (n, t, c, k) AS (SELECT * FROM unnest(CAST(? AS INTEGER[]), CAST(? AS TEXT[]), CAST(? AS BIGINT[]), CAST(? AS TEXT[])))
  SELECT i.n, e.body AS existing, b.*, a.* FROM i
  LEFT JOIN LATERAL (SELECT body FROM carrom_records WHERE table_id = i.t AND counter = i.c) e ON TRUE
  LEFT JOIN LATERAL (SELECT ${neighbourColumns('b', 'r', 'm')}, CASE WHEN r.counter = i.c - 1 AND r.signature = i.k THEN NULL ELSE r.body END AS b_body
    FROM carrom_records r JOIN carrom_matches m ON m.id = r.match_id
    WHERE e.body IS NULL AND r.table_id = i.t AND r.counter < i.c ORDER BY r.counter DESC LIMIT 1) b ON TRUE
  LEFT JOIN LATERAL (SELECT ${neighbourColumns('a', 'r', 'm')}, r.body AS a_body
    FROM carrom_records r JOIN carrom_matches m ON m.id = r.match_id
    WHERE e.body IS NULL AND r.table_id = i.t AND r.counter > i.c ORDER BY r.counter LIMIT 1) a ON TRUE`;

/** For each record (of distinct tables), in one statement: what is stored under its counter, and the
 * records just below and just above it with their matches. The neighbours' logs the matches depend on
 * come from memory when this process stored them (no body read back, nor parsed as JSON again), else
 * from their bodies. The statement is given the signature of the record just below (counter − 1) kept
 * in memory, and sends that neighbour's body back only when the row's is another (another process
 * stored it); a body still missing (forgotten meanwhile) is read in one more statement. */
async function look(tx: Sql, rs: readonly NewRecord[], logs: RecentLogs | undefined): Promise<Looked[]> {
  const wanted = rs.map((r, n) => [n, r.record.table, r.record.counter, logs?.signatureOf(r.record.table, r.record.counter - 1) ?? null] as const);
  const rows = tx.dialect === 'postgres' ? await tx.all(LOOK_POSTGRES, [0, 1, 2, 3].map((c) => wanted.map((w) => w[c]))) : await tx.all(lookSqlite(rs.length), wanted.flat());
  const out: Looked[] = rs.map(() => ({ existing: null, below: null, above: null }));
  // One row per record, its neighbours side by side (b_ below, a_ above): each found by its key, where a
  // join on either counter read every record of the table, a season's worth.
  const near = (row: Row, p: 'a' | 'b'): Neighbour | null =>
    row[`${p}_counter`] === null || row[`${p}_counter`] === undefined
      ? null
      : {
          counter: Number(row[`${p}_counter`]), signature: String(row[`${p}_signature`]), match: Number(row[`${p}_match`]),
          newest: Number(row[`${p}_newest`]), header: String(row[`${p}_header`]),
          abandoned: Number(row[`${p}_over`]) === ABANDONED && Number(row[`${p}_counter`]) === Number(row[`${p}_newest`]),
          body: row[`${p}_body`] === null || row[`${p}_body`] === undefined ? undefined : String(row[`${p}_body`]),
        };
  for (const row of rows) {
    const at = out[Number(row.n)];
    if (row.existing !== null && row.existing !== undefined) at.existing = String(row.existing);
    else [at.below, at.above] = [near(row, 'b'), near(row, 'a')];
  }
  // The logs wanted, from memory; the others' bodies in one statement.
  const unread: { table: string; n: Neighbour }[] = [];
  out.forEach((l, k) => {
    const r = rs[k];
    for (const [n, below] of [[l.below, true], [l.above, false]] as const) {
      if (!n || !wantsLog(r, n, below)) continue;
      n.log = logs?.get(r.record.table, n.counter, n.signature) ?? (n.body === undefined ? undefined : logOf(n.body));
      if (n.log === undefined) unread.push({ table: r.record.table, n });
    }
  });
  if (unread.length > 0) {
    const bodies = await tx.all(
      `SELECT table_id, counter, body FROM carrom_records WHERE ${unread.map(() => '(table_id = ? AND counter = ?)').join(' OR ')}`,
      unread.flatMap((u) => [u.table, u.n.counter]),
    );
    const byKey = new Map(bodies.map((b) => [`${String(b.table_id)} ${Number(b.counter)}`, String(b.body)]));
    for (const u of unread) {
      const body = byKey.get(`${u.table} ${u.n.counter}`);
      u.n.log = body === undefined ? null : logOf(body);
    }
  }
  return out;
}

/** Records of distinct tables: each stored as server/store/store.ts's one-by-one storing did, statement by
 * statement for the whole wave. */
async function storeWave(tx: Sql, rs: readonly NewRecord[], logs: RecentLogs | undefined, expect: ((seqs: readonly number[]) => void) | undefined): Promise<StoreOutcome[]> {
  const looked = await look(tx, rs, logs);
  // A record stored before is a duplicate or a conflict; the others' outcomes are set once stored, below.
  const outs: StoreOutcome[] = looked.map((l, k) => (l.existing === null ? { outcome: 'stored', matchId: 0 } : { outcome: l.existing === rs[k].body ? 'duplicate' : 'conflict' }));
  const fresh = rs.map((_, k) => k).filter((k) => looked[k].existing === null);
  if (fresh.length === 0) return outs;
  const found = new Map(fresh.map((k) => [k, matchOf(rs[k], looked[k])]));
  // Each state's text, made once (given by the replay thread when the record was packed).
  const states = new Map(fresh.map((k) => [k, stateTextOf(rs[k])]));
  // New matches, one per table at most: their ids come back with their table's.
  const unmatched = fresh.filter((k) => found.get(k) === null);
  const made = await insertRows(
    tx,
    'INSERT INTO carrom_matches (table_id, header, players, rules, mode, newest_counter, state, over, updated_at)',
    9,
    unmatched.map((k) => [rs[k].record.table, rs[k].headerLine, JSON.stringify(rs[k].players), rs[k].rules, rs[k].mode, 0, '{}', 0, rs[k].receivedAt]),
    'RETURNING id, table_id',
  ).then((rows) => new Map(rows.map((m: Row) => [String(m.table_id), Number(m.id)])));
  const matchOfRecord = (k: number): number => found.get(k)?.id ?? made.get(rs[k].record.table)!;
  // On SQLite a packed record's body goes as the UTF-8 bytes it came as, stored as the text they are
  // (CAST: a blob read as text in the database's encoding, UTF-8; a text stays as it is): the same
  // value as its text would be, without that text made from the bytes and encoded again to bind it.
  const sqlite = tx.dialect === 'sqlite';
  const recordRows = fresh.map((k) => {
    const r = rs[k];
    const { record: rec, signature, receivedAt } = r;
    const body = sqlite && r.bodyBytes ? r.bodyBytes : r.body;
    return [rec.table, rec.counter, matchOfRecord(k), rec.kind, rec.firmware, body, signature, rec.madeAt, receivedAt, assignedColumn(rec.assigned)];
  });
  const RECORDS = 'INSERT INTO carrom_records (table_id, counter, match_id, kind, firmware, body, signature, made_at, received_at, assigned)';
  // Board rows come from the newest record of the match: its log holds every earlier board. A board
  // that was there before keeps the time it first arrived; a new one gets this record's.
  const newest = fresh.filter((k) => {
    const f = found.get(k);
    return !f || rs[k].record.counter > f.newest;
  });
  const known = newest.filter((k) => found.get(k)).map(matchOfRecord);
  // On PostgreSQL the records go in the statement that reads the matches' stored board rows (a round
  // trip less): the insert writes no board row, so the read sees the same rows either way.
  const along = tx.dialect === 'postgres' && known.length > 0 && recordRows.length * 10 + known.length <= MAX_PARAMS;
  if (!along) await insertRows(tx, RECORDS, 10, recordRows, '', sqlite ? '(?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?, ?)' : undefined);
  const stored = await storedRows(tx, known, along ? [`${RECORDS} VALUES ${recordRows.map(() => `(${marks(10)})`).join(', ')}`, recordRows.flat()] : undefined);
  const derived = newest.map((k) => {
    const r = rs[k];
    const before = stored.get(matchOfRecord(k)) ?? [];
    // The row's fields that are stored, as one literal (a spread of each row was a share of the storing's CPU).
    const rows = r.rows.map((b, i): TimedRow => {
      const was = before[i];
      const kept = was && was.game === b.game && was.board === b.board && was.receivedAt !== null;
      return {
        game: b.game, board: b.board, breaker: b.breaker, winner: b.winner, points: b.points, queen: b.queen, menLeft0: b.menLeft0, menLeft1: b.menLeft1,
        turns: b.turns, shots: b.shots, colour0: b.colour0, colour1: b.colour1, receivedAt: kept ? was.receivedAt : r.receivedAt, madeAt: kept ? was.madeAt : r.record.madeAt,
      };
    });
    return { matchId: matchOfRecord(k), d: { counter: r.record.counter, stateText: states.get(k)!, rows, updatedAt: r.receivedAt, abandoned: r.record.abandoned }, stored: before };
  });
  const players = newest.map((k) => {
    const r = rs[k];
    const { over, winner } = states.get(k)!;
    return { matchId: matchOfRecord(k), m: { players: r.players, mode: r.mode, over, winner, rows: r.rows } };
  });
  // A record that is its match's newest writes its state into the match's row, where its event reads it.
  const inMatch = new Set(newest);
  const eventsOf = fresh.map((k) => ({ ...recordEventParts(rs[k], matchOfRecord(k), states.get(k)!.json), match: matchOfRecord(k), inMatch: inMatch.has(k) }));
  // On PostgreSQL the leaderboard's rows and the events in the statement that writes the matches' rows
  // (two round trips less): the events read the state from what that statement's first part wrote (w0).
  let events: FeedEvent[] | null = null;
  if (tx.dialect === 'postgres') {
    const rows = derived.length > 0 ? await writeDerivedOf(tx, derived, matchPlayersStatements(players), recordEventsStatement(eventsOf, 'w0')) : null;
    if (rows) events = await recordEventsWritten(tx, eventsOf, rows);
  } else {
    await writeDerivedOf(tx, derived);
    await replaceMatches(tx, players);
  }
  const forwarded = fresh.filter((k) => rs[k].forward);
  await insertRows(tx, 'INSERT INTO carrom_forward (table_id, counter, attempts, next_at)', 4, forwarded.map((k) => [rs[k].record.table, rs[k].record.counter, 0, 0]));
  // A record played for a tournament's match gives that match its boards and its result.
  for (const k of fresh) await attachRecord(tx, rs[k].record, matchOfRecord(k), rs[k].receivedAt);
  events ??= await publishRecords(tx, eventsOf);
  expect?.(events.map((e) => e.seq));
  fresh.forEach((k, i) => (outs[k] = { outcome: 'stored', matchId: matchOfRecord(k), event: events[i] }));
  return outs;
}
