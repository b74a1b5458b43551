// POST /api/v1/shots (docs/sync.md §7) driven over HTTP with hand-made signed bodies, against the real
// results server on loopback (both databases: a stored record heals the live match): every answer, and
// what a spectator on /api/v1/events is sent of it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, signature } from '../../../tools/results.ts';
import { answerOf, post, until, type Answered } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { readEvents } from '../../helpers/servers/processes.ts';

const SECRET = '5e'.repeat(32);
const OTHER = '6f'.repeat(32);

const records = matchRecords('t-1', 1, 11, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
const board = records.find((r) => r.kind === 'board')!;
/** The first board's log, line by line (line 0: the header). */
const LINES = board.log.slice(0, -1).split('\n');
const ID = createHash('sha256').update(LINES[0]).digest('hex').slice(0, 16);

const body = (o: { table?: string; matchId?: string; from: number; to: number; lines?: string[] } & Record<string, unknown>) => {
  const { table = 't-1', matchId = ID, from, to, lines = LINES, ...more } = o;
  return JSON.stringify({ carromShot: 1, table, matchId, from, lines: `${lines.slice(from, to).join('\n')}\n`, madeAt: null, ...more });
};

const send = (url: string, text: string, o: { table?: string; secret?: string; signature?: string } = {}): Promise<Answered> =>
  answerOf(`${url}/api/v1/shots`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Carrom-Table': o.table ?? 't-1', 'Carrom-Signature': o.signature ?? signature(o.secret ?? SECRET, text) },
    body: text,
  });

type Shot = { table: string; seq: number; matchId: string; from?: number; lines?: string; held?: string; healed?: true };

for (const engine of ENGINES) {
  describe(`shot messages at the server, on ${engine.name}`, function () {
    this.timeout(60_000);
    let server: ResultsServer;
    let stream: Awaited<ReturnType<typeof readEvents>>;
    const shots = (table = 't-1'): Shot[] => stream.events.filter((e) => e.event === 'shot').map((e) => JSON.parse(e.data) as Shot).filter((e) => e.table === table);
    /** The spectator's copy of a table's live log: each event truncates to `from` and appends `lines`. */
    const liveLog = (table = 't-1'): string[] => {
      let lines: string[] = [];
      for (const e of shots(table)) if (e.from !== undefined && e.lines !== undefined) lines = [...lines.slice(0, e.from), ...e.lines.slice(0, -1).split('\n')];
      return lines;
    };

    beforeEach(async () => {
      server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await engine.fresh(), mdns: false, log: () => undefined });
      await server.store.addTable('t-1', SECRET, new Date().toISOString());
      await server.store.addTable('t-2', OTHER, new Date().toISOString());
      stream = await readEvents(server.url);
    });
    afterEach(async () => {
      stream.close();
      await server.close();
    });

    it('published at once, in order; a duplicate or an overlap publishes only what is new', async () => {
      const a = await send(server.url, body({ from: 0, to: 4 }));
      assert.deepEqual([a.status, a.json], [200, { published: true, have: 4 }]);
      await until('the first event', () => shots().length === 1);
      assert.deepEqual(shots()[0], { table: 't-1', seq: 1, matchId: ID, from: 0, lines: `${LINES.slice(0, 4).join('\n')}\n` });
      const again = await send(server.url, body({ from: 0, to: 4 }));
      assert.deepEqual([again.status, again.json], [200, { published: true, have: 4 }], 'a duplicate: nothing new');
      const overlap = await send(server.url, body({ from: 2, to: 7 }));
      assert.deepEqual([overlap.status, overlap.json], [200, { published: true, have: 7 }]);
      await until('the second event', () => shots().length === 2);
      assert.deepEqual(shots()[1], { table: 't-1', seq: 2, matchId: ID, from: 4, lines: `${LINES.slice(4, 7).join('\n')}\n` });
      assert.deepEqual(liveLog(), LINES.slice(0, 7));
    });

    it('a gap is held and marked, nothing of it published; the next message that continues it heals it; another table goes on meanwhile', async () => {
      await send(server.url, body({ from: 0, to: 3 }));
      const gap = await send(server.url, body({ from: 5, to: 8 }));
      assert.deepEqual([gap.status, gap.json], [202, { held: 'a gap: lines 3 to 4 never came', have: 3 }]);
      // Another table is not held with it.
      const otherLines = [LINES[0], ...LINES.slice(1, 3)];
      const other = await send(server.url, body({ table: 't-2', from: 0, to: 3, lines: otherLines }), { table: 't-2', secret: OTHER });
      assert.deepEqual([other.status, other.json], [200, { published: true, have: 3 }]);
      const healed = await send(server.url, body({ from: 3, to: 8 }));
      assert.deepEqual([healed.status, healed.json], [200, { published: true, have: 8 }]);
      await until('the heal is published', () => shots().length === 3);
      assert.deepEqual(shots().map((e) => [e.seq, e.held ?? null, e.from ?? null, e.healed ?? null]), [[1, null, 0, null], [2, 'a gap: lines 3 to 4 never came', null, null], [3, null, 3, true]]);
      assert.deepEqual(liveLog(), LINES.slice(0, 8));
      await until('the other table\'s event', () => shots('t-2').length === 1);
    });

    it('lines that disagree are held; the table\'s next message from where they part replaces them', async () => {
      await send(server.url, body({ from: 0, to: 6 }));
      const changed = [...LINES.slice(0, 4), LINES[5], LINES[6]];
      const clash = await send(server.url, body({ from: 3, to: 6, lines: changed }));
      assert.deepEqual([clash.status, clash.json], [202, { held: 'line 4 differs from the line this server holds', have: 4 }]);
      const next = await send(server.url, body({ from: 4, to: 6, lines: changed }));
      assert.deepEqual([next.status, next.json], [200, { published: true, have: 6 }]);
      await until('the replacement is published', () => shots().length === 3);
      assert.deepEqual(liveLog(), changed);
    });

    it('a line that does not fold (its time goes back) is held; a new header starts a new live match all the same', async () => {
      await send(server.url, body({ from: 0, to: 3 }));
      const bad = [...LINES.slice(0, 3), '{"e":"settle","t":0}'];
      const held = await send(server.url, body({ from: 3, to: 4, lines: bad }));
      assert.equal(held.status, 202);
      assert.match(String(held.json.held), /^line 3: time goes backwards/);
      const header = LINES[0].replace('"players":["', '"players":["Z');
      assert.notEqual(header, LINES[0]);
      const id = createHash('sha256').update(header).digest('hex').slice(0, 16);
      const fresh = await send(server.url, body({ matchId: id, from: 0, to: 1, lines: [header] }));
      assert.deepEqual([fresh.status, fresh.json], [200, { published: true, have: 1 }]);
      // A late message of the match it left changes nothing.
      const late = await send(server.url, body({ from: 0, to: 2 }));
      assert.deepEqual([late.status, late.json], [202, { held: 'a newer match of this table began since: this message is late', have: 0 }]);
      await until('the new match is published', () => shots().some((e) => e.matchId === id));
      assert.deepEqual(liveLog(), [header]);
    });

    it("the board's record heals a held live match: the live log becomes the record's log, and the feed says so", async () => {
      await send(server.url, body({ from: 0, to: 3 }));
      await send(server.url, body({ from: 6, to: 9 }));
      const stored = await post(server.url, 't-1', SECRET, board.body);
      assert.equal(stored.status, 201);
      await until("the live log is the record's", () => liveLog().join('\n') === LINES.join('\n'));
      const last = shots().at(-1)!;
      assert.deepEqual([last.from, last.healed], [3, true]);
      // Its next board goes on live from the record's last line.
      const next = records.filter((r) => r.kind === 'board')[1].log.slice(0, -1).split('\n');
      assert.ok(next.length > LINES.length);
      const on = await send(server.url, body({ from: LINES.length, to: next.length, lines: next }));
      assert.deepEqual([on.status, on.json], [200, { published: true, have: next.length }]);
      await until('the next board is live', () => liveLog().length === next.length);
      assert.deepEqual(liveLog(), next);
    });

    it('401 for a bad signature, 400 with what and where, 404 for an unknown table, 413 past 8 KiB', async () => {
      const good = body({ from: 0, to: 3 });
      const forged = await send(server.url, good, { secret: OTHER });
      assert.deepEqual([forged.status, forged.json], [401, { error: 'the signature does not verify with table "t-1"\'s secret' }]);
      const none = await answerOf(`${server.url}/api/v1/shots`, { method: 'POST', headers: { 'Carrom-Table': 't-1' }, body: good });
      assert.equal(none.status, 401);
      const garbled = await send(server.url, good.replace('"from":0', '"from":0,,'));
      assert.equal(garbled.status, 400);
      assert.match(String(garbled.json.error), /^body is not JSON \(.*position \d+/);
      const from = await send(server.url, good.replace('"from":0', '"from":-1'));
      assert.deepEqual([from.status, from.json], [400, { error: 'field "from" must be a line number, 0 for the header' }]);
      const id = await send(server.url, body({ from: 0, to: 3, matchId: '0'.repeat(16) }));
      assert.equal(id.status, 400);
      assert.match(String(id.json.error), /^field "matchId" is not the id of line 0/);
      const table = await send(server.url, body({ table: 't-2', from: 0, to: 3 }));
      assert.deepEqual([table.status, table.json], [400, { error: 'field "table" ("t-2") differs from the header Carrom-Table ("t-1")' }]);
      const stranger = await send(server.url, good, { table: 'nobody' });
      assert.equal(stranger.status, 404);
      const big = body({ from: 0, to: 3, pad: 'x'.repeat(9 * 1024) });
      const over = await send(server.url, big);
      assert.deepEqual([over.status, over.json], [413, { error: "body over 8 KiB (the board's record will carry these lines)" }]);
      assert.equal(shots().length, 0, 'nothing published of any of them');
    });
  });
}
