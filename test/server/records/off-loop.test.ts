// The replay runs off the event loop: while replay threads work through long logs (many undos, near the
// 256 KiB a body may have), the server goes on answering reads; a thread that dies fails only the
// records it held (500: the tables send them again) and the next records get a new thread. Over real
// HTTP on loopback, with the real replay threads.
import assert from 'node:assert/strict';
import type { Worker } from 'node:worker_threads';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { MAX_BODY } from '../../../server/records/record.ts';
import { formatLog } from '../../../src/rules/log.ts';
import type { GameEvent } from '../../../src/rules/types.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { boardEnds, postRecord, recordBody } from '../../../tools/results.ts';
import { answerOf, until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';

const SECRET = '7e'.repeat(32);
const TABLES = ['hall-1', 'hall-2', 'hall-3', 'hall-4', 'hall-5', 'hall-6'];

/** A first board's record whose log has its second shot played and undone `times` times over first. */
function undoneOften(table: string, times: number): string {
  const m = randomMatch(5, { clean: true, rules: 'icf', mode: 'singles' });
  const events = m.events.filter((e) => e.e !== 'undo');
  const board = events.slice(0, boardEnds(m.header, events)[0]);
  const strikes = board.flatMap((e, i) => (e.e === 'strike' ? [i] : []));
  const [from, to] = [strikes[1], strikes[2]];
  const shot = board.slice(from, to);
  const span = board[to].t - board[from].t;
  const out: GameEvent[] = board.slice(0, from);
  let shift = 0;
  for (let n = 0; n < times; n++) {
    for (const e of shot) out.push({ ...e, t: e.t + shift });
    out.push({ e: 'undo', t: shot[shot.length - 1].t + shift + 1 });
    shift += span;
  }
  for (const e of board.slice(from)) out.push({ ...e, t: e.t + shift });
  return recordBody(table, 1, 'board', formatLog(m.header, out));
}

/** Replays are going on now: looked at each turn of the event loop, which a replay on it would hold. */
async function whileReplaying(server: ResultsServer, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (server.replays.inFlight === 0) {
    if (Date.now() > end) throw new Error('no replay was seen running while the event loop turned');
    await new Promise((r) => setImmediate(r));
  }
}

describe('results server replaying long logs in its threads', function () {
  this.timeout(120_000);
  let server: ResultsServer;
  const bodies = TABLES.map((t) => undoneOften(t, 700));
  beforeEach(async () => {
    server = await startResultsServer({ port: 0, db: await ENGINES[0].fresh(), mdns: false, replayThreads: 1, log: () => undefined });
    for (const t of TABLES) await server.store.addTable(t, SECRET, 'x');
  });
  afterEach(async () => server.close());

  it('answers a read while long logs of many undos are being replayed, and stores them all', async () => {
    assert.ok(bodies.every((b) => b.length > MAX_BODY * 0.8 && b.length <= MAX_BODY), `bodies near 256 KiB: ${bodies.map((b) => b.length)}`);
    const posts = TABLES.map((t, i) => postRecord(server.url, t, SECRET, bodies[i]));
    await whileReplaying(server);
    const read = await answerOf(`${server.url}/api/v1/tables`);
    assert.equal(read.status, 200);
    assert.ok(server.replays.inFlight > 0, 'the read was answered before the replays were over');
    assert.deepEqual((await Promise.all(posts)).map((a) => a.status), TABLES.map(() => 201));
    assert.equal(await server.store.recordCount(), TABLES.length);
  });

  it('fails only the records a dead replay thread held, and replays the tables\' next sends in a new thread', async () => {
    const posts = TABLES.map((t, i) => postRecord(server.url, t, SECRET, bodies[i]));
    await whileReplaying(server);
    // As if it ran out of memory: the thread is gone mid-replay.
    const threads = (server.replays as unknown as { threads: ({ worker: Worker } | null)[] }).threads;
    await threads[0]!.worker.terminate();
    const answers = await Promise.all(posts);
    const failed = answers.flatMap((a, i) => (a.status === 500 ? [i] : []));
    assert.ok(failed.length > 0, `some records were in the dead thread: ${answers.map((a) => a.status)}`);
    for (const i of failed) assert.match(String(answers[i].json.error), /nothing was stored/);
    answers.forEach((a, i) => assert.ok(a.status === 201 || failed.includes(i), `${TABLES[i]}: ${a.status}`));
    // The tables send them again: a new thread replays them.
    const again = await Promise.all(failed.map((i) => postRecord(server.url, TABLES[i], SECRET, bodies[i])));
    assert.deepEqual(again.map((a) => a.status), failed.map(() => 201));
    assert.equal(await server.store.recordCount(), TABLES.length);
    await until('the records\' tables are all shown', async () => ((await answerOf(`${server.url}/api/v1/tables`)).json.tables as unknown[]).length === TABLES.length);
  });
});
