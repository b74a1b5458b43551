// The events every process on one database sees (docs/server.md, "Several processes on one database"):
// written here. A stored record writes its event into `carrom_events` in the record's own transaction;
// each process watches that table (feed-watch.ts) and sends what appears to its own event-stream clients,
// its own records included.
import { assignedField } from '../records/assigned.ts';
import type { Row, Sql } from '../db/sql.ts';
import type { NewRecord } from '../records/storable.ts';

export const FEED_CHANNEL = 'carrom_events';
/** Rows kept: the watchers read each within a second, and a page that reconnects is sent what it missed
 * from here (`Last-Event-ID`, docs/server.md §4), so the table outlasts a lagging watcher and a page away
 * for a while (10,000 records: a club's busiest day). */
export const KEEP = 10_000;

/** Writes an event in the caller's transaction: the watchers see it when (and only if) that commits. */
export async function publish(tx: Sql, event: string, data: unknown): Promise<void> {
  await publishAll(tx, event, [data]);
}

/** Writes several events of one kind, in this order, in one statement: on PostgreSQL the same statement
 * sends each its NOTIFY (a round trip for the lot, not two per event). The events written, in order:
 * once committed, this process's feeds are handed them (Feed.poke) rather than read them back. */
export function publishAll(tx: Sql, event: string, data: readonly unknown[]): Promise<FeedEvent[]> {
  return publishTexts(tx, event, data.map((d) => JSON.stringify(d)));
}

/** The same with each event's data as its JSON text already. */
export async function publishTexts(tx: Sql, event: string, texts: readonly string[]): Promise<FeedEvent[]> {
  if (texts.length === 0) return [];
  const values = `VALUES ${texts.map(() => '(?, ?)').join(', ')}`;
  const params = texts.flatMap((d) => [event, d]);
  // NOTIFY is delivered at commit, and not at all on a rollback; each event's with its number as payload.
  const rows =
    tx.dialect === 'postgres'
      ? await tx.all(
          `WITH made AS (INSERT INTO carrom_events (event, data) ${values} RETURNING seq)
           SELECT seq, pg_notify(?, CAST(seq AS TEXT)) FROM (SELECT seq FROM made ORDER BY seq) AS s`,
          [...params, FEED_CHANNEL],
        )
      : await tx.all(`INSERT INTO carrom_events (event, data) ${values} RETURNING seq`, params);
  return written(tx, event, rows, texts);
}

/** The events written (rows of their seqs, in the order of `texts`), once old ones are gone. */
async function written(tx: Sql, event: string, rows: readonly Row[], texts: readonly string[]): Promise<FeedEvent[]> {
  const seqs = rows.map((r) => Number(r.seq));
  const newest = Math.max(...seqs);
  // Old events go once every 100 events.
  if (seqs.some((q) => q % 100 === 0)) await tx.run('DELETE FROM carrom_events WHERE seq <= ?', [newest - KEEP]);
  // The seqs are numbered in the order the rows were given (RETURNING, and on PostgreSQL ORDER BY seq).
  return seqs.map((seq, i) => ({ seq, event, data: texts[i] }));
}

/** A record's event to write: its text in two parts around its state's text, and its match (whose row
 * holds that very state text when `inMatch`: the record is its match's newest, written in this transaction). */
export interface RecordEventWrite {
  head: string;
  state: string;
  tail: string;
  match: number;
  inMatch: boolean;
}

/** The record events of a batch (publishTexts of their texts). On PostgreSQL a state the match's row
 * holds is not sent again: the event's text is made there from its two parts and that row's state (some
 * 4 KiB a record less to send, of 37), in one text whatever the number of events, prepared once. */
export async function publishRecords(tx: Sql, events: readonly RecordEventWrite[]): Promise<FeedEvent[]> {
  if (tx.dialect !== 'postgres' || events.length === 0) return publishTexts(tx, 'record', events.map(eventText));
  const [text, params] = recordEventsStatement(events);
  return recordEventsWritten(tx, events, await tx.all(text, params));
}

const eventText = (e: RecordEventWrite): string => e.head + e.state + e.tail;

/** publishRecords' statement on PostgreSQL. `matches`: where the state of an event that does not carry
 * it is read, the matches' rows, or what a part before it in the same statement wrote into them (with
 * their columns id and state: server/store/derived.ts, writeDerivedOf's `last`), which its snapshot does not
 * see in the rows themselves. */
export function recordEventsStatement(events: readonly RecordEventWrite[], matches = 'carrom_matches'): readonly [string, readonly unknown[]] {
  return [
    `WITH v (n, head, match, state, tail) AS (SELECT * FROM unnest(CAST(? AS INTEGER[]), CAST(? AS TEXT[]), CAST(? AS BIGINT[]), CAST(? AS TEXT[]), CAST(? AS TEXT[]))),
       made AS (INSERT INTO carrom_events (event, data)
         SELECT 'record', v.head || COALESCE(v.state, m.state) || v.tail FROM v LEFT JOIN ${matches} m ON v.state IS NULL AND m.id = v.match ORDER BY v.n RETURNING seq)
     SELECT seq, pg_notify(?, CAST(seq AS TEXT)) FROM (SELECT seq FROM made ORDER BY seq) AS s`,
    [events.map((_, n) => n), events.map((e) => e.head), events.map((e) => e.match), events.map((e) => (e.inMatch ? null : e.state)), events.map((e) => e.tail), FEED_CHANNEL],
  ];
}

/** The events recordEventsStatement wrote (its rows), once old ones are gone. */
export function recordEventsWritten(tx: Sql, events: readonly RecordEventWrite[], rows: readonly Row[]): Promise<FeedEvent[]> {
  return written(tx, 'record', rows, events.map(eventText));
}

/** The `record` event's data (docs/server.md §4). */
export function recordEvent(r: NewRecord, match: number) {
  const { table, counter, kind, madeAt, abandoned, assigned } = r.record;
  // `abandoned` only when true, `assigned` only for a tournament's record: the event's fields stay as
  // they were for every other record.
  return {
    table, counter, kind, match, players: r.players, state: r.state, receivedAt: r.receivedAt, madeAt,
    ...(abandoned ? { abandoned: true as const } : {}), ...assignedField(assigned),
  };
}

/** `JSON.stringify(recordEvent(r, match))` in two parts around the state's text (as the store writes it
 * in the match's row too: server/records/storable.ts, StateText): the same text, head + state + tail, without
 * making the state's text (a match's whole state) again. */
export function recordEventParts(r: NewRecord, match: number, state: string): { head: string; state: string; tail: string } {
  const { table, counter, kind, madeAt, abandoned, assigned } = r.record;
  // recordEvent's fields in its order; receivedAt (a string) is always there, so neither part is empty.
  const head = JSON.stringify({ table, counter, kind, match, players: r.players });
  const tail = JSON.stringify({ receivedAt: r.receivedAt, madeAt, ...(abandoned ? { abandoned: true as const } : {}), ...assignedField(assigned) });
  return { head: `${head.slice(0, -1)},"state":`, state, tail: `,${tail.slice(1)}` };
}

/** The events after `after`, oldest first, at most `limit`; null when some of them are no longer kept
 * (older than the feed's last KEEP rows), or when `after` is no event of this database (past its newest). */
export async function eventsAfter(sql: Sql, after: number, limit: number): Promise<FeedEvent[] | null> {
  const [{ lo, hi }] = await sql.all('SELECT MIN(seq) AS lo, COALESCE(MAX(seq), 0) AS hi FROM carrom_events');
  if (after > Number(hi) || (lo !== null && after + 1 < Number(lo))) return null;
  return (await sql.all('SELECT seq, event, data FROM carrom_events WHERE seq > ? ORDER BY seq LIMIT ?', [after, limit])).map(eventOf);
}

/** The newest event's number (0 for none). */
export async function newestEvent(sql: Sql): Promise<number> {
  return Number((await sql.all('SELECT COALESCE(MAX(seq), 0) AS n FROM carrom_events'))[0].n);
}

export interface FeedEvent {
  seq: number;
  event: string;
  /** The event's JSON text, as written (one line). */
  data: string;
}

/** An event as its row reads. */
export const eventOf = (r: Record<string, unknown>): FeedEvent => ({ seq: Number(r.seq), event: String(r.event), data: String(r.data) });
