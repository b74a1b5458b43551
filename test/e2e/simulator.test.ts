// Whole matches played on the simulated table (the real firmware on Node), their records sent to the
// real results server (`carrom serve`, SQLite) over HTTP on loopback: board by board with the export's
// rows equal to the match's boards; the server down for the whole match and back; power cuts in the
// middle of a send and in the middle of the outbox's writes. Nothing lost, every board stored once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import type { ResultsServer } from '../../server/index.ts';
import { boardsIn, csvRows, getJson, realServer, stateOf } from './helpers.ts';
import { Rig, type Cut } from './rig.ts';

const SECRET = '4d'.repeat(32);
const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
if (!log.ok) throw new Error('fixture');
const match = log.value.header;
const readings = generateTrace(match, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference).readings;

/** The server holds the match the table played: its newest record is the table's whole log, and the
 * export has one row per board of it, each once, with the board's result. */
async function holdsTheMatch(server: ResultsServer, rig: Rig): Promise<void> {
  const whole = rig.sim.app.fullLog()!;
  assert.equal(rig.sim.app.state.match.over, true);
  const m = await getJson<{ matches: { counter: number; over: boolean; boards: unknown[] }[] }>(`${server.url}/api/v1/matches/hall-1`);
  assert.equal(m.matches.length, 1, 'one match');
  assert.equal(m.matches[0].over, true);
  const newest = await server.store.bodyOf('hall-1', m.matches[0].counter);
  assert.equal(JSON.parse(newest!.body).log, whole, 'the newest record holds the whole log');
  const rows = (await csvRows(server.url)).filter((r) => r.table === 'hall-1');
  assert.equal(rows.length, boardsIn(whole), 'a row per board');
  assert.equal(new Set(rows.map((r) => `${r.game}/${r.board}`)).size, rows.length, 'each board once');
  const boards = stateOf(whole).match.boards;
  assert.deepEqual(
    rows.slice(-boards.length).map((r) => [r.winner, Number(r.points), r.queen]),
    boards.map((b) => [String(b.winner ?? ''), b.points, b.queen === null ? '' : String(b.queen)]),
    'the rows are the match\'s boards',
  );
  assert.ok(rig.answers.every((a) => a === 201 || a === 200 || a === null), `answers ${rig.answers.join(' ')}`);
}

describe('the simulated table and the real results server, whole matches', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  let db: string;
  beforeEach(async () => {
    ({ server, db } = await realServer());
    await server.store.addTable('hall-1', SECRET, new Date().toISOString());
  });
  afterEach(() => server.close());
  const settings = () => ({ server: server.url, table: 'hall-1', secret: SECRET });

  it('a whole match arrives board by board; the export\'s rows are the match\'s boards', async () => {
    const rig = new Rig(match, settings());
    const seen: number[] = [];
    await rig.play(readings, async (r) => {
      assert.ok(await r.pump());
      const m = await getJson<{ matches: { boards: unknown[] }[] }>(`${server.url}/api/v1/matches/hall-1`);
      seen.push(m.matches[0]?.boards.length ?? 0);
      assert.equal(seen[seen.length - 1], boardsIn(r.sim.app.fullLog()!), 'the server has every board so far');
    });
    assert.ok(seen.at(-1)! >= 3 && new Set(seen).size >= 3, `rows seen grow board by board: ${seen.join(',')}`);
    await holdsTheMatch(server, rig);
    assert.ok(!rig.answers.includes(200), 'nothing sent twice');
  });

  it('the server down for the whole match and back: the queued records arrive, nothing lost', async () => {
    const port = server.port;
    await server.close();
    const rig = new Rig(match, settings());
    await rig.play(readings, async () => {}); // no pumps: the posts fail as they come (connection refused)
    await rig.pump(undefined, 60);
    assert.ok(rig.sim.sync!.view().queued >= 1);
    assert.match(rig.sim.sync!.view().error ?? '', /fetch failed|ECONNREFUSED/);
    ({ server } = await realServer(db, port));
    rig.sim.sync!.retryNow(); // or wait out the backoff: RETRY NOW is what a player presses
    assert.ok(await rig.pump(), JSON.stringify(rig.sim.sync!.view()));
    await holdsTheMatch(server, rig);
  });

  for (const post of [1, 3]) {
    it(`a power cut just as post ${post} leaves: the table boots, sends again, the server has each board once`, async () => {
      const rig = new Rig(match, settings(), { post });
      await rig.play(readings);
      assert.equal(rig.cuts, 1);
      await holdsTheMatch(server, rig);
      assert.ok(rig.answers.includes(200), `the record the cut hid was sent again and was a duplicate: ${rig.answers.join(' ')}`);
    });
  }

  it('a power cut in the middle of each outbox write in turn: every boot sends, the server has each board once', async function () {
    this.timeout(300_000);
    const clean = new Rig(match, { ...settings(), table: 'hall-2' });
    // A first run (to another table) counts the outbox's writes in a match.
    await server.store.addTable('hall-2', SECRET, new Date().toISOString());
    const counting = clean as unknown as { outboxWrites: number };
    await clean.play(readings);
    const writes = counting.outboxWrites;
    assert.ok(writes >= 8, `${writes} outbox writes`);
    for (let n = 1; n <= writes; n++) {
      const fresh = await realServer();
      await fresh.server.store.addTable('hall-1', SECRET, new Date().toISOString());
      try {
        const rig = new Rig(match, { server: fresh.server.url, table: 'hall-1', secret: SECRET }, { outboxWrite: n } satisfies Cut);
        await rig.play(readings);
        assert.equal(rig.cuts, 1, `write ${n} of ${writes}`);
        await holdsTheMatch(fresh.server, rig);
      } finally {
        await fresh.server.close();
      }
    }
  });
});
