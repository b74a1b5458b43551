// The event feed under the event streams, on SQLite and on PostgreSQL: an event is seen by a watcher on
// another connection once its transaction commits, never if it rolls back, in the order written; the
// table keeps only the newest events. On PostgreSQL an event found by two reads (the one its notification
// started, and the catch-up after the listening connection came back) is delivered once.
import assert from 'node:assert/strict';
import { openPostgres } from '../../../server/db/postgres.ts';
import { openSqlite } from '../../../server/db/sqlite.ts';
import type { Sql } from '../../../server/db/sql.ts';
import { feedSchema } from '../../../server/db/schemas.ts';
import { FEED_CHANNEL, publish, recordEvent, recordEventParts, type FeedEvent } from '../../../server/store/feed.ts';
import { watchFeed, type Feed } from '../../../server/store/feed-watch.ts';
import { stateTextOf } from '../../../server/records/storable.ts';
import type { NewRecord } from '../../../server/store/store.ts';
import { matchRecords } from '../../../tools/results.ts';
import { prepared } from '../../helpers/databases/prepared.ts';
import { ENGINES, pgClients } from '../../helpers/databases/databases.ts';
import { until } from '../../helpers/servers/answers.ts';

for (const engine of ENGINES) {
  describe(`event feed on ${engine.name}`, function () {
    this.timeout(60_000);
    let db: string;
    let writer: Sql;
    let reader: Sql;
    let feed: Feed;
    let seen: FeedEvent[];
    const open = (d: string) => (engine.name === 'sqlite' ? openSqlite(d) : openPostgres(d));
    beforeEach(async () => {
      db = await engine.fresh();
      // Two connections, as two processes have.
      writer = await open(db);
      for (const s of feedSchema(writer.dialect)) await writer.run(s);
      reader = await open(db);
      seen = [];
      feed = await watchFeed(reader, engine.name === 'postgres' ? db : null, (e) => seen.push(e), (l) => assert.fail(`the feed said: ${l}`));
    });
    afterEach(async () => {
      await feed.close();
      await writer.close();
      await reader.close();
    });

    it('sends what another connection commits, in order, and nothing of a transaction rolled back', async () => {
      await writer.transaction(async (tx) => publish(tx, 'record', { n: 1 }));
      await writer
        .transaction(async (tx) => {
          await publish(tx, 'record', { n: 2 });
          throw new Error('changed its mind');
        })
        .catch(() => undefined);
      await writer.transaction(async (tx) => {
        await publish(tx, 'record', { n: 3 });
        await publish(tx, 'forward-refused', { n: 4 });
      });
      await until('the watcher has the committed events', () => seen.length >= 3, 10_000);
      assert.deepEqual(seen.map((e) => [e.event, JSON.parse(e.data).n]), [['record', 1], ['record', 3], ['forward-refused', 4]]);
      assert.ok(seen[0].seq < seen[1].seq && seen[1].seq < seen[2].seq);
    });

    it('keeps only the newest 10,000 events', async () => {
      // A season's worth of events at once (written straight in), then two stored the usual way.
      await writer.run(`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 10199) INSERT INTO carrom_events (event, data) SELECT 'record', '{}' FROM c`);
      await writer.transaction(async (tx) => {
        await publish(tx, 'record', { n: 10_200 });
        await publish(tx, 'record', { n: 10_201 });
      });
      const [{ n, low, high }] = await writer.all('SELECT COUNT(*) AS n, MIN(seq) AS low, MAX(seq) AS high FROM carrom_events');
      assert.deepEqual([Number(n), Number(low), Number(high)], [10_001, 201, 10_201]);
      await until('the watcher has the newest', () => seen.some((e) => e.seq === 10_201), 10_000);
    });
  });
}

/** A record's event text as the store writes it: recordEventParts joined around the state's text. */
function eventText(r: NewRecord, match: number, state: string): string {
  const p = recordEventParts(r, match, state);
  return p.head + p.state + p.tail;
}

describe("a record's event as text", () => {
  it('is the text of its event object, made with the state text the store writes (a tournament\'s record, an abandoned one, names beyond ASCII)', () => {
    const r = prepared(matchRecords('t-1', 7, 3, { rules: 'icf', mode: 'singles', options: { matchTarget: 5 } })[1]);
    const variants: NewRecord[] = [
      r,
      { ...r, players: ['Aśha "A"', 'बेन\\'], record: { ...r.record, madeAt: '2026-01-01T00:00:00Z', abandoned: true } },
      { ...r, record: { ...r.record, madeAt: null, assigned: { tournament: 3, round: 2, match: 9 } } },
    ];
    for (const v of variants) {
      assert.equal(eventText(v, 42, stateTextOf(v).json), JSON.stringify(recordEvent(v, 42)));
    }
  });
});

describe('a record event as text', () => {
  // recordEventParts makes the event's text around the state's text the store has made already: the
  // very text JSON.stringify(recordEvent(…)) makes, for every shape of record.
  const record = (over: Record<string, unknown>): NewRecord =>
    ({
      record: { table: 't"1', counter: 7, kind: 'board', firmware: 'f', log: 'x', madeAt: null, abandoned: false, assigned: null, ...over },
      body: '{}', headerLine: 'h', players: ['Asha', 'Bé\u2028n'], rules: 'icf', mode: 'singles',
      state: { match: { over: false, score: [1, 2] }, board: { s: 'é"\\' } }, rows: [], signature: 's', receivedAt: '2026-01-01T00:00:00.000Z', forward: false,
    }) as unknown as NewRecord;
  for (const [name, over] of [
    ['a board record', {}],
    ['with madeAt', { madeAt: '2026-01-01T00:00:00Z' }],
    ['abandoned', { abandoned: true, kind: 'match' }],
    ['for a tournament', { assigned: { tournament: 1, round: 2, match: 3 } }],
    ['abandoned, for a tournament', { abandoned: true, assigned: { tournament: 1, round: 2, match: 3 }, madeAt: 'm' }],
  ] as const) {
    it(name, () => {
      const r = record(over);
      assert.equal(eventText(r, 42, JSON.stringify(r.state)), JSON.stringify(recordEvent(r, 42)));
    });
  }
});

describe('event feed on postgres, its listening connection lost', function () {
  this.timeout(60_000);
  const engine = ENGINES.find((e) => e.name === 'postgres')!;
  let db: string;
  let sql: Sql;
  let reader: Sql;
  let feed: Feed | null = null;
  const { client, endAll } = pgClients(() => db);
  /** Whether a session of this database matches `where` (pg_stat_activity's columns). */
  const activity = async (where: string, params: unknown[] = []) =>
    Number((await sql.all(`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND ${where}`, params))[0].n) > 0;
  const waitingOnLock = (query: string) => activity(`wait_event_type = 'Lock' AND query LIKE ?`, [`${query}%`]);
  beforeEach(async () => {
    db = await engine.fresh();
    sql = await openPostgres(db);
    for (const s of feedSchema(sql.dialect)) await sql.run(s);
    reader = await openPostgres(db);
  });
  afterEach(async () => {
    await feed?.close();
    await endAll();
    await reader.close();
    await sql.close();
  });

  it('never delivers an event twice when its own read and the reconnect’s catch-up both find it', async () => {
    const seen: FeedEvent[] = [];
    const said: string[] = [];
    feed = await watchFeed(reader, db, (e) => seen.push(e), (l) => said.push(l));
    const [writing, locking] = [await client(), await client()];
    // An event written, not committed yet; then the test asks for the whole table, and waits behind it.
    await writing.query('BEGIN');
    const [{ seq }] = (await writing.query(`WITH made AS (INSERT INTO carrom_events (event, data) VALUES ('record', '{"n":1}') RETURNING seq) SELECT seq, pg_notify($1, CAST(seq AS TEXT)) FROM made`, [FEED_CHANNEL])).rows as { seq: string }[];
    const pid = Number((await locking.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    await locking.query('BEGIN');
    const locked = locking.query('LOCK TABLE carrom_events IN ACCESS EXCLUSIVE MODE');
    await until('the test’s lock waits for the write', () => activity(`wait_event_type = 'Lock' AND pid = ?`, [pid]));
    // The event commits: the test has the table before the feed reads the event its notification named.
    await writing.query('COMMIT');
    await locked;
    await until('the feed’s read of the notified event waits for the test’s lock', () => waitingOnLock('SELECT seq, event, data FROM carrom_events WHERE seq = ANY'));
    // Meanwhile its listening connection goes: it comes back and reads what came since its last event.
    await sql.run(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'carrom serve: event feed' AND datname = current_database()`);
    await until('the reconnected feed’s catch-up waits for the test’s lock too', () => waitingOnLock('SELECT seq, event, data FROM carrom_events WHERE seq >'), 20_000);
    await locking.query('ROLLBACK');
    // Both reads find the event. Then one more, through the new connection: once it is here, both reads are done.
    await until('the event is delivered', () => seen.length > 0);
    await sql.transaction(async (tx) => publish(tx, 'record', { n: 2 }));
    await until('the next event is delivered', () => seen.some((e) => JSON.parse(e.data).n === 2));
    assert.deepEqual(seen.map((e) => [e.seq, JSON.parse(e.data).n]), [[Number(seq), 1], [Number(seq) + 1, 2]]);
    assert.match(said.join('\n'), /event feed: the listening connection/);
  });

  it('sends an event committed while its listening connection was away, though its number is below one it has sent', async () => {
    const seen: FeedEvent[] = [];
    feed = await watchFeed(reader, db, (e) => seen.push(e), () => undefined);
    const other = await client();
    // Another process writes event 1 and commits it late: after event 2, and after the feed lost its connection.
    await other.query('BEGIN');
    const [{ seq }] = (await other.query(`WITH made AS (INSERT INTO carrom_events (event, data) VALUES ('record', '{"n":1}') RETURNING seq) SELECT seq, pg_notify($1, CAST(seq AS TEXT)) FROM made`, [FEED_CHANNEL])).rows as { seq: string }[];
    await sql.transaction(async (tx) => publish(tx, 'record', { n: 2 }));
    await until('the feed has event 2', () => seen.length === 1);
    const listening = () => activity(`application_name = 'carrom serve: event feed'`);
    // Gone when this returns (it waits for the session to end), and back only a second later.
    await sql.run(`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = 'carrom serve: event feed' AND datname = current_database()`);
    await other.query('COMMIT');
    assert.ok(!(await listening()), 'event 1 committed while nobody listened (the feed waits a second before it connects again)');
    await until('the feed listens again', listening);
    await sql.transaction(async (tx) => publish(tx, 'record', { n: 3 }));
    await until('the feed has event 3', () => seen.some((e) => JSON.parse(e.data).n === 3));
    assert.deepEqual(seen.map((e) => JSON.parse(e.data).n).sort(), [1, 2, 3]);
    assert.equal(seen.find((e) => JSON.parse(e.data).n === 1)?.seq, Number(seq));
  });

  it('sends everything stored while its listening connection was away, more than one read’s 1,000 events too', async () => {
    const seen: FeedEvent[] = [];
    feed = await watchFeed(reader, db, (e) => seen.push(e), () => undefined);
    const listening = () => activity(`application_name = 'carrom serve: event feed'`);
    // Gone when this returns (it waits for the session to end), and back only a second later.
    await sql.run(`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = 'carrom serve: event feed' AND datname = current_database()`);
    await sql.run(`INSERT INTO carrom_events (event, data) SELECT 'record', '{"n":' || i || '}' FROM generate_series(1, 1100) AS i`);
    assert.ok(!(await listening()), 'stored while nobody listened');
    await until('the feed listens again', listening);
    await sql.transaction(async (tx) => publish(tx, 'record', { n: 1101 }));
    await until('the feed has the event stored after it came back', () => seen.some((e) => JSON.parse(e.data).n === 1101));
    assert.deepEqual(seen.map((e) => JSON.parse(e.data).n), Array.from({ length: 1101 }, (_, i) => i + 1));
  });
});
