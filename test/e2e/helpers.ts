// For the end-to-end tests: the real results server (`carrom serve`, in-process) on a fresh SQLite file
// on loopback, and a table's sync core posting to it through the simulator's fetch transport.
import assert from 'node:assert/strict';
import { parseLog, publicState, replay, type PublicState } from '../../src/rules/index.ts';
import { start, step } from '../../src/rules/engine.ts';
import type { SyncSettings, TransportPort, WallClockPort } from '../../src/sync/ports.ts';
import { Sync } from '../../src/sync/sync.ts';
import { FetchTransport } from '../../hosts/simulator/sync.ts';
import { startResultsServer, type ResultsServer } from '../../server/index.ts';
import { rng } from '../../tools/random-match.ts';
import { readCsv } from '../helpers/csv.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { nodeDigest } from '../../hosts/simulator/sync.ts';
import { MemoryFlash } from '../helpers/table.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A results server on a fresh SQLite file (or on `db`, to start it again on the same data). */
export async function realServer(db?: string, port = 0): Promise<{ server: ResultsServer; db: string; said: string[] }> {
  const file = db ?? (await ENGINES[0].fresh());
  const said: string[] = [];
  const server = await startResultsServer({ port, host: '127.0.0.1', db: file, mdns: false, log: (l) => said.push(l) });
  return { server, db: file, said };
}

export function stateOf(log: string): PublicState {
  const parsed = parseLog(log);
  assert.ok(parsed.ok);
  const s = replay(parsed.value);
  assert.ok(s.ok);
  return publicState(s.value);
}

/** A table's sync core with its own outbox flash, posting over HTTP (optionally through `wrap`). */
export function tableSync(settings: SyncSettings, o: { flash?: MemoryFlash; clock?: WallClockPort; wrap?: (t: TransportPort) => TransportPort } = {}): Sync {
  let s: SyncSettings | null = settings;
  const http = new FetchTransport(() => true, 5000);
  return new Sync({
    storage: o.flash ?? new MemoryFlash(),
    transport: o.wrap ? o.wrap(http) : http,
    digest: nodeDigest,
    random: { next: rng(7) },
    settings: { load: () => s, forget: () => void (s = null) },
    firmware: 'e2e 1',
    wallClock: o.clock ?? { iso: () => new Date().toISOString() },
  });
}

/** Ticks the core on virtual time (at rest, Wi-Fi on) while real time lets the network answer. */
export async function runUntil(sync: Sync, clock: { t: number }, done: () => boolean, steps = 600, stepUs = 1_000_000): Promise<void> {
  for (let i = 0; i < steps && !done(); i++) {
    sync.tick((clock.t += stepUs), true, true);
    await sleep(5);
  }
  assert.ok(done(), `not done after ${steps} steps: ${JSON.stringify(sync.view())}`);
}

/** Every answer the table got, as status codes (null: none). */
export function recording(answers: (number | null)[]): (t: TransportPort) => TransportPort {
  return (t) => ({
    post: (req, done) =>
      t.post(req, (error, answer) => {
        answers.push(answer?.status ?? null);
        done(error, answer);
      }),
    get: (req, done) => t.get(req, done),
    cancel: () => t.cancel(),
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  assert.equal(r.status, 200, url);
  return (await r.json()) as T;
}

/** The CSV export's rows as objects. */
export async function csvRows(base: string): Promise<Record<string, string>[]> {
  const [head, ...rows] = readCsv(await (await fetch(`${base}/api/v1/export.csv`)).text());
  return rows.map((cells) => Object.fromEntries(cells.map((v, i) => [head[i], v])));
}

/** The boards a log (without undos) finished, across games: each step that ends a board changes the
 * count of boards or of games (a board that ends a game starts the next game's list). */
export function boardsIn(log: string): number {
  const parsed = parseLog(log);
  assert.ok(parsed.ok);
  const s0 = start(parsed.value.header);
  assert.ok(s0.ok);
  let s = s0.value;
  let n = 0;
  for (const { event, line } of parsed.value.events) {
    const next = step(s, event, line);
    if (next.match.boards.length !== s.match.boards.length || next.match.games.length !== s.match.games.length) n++;
    s = next;
  }
  return n;
}
