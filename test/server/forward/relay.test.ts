// The relay out (docs/server.md §6, "Shots relayed"): two real results servers on loopback, a club's that
// forwards to a federation's with the club's key. A table's shot messages posted to the club reach a
// reader of the federation's event stream under the club's table id; the federation checks the club's
// signature on them as on its records; a federation that does not answer costs the table's posts
// nothing, and what cannot wait is dropped, counted; a delayed tournament's shots are not relayed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { clubSignature } from '../../../server/forward/club.ts';
import { startResultsServer, type ResultsServer } from '../../../server/index.ts';
import { matchRecords, postRecord, signature } from '../../../tools/results.ts';
import { answerOf, until } from '../../helpers/servers/answers.ts';
import { ENGINES } from '../../helpers/databases/databases.ts';
import { readEvents } from '../../helpers/servers/processes.ts';

const SECRET = '1e'.repeat(32);
const CLUB_KEY = '5c'.repeat(32);
const TABLE = 'cluba-hall-1';
const records = matchRecords(TABLE, 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } });
const boards = records.filter((r) => r.kind === 'board');
const LINES = boards[1].log.slice(0, -1).split('\n');
const FIRST = boards[0].log.slice(0, -1).split('\n').length;
const ID = createHash('sha256').update(LINES[0]).digest('hex').slice(0, 16);

type Shot = { table: string; seq: number; from?: number; lines?: string; held?: string; healed?: true };

const shotBody = (from: number, to: number, more: Record<string, unknown> = {}) =>
  JSON.stringify({ carromShot: 1, table: TABLE, matchId: ID, from, lines: `${LINES.slice(from, to).join('\n')}\n`, madeAt: null, ...more });

async function sendShot(url: string, from: number, to: number, more: Record<string, unknown> = {}): Promise<number> {
  const body = shotBody(from, to, more);
  const began = performance.now();
  const a = await answerOf(`${url}/api/v1/shots`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': TABLE, 'Carrom-Signature': signature(SECRET, body) }, body });
  assert.equal(a.status, 200, JSON.stringify(a.json));
  return performance.now() - began;
}

describe('shots relayed from a club server to a federation server', function () {
  this.timeout(60_000);
  let running: ResultsServer[];
  let closers: (() => void)[];
  beforeEach(() => ((running = []), (closers = [])));
  afterEach(async () => {
    for (const c of closers) c();
    for (const r of running) await r.close();
  });
  const server = async (o: Parameters<typeof startResultsServer>[0]) => {
    const s = await startResultsServer({ port: 0, host: '127.0.0.1', mdns: false, log: () => undefined, ...o });
    running.unshift(s);
    return s;
  };

  for (const engine of ENGINES) {
    it(`a reader of the federation's events gets the club table's live log, shot by shot, signed by the club (${engine.name})`, async () => {
      const federation = await server({ db: await engine.fresh() });
      assert.equal(await federation.store.addClub('cluba', CLUB_KEY, 'x'), true);
      const club = await server({ db: await ENGINES[0].fresh(), forward: federation.url, club: { club: 'cluba', key: CLUB_KEY } });
      await club.store.addTable(TABLE, SECRET, 'x');
      const reader = await readEvents(federation.url);
      closers.push(() => reader.close());
      const shots = () => reader.events.filter((e) => e.event === 'shot').map((e) => JSON.parse(e.data) as Shot);
      const cuts = [0, 2, 6, 11, FIRST];
      for (let i = 1; i < cuts.length; i++) await sendShot(club.url, cuts[i - 1], cuts[i]);
      await until('the federation published every shot', () => shots().length === cuts.length - 1);
      assert.deepEqual(shots().map((e) => [e.table, e.seq, e.from]), cuts.slice(0, -1).map((from, i) => [TABLE, i + 1, from]));
      const live = (upTo: Shot[]) => upTo.reduce<string[]>((l, e) => (e.lines === undefined ? l : [...l.slice(0, e.from), ...e.lines.slice(0, -1).split('\n')]), []);
      assert.deepEqual(live(shots()), LINES.slice(0, FIRST));
      // The board's record is forwarded as before; the rest of the match's shots go on after it.
      assert.equal((await postRecord(club.url, TABLE, SECRET, boards[0].body)).status, 201);
      await until('the federation stored the record', async () => (await federation.store.recordCount()) === 1);
      await sendShot(club.url, FIRST, LINES.length);
      await until('the last shots', () => live(shots()).length === LINES.length);
      assert.deepEqual(live(shots()), LINES);
      assert.ok(shots().every((e) => e.held === undefined), 'nothing held');
    });
  }

  it("the federation refuses a relayed shot whose club signature does not verify, or a table not the club's", async () => {
    const federation = await server({ db: await ENGINES[0].fresh() });
    await federation.store.addClub('cluba', CLUB_KEY, 'x');
    const body = shotBody(0, 3);
    const sig = signature(SECRET, body);
    const post = (headers: Record<string, string>, text = body) => answerOf(`${federation.url}/api/v1/shots`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Signature': sig, ...headers }, body: text });
    const forged = await post({ 'Carrom-Table': TABLE, 'Carrom-Club': 'cluba', 'Carrom-Club-Signature': clubSignature('00'.repeat(32), sig, body) });
    assert.deepEqual([forged.status, forged.json.error], [401, 'the club signature does not verify with club "cluba"\'s key']);
    const other = JSON.stringify({ ...JSON.parse(body), table: 'clubb-hall-1' });
    const notOurs = await post({ 'Carrom-Table': 'clubb-hall-1', 'Carrom-Club': 'cluba', 'Carrom-Club-Signature': clubSignature(CLUB_KEY, sig, other) }, other);
    assert.equal(notOurs.status, 403);
    const good = await post({ 'Carrom-Table': TABLE, 'Carrom-Club': 'cluba', 'Carrom-Club-Signature': clubSignature(CLUB_KEY, sig, body) });
    assert.deepEqual([good.status, good.json], [200, { published: true, have: 3 }]);
  });

  it('a federation that does not answer costs the table nothing; past the bound the oldest shots are dropped, counted', async () => {
    // A "federation" that takes connections and never answers.
    const { createServer } = await import('node:net');
    const held: import('node:net').Socket[] = [];
    const silent = createServer((s) => void held.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    closers.push(() => (held.forEach((s) => s.destroy()), silent.close()));
    const club = await server({ db: await ENGINES[0].fresh(), forward: `http://127.0.0.1:${(silent.address() as { port: number }).port}/`, club: { club: 'cluba', key: CLUB_KEY }, relay: { maxQueue: 3, timeoutMs: 30_000 } });
    await club.store.addTable(TABLE, SECRET, 'x');
    const took: number[] = [];
    for (let to = 1; to <= 12; to++) took.push(await sendShot(club.url, to - 1, to));
    assert.ok(Math.max(...took) < 1000, `each shot answered within a second (slowest ${Math.round(Math.max(...took))} ms)`);
    // One in flight, three waiting: the other eight dropped.
    await until('the relay counted its drops', () => club.relayStats()?.dropped === 8);
    // The record's forwarding has its own queue: it is tried (and waits on the silent federation) apart.
    assert.equal((await postRecord(club.url, TABLE, SECRET, boards[0].body)).status, 201);
  });

  it("a tournament's shots are not relayed while its public views are delayed", async () => {
    const federation = await server({ db: await ENGINES[0].fresh() });
    await federation.store.addClub('cluba', CLUB_KEY, 'x');
    const club = await server({ db: await ENGINES[0].fresh(), forward: federation.url, club: { club: 'cluba', key: CLUB_KEY }, relay: { delayed: (t) => t === 7 } });
    await club.store.addTable(TABLE, SECRET, 'x');
    const reader = await readEvents(federation.url);
    closers.push(() => reader.close());
    await sendShot(club.url, 0, 3, { tournament: 7, round: 1, match: 1 });
    await sendShot(club.url, 3, 6, { tournament: 7, round: 1, match: 1 });
    await until('the club relayed none', () => club.relayStats()?.skipped === 2);
    const shots = () => reader.events.filter((e) => e.event === 'shot');
    assert.equal(shots().length, 0);
  });
});
