// Watching the events every process on one database writes (feed.ts), to send each to this process's
// event-stream clients once. PostgreSQL tells the watchers at each commit (LISTEN/NOTIFY, the row's number
// as payload); SQLite has no such thing, so a watcher reads the database's change counter (`PRAGMA
// data_version`, which moves at another connection's commit) a few times a second, and is poked after its
// own process's commits.
import type { Sql } from '../db/sql.ts';
import { FEED_CHANNEL, eventOf, newestEvent, type FeedEvent } from './feed.ts';

/** How often a SQLite watcher reads the change counter. */
const SQLITE_POLL = 250;
const BATCH = 200;
/** How long a process waits for its own uncommitted events to come from its commit before it reads
 * them back as another's (watchPostgres): longer than any commit (statement timeout). */
const OWN_WAIT = 15_000;
/** Events a PostgreSQL watcher reads at once after it listens again (watchPostgres). */
const MISSED_BATCH = 1_000;
/** Numbers below the newest event sent that a PostgreSQL watcher keeps looking for, at most (watchPostgres). */
const HOLES_KEPT = 1_000;

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
