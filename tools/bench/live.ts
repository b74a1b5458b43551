// `npm run bench -- live` (issue 34 part 4): every shot live, measured. One real `carrom serve` (the built
// bundle, SQLite in a scratch folder; PostgreSQL too when CARROM_TEST_PG is set), tables playing real
// matches at a table's pace (tools/bench/live-tables.ts, in this process) and spectators holding event
// streams (tools/bench/live-spectators.ts, in a process of their own). Reported: the latency from a
// shot's settle at the table (its send) to its arrival at each spectator; the server's CPU time idle with
// the spectators connected, per shot and per shot and spectator (/proc/PID/stat); its memory; and what
// was lost: each spectator's live log of each table against the stored record's log at the end.
// BENCH_LIVE_FEED=/path reads another feed than /api/v1/events (its `shot` events as §4 writes them).
import { fork } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../server/store/store.ts';
import { freshDatabase } from '../pg-cluster.ts';
import { scratchDir } from '../scratch.ts';
import { serve } from './serve.ts';
import { playedMatch, playTable, type Played, type TableRun } from './live-tables.ts';
import { fmt, median, percentile } from './stats.ts';

const SECRET = '3c'.repeat(32);

export interface LiveOptions {
  tables: number;
  spectators: number;
  /** A table's time between two shots, at least and at most (ms, uniform). */
  paceMs: [number, number];
  /** Boards each table plays (each ends with its record). */
  boards: number;
  /** Seconds the server is watched idle with the spectators connected, before the play. */
  idleSeconds: number;
  /** The feed the spectators read. */
  feed?: string;
}

export const LIVE_FULL: LiveOptions = { tables: 32, spectators: 1000, paceMs: [2000, 4000], boards: 2, idleSeconds: 5 };
export const LIVE_QUICK: LiveOptions = { tables: 4, spectators: 20, paceMs: [100, 300], boards: 2, idleSeconds: 1 };

export interface LiveResult {
  engine: string;
  /** Latency from a send to a spectator's arrival, ms, over every (event, spectator). */
  latency: { count: number; median: number; p95: number; p99: number; max: number };
  /** Latency to the first spectator each event reached (ms): the server's part before its fan-out. */
  first: { median: number; p95: number };
  /** The spectators' process's event-loop delay, p99 and maximum (ms). */
  lag: { p99: number; max: number };
  /** A shot message's post, its send to the server's answer (ms): median, p95. */
  answer: { median: number; p95: number };
  shots: number;
  records: number;
  /** `shot` events the server published (each sent to every spectator). */
  events: number;
  held: number;
  healed: number;
  /** Spectators × tables whose live log is not the stored record's log at the end. */
  mismatched: number;
  /** Events a spectator was not sent (gaps in a table's numbers). */
  missed: number;
  /** Arrivals matched to no send. */
  unmatched: number;
  /** Sends the server did not take, and spectators' streams it refused. */
  refused: string[];
  playSeconds: number;
  /** Server CPU, ms per second: idle with the spectators connected, and over the play. */
  idleCpuPerSecond: number;
  playCpuPerSecond: number;
  /** Server CPU (ms) per spectator's stream opened. */
  cpuPerOpen: number;
  /** Server CPU over the play less its idle rate, per shot message or record (ms) and per event delivered to one spectator (µs). */
  cpuPerShot: number;
  cpuPerDelivery: number;
  /** The server's event loop over the play: ms it waited for a core while ready to run, per shot message or
   * record, and as a share of the play's time (what the machine's other work took from it). */
  waitPerShot: number;
  waitShare: number;
  /** The spectators' process's and the tables' (this process's) CPU over the play, ms per second. */
  spectatorsCpuPerSecond: number;
  tablesCpuPerSecond: number;
  /** The server's resident memory, MiB: started, with the spectators connected, its peak. */
  rss: { start: number; connected: number; peak: number };
}

/** CPU seconds a process has used, user and system: fields 14 and 15 of /proc/PID/stat, in ticks. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / Number(process.env.CLK_TCK ?? 100);
}

/** The process's main thread (its event loop): seconds it ran, and seconds it was ready to run but waited
 * for a core (/proc/PID/schedstat, in ns): on a shared machine the wait is what its load costs the server. */
function schedSeconds(pid: number): { ran: number; waited: number } {
  const [ran, waited] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
  return { ran: ran / 1e9, waited: waited / 1e9 };
}

/** A line of /proc/PID/status in MiB (VmRSS: now, VmHWM: the peak). */
function memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) / 1024;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function serveLive(db: string, maxStreams: number) {
  const s = await serve(db, ['--max-streams', String(maxStreams)]);
  return { url: s.url, pid: s.child.pid!, log: s.said, stop: async () => void (await s.stop()) };
}

type FromSpectators = { opened?: number; refused?: number[]; report?: Pick<LiveResult, 'latency' | 'first' | 'lag' | 'mismatched' | 'missed' | 'unmatched' | 'held' | 'healed' | 'events'> };

/** The matches the tables play: seeds from 1 on, each with `boards` boards at least. */
function matches(o: LiveOptions): Played[] {
  const out: Played[] = [];
  for (let seed = 1; out.length < o.tables; seed++) {
    try {
      out.push(playedMatch(`live-${out.length + 1}`, seed, o.boards));
    } catch {
      // A match shorter than the boards asked: the next seed.
    }
  }
  return out;
}

export async function runLive(db: string, engine: string, o: LiveOptions): Promise<LiveResult> {
  const played = matches(o);
  const store = await openStore(db);
  for (const p of played) await store.addTable(p.table, SECRET, new Date().toISOString());
  await store.close();
  const server = await serveLive(db, Math.ceil(o.spectators * 1.25) + 50);
  const spectators = fork(new URL('./live-spectators.ts', import.meta.url).pathname, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = () => new Promise<FromSpectators>((resolve) => spectators.once('message', (m) => resolve(m as FromSpectators)));
  try {
    const rssStart = memory(server.pid, 'VmRSS');
    const cpuBeforeOpen = cpuSeconds(server.pid);
    const opening = answer();
    spectators.send({ open: { url: server.url, path: o.feed ?? '/api/v1/events', count: o.spectators } });
    const opened = await opening;
    const refused = (opened.refused ?? []).map((s) => `a spectator's stream: ${s}`);
    const cpuOpen = cpuSeconds(server.pid) - cpuBeforeOpen;
    await pause(500); // the last streams' first blocks
    const idle0 = cpuSeconds(server.pid);
    await pause(o.idleSeconds * 1000);
    const idle = (cpuSeconds(server.pid) - idle0) / o.idleSeconds;
    const rssConnected = memory(server.pid, 'VmRSS');

    const run: TableRun = { sent: new Map(), shots: 0, records: 0, refused, answers: [] };
    const [cpu0, spec0, tables0, t0, sched0] = [cpuSeconds(server.pid), cpuSeconds(spectators.pid!), process.cpuUsage(), performance.now(), schedSeconds(server.pid)];
    await Promise.all(played.map((p) => playTable(server.url, SECRET, p, o.paceMs, Math.random() * o.paceMs[1], run)));
    await pause(Math.max(1000, o.paceMs[1])); // the last events on their way
    const seconds = (performance.now() - t0) / 1000;
    const cpuPlay = cpuSeconds(server.pid) - cpu0;
    const waited = schedSeconds(server.pid).waited - sched0.waited;
    const specCpu = cpuSeconds(spectators.pid!) - spec0;
    const tablesUsage = process.cpuUsage(tables0);
    const peak = memory(server.pid, 'VmHWM');

    // The stored records' logs: each table's last record holds its whole log.
    const check = await openStore(db);
    const records: Record<string, string> = {};
    for (const p of played) {
      const stored = await check.bodyOf(p.table, o.boards);
      records[p.table] = stored ? (JSON.parse(stored.body) as { log: string }).log : '(no record stored)';
    }
    await check.close();
    const reporting = answer();
    spectators.send({ report: { sent: Object.fromEntries(run.sent), records } });
    const got = await reporting;
    if (!got.report) throw new Error(`the spectators did not report: ${JSON.stringify(got).slice(0, 300)}`);
    const r = got.report;
    const sends = run.shots + run.records;
    const over = Math.max(0, cpuPlay - idle * seconds);
    return {
      engine,
      ...r,
      answer: { median: median(run.answers), p95: percentile(run.answers, 95) },
      shots: run.shots,
      records: run.records,
      refused: run.refused,
      playSeconds: seconds,
      idleCpuPerSecond: 1000 * idle,
      playCpuPerSecond: (1000 * cpuPlay) / seconds,
      cpuPerOpen: (1000 * cpuOpen) / o.spectators,
      cpuPerShot: (1000 * over) / sends,
      cpuPerDelivery: (1e6 * over) / (r.events * o.spectators),
      waitPerShot: (1000 * waited) / sends,
      waitShare: waited / seconds,
      spectatorsCpuPerSecond: (1000 * specCpu) / seconds,
      tablesCpuPerSecond: (tablesUsage.user + tablesUsage.system) / 1000 / seconds,
      rss: { start: rssStart, connected: rssConnected, peak },
    };
  } finally {
    spectators.kill();
    await server.stop();
  }
}

export async function benchLive(o: LiveOptions): Promise<string> {
  const dir = scratchDir('bench-live');
  const results: LiveResult[] = [];
  try {
    results.push(await runLive(join(dir, 'live.db'), 'SQLite', o));
    if (process.env.CARROM_TEST_PG) results.push(await runLive(await freshDatabase(process.env.CARROM_TEST_PG, `carrom_bench_live_${process.pid}`), 'PostgreSQL', o));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rows: string[][] = [['', ...results.map((r) => r.engine)]];
  const row = (what: string, f: (r: LiveResult) => string) => rows.push([what, ...results.map(f)]);
  row('latency, settle to spectator: median / p95 / p99', (r) => `${fmt(r.latency.median)} / ${fmt(r.latency.p95)} / ${fmt(r.latency.p99)} ms`);
  row('  its maximum; arrivals counted', (r) => `${fmt(r.latency.max)} ms; ${fmt(r.latency.count)}`);
  row('  to the first spectator of each event: median / p95', (r) => `${fmt(r.first.median)} / ${fmt(r.first.p95)} ms`);
  row("  a shot message's post answered (send to answer): median / p95", (r) => `${fmt(r.answer.median)} / ${fmt(r.answer.p95)} ms`);
  row("  the spectators' process's event-loop delay: p99 / max", (r) => `${fmt(r.lag.p99)} / ${fmt(r.lag.max)} ms`);
  row('server CPU idle, the spectators connected', (r) => `${fmt(r.idleCpuPerSecond, 1)} ms/s`);
  row('server CPU over the play (of one core)', (r) => `${fmt(r.playCpuPerSecond)} ms/s (${fmt(r.playCpuPerSecond / 10)} %)`);
  row('server CPU per shot message or record, its fan-out included (less idle)', (r) => `${fmt(r.cpuPerShot, 2)} ms`);
  row('server CPU per shot and spectator (less idle)', (r) => `${fmt(r.cpuPerDelivery, 1)} µs`);
  row('server CPU per spectator connecting', (r) => `${fmt(r.cpuPerOpen, 2)} ms`);
  row("server's event loop ready but waiting for a core (schedstat): of the play; per shot", (r) => `${fmt(100 * r.waitShare)} %; ${fmt(r.waitPerShot)} ms`);
  row('server RSS: started / spectators connected / peak', (r) => `${fmt(r.rss.start)} / ${fmt(r.rss.connected)} / ${fmt(r.rss.peak)} MiB`);
  row("spectators' process CPU; the tables' CPU (over the play)", (r) => `${fmt(r.spectatorsCpuPerSecond)}; ${fmt(r.tablesCpuPerSecond)} ms/s`);
  row('shot messages, records sent; shot events published', (r) => `${fmt(r.shots)}, ${fmt(r.records)}; ${fmt(r.events)} (${r.held} held, ${r.healed} healed)`);
  row("lost: live logs not the record's; events missed", (r) => `${fmt(r.mismatched)}; ${fmt(r.missed)}`);
  row('refused (sends, streams); arrivals matched to no send', (r) => `${r.refused.length}; ${fmt(r.unmatched)}`);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((x) => x[c].length)));
  const lines = rows.map((x) => `  ${x.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ')}`);
  const first = results[0];
  const conditions =
    `${o.tables} tables playing real ICF singles matches (the rules engine's random legal shots), ${o.boards} boards each, a shot every ${fmt(o.paceMs[0] / 1000, 1)}–${fmt(o.paceMs[1] / 1000, 1)} s per table; ` +
    `${o.spectators} spectators on ${o.feed ?? '/api/v1/events'} in one process of their own; one carrom serve process; loopback; play of ${fmt(first.playSeconds)} s; ` +
    `Node ${process.version}, ${cpus().length} cores, load average ${fmt(loadavg()[0], 1)} at the end`;
  const refusals = results.flatMap((r) => r.refused.slice(0, 5).map((x) => `  refused (${r.engine}): ${x}\n`)).join('');
  return `\nEvery shot live (${conditions})\n${lines.join('\n')}\n${refusals}`;
}
