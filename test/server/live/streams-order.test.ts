// Event streams when the feed brings events out of their order, as it does on PostgreSQL: an event's
// number is taken as it is written and the event is seen at its commit, so one may commit after a newer
// one, and a process's own events come at its commit while another's come after a read. A page that
// resumed (Last-Event-ID) and caught up from the database gets each event once: none it caught up on
// again, and none lost that was not yet committed as it caught up. Over real HTTP on loopback.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { EventHub } from '../../../server/live/events.ts';
import { FEED_CHANNEL, publishAll } from '../../../server/store/feed.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { openStore, type Store } from '../../../server/store/store.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES, pgClients } from '../../helpers/databases/databases.ts';
import { readEvents } from '../../helpers/servers/processes.ts';

/** The `n` of each event's data (the tests below write `{"n": …}`), in the order the page got them. */
const ns = (s: { events: { event: string; data: string }[] }) => s.events.filter((e) => e.event === 'record').map((e) => (JSON.parse(e.data) as { n: number }).n);

describe('event streams on postgres: an event committed after a later one (its number was taken first)', function () {
  this.timeout(60_000);
  const engine = ENGINES.find((e) => e.name === 'postgres')!;
  let server: ResultsServer;
  let db: string;
  const { client, endAll } = pgClients(() => db);
  // As another process on the database writes an event (server/store/feed.ts, publishTexts).
  const write = async (c: pg.Client, n: number) =>
    Number((await c.query(`WITH made AS (INSERT INTO carrom_events (event, data) VALUES ('record', $1) RETURNING seq) SELECT seq, pg_notify($2, CAST(seq AS TEXT)) FROM made`, [JSON.stringify({ n }), FEED_CHANNEL])).rows[0].seq);
  beforeEach(async () => {
    db = await engine.fresh();
    server = await startResultsServer({ port: 0, db, mdns: false });
  });
  afterEach(async () => {
    await endAll();
    await server?.close();
  });

  it('a page that resumed meanwhile gets it, once, as does a page open all along', async () => {
    const open = await readEvents(server.url);
    await until('the open page has its first id', () => open.lastId() !== null);
    const [other, slow] = [await client(), await client()];
    const first = await write(other, 1);
    await write(other, 2);
    // Event 3 takes its number, and commits only after event 4 has.
    await slow.query('BEGIN');
    await write(slow, 3);
    await write(other, 4);
    await until('the open page has 4', () => ns(open).includes(4));
    const again = await readEvents(server.url, String(first));
    await until('the page that resumed has what it missed', () => ns(again).includes(4));
    await slow.query('COMMIT');
    await until('the open page has 3', () => ns(open).includes(3));
    await write(other, 5);
    await until('both pages have 5', () => ns(open).includes(5) && ns(again).includes(5));
    assert.deepEqual(ns(open), [1, 2, 4, 3, 5]);
    assert.deepEqual(ns(again), [2, 4, 3, 5]);
  });
});

describe('the event hub, its feed bringing events out of their order (as on PostgreSQL)', function () {
  this.timeout(30_000);
  let store: Store;
  let hub: EventHub;
  let http: Server;
  let url: string;
  beforeEach(async () => {
    store = await openStore(await ENGINES[0].fresh());
    hub = new EventHub({}, store);
    http = createServer((req, res) => void hub.subscribe(res, '127.0.0.1', req.headers['last-event-id']));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    hub.close();
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
    await store.close();
  });

  it('never sends a resumed page an event it caught up on, when the feed brings it after a newer one', async () => {
    // Events 1–3 on the database; the feed brought 1 and 2 so far. A page that got 1 resumes: it catches
    // up on 2 and 3 from the database. Then the feed brings 4 (this process's own, at its commit), then
    // 3 (another process's, read after its notification).
    const events = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 1 }, { n: 2 }, { n: 3 }]));
    for (const e of events.slice(0, 2)) hub.send(e);
    const again = await readEvents(url, String(events[0].seq));
    await until('the page caught up', () => ns(again).includes(3));
    const [four] = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 4 }]));
    hub.send(four);
    await until('the page has 4', () => ns(again).includes(4));
    hub.send(events[2]);
    const [five] = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 5 }]));
    hub.send(five);
    await until('the page has 5', () => ns(again).includes(5));
    assert.deepEqual(ns(again), [2, 3, 4, 5]);
    again.close();
  });

  it('sends a page each event once when the feed brings it while the page is catching up on it', async () => {
    // The page's read of the database is held until the feed has brought 2 and 3 (and 4, newer).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reads = 0;
    hub.close();
    hub = new EventHub({}, { eventsAfter: async (after, limit) => (reads++, await held, store.eventsAfter(after, limit)), newestEvent: () => store.newestEvent() });
    const events = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 1 }, { n: 2 }, { n: 3 }]));
    const again = await readEvents(url, String(events[0].seq));
    await until('the page is catching up', () => reads === 1);
    const [four] = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 4 }]));
    for (const e of [events[1], four, events[2]]) hub.send(e);
    // The hub hands out what the feed brought at the event loop's next turn: they reach the page's
    // catching up, which is still held.
    await new Promise((r) => setImmediate(r));
    release();
    await until('the page has 4', () => ns(again).includes(4));
    const [five] = await store.sql.transaction(async (tx) => publishAll(tx, 'record', [{ n: 5 }]));
    hub.send(five);
    await until('the page has 5', () => ns(again).includes(5));
    assert.deepEqual(ns(again), [2, 3, 4, 5]);
    again.close();
  });
});
