// The simulator as a user starts it, with results sync: bad settings stop it with a clear message; good
// ones make it post a match's records (its sensor trace played through its API, board by board), signed,
// over real HTTP on loopback to the real results server (`carrom serve`); by default it starts its own,
// as `npm start` does, and says where.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { parseLog, replay, type GameEvent, type MatchHeader } from '../../src/rules/index.ts';
import { formatReading } from '../../src/sensing/trace.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { startResultsServer } from '../../server/index.ts';
import { until } from '../helpers/servers/answers.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { SECRET } from '../helpers/sync.ts';
import { tracked } from '../../tools/scratch.ts';

const FIXTURE = 'test/fixtures/matches/it-torneo-singles.jsonl';

/** A match's readings cut into its boards: each part ends half way through the quiet time between the
 * settle that ends a board and the next board's first event (the last part: at the end). `events` are the
 * match's events as the trace times them (its `truth`). */
function boardsOf(header: MatchHeader, events: readonly GameEvent[], readings: readonly Reading[]): Reading[][] {
  const done = (n: number) => {
    const s = replay({ header, headerLine: 1, events: events.slice(0, n).map((event, i) => ({ event, line: i + 2 })) });
    assert.ok(s.ok, 'the fixture replays');
    return s.value.match.boards.length + s.value.match.games.length * 1000;
  };
  const cuts: number[] = [];
  for (let i = 0; i < events.length - 1; i++) {
    if (events[i].e === 'settle' && done(i + 1) > done(i)) cuts.push(((events[i].t + events[i + 1].t) / 2) * 1000); // ms → µs
  }
  cuts.push(Infinity);
  let from = 0;
  return cuts.map((cut) => {
    const part = readings.filter((r) => r.t >= from && r.t < cut);
    from = cut;
    return part;
  });
}

/** Starts the simulator; resolves with its output so far once `ready` matches it. */
function simulator(args: string[], ready: RegExp, main: readonly string[] = MAIN): Promise<{ child: ChildProcess; out: () => string }> {
  const child = tracked(spawn(process.execPath, [...main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }));
  let out = '';
  return new Promise((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve({ child, out: () => out });
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code}): ${out}`)));
  });
}


const MAIN = ['--import', 'tsx', 'hosts/simulator/main.ts', '--port', '0'];

describe('the simulator with results sync', function () {
  this.timeout(60_000);

  it('refuses bad sync settings, saying which', () => {
    const cases: [string[], RegExp][] = [
      [['--server', 'http://127.0.0.1:1', '--table', 'club-1', '--secret', 'abc'], /results sync: the secret has 3 characters/],
      [['--server', 'gopher://x', '--table', 'club-1', '--secret', SECRET], /not an address like http/],
      [['--setup-code', 'carrom1.Club.x'], /--setup-code: the table id "Club"/],
      [['--table', 'club-1', '--secret', SECRET], /--server URL is needed/],
    ];
    for (const [args, why] of cases) {
      const r = spawnSync(process.execPath, [...MAIN, ...args], { encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, why);
    }
  });

  it('playing a match on it board by board, it posts each board\'s record to the server given as it ends', async function () {
    // The fixture match's sensor trace (as --log would replay it), sent through POST /api/trace one board
    // at a time: the next board is played only once the server holds the record of the one before, so
    // that no record is superseded by the next board's (which carries its log, docs/sync.md) however
    // slowly the machine runs. At --log's own pace a loaded machine ends several boards between two posts.
    this.timeout(180_000);
    const log = parseLog(readFileSync(FIXTURE, 'utf8'));
    assert.ok(log.ok);
    const events = log.value.events.map((e) => e.event);
    const g = generateTrace(log.value.header, events, 1, NOISE.low, LAYOUTS.reference);
    const boards = boardsOf(g.truth.header, g.truth.events, g.readings);
    assert.ok(boards.length >= 3, `${boards.length} boards in the fixture`);
    const server = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false });
    await server.store.addTable('club-1', SECRET, new Date().toISOString());
    const { child, out } = await simulator(['--rules', 'it-torneo', '--mode', 'singles', '--server', server.url, '--setup-code', `carrom1.club-1.${SECRET}`], /carrom simulator:/);
    try {
      const sim = /carrom simulator: http:\/\/localhost:(\d+)\//.exec(out())![1].replace(/^/, 'http://127.0.0.1:');
      const snap = (await (await fetch(`${sim}/api/snapshot`)).json()) as { header: unknown };
      assert.deepEqual(snap.header, log.value.header, 'the simulator plays the fixture\'s match');
      const stored = async () => {
        const all = [];
        for (let c = 1; ; c++) {
          const r = await server.store.bodyOf('club-1', c);
          if (!r) return all;
          all.push(JSON.parse(r.body));
        }
      };
      for (const [i, readings] of boards.entries()) {
        const from = readings[0].t;
        const r = await fetch(`${sim}/api/trace`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: readings.map((x) => formatReading({ ...x, t: x.t - from })).join('\n') });
        assert.equal(r.status, 200, await r.text());
        const last = i === boards.length - 1;
        await until(`board ${i + 1}'s record is stored${last ? ', then the match\'s' : ''}`, async () => (await stored()).length === (last ? i + 2 : i + 1), 60_000);
      }
      assert.match(out(), new RegExp(`results to ${server.url} as club-1`));
      assert.doesNotMatch(out(), /club page/, 'no local results server when one is given');
      const records = await stored();
      assert.deepEqual(records.map((r) => r.kind), [...boards.map(() => 'board'), 'match'], 'a record for each board as it ended, then the match\'s');
      for (const r of records) {
        assert.equal(r.table, 'club-1');
        assert.ok(parseLog(r.log).ok);
        assert.match(r.madeAt, /^\d{4}-\d\d-\d\dT/);
      }
      assert.deepEqual(records.map((r) => r.state.match.boards.length + r.state.match.games.length * 1000), boards.map((_, i) => i + 1).concat(boards.length), 'each board\'s record holds that board');
      assert.deepEqual(records.map((r) => r.counter), records.map((_, i) => i + 1), 'all sent as they were made: nothing dropped, nothing skipped');
      assert.equal(records[records.length - 2].log, records[records.length - 1].log);
      assert.equal(records[records.length - 1].state.match.over, true);
    } finally {
      child.kill();
      await server.close();
    }
  });

  it('the local results server does not take the port the simulator was given (npm start -- --port 8081)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const main = ['--import', 'tsx', 'hosts/simulator/main.ts', '--port', String(port)];
    const { child, out } = await simulator(['--results-port', String(port), '--results-db', await ENGINES[0].fresh()], /club page:/, main);
    try {
      assert.match(out(), new RegExp(`^carrom simulator: http://localhost:${port}/ .*results to http://127\\.0\\.0\\.1:${port + 1} as sim-1`, 'm'));
    } finally {
      child.kill();
    }
  });

  it('by default (as npm start) it runs a local results server: the match arrives there, on the club page\'s API', async () => {
    const db = await ENGINES[0].fresh();
    const { child, out } = await simulator(['--log', 'test/fixtures/matches/it-torneo-singles.jsonl', '--speed', '40', '--results-port', '0', '--results-db', db], /club page: +http:\/\/127\.0\.0\.1:\d+\//);
    try {
      const club = /club page: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(out())![1];
      assert.match(out(), new RegExp(`results to ${club} as sim-1`));
      assert.match(out(), /sqlite .*results\.db, table sim-1/);
      let tables: { table: string; kind: string; state: { match: { over: boolean } } }[] = [];
      for (let i = 0; i < 400 && tables[0]?.kind !== 'match'; i++) {
        tables = ((await (await fetch(`${club}/api/v1/tables`)).json()) as { tables: typeof tables }).tables;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(tables.length, 1);
      assert.equal(tables[0].table, 'sim-1');
      assert.equal(tables[0].kind, 'match');
      assert.equal(tables[0].state.match.over, true);
      const page = await (await fetch(`${club}/`)).text();
      assert.match(page, /Carrom results/);
      const sim = /carrom simulator: http:\/\/localhost:(\d+)\//.exec(out())![1].replace(/^/, 'http://127.0.0.1:');
      const snap = (await (await fetch(`${sim}/api/snapshot`)).json()) as { clubPage: string };
      assert.equal(snap.clubPage, `${club}/`, 'the simulator\'s page links to the club page');
    } finally {
      child.kill();
    }
    // Started again on the same database, the simulated table (blank flash, counters from 1) is a new one.
    const again = await simulator(['--results-port', '0', '--results-db', db], /club page:/);
    try {
      assert.match(again.out(), /as sim-2/);
    } finally {
      again.child.kill();
    }
  });

  it('two started from one checkout keep a results database each; each lets its own go once its simulator stops', async () => {
    const start = () => simulator(['--results-port', '0'], /club page: +http:\/\/127\.0\.0\.1:\d+\/ .*\n/);
    const dbOf = (out: string) => /sqlite (\S+), table sim-1/.exec(out)![1];
    const first = await start();
    const second = await start();
    const stopped = (c: ChildProcess) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
    try {
      const [a, b] = [dbOf(first.out()), dbOf(second.out())];
      assert.notEqual(a, b, 'not one file for both');
      assert.ok(existsSync(a) && existsSync(b), 'the second did not delete the first\'s');
      const club = /club page: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(first.out())![1];
      assert.equal((await fetch(`${club}/api/v1/tables`)).status, 200, 'the first one\'s server still reads its database');
      first.child.kill('SIGTERM');
      await stopped(first.child);
      assert.ok(!existsSync(`${a}.lock`), 'its own database is free again (a third one would take it, emptied)');
      assert.ok(existsSync(`${b}.lock`), 'the second one still holds its own');
    } finally {
      first.child.kill();
      second.child.kill('SIGTERM');
      await stopped(second.child);
    }
  });

  it('--no-results: no results server, no sync', async () => {
    const { child, out } = await simulator(['--no-results'], /carrom simulator:/);
    try {
      assert.doesNotMatch(out(), /club page|results to/);
      const sim = /carrom simulator: http:\/\/localhost:(\d+)\//.exec(out())![1].replace(/^/, 'http://127.0.0.1:');
      const snap = (await (await fetch(`${sim}/api/snapshot`)).json()) as { sync: unknown; clubPage: unknown };
      assert.equal(snap.sync, null);
      assert.equal(snap.clubPage, null);
    } finally {
      child.kill();
    }
  });
});
