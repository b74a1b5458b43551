// The results server under load: 100 simulated tables post signed records at once over loopback for a
// bounded time, on SQLite and on PostgreSQL, to one `carrom serve` process and to two on the same
// database. Records accepted per second, latency, and a check that every accepted record is stored
// exactly once (retries included). Each server runs as `carrom serve` in its own process, as in a club;
// wall-clock figures, so they vary with the machine and its load (the bench's own client shares it).
// BENCH_ENGINES=postgres (or sqlite) runs only that database's half; BENCH_TABLES=N another number of tables.
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/store.ts';
import { freshDatabase, startCluster, type Cluster } from '../pg-cluster.ts';
import { matchRecords, signature } from '../results.ts';
import { Connection } from './raw-http.ts';
import { serve } from './serve.ts';
import { fmt, median, percentile } from './stats.ts';
import { scratchDir } from '../scratch.ts';

const TABLES = Number(process.env.BENCH_TABLES ?? 100);
const SECRET = '42'.repeat(32);
/** Realistic match lengths: a record's log holds the whole match so far. */
const MIN_LOG = 2 * 1024;
const MAX_LOG = 40 * 1024;
/** The time the tables post before the window opens, in ms: a server runs all day, and the window
 * should see it as it runs, not as it starts. V8 compiles the hot code as it runs: sampled with perf
 * second by second, its optimizing compiler took 18–21 % of the one SQLite process's CPU in its first
 * three seconds, 3–9 % from the fourth on; each of two processes, which share the load and so reach
 * their code's counts at half the pace, 16–23 % in their first six seconds, 5–10 % after. */
const WARM_UP = 6000;

interface Options {
  seconds: number;
}

/** Real matches, cut at each board end, their logs 2–40 KiB; every table plays them in order, over and
 * over, starting at the first record of one of them (`starts`). */
function pool() {
  const logs: { kind: 'board' | 'match'; log: string; state: string; size: number }[] = [];
  const starts: number[] = [];
  for (const [seed, target] of [[23, 25], [11, 17], [5, 25], [8, 21]]) {
    starts.push(logs.length);
    for (const r of matchRecords('x', 1, seed, { rules: 'icf', mode: 'singles', options: { matchTarget: target } })) {
      if (r.log.length < MIN_LOG || r.log.length > MAX_LOG) continue;
      logs.push({ kind: r.kind, size: r.log.length, log: JSON.stringify(r.log), state: JSON.stringify((JSON.parse(r.body) as { state: unknown }).state) });
    }
  }
  return { logs, starts };
}

/** What a server said as it stopped: the records it stored, the transactions it took (group commit) and their statements. */
interface Stopped {
  records: number;
  transactions: number;
  statements: number;
}

/** CPU seconds a process has used so far, user and system, all threads: fields 14 and 15 of /proc/PID/stat, in ticks. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / Number(process.env.CLK_TCK ?? 100);
  } catch {
    return NaN;
  }
}

/** The CPU seconds of the PostgreSQL backends connected to `db` (the servers' pools and feeds) when the
 * cluster runs on this machine; NaN on SQLite or when their processes cannot be read. */
export async function backendsCpu(db: string): Promise<number> {
  if (!/^postgres(ql)?:\/\//.test(db)) return NaN;
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: db });
  try {
    await c.connect();
    const { rows } = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return rows.reduce((n: number, r: { pid: number }) => n + cpuSeconds(r.pid), 0);
  } finally {
    await c.end();
  }
}

async function serveStored(db: string): Promise<{ url: string; cpu(): number; stop(): Promise<Stopped> }> {
  const s = await serve(db, [], process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []);
  const stopped = (err: string): Stopped => {
    const m = /(\d+) records stored in (\d+) transactions(?: \((\d+) statements\))?/.exec(err);
    return { records: Number(m?.[1] ?? NaN), transactions: Number(m?.[2] ?? NaN), statements: Number(m?.[3] ?? NaN) };
  };
  return { url: s.url, cpu: () => cpuSeconds(s.child.pid), stop: async () => stopped(await s.stop()) };
}

interface Result {
  rate: number;
  p50: number;
  p99: number;
  counted: number;
  stored: number;
  accepted: number;
  retries: number;
  refused: number;
  perCommit: number;
  /** Statements per record in the storing transactions (each a round trip to PostgreSQL). */
  statementsPerRecord: number;
  /** The servers' CPU time (ms, all threads) per record stored: what the machine's load changes least. */
  cpuPerRecord: number;
  /** PostgreSQL's backends' CPU time serving the servers' connections, per record (NaN on SQLite). */
  dbCpuPerRecord: number;
  /** This bench's own CPU time (its 100 tables signing and posting) per record: the share of the machine
   * the servers cannot have, which bounds what the machine can take whatever the server does. */
  clientCpuPerRecord: number;
  /** The cores' time taken in the window by the servers, PostgreSQL's backends and this bench together,
   * as a share of all the machine's: near 100 %, no design of the server takes more records here. */
  busy: number;
}

/** A record as a table holds it in its outbox: its bytes, signed once. */
interface Signed {
  bytes: Buffer;
  signature: string;
}

const signed = (body: string): Signed => {
  const bytes = Buffer.from(body);
  return { bytes, signature: signature(SECRET, bytes) };
};

/** Posts a signed record on the table's connection to that server (tools/bench/raw-http.ts: one kept
 * alive per table and server, as a table keeps its own); resolves to the answer's status once its body
 * has been read. */
function send(to: Connection, table: string, { bytes, signature }: Signed): Promise<number> {
  return to.post('/api/v1/records', `Content-Type: application/json\r\nCarrom-Table: ${table}\r\nCarrom-Signature: ${signature}\r\n`, bytes);
}

const inWindowOf = <P extends { t1: number }>(posts: P[], from: number, to: number) => posts.filter((p) => p.t1 >= from && p.t1 < to);

async function run(db: string, processes: number, o: Options, { logs, starts }: ReturnType<typeof pool>): Promise<Result> {
  const store = await openStore(db);
  for (let t = 0; t < TABLES; t++) await store.addTable(`bench-${t}`, SECRET, new Date().toISOString());
  await store.close();
  const servers: Awaited<ReturnType<typeof serveStored>>[] = [];
  for (let i = 0; i < processes; i++) servers.push(await serveStored(db));
  // Every post, when it started and ended; the figures count the posts that ended inside the window.
  const posts: { t0: number; t1: number; status: number; retry: boolean }[] = [];
  const accepted = new Set<string>();
  const windowStart = performance.now() + WARM_UP;
  const windowEnd = windowStart + o.seconds * 1000;
  // The servers' CPU time over the window, against the records stored in it.
  const cpuNow = () => servers.reduce((n, s) => n + s.cpu(), 0);
  const cpuAt: number[] = [];
  const dbAt: number[] = [];
  const clientAt: number[] = [];
  const sampled = [windowStart, windowEnd].map(
    (t) =>
      new Promise<void>((resolve) =>
        setTimeout(async () => {
          cpuAt.push(cpuNow());
          clientAt.push(cpuSeconds(process.pid));
          dbAt.push(await backendsCpu(db));
          resolve();
        }, t - performance.now()),
      ),
  );
  // Each table's connection to each server.
  const connections = Array.from({ length: TABLES }, () =>
    servers.map((s) => {
      const { hostname, port } = new URL(s.url);
      return new Connection(hostname, Number(port));
    }),
  );
  const post = async (t: number, table: string, body: Signed, retry: boolean) => {
    // A table's records go to one process, as a load balancer hashing on Carrom-Table sends them
    // (docs/server.md §8); its retries to the next one, which answers them from the stored bytes.
    const to = connections[t][(t + (retry ? 1 : 0)) % servers.length];
    const t0 = performance.now();
    const status = await send(to, table, body);
    posts.push({ t0, t1: performance.now(), status, retry });
    return status;
  };
  const oneTable = async (t: number) => {
    const table = `bench-${t}`;
    let counter = 0;
    for (let i = starts[t % starts.length]; performance.now() < windowEnd; i = (i + 1) % logs.length) {
      const l = logs[i];
      const body = signed(`{"carromResult":1,"table":"${table}","counter":${++counter},"kind":"${l.kind}","firmware":"bench","log":${l.log},"state":${l.state},"madeAt":null}`);
      if ((await post(t, table, body, false)) === 201) accepted.add(`${table}/${counter}`);
      // Now and then the acknowledgement is "lost": the table sends the same record again, the bytes
      // its outbox holds (signed once, as a table does).
      if (counter % 2 === 0) await post(t, table, body, true);
    }
  };
  await Promise.all(Array.from({ length: TABLES }, (_, t) => oneTable(t)));
  await Promise.all(sampled);
  connections.flat().forEach((c) => c.close());
  const said = await Promise.all(servers.map((s) => s.stop()));
  const storedInWindow = inWindowOf(posts, windowStart, windowEnd).filter((p) => p.status === 201).length;
  const sum = (k: keyof Stopped) => said.reduce((n, s) => n + s[k], 0);
  const check = await openStore(db);
  const stored = await check.recordCount();
  await check.close();
  const inWindow = inWindowOf(posts, windowStart, windowEnd);
  const latencies = inWindow.map((p) => p.t1 - p.t0);
  const refused = posts.filter((p) => p.status !== (p.retry ? 200 : 201)).length;
  return {
    rate: inWindow.filter((p) => p.status === 201).length / o.seconds,
    p50: median(latencies),
    p99: latencies.length ? percentile(latencies, 99) : NaN,
    counted: latencies.length,
    stored,
    accepted: accepted.size,
    retries: posts.filter((p) => p.retry).length,
    refused,
    perCommit: sum('records') / sum('transactions'),
    statementsPerRecord: sum('statements') / sum('records'),
    cpuPerRecord: (1000 * (cpuAt[1] - cpuAt[0])) / storedInWindow,
    dbCpuPerRecord: (1000 * (dbAt[1] - dbAt[0])) / storedInWindow,
    clientCpuPerRecord: (1000 * (clientAt[1] - clientAt[0])) / storedInWindow,
    busy: (cpuAt[1] - cpuAt[0] + (clientAt[1] - clientAt[0]) + (Number.isFinite(dbAt[1] - dbAt[0]) ? dbAt[1] - dbAt[0] : 0)) / (cpus().length * o.seconds),
  };
}

export async function benchServer(o: Options): Promise<string> {
  const played = pool();
  const { logs } = played;
  const dir = scratchDir('bench');
  const clusters: Cluster[] = [];
  let n = 0;
  const engines: [string, () => Promise<string>][] = [
    ['SQLite', async () => join(dir, `bench-${++n}.db`)],
    [
      'PostgreSQL',
      async () => {
        if (!process.env.CARROM_TEST_PG && clusters.length === 0) clusters.push(await startCluster());
        return freshDatabase(process.env.CARROM_TEST_PG ?? clusters[0].url, `carrom_bench_${process.pid}_${++n}`);
      },
    ],
  ];
  const only = process.env.BENCH_ENGINES?.toLowerCase();
  if (only && !engines.some(([name]) => name.toLowerCase().startsWith(only))) throw new Error(`BENCH_ENGINES=${only}: say sqlite or postgres`);
  if (only) engines.splice(0, engines.length, ...engines.filter(([name]) => name.toLowerCase().startsWith(only)));
  const results = new Map<string, Result>();
  try {
    for (const processes of [1, 2]) for (const [name, db] of engines) results.set(`${name}/${processes}`, await run(await db(), processes, o, played));
  } finally {
    clusters.forEach((c) => c.stop());
    rmSync(dir, { recursive: true, force: true });
  }
  const heading: Record<string, string> = { SQLite: 'SQLite (WAL, log fsynced before the answer)', PostgreSQL: 'PostgreSQL (fsync, synchronous_commit on)' };
  const rows: string[][] = [['', ...engines.map(([name]) => heading[name])]];
  for (const processes of [1, 2]) {
    const each = (f: (r: Result) => string) => engines.map(([name]) => f(results.get(`${name}/${processes}`)!));
    const p = processes === 1 ? 'one process' : 'two processes';
    rows.push([`${p}: records accepted per second`, ...each((r) => fmt(r.rate))]);
    rows.push([`  latency p50 / p99`, ...each((r) => `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} ms`)]);
    rows.push([`  server CPU per record stored in the window`, ...each((r) => (Number.isFinite(r.cpuPerRecord) ? `${fmt(r.cpuPerRecord, 1)} ms` : 'not measured'))]);
    rows.push([`  database CPU per record (PostgreSQL's backends)`, ...each((r) => (Number.isFinite(r.dbCpuPerRecord) ? `${fmt(r.dbCpuPerRecord, 1)} ms` : '–'))]);
    rows.push([`  the bench's own CPU per record (the tables posting)`, ...each((r) => (Number.isFinite(r.clientCpuPerRecord) ? `${fmt(r.clientCpuPerRecord, 1)} ms` : 'not measured'))]);
    rows.push([`  the machine's cores busy (servers, database, bench)`, ...each((r) => (Number.isFinite(r.busy) ? `${fmt(100 * r.busy)} %` : 'not measured'))]);
    rows.push([`  statements per record (storing transactions)`, ...each((r) => (Number.isFinite(r.statementsPerRecord) ? fmt(r.statementsPerRecord, 1) : 'not said'))]);
    rows.push([`  records per transaction (group commit)`, ...each((r) => (Number.isFinite(r.perCommit) ? fmt(r.perCommit, 1) : 'not said'))]);
    rows.push([`  posts answered in the window`, ...each((r) => `${fmt(r.counted)} (${fmt(r.retries)} retries in all)`)]);
    rows.push([
      `  every accepted record stored exactly once`,
      ...each((r) => (r.stored === r.accepted && r.refused === 0 ? `yes (${fmt(r.stored)})` : `NO: ${r.stored} stored, ${r.accepted} accepted, ${r.refused} answers not 201/200`)),
    ]);
  }
  const sizes = logs.map((l) => l.size);
  const conditions = `${TABLES} tables posting at once over loopback (every second record sent twice), counted over ${o.seconds} s after ${WARM_UP / 1000} s of warm-up; each table starts at a match's first record; each server = carrom serve in its own process, two of them sharing the tables (a table's records to one, its retries to the other); Node ${process.version}, ${cpus().length} cores, load average ${fmt(loadavg()[0], 1)} at the end; ${logs.length} records of 4 matches, logs of ${fmt(Math.min(...sizes) / 1024, 1)}–${fmt(Math.max(...sizes) / 1024, 1)} KiB`;
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ')}`);
  return `\nThe results server (${conditions})\n${lines.join('\n')}\n`;
}
