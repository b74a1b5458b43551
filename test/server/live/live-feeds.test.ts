// The public live feeds (docs/server.md §4, "The live feeds") over real HTTP on loopback against the real
// results server: a table's, a tournament's and the club's, as server-sent events and as NDJSON; a new
// reader's snapshot, the feed's numbers, resume from Last-Event-ID or ?after= mid-board (each event once),
// reset past what is kept, a held table that does not hold another's feed, and the bounds.
import assert from 'node:assert/strict';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { TABLE_KEPT } from '../../../server/live/feeds.ts';
import { matchRecords, postRecord } from '../../../tools/results.ts';
import { until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { liveLogs, readFeed, sendShot, type FeedReader } from '../../helpers/servers/live-feed.ts';
import { api, logIn, withOrganiser } from '../../helpers/tournament/organiser.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '6f'.repeat(32);
const records = matchRecords('t-1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
/** The first board's log and the whole match's, line by line (line 0: the header). */
const BOARD = records.find((r) => r.kind === 'board')!.log.slice(0, -1).split('\n');
const MATCH = records[records.length - 1].log.slice(0, -1).split('\n');
/** Another match, for table t-2. */
const OTHER_LINES = matchRecords('t-2', 1, 12, { rules: 'icf', mode: 'singles' })[0].log.slice(0, -1).split('\n');

describe('the public live feeds', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  const open: FeedReader[] = [];
  const feed = async (path: string, o: Parameters<typeof readFeed>[2] = {}) => {
    const r = await readFeed(server.url, path, o);
    open.push(r);
    return r;
  };
  const shot = (from: number, to: number, lines: readonly string[] = BOARD, more: Record<string, unknown> = {}) => sendShot(server.url, 't-1', SECRET, lines, from, to, more);
  const ids = (r: FeedReader) => r.events.map((e) => e.id);
  const names = (r: FeedReader) => r.events.map((e) => e.event);

  beforeEach(async () => {
    server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false, log: () => undefined, streams: { maxPerAddress: 4 } });
    await server.store.addTable('t-1', SECRET, new Date().toISOString());
    await server.store.addTable('t-2', OTHER, new Date().toISOString());
  });
  afterEach(async () => {
    for (const r of open.splice(0)) r.close();
    await server.close();
  });

  it("a table's feed as server-sent events: a snapshot first, then each shot numbered one after another; a reader who joins mid-board gets the board so far", async () => {
    const early = await feed('/api/v1/live/tables/t-1');
    assert.equal(early.status, 200);
    assert.match(early.type, /^text\/event-stream/);
    await until('the snapshot', () => early.events.length === 1);
    assert.deepEqual(early.events[0].data, { tables: [] });
    for (const [from, to] of [[0, 3], [3, 5], [5, 9]]) assert.equal((await shot(from, to)).status, 200);
    await until('three shots', () => early.events.length === 4);
    assert.deepEqual(names(early), ['snapshot', 'shot', 'shot', 'shot']);
    const first = early.events[0].id;
    assert.deepEqual(ids(early), [first, first + 1, first + 2, first + 3], 'each event one more than the last');
    assert.deepEqual(liveLogs(early.events).get('t-1'), BOARD.slice(0, 9));
    // Mid-board: the snapshot holds the nine lines, numbered as the last event it holds.
    const late = await feed('/api/v1/live/tables/t-1');
    await until('its snapshot', () => late.events.length === 1);
    assert.deepEqual([late.events[0].event, late.events[0].id], ['snapshot', first + 3]);
    assert.deepEqual(liveLogs(late.events).get('t-1'), BOARD.slice(0, 9));
    await shot(9, 12);
    await until('the next shot, to both', () => early.events.length === 5 && late.events.length === 2);
    assert.deepEqual(late.events[1], early.events[4]);
    assert.deepEqual(liveLogs(late.events).get('t-1'), BOARD.slice(0, 12));
    // Another table's shots are not on this table's feed.
    await sendShot(server.url, 't-2', OTHER, OTHER_LINES, 0, 4);
    await shot(12, 13);
    await until('the next shot of t-1', () => early.events.length === 6);
    assert.ok(early.events.every((e) => e.event !== 'shot' || e.data.table === 't-1'));
  });

  it('the same feed as NDJSON, by .ndjson, ?format=ndjson or Accept; a record stored comes on it too', async () => {
    const sse = await feed('/api/v1/live/tables/t-1');
    const byPath = await feed('/api/v1/live/tables/t-1.ndjson');
    const byQuery = await feed('/api/v1/live/tables/t-1?format=ndjson');
    const byAccept = await feed('/api/v1/live/tables/t-1', { accept: 'application/x-ndjson' });
    for (const r of [byPath, byQuery, byAccept]) assert.match(r.type, /^application\/x-ndjson/);
    await shot(0, BOARD.length);
    const rec = await postRecord(server.url, 't-1', SECRET, records[0].body);
    assert.equal(rec.status, 201);
    const all = [sse, byPath, byQuery, byAccept];
    await until('the shot and the record on each', () => all.every((r) => r.events.length === 3));
    for (const r of all) assert.deepEqual(names(r), ['snapshot', 'shot', 'record']);
    for (const r of all.slice(1)) assert.deepEqual(r.events.slice(1), sse.events.slice(1), 'the same events, numbers and data');
    assert.equal(sse.events[2].data.counter, 1);
  });

  it('resume mid-board: Last-Event-ID (and ?after= for NDJSON) sends each missed shot once, then the live ones; no snapshot again', async () => {
    const a = await feed('/api/v1/live/tables/t-1');
    await shot(0, 4);
    await shot(4, 6);
    await until('two shots', () => a.events.length === 3);
    a.close();
    const last = a.events[2].id;
    await shot(6, 9);
    await shot(9, 11);
    const back = await feed('/api/v1/live/tables/t-1', { lastEventId: String(last) });
    const nd = await feed(`/api/v1/live/tables/t-1.ndjson?after=${last}`);
    await until('the two missed', () => back.events.length === 2 && nd.events.length === 2);
    await shot(11, 14);
    await until('the live one', () => back.events.length === 3 && nd.events.length === 3);
    assert.deepEqual(ids(back), [last + 1, last + 2, last + 3]);
    assert.deepEqual(nd.events, back.events);
    // What the spectator had, plus what it was sent since, is the live log: nothing missed, nothing twice.
    assert.deepEqual(liveLogs([...a.events, ...back.events]).get('t-1'), BOARD.slice(0, 14));
    // Resuming from the newest: nothing is sent until the next shot.
    const now = await feed('/api/v1/live/tables/t-1', { lastEventId: String(last + 3) });
    await shot(14, 15);
    await until('the next', () => now.events.length === 1);
    assert.deepEqual([now.events[0].event, now.events[0].id], ['shot', last + 4]);
  });

  it('past what is kept (or an id that is not the feed\'s), a reset and a new snapshot', async () => {
    const a = await feed('/api/v1/live/tables/t-1');
    await until('the snapshot', () => a.events.length === 1);
    const start = a.events[0].id;
    a.close();
    // One shot message per line: more events than a table's feed keeps.
    assert.ok(MATCH.length > TABLE_KEPT.events + 2, `the match has ${MATCH.length} lines`);
    for (let i = 0; i < MATCH.length; i++) assert.equal((await shot(i, i + 1, MATCH)).status, 200);
    for (const lastEventId of [String(start), String(start + 1), 'nonsense', String(start + MATCH.length + 5)]) {
      const back = await feed('/api/v1/live/tables/t-1', { lastEventId });
      await until(`the reset for ${lastEventId}`, () => back.events.length === 2);
      assert.deepEqual(names(back), ['reset', 'snapshot'], lastEventId);
      assert.equal(back.events[1].id, start + MATCH.length);
      assert.deepEqual(liveLogs(back.events).get('t-1'), MATCH);
      back.close();
    }
    // Just inside what is kept: the events, no reset.
    const inside = await feed('/api/v1/live/tables/t-1', { lastEventId: String(start + MATCH.length - TABLE_KEPT.events) });
    await until('the kept events', () => inside.events.length === TABLE_KEPT.events);
    assert.ok(inside.events.every((e) => e.event === 'shot'));
  });

  it("a tournament's feed and the club's: every table of it; a held table does not hold another's feed", async () => {
    await withOrganiser(server, 'asha', 'a long enough password');
    const asha = await logIn(server.url, 'asha', 'a long enough password');
    const made = await api(server.url, asha, 'POST', '/api/v1/tournaments', { name: 'Club open', date: '2026-12-01', rules: 'icf', tables: ['t-1', 't-2'], rounds: 3 });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    const id = made.json.tournament.id as number;
    const forT1 = { tournament: id, round: 1, match: 1 };
    const forT2 = { tournament: id, round: 1, match: 2 };
    await shot(0, 4, BOARD, forT1);
    // A reader joining now gets t-1's board in its snapshot.
    const hall = await feed(`/api/v1/live/tournaments/${id}`);
    const club = await feed('/api/v1/live.ndjson');
    await until('the snapshots', () => hall.events.length === 1 && club.events.length === 1);
    assert.deepEqual(liveLogs(hall.events).get('t-1'), BOARD.slice(0, 4));
    // t-1 leaves a gap: held. t-2 goes on, shot after shot, on both feeds.
    assert.equal((await shot(6, 8, BOARD, forT1)).status, 202);
    for (let i = 0; i < 6; i++) assert.equal((await sendShot(server.url, 't-2', OTHER, OTHER_LINES, i, i + 1, forT2)).status, 200);
    await until("t-2's six shots", () => hall.events.filter((e) => e.data.table === 't-2').length === 6 && club.events.filter((e) => e.data.table === 't-2').length === 6);
    const held = hall.events.find((e) => e.data.held !== undefined);
    assert.equal(held?.data.table, 't-1', 'the hold is said on the feed');
    assert.deepEqual(liveLogs(hall.events).get('t-2'), OTHER_LINES.slice(0, 6));
    // The table's next message heals it.
    assert.equal((await shot(4, 8, BOARD, forT1)).status, 200);
    await until('the heal', () => liveLogs(hall.events).get('t-1')?.length === 8);
    assert.deepEqual(liveLogs(hall.events).get('t-1'), BOARD.slice(0, 8));
    // A table playing no match of this tournament is not on its feed; it is on the club's.
    const friendly = [OTHER_LINES[0].replace('"players":["', '"players":["Z'), ...OTHER_LINES.slice(1)];
    assert.equal((await sendShot(server.url, 't-2', OTHER, friendly, 0, 2)).status, 200);
    await until("the club's feed has t-2's new match", () => liveLogs(club.events).get('t-2')?.length === 2);
    const late = await feed(`/api/v1/live/tournaments/${id}`);
    await until('its snapshot', () => late.events.length === 1);
    assert.deepEqual([...liveLogs(late.events).keys()], ['t-1']);
    const ids = hall.events.map((e) => e.id);
    assert.deepEqual(ids, ids.map((_, i) => ids[0] + i), "the tournament's feed numbers its own events one after another");
  });

  it('bounds and bad requests: readers per address (429), an unknown table or tournament (404), a bad format or after (400)', async () => {
    for (let i = 0; i < 4; i++) assert.equal((await feed('/api/v1/live/tables/t-1')).status, 200);
    const over = await feed('/api/v1/live');
    assert.equal(over.status, 429);
    assert.equal(over.headers['retry-after'], '30');
    await until('the answer', () => over.body().length > 0);
    assert.match(JSON.parse(over.body()).error, /4 live feeds are open from your address already/);
    // HEAD: the head a reader would get, and no stream (it holds no reader).
    const head = await fetch(`${server.url}/api/v1/live/tables/t-1.ndjson`, { method: 'HEAD' });
    assert.deepEqual([head.status, head.headers.get('content-type')], [200, 'application/x-ndjson; charset=utf-8']);
    // Another address still gets in.
    assert.equal((await feed('/api/v1/live', { localAddress: '127.0.0.2' })).status, 200);
    const refused: [string, number, RegExp][] = [
      ['/api/v1/live/tables/nope', 404, /no table "nope" on this server/],
      ['/api/v1/live/tables/NOPE', 404, /a table's id is 1–40 characters/],
      ['/api/v1/live/tournaments/42', 404, /no tournament 42 on this server/],
      // Paths of no feed are refused by the route table of public reads (server/common/public-reads.ts),
      // naming the feeds there are.
      ['/api/v1/live/tournaments/x', 404, /^no live feed at \/api\/v1\/live\/tournaments\/x: the feeds are \/api\/v1\/live, /],
      ['/api/v1/live/elsewhere', 404, /^no live feed at \/api\/v1\/live\/elsewhere: the feeds are /],
      ['/api/v1/live/tables/t-1/more', 404, /^no live feed at \/api\/v1\/live\/tables\/t-1\/more: the feeds are /],
      ['/api/v1/live/tables/t-1?format=xml', 400, /query "format" must be sse or ndjson/],
      ['/api/v1/live/tables/t-1?after=-3', 400, /query "after" must be the number of an event/],
    ];
    for (const [path, status, error] of refused) {
      const r = await feed(path, { localAddress: '127.0.0.3' });
      await until('the answer', () => r.body().length > 0);
      assert.deepEqual([r.status, JSON.parse(r.body()).error], [status, r.status === status ? JSON.parse(r.body()).error : ''], path);
      assert.match(JSON.parse(r.body()).error, error, path);
    }
  });
});
