// The events every process on one database sees (docs/server.md, "Several processes on one database").
// A stored record writes its event into `carrom_events` in the record's own transaction; each process
// watches that table and sends what appears to its own event-stream clients, its own records included.
// PostgreSQL tells the watchers at each commit (LISTEN/NOTIFY, the row's number as payload); SQLite has
// no such thing, so a watcher reads the database's change counter (`PRAGMA data_version`, which moves at
// another connection's commit) a few times a second, and is poked after its own process's commits.
import { assignedField } from '../records/assigned.ts';
import type { Row, Sql } from '../db/sql.ts';
import type { NewRecord } from '../records/storable.ts';
import type { RecordEventJson } from '../json/club.ts';

export const FEED_CHANNEL = 'carrom_events';
/** Rows kept: the watchers read each within a second, and a page that reconnects is sent what it missed
 * from here (`Last-Event-ID`, docs/server.md §4), so the table outlasts a lagging watcher and a page away
 * for a while (10,000 records: a club's busiest day). */
export const KEEP = 10_000;
/** How often a SQLite watcher reads the change counter. */
const SQLITE_POLL = 250;
const BATCH = 200;
/** How long a process waits for its own uncommitted events to come from its commit before it reads
 * them back as another's (server/store/feed.ts, watchPostgres): longer than any commit (statement timeout). */
const OWN_WAIT = 15_000;
/** Events a PostgreSQL watcher reads at once after it listens again (watchPostgres). */
const MISSED_BATCH = 1_000;
/** Numbers below the newest event sent that a PostgreSQL watcher keeps looking for, at most (watchPostgres). */
const HOLES_KEPT = 1_000;

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
export function recordEvent(r: NewRecord, match: number): RecordEventJson {
  const { table, counter, kind, madeAt, abandoned, assigned } = r.record;
  // `abandoned` only when true, `assigned` only for a tournament's record: the event's fields stay as
  // they were for every other record.
  return {
    table, counter, kind, match, players: r.players, state: r.state as RecordEventJson['state'], receivedAt: r.receivedAt, madeAt,
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

export interface Feed {
  /** This process committed something: look now rather than at the next poll (SQLite); `own`, the
   * events it committed, when known, sent at once and not read back (PostgreSQL). */
  poke(own?: readonly FeedEvent[]): void;
  /** This process wrote events of these numbers in a transaction not yet committed: their notifications
   * are not read back, the events come with the poke after the commit (PostgreSQL). */
  expect?(seqs: readonly number[]): void;
  close(): Promise<void>;
}

type Deliver = (e: FeedEvent) => void;

const eventOf = (r: Record<string, unknown>): FeedEvent => ({ seq: Number(r.seq), event: String(r.event), data: String(r.data) });

/** Starts watching the feed of `sql` (`url` is the postgres:// URL for the listening connection). Events
 * written before the start are not sent. Trouble (the database gone) is logged once, and retried. */
export async function watchFeed(sql: Sql, url: string | null, deliver: Deliver, log: (line: string) => void): Promise<Feed> {
  const newest = await newestEvent(sql);
  const trouble = troubleLog(log);
  if (sql.dialect === 'sqlite') return watchSqlite(sql, newest, deliver, trouble);
  if (!url) throw new Error('the event feed on PostgreSQL needs the database URL to listen on');
  return watchPostgres(sql, url, newest, deliver, trouble);
}

/** Says a failure once (not at every retry), and once that it works again. */
function troubleLog(log: (line: string) => void) {
  let failing = false;
  return {
    failed(what: string, e: unknown) {
      if (!failing) log(`event feed: ${what}: ${e instanceof Error ? e.message : String(e)}; trying again`);
      failing = true;
    },
    ok() {
      if (failing) log('event feed: working again');
      failing = false;
    },
  };
}

function watchSqlite(sql: Sql, newest: number, deliver: Deliver, trouble: ReturnType<typeof troubleLog>): Feed {
  let last = newest;
  let version = -1;
  let poked = true;
  let running: Promise<void> | null = null;
  const look = async () => {
    const v = Number((await sql.all('PRAGMA data_version'))[0].data_version);
    if (v === version && !poked) return;
    version = v;
    poked = false;
    for (;;) {
      const rows = await sql.all('SELECT seq, event, data FROM carrom_events WHERE seq > ? ORDER BY seq LIMIT ?', [last, BATCH]);
      for (const r of rows) {
        const e = eventOf(r);
        last = e.seq;
        deliver(e);
      }
      if (rows.length < BATCH) return;
    }
  };
  const run = () => {
    if (running) return;
    running = look()
      .then(() => trouble.ok())
      .catch((e) => trouble.failed('reading the events', e))
      .finally(() => {
        running = null;
        if (poked) run();
      });
  };
  const timer = setInterval(run, SQLITE_POLL);
  timer.unref();
  return {
    poke() {
      poked = true;
      run();
    },
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}

async function watchPostgres(sql: Sql, url: string, newest: number, deliver: Deliver, trouble: ReturnType<typeof troubleLog>): Promise<Feed> {
  const { default: pg } = await import('pg');
  let last = newest;
  // Seqs sent lately: a catch-up read after a reconnect may meet ones a notification brought already.
  const sent = new Set<number>();
  // Seqs below `last` not sent: an event's number is taken as it is written, so an event may commit
  // after a newer one was sent. Its notification brings it then; if it commits while the listening
  // connection is away, the catch-up after the reconnect reads it with those after `last`.
  const holes = new Set<number>();
  const wanted: number[] = [];
  // This process's own events of transactions under way, with when they were written: read back as any
  // other's only if no poke brought them within OWN_WAIT (their commit failed, or its answer was lost).
  const expected = new Map<number, number>();
  const sweep = () => {
    const old = Date.now() - OWN_WAIT;
    for (const [seq, at] of expected) {
      if (at > old) break;
      expected.delete(seq);
      if (!sent.has(seq)) wanted.push(seq);
    }
    fetchWanted();
  };
  const sweeper = setInterval(sweep, OWN_WAIT);
  sweeper.unref();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let wait = 1000;
  let retry: NodeJS.Timeout | null = null;
  let fetching: Promise<void> | null = null;

  const send = (e: FeedEvent) => {
    if (sent.has(e.seq)) return;
    sent.add(e.seq);
    if (sent.size > 2 * BATCH) sent.delete(sent.values().next().value as number);
    if (e.seq > last) {
      for (let q = Math.max(last + 1, e.seq - HOLES_KEPT); q < e.seq; q++) holes.add(q);
      last = e.seq;
    } else holes.delete(e.seq);
    // The oldest go first (rolled-back numbers never fill).
    while (holes.size > HOLES_KEPT) holes.delete(holes.values().next().value as number);
    deliver(e);
  };
  const fetchWanted = () => {
    if (fetching) return;
    // This process's own events came from its commits (poke) and are not read back: with several
    // processes, each reads only the others' events.
    const seqs = wanted.splice(0, BATCH).filter((q) => !sent.has(q) && !expected.has(q));
    if (seqs.length === 0) {
      if (wanted.length > 0) fetchWanted();
      return;
    }
    fetching = sql
      .all('SELECT seq, event, data FROM carrom_events WHERE seq = ANY(?::bigint[]) ORDER BY seq', [seqs])
      .then((rows) => {
        rows.map(eventOf).forEach(send);
        trouble.ok();
      })
      .catch((e) => {
        wanted.unshift(...seqs);
        trouble.failed('reading the events', e);
        return new Promise<void>((r) => setTimeout(r, 1000).unref());
      })
      .finally(() => {
        fetching = null;
        if (!closed) fetchWanted();
      });
  };
  const reconnect = () => {
    if (closed || retry) return;
    client?.removeAllListeners('notification');
    void client?.end().catch(() => undefined);
    client = null;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
    retry.unref();
    wait = Math.min(wait * 2, 30_000);
  };
  const connect = async (): Promise<void> => {
    // Named, so that an operator can tell it in pg_stat_activity: it stays open, idle, all the time.
    const c = new pg.Client({ connectionString: url, application_name: 'carrom serve: event feed' });
    client = c;
    c.on('error', (e) => {
      if (client !== c) return;
      trouble.failed('the listening connection', e);
      reconnect();
    });
    c.on('end', () => {
      if (closed || client !== c) return;
      trouble.failed('the listening connection', new Error('it was closed'));
      reconnect();
    });
    c.on('notification', (n) => {
      wanted.push(Number(n.payload));
      fetchWanted();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${FEED_CHANNEL}`);
      // What was written while we were not listening (after a reconnect), and what was committed then
      // of the numbers below it not sent yet; MISSED_BATCH at a time.
      for (;;) {
        const missed = await c.query('SELECT seq, event, data FROM carrom_events WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT $3', [last, [...holes], MISSED_BATCH]);
        missed.rows.map(eventOf).forEach(send);
        if (missed.rows.length < MISSED_BATCH) break;
      }
      wait = 1000;
      trouble.ok();
    } catch (e) {
      trouble.failed('listening', e);
      reconnect();
    }
  };
  await connect();
  return {
    poke(own) {
      for (const e of own ?? []) {
        expected.delete(e.seq);
        send(e);
      }
    },
    expect(seqs) {
      const now = Date.now();
      for (const q of seqs) expected.set(q, now);
    },
    async close() {
      closed = true;
      clearInterval(sweeper);
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      await fetching;
    },
  };
}
