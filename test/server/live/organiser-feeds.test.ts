// The organisers' live feeds beside the public's (docs/server.md §4, "The live feeds"): numbered apart,
// so that a reader that crosses from one to the other (a page whose browser logged in or out, and
// reconnects with its Last-Event-ID) is told to read again, even when both feeds were made in the same
// millisecond (their numbers start from the time they were made); and made at their first reader only.
// Real readers over HTTP on loopback, NDJSON.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveFeeds, organiserFeeds } from '../../../server/live/feeds.ts';
import type { LiveBus, LiveBusEvents } from '../../../server/live/live-source.ts';
import { readFeed, type FeedReader } from '../../helpers/servers/live-feed.ts';
import { until } from '../../helpers/servers/answers.ts';

/** The clock both sets of feeds read: one millisecond for all. */
const NOW = 1_765_123_456_789;
const HEADER = '{"carromLog":1}';

describe("the organisers' live feeds beside the public's", () => {
  let server: Server;
  let url: string;
  let bus: LiveBus;
  let pub: LiveFeeds;
  let org: LiveFeeds;
  const open: FeedReader[] = [];
  const read = async (path: string, lastEventId?: string) => {
    const r = await readFeed(url, path, lastEventId === undefined ? {} : { lastEventId });
    open.push(r);
    return r;
  };
  const shot = (seq: number) => bus.emit('shot', { table: 't-1', seq, matchId: 'm1', from: seq, lines: `${seq === 0 ? HEADER : `{"n":${seq}}`}\n` });

  beforeEach(async () => {
    bus = new EventEmitter<LiveBusEvents>();
    pub = new LiveFeeds(bus, {}, () => undefined, () => NOW);
    org = organiserFeeds(bus, {}, () => undefined, () => NOW);
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const after = req.headers['last-event-id'];
      const feeds = u.pathname === '/organiser' ? org : pub;
      feeds.subscribe(res, '127.0.0.1', { club: true }, 'ndjson', typeof after === 'string' ? Number(after) : null);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const r of open.splice(0)) r.close();
    pub.close();
    org.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a number of either feed is none of the other: a reader that crosses over gets reset and a snapshot', async () => {
    const spectator = await read('/public');
    const organiser = await read('/organiser');
    await until('both snapshots', () => spectator.events.length === 1 && organiser.events.length === 1);
    for (let i = 0; i < 4; i++) shot(i);
    await until('the shots', () => spectator.events.length === 5 && organiser.events.length === 5);
    const publicId = spectator.events[1].id;
    const organiserId = organiser.events[1].id;
    assert.notEqual(publicId, organiserId, 'the two feeds number apart');
    // Logged in: the public's number, to the organisers' feed.
    const loggedIn = await read('/organiser', String(publicId));
    await until('its answer', () => loggedIn.events.length >= 2);
    assert.deepEqual(loggedIn.events.map((e) => e.event), ['reset', 'snapshot']);
    // Logged out: the organisers' number, to the public's.
    const loggedOut = await read('/public', String(organiserId));
    await until('its answer', () => loggedOut.events.length >= 2);
    assert.deepEqual(loggedOut.events.map((e) => e.event), ['reset', 'snapshot']);
    // Each side resumes from its own numbers as before.
    const again = await read('/organiser', String(organiserId));
    await until('what it missed', () => again.events.length === 3);
    assert.deepEqual(again.events.map((e) => e.id), [organiserId + 1, organiserId + 2, organiserId + 3]);
  });

  it('keeps no organiser feed that nobody read, and the snapshot all the same', async () => {
    for (let i = 0; i < 3; i++) shot(i);
    assert.deepEqual(pub.kept({ club: true }), { events: 3, bytes: pub.kept({ club: true })!.bytes });
    assert.equal(org.kept({ club: true }), null, 'no feed made before its first reader');
    const organiser = await read('/organiser');
    await until('its snapshot', () => organiser.events.length === 1);
    assert.equal(organiser.events[0].event, 'snapshot');
    assert.match(JSON.stringify(organiser.events[0].data), /"table":"t-1"/, 'the snapshot holds the live log the bus told');
    shot(3);
    await until('the shot', () => organiser.events.length === 2);
    assert.equal(org.kept({ club: true })!.events, 1);
    assert.equal(org.kept({ table: 't-1' }), null, "the table's feed: not read, not made");
  });
});
