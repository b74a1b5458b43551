// The results server under load: 100 simulated tables post signed records at once over loopback for a
// bounded time, on SQLite and on PostgreSQL. Records accepted per second, latency, and a check that every
// accepted record is stored exactly once (retries included). The server runs as `carrom serve` in its
// own process, as in a club; wall-clock figures, so they vary with the machine and its load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store.ts';
import { freshDatabase, startCluster, type Cluster } from '../pg-cluster.ts';
import { matchRecords, signature, stateOf } from '../results.ts';
import { fmt, median, percentile, table } from './stats.ts';

const TABLES = Number(process.env.BENCH_TABLES ?? 100);
const SECRET = '42'.repeat(32);

interface Options {
  seconds: number;
}

/** A few real matches, cut at each board end; every table plays them over and over. */
function pool() {
  const logs: { kind: 'board' | 'match'; log: string; state: unknown }[] = [];
  for (const seed of [23, 11, 5]) for (const r of matchRecords('x', 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: 9 } })) logs.push({ kind: r.kind, log: r.log, state: stateOf(r.log) });
  return logs;
}

async function serve(db: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['bin/carrom.js', 'serve', '--port', '0', '--host', '127.0.0.1', '--db', db, '--no-mdns'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /club page (http:\/\/[\d.:]+)\//.exec(err);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`carrom serve exited (${code}): ${err}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))) };
}

async function run(db: string, o: Options, logs: ReturnType<typeof pool>) {
  const store = await openStore(db);
  for (let t = 0; t < TABLES; t++) await store.addTable(`bench-${t}`, SECRET, new Date().toISOString());
  await store.close();
  const server = await serve(db);
  // Every post, when it started and ended; the figures count the posts that ended inside the window.
  const posts: { t0: number; t1: number; status: number; retry: boolean }[] = [];
  const accepted = new Set<string>();
  const windowStart = performance.now() + 500;
  const windowEnd = windowStart + o.seconds * 1000;
  const post = async (table: string, body: string, retry: boolean) => {
    const t0 = performance.now();
    const r = await fetch(`${server.url}/api/v1/records`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Carrom-Table': table, 'Carrom-Signature': signature(SECRET, body) }, body });
    await r.arrayBuffer();
    posts.push({ t0, t1: performance.now(), status: r.status, retry });
    return r.status;
  };
  const oneTable = async (t: number) => {
    const table = `bench-${t}`;
    let counter = 0;
    for (let i = t % logs.length; performance.now() < windowEnd; i = (i + 1) % logs.length) {
      const l = logs[i];
      const body = JSON.stringify({ carromResult: 1, table, counter: ++counter, kind: l.kind, firmware: 'bench', log: l.log, state: l.state, madeAt: null });
      if ((await post(table, body, false)) === 201) accepted.add(`${table}/${counter}`);
      // Now and then the acknowledgement is "lost": the table sends the same record again.
      if (counter % 2 === 0) await post(table, body, true);
    }
  };
  await Promise.all(Array.from({ length: TABLES }, (_, t) => oneTable(t)));
  await server.stop();
  const check = await openStore(db);
  const stored = await check.recordCount();
  await check.close();
  const inWindow = posts.filter((p) => p.t1 >= windowStart && p.t1 < windowEnd);
  const latencies = inWindow.map((p) => p.t1 - p.t0);
  const wrong = posts.filter((p) => p.status !== (p.retry ? 200 : 201)).length;
  const retries = posts.filter((p) => p.retry).length;
  const rate = inWindow.filter((p) => p.status === 201).length / o.seconds;
  return { rate, p50: median(latencies), p99: latencies.length ? percentile(latencies, 99) : NaN, stored, accepted: accepted.size, retries, refused: wrong, counted: latencies.length };
}

async function own(clusters: Cluster[]): Promise<Cluster> {
  const c = await startCluster();
  clusters.push(c);
  return c;
}

export async function benchServer(o: Options): Promise<string> {
  const logs = pool();
  const dir = mkdtempSync(join(tmpdir(), 'carrom-bench-'));
  const clusters: Cluster[] = [];
  const rows: [string, string, string?][] = [];
  try {
    const engines: [string, () => Promise<string>][] = [
      ['SQLite (WAL, synchronous=FULL)', async () => join(dir, 'bench.db')],
      [
        'PostgreSQL (fsync on, synchronous_commit on)',
        async () => {
          const url = process.env.CARROM_TEST_PG ?? (await own(clusters)).url;
          return freshDatabase(url, `carrom_bench_${process.pid}`);
        },
      ],
    ];
    for (const [name, db] of engines) {
      const r = await run(await db(), o, logs);
      const once = r.stored === r.accepted && r.refused === 0 ? 'yes' : `NO: ${r.stored} stored, ${r.accepted} accepted, ${r.refused} answers not 201 (new) or 200 (retry)`;
      rows.push([`${name}: records accepted per second`, fmt(r.rate), `${fmt(r.accepted)} stored in all, ${fmt(r.retries)} retries answered 200`]);
      rows.push([`  latency p50 / p99`, `${fmt(r.p50, 1)} ms`, `p99 ${fmt(r.p99, 1)} ms, over the ${fmt(r.counted)} posts answered in the window`]);
      rows.push([`  every accepted record stored exactly once`, once]);
    }
  } finally {
    clusters.forEach((c) => c.stop());
    rmSync(dir, { recursive: true, force: true });
  }
  const sizes = logs.map((l) => l.log.length);
  const conditions = `${TABLES} tables posting at once over loopback, counted over ${o.seconds} s after 0.5 s of warm-up; server = carrom serve in its own process; Node ${process.version}, ${cpus().length} cores, load average ${fmt(loadavg()[0], 1)} at the end; logs of ${fmt(Math.min(...sizes) / 1024, 1)}–${fmt(Math.max(...sizes) / 1024, 1)} KiB replayed per record`;
  return table(`The results server (${conditions})`, rows);
}
