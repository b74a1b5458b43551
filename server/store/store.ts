// What the results server keeps, behind one interface over SQLite or PostgreSQL: tables and their
// secrets, every record exactly once (unique on table and counter), the matches the records make, a row
// per finished board, the leaderboard, and the queue of records still to forward. Records that arrive
// together are committed together (server/store/commit.ts); each is answered once its transaction committed.
// The reads a post makes before its record is replayed (a table's secret, a stored record's signature)
// are post-reads.ts's.
import { GroupCommit } from './commit.ts';
import { ABANDONED, OVER, timedRow, type TimedRow } from './derived.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrate } from '../db/migrations.ts';
import { openSqlite, sqliteFiles } from '../db/sqlite.ts';
import type { Row, Sql } from '../db/sql.ts';
import { eventsAfter, newestEvent, type FeedEvent } from './feed.ts';
import { watchFeed, type Feed } from './feed-watch.ts';
import { forwardStore, type ForwardStore } from './forward-store.ts';
import { postReads, type PostReads } from './post-reads.ts';
import { RecentLogs } from './recent-logs.ts';
import { replaceMatch, standings, type Standing } from './standings.ts';
import { SqliteWriter, sqliteWriters } from './sqlite-writer.ts';
import { storeBatch, type StoreOutcome } from './store-batch.ts';
import { unpacked, type ToStore } from '../records/storable.ts';
import type { State } from '../../src/rules/state.ts';

/** What a post hands the store (server/records/storable.ts). */
export type { NewRecord } from '../records/storable.ts';

/** What became of a record stored (server/store/store-batch.ts). */
export type { StoreOutcome } from './store-batch.ts';

export interface MatchSummary {
  id: number;
  table: string;
  players: string[];
  rules: string;
  mode: string;
  counter: number;
  over: boolean;
  /** Its newest record says the players started a new match before it ended. */
  abandoned: boolean;
  updatedAt: string;
  state: State;
  boards: (TimedRow & { counter: number })[];
}

/** One page of a list that grows: the items after `after` (exclusive) in the list's order, at most `limit`. */
export interface Page<K> {
  after: K | null;
  limit: number;
}

export interface Store extends ForwardStore, PostReads {
  readonly engine: Sql['dialect'];
  /** The database itself, for the operator's commands: server/store/tables.ts, server/store/rebuild.ts. */
  readonly sql: Sql;
  /** The schema's version when opened, and now (server/db/migrations.ts); set by openStore. */
  readonly schema?: { from: number; to: number };
  addTable(id: string, secret: string, at: string): Promise<boolean>;
  /** A record packed by a replay thread is unpacked only where it is stored (server/records/storable.ts). */
  store(r: ToStore): Promise<StoreOutcome>;
  /** Tables in id order: all, or one page (one more row than `limit` when there are more). */
  tables(page?: Page<string>): Promise<Row[]>;
  /** Matches by table, then newest counter: all, or one page of one table's (one more than `limit` when there are more). */
  /** The matches (of `table`, or all), in the order of their newest counter (a page of them, or only
   *  those of `ids`). */
  matches(table: string | null, page?: Page<number>, ids?: readonly number[]): Promise<MatchSummary[]>;
  leaderboard(): Promise<Standing[]>;
  /** Transactions that stored records, the records they stored, and the statements they took, since the
   * store was opened; and the times a record waited for a later batch, its table's row held by another process. */
  readonly commits: { readonly transactions: number; readonly records: number; readonly statements: number; readonly held: number };
  recordCount(): Promise<number>;
  dueForwards(now: number, limit: number): Promise<{ table: string; counter: number; attempts: number }[]>;
  forwarded(table: string, counter: number): Promise<void>;
  retryForward(table: string, counter: number, attempts: number, nextAt: number, error: string): Promise<void>;
  pendingForwards(): Promise<number>;
  /** Sends `deliver` every event any process stores from now on (server/store/feed-watch.ts). */
  watch(deliver: (e: FeedEvent) => void, log: (line: string) => void): Promise<Feed>;
  /** The feed's events after `after` (at most `limit`), or null when some are no longer kept (server/store/feed.ts). */
  eventsAfter(after: number, limit: number): Promise<FeedEvent[] | null>;
  /** The number of the newest event in the feed (0 for none). */
  newestEvent(): Promise<number>;
  close(): Promise<void>;
}

/** A SQLite file path, or a postgres:// (postgresql://) URL. */
export async function openStore(db: string): Promise<Store> {
  const postgres = /^postgres(ql)?:\/\//.test(db);
  const sql = postgres ? await openPostgres(db) : await openSqlite(db);
  let schema: { from: number; to: number };
  try {
    // The schema is brought to this code's version before anything reads or writes (server/db/migrations.ts).
    schema = await migrate(sql);
    await fillStandings(sql);
  } catch (e) {
    await sql.close();
    throw e;
  }
  return { ...storeOn(sql, postgres ? db : null), schema };
}

/** A database from before the leaderboard was kept (schema version 4): fold it once from the matches
 * stored. Only read when there is nothing to do, so a start takes no write lock then. */
async function fillStandings(sql: Sql): Promise<void> {
  const empty = async (q: Sql) => (await q.all('SELECT 1 AS one FROM carrom_match_players LIMIT 1')).length === 0;
  const matches = async (q: Sql) => (await q.all('SELECT 1 AS one FROM carrom_matches LIMIT 1')).length > 0;
  if (!(await empty(sql)) || !(await matches(sql))) return;
  await sql.transaction(async (tx) => {
    if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock(4242)');
    if (!(await empty(tx))) return; // another process filled it meanwhile
    for (const m of await matchesOf(tx, null)) await replaceMatch(tx, m.id, { ...m, winner: winnerOf(m.state), rows: m.boards });
  });
}

export const winnerOf = (state: unknown): number | null => (state as { match?: { winner?: number | null } }).match?.winner ?? null;

/** `url` is the postgres:// URL the feed listens on (null on SQLite). `writerThread`: on a SQLite file,
 * the records are written by a thread of their own (server/store/sqlite-writer.ts), not on the event loop. */
export function storeOn(sql: Sql, url: string | null = null, { writerThread = true } = {}): Store {
  // This process's own watchers, told after each commit that wrote an event (SQLite's change counter
  // moves only at other connections' commits).
  const watchers = new Set<Feed>();
  const published = (own?: readonly FeedEvent[]) => watchers.forEach((w) => w.poke(own));
  // The logs of the records committed here; the writer thread keeps its own.
  const logs = new RecentLogs();
  const file = writerThread ? sqliteFiles.get(sql) : undefined;
  const writer = file ? new SqliteWriter(file) : null;
  if (writer) sqliteWriters.set(sql, writer);
  // Two batches at once on either database. SQLite writes one transaction at a time, but a batch's fsync
  // is done after its writer is free (server/db/wal-sync.ts): one is written while the other's fsync is
  // on its way. PostgreSQL could take more, but each batch costs the event loop (the serial stage there)
  // its seven round trips whatever its size: with four at once the bench's records came in batches of
  // 14 (one process) or 8 (each of two), with two in batches of 23 or 11, and two processes stored 5–13 %
  // more records per second for less CPU per record (npm run bench -- server, two sets of interleaved
  // runs); one process about as many.
  const expect = (seqs: readonly number[]) => watchers.forEach((w) => w.expect?.(seqs));
  const group = new GroupCommit(sql, (tx, rs) => storeBatch(tx, rs.map(unpacked), logs, expect), 2, { transact: writer?.store });
  return {
    engine: sql.dialect,
    sql,
    ...forwardStore(sql, published),
    ...postReads(sql),
    async watch(deliver, log) {
      const feed = await watchFeed(sql, url, deliver, log);
      watchers.add(feed);
      return {
        poke: (own) => feed.poke(own),
        expect: (seqs) => feed.expect?.(seqs),
        close() {
          watchers.delete(feed);
          return feed.close();
        },
      };
    },
    eventsAfter: (after, limit) => eventsAfter(sql, after, limit),
    newestEvent: () => newestEvent(sql),
    async addTable(id, secret, at) {
      const done = await sql.all('INSERT INTO carrom_tables (id, secret, added_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id', [id, secret, at]);
      return done.length === 1;
    },
    async store(r) {
      // The writer thread unpacks a packed record; this thread unpacks it where it stores it.
      const mine = writer ? null : unpacked(r);
      const out = await group.store(mine ?? r);
      // Committed: the log is this record's for good (a duplicate's is the same text).
      if (mine && out.outcome !== 'conflict') logs.keep(mine.record.table, mine.record.counter, mine.signature, mine.record.log);
      if (out.outcome === 'stored') published(out.event && [out.event]);
      return out;
    },
    commits: group.counts,
    async tables(page) {
      const where = page?.after != null ? 'WHERE t.id > ?' : '';
      const params = [...(page?.after != null ? [page.after] : []), ...(page ? [page.limit + 1] : [])];
      return sql.all(
        `SELECT t.id AS table_id, t.added_at, r.counter, r.kind, r.received_at, r.made_at, r.firmware, r.assigned, m.id AS match_id, m.players, m.state, m.over
        FROM carrom_tables t
        LEFT JOIN carrom_records r ON r.table_id = t.id AND r.counter = (SELECT MAX(counter) FROM carrom_records WHERE table_id = t.id)
        LEFT JOIN carrom_matches m ON m.id = r.match_id ${where} ORDER BY t.id ${page ? 'LIMIT ?' : ''}`,
        params,
      );
    },
    matches: (table, page, ids) => matchesOf(sql, table, page, ids),
    leaderboard: () => standings(sql),
    async recordCount() {
      return Number((await sql.all('SELECT COUNT(*) AS n FROM carrom_records'))[0].n);
    },
    async dueForwards(now, limit) {
      const rows = await sql.all('SELECT table_id, counter, attempts FROM carrom_forward WHERE next_at <= ? ORDER BY next_at, table_id, counter LIMIT ?', [now, limit]);
      return rows.map((r) => ({ table: String(r.table_id), counter: Number(r.counter), attempts: Number(r.attempts) }));
    },
    forwarded: (table, counter) => sql.run('DELETE FROM carrom_forward WHERE table_id = ? AND counter = ?', [table, counter]),
    retryForward: (table, counter, attempts, nextAt, error) =>
      sql.run('UPDATE carrom_forward SET attempts = ?, next_at = ?, last_error = ? WHERE table_id = ? AND counter = ?', [attempts, nextAt, error, table, counter]),
    async pendingForwards() {
      return Number((await sql.all('SELECT COUNT(*) AS n FROM carrom_forward'))[0].n);
    },
    async close() {
      await writer?.close();
      await sql.close();
    },
  };
}

/** carrom_matches.over: 1 the match is over, 2 it was abandoned (its newest record says so), 0 it goes on.
 * A value of the existing column, not a new one: a database made before needs no migration, and a
 * server of before reads 2 as "not over", which an abandoned match is. */

async function matchesOf(sql: Sql, table: string | null, page?: Page<number>, ids?: readonly number[]): Promise<MatchSummary[]> {
  if (ids?.length === 0) return [];
  const only = ids ? [`id IN (${ids.map(() => '?').join(', ')})`] : [];
  const where = [...(table === null ? [] : ['table_id = ?']), ...(page?.after != null ? ['newest_counter > ?'] : []), ...only];
  const params = [...(table === null ? [] : [table]), ...(page?.after != null ? [page.after] : []), ...(ids ?? []), ...(page ? [page.limit + 1] : [])];
  const matches = await sql.all(
    `SELECT * FROM carrom_matches ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY table_id, newest_counter ${page ? 'LIMIT ?' : ''}`,
    params,
  );
  // The boards of those matches only: a page of a long history reads a page of boards.
  const matchIds = matches.map((m) => Number(m.id));
  const boards =
    matchIds.length === 0
      ? []
      : await sql.all(
          table === null && !page && !ids
            ? 'SELECT * FROM carrom_boards ORDER BY match_id, idx'
            : `SELECT * FROM carrom_boards WHERE match_id IN (${matchIds.map(() => '?').join(', ')}) ORDER BY match_id, idx`,
          table === null && !page && !ids ? [] : matchIds,
        );
  const byMatch = new Map<number, MatchSummary['boards']>();
  for (const b of boards) {
    const list = byMatch.get(Number(b.match_id)) ?? [];
    list.push({ counter: Number(b.counter), ...timedRow(b) });
    byMatch.set(Number(b.match_id), list);
  }
  return matches.map((m) => ({
    id: Number(m.id),
    table: String(m.table_id),
    players: JSON.parse(String(m.players)) as string[],
    rules: String(m.rules),
    mode: String(m.mode),
    counter: Number(m.newest_counter),
    over: Number(m.over) === OVER,
    abandoned: Number(m.over) === ABANDONED,
    updatedAt: String(m.updated_at),
    state: JSON.parse(String(m.state)) as State,
    boards: byMatch.get(Number(m.id)) ?? [],
  }));
}

