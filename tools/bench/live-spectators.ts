// The live bench's spectators, in a process of their own (forked by tools/bench/live.ts; neither the
// server's nor the tables'): each holds one event stream open (GET /api/v1/events, or the feed path it
// is given), as a phone in the hall does, from its own loopback address (16 at most per address, as the
// server's cap per address allows), keeps its copy of every table's live log from the `shot` events
// (docs/server.md §4: cut to `from`, `lines` appended) and notes when each event came. At the end it
// compares each copy with the stored records' logs and matches each arrival to its send's time.
// Messages (IPC): in {open: {url, path, count}} → out {opened, refused}; in {report: {sent, records}} → out {report}.
import { request, type ClientRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile, median } from './stats.ts';
import { wallMs } from './live-tables.ts';

interface Shot {
  table: string;
  seq: number;
  from?: number;
  lines?: string[];
  held?: string;
  healed?: boolean;
  /** When each spectator got it (wallMs), one per spectator that did. */
  arrivals: number[];
}

/** Each event's data is parsed once for all spectators (they all get the same bytes), so that the client
 * side's CPU stays small next to the server's on the same cores; the lines are shared, not copied. */
const parsed = new Map<string, Shot>();

class Spectator {
  /** Each table's live log, as this spectator rebuilt it. */
  readonly logs = new Map<string, string[]>();
  /** Each table's sequence numbers as they came. */
  readonly seqs = new Map<string, number[]>();
  private buf = '';
  req: ClientRequest | null = null;

  take(chunk: string, at: number): void {
    this.buf += chunk;
    let end: number;
    while ((end = this.buf.indexOf('\n\n')) >= 0) {
      const block = this.buf.slice(0, end);
      this.buf = this.buf.slice(end + 2);
      // A shot event, with or without an `id:` line (the per-table and per-tournament feeds number theirs).
      if (!block.startsWith('event: shot\n') && !block.includes('\nevent: shot\n')) continue;
      const at0 = block.startsWith('data: ') ? 0 : block.indexOf('\ndata: ') + 1;
      const nl = block.indexOf('\n', at0);
      const data = block.slice(at0 + 6, nl < 0 ? undefined : nl);
      let s = parsed.get(data);
      if (!s) {
        const e = JSON.parse(data) as { table: string; seq: number; from?: number; lines?: string; held?: string; healed?: boolean };
        s = { table: e.table, seq: e.seq, from: e.from, lines: e.lines?.slice(0, -1).split('\n'), held: e.held, healed: e.healed, arrivals: [] };
        parsed.set(data, s);
      }
      s.arrivals.push(at);
      const seqs = this.seqs.get(s.table);
      if (seqs) seqs.push(s.seq);
      else this.seqs.set(s.table, [s.seq]);
      if (s.from === undefined || s.lines === undefined) continue;
      const log = this.logs.get(s.table) ?? [];
      log.length = Math.min(log.length, s.from);
      log.push(...s.lines);
      this.logs.set(s.table, log);
    }
  }
}

const spectators: Spectator[] = [];
/** This process's own lag: an arrival is noted when its callback runs, so a late callback is a late arrival. */
const lag = monitorEventLoopDelay({ resolution: 10 });

function open(url: string, path: string, i: number): Promise<number> {
  const s = new Spectator();
  spectators.push(s);
  // 127.0.1.0/24 upwards: 16 spectators per address, the server's cap for one address.
  const n = Math.floor(i / 16);
  const localAddress = `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
  return new Promise((resolve) => {
    s.req = request(`${url}${path}`, { localAddress, agent: false }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (d: string) => s.take(d, wallMs()));
      res.on('error', () => undefined);
      resolve(res.statusCode ?? 0);
    });
    s.req.on('error', () => resolve(0));
    s.req.end();
  });
}

interface Report {
  latency: { count: number; median: number; p95: number; p99: number; max: number };
  /** Latency to the first spectator each event reached: the server's own part, before its fan-out. */
  first: { median: number; p95: number };
  /** This process's event loop's delay, p99 and maximum (ms): its share of the latencies. */
  lag: { p99: number; max: number };
  /** Arrivals of an event whose send was not noted (a heal no table's send explains). */
  unmatched: number;
  /** Spectator × table whose live log is not the stored record's log at the end. */
  mismatched: number;
  /** Events a spectator did not get (a gap in a table's numbers, or fewer than the server sent). */
  missed: number;
  held: number;
  healed: number;
  events: number;
}

function report(sent: Record<string, number>, records: Record<string, string>): Report {
  const lat: number[] = [];
  const first: number[] = [];
  let unmatched = 0;
  let held = 0;
  let healed = 0;
  const last = new Map<string, number>();
  for (const s of parsed.values()) {
    last.set(s.table, Math.max(last.get(s.table) ?? 0, s.seq));
    if (s.held !== undefined) held++;
    if (s.healed) healed++;
    if (s.from === undefined) continue;
    const t0 = sent[`${s.table} ${s.from}`];
    if (t0 === undefined) unmatched += s.arrivals.length;
    else {
      for (const t of s.arrivals) lat.push(t - t0);
      first.push(s.arrivals.reduce((m, x) => Math.min(m, x), Infinity) - t0);
    }
  }
  let mismatched = 0;
  let missed = 0;
  for (const sp of spectators) {
    for (const [table, log] of Object.entries(records)) {
      const mine = sp.logs.get(table);
      if (!mine || `${mine.join('\n')}\n` !== log) mismatched++;
      const seqs = sp.seqs.get(table) ?? [];
      const got = new Set(seqs);
      missed += (last.get(table) ?? 0) - got.size;
    }
  }
  return {
    latency: { count: lat.length, median: median(lat), p95: percentile(lat, 95), p99: percentile(lat, 99), max: lat.reduce((m, x) => Math.max(m, x), 0) },
    first: { median: median(first), p95: percentile(first, 95) },
    lag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
    unmatched,
    mismatched,
    missed,
    held,
    healed,
    events: parsed.size,
  };
}

process.on('message', (m: { open?: { url: string; path: string; count: number }; report?: { sent: Record<string, number>; records: Record<string, string> } }) => {
  if (m.open) {
    const { url, path, count } = m.open;
    lag.enable();
    void (async () => {
      const statuses: number[] = [];
      // A few at a time, as phones arrive: not a thousand connects in one tick.
      for (let i = 0; i < count; i += 50) statuses.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => open(url, path, i + k)))));
      process.send!({ opened: statuses.filter((s) => s === 200).length, refused: statuses.filter((s) => s !== 200) });
    })();
  }
  if (m.report) {
    process.send!({ report: report(m.report.sent, m.report.records) });
    for (const s of spectators) s.req?.destroy();
  }
});
