// `npm start`: the desktop simulator. The real firmware (sensing, rules, display, journal) on Node,
// a virtual table in the browser, and an API for scripts.
//   npm start -- [--port 8080] [--rules icf] [--mode singles] [--noise low]
//                [--log MATCH.jsonl | --trace TRACE.jsonl] [--speed 4]
//                [--results-port 8081] [--results-db .tmp/simulator-results.db] [--no-results]
//                [--server URL --table ID --secret HEX | --setup-code carrom1.ID.HEX]   results sync
// By default a local results server (the real `carrom serve`, in-process, on loopback) runs beside the
// simulator with its table `sim-1` registered, so a board played here shows up on the club page. The
// default database starts empty at each start, as the simulated table's flash does; a --results-db
// given keeps its records, and the table is the first `sim-N` with none (its counters start at 1).
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/log.ts';
import type { MatchHeader, Mode } from '../../src/rules/types.ts';
import { parseTrace } from '../../src/sensing/trace.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { generateTrace } from '../../tools/tracegen/generate.ts';
import { LAYOUTS, NOISE } from '../../tools/tracegen/noise.ts';
import { checkSettings, parseSetupCode } from '../../src/sync/setup-code.ts';
import type { SyncSettings } from '../../src/sync/ports.ts';
import { startLocalResults, type LocalResults } from './results.ts';
import { serve } from './server.ts';
import { SimTable } from './table.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const DEFAULT_RESULTS_DB = '.tmp/simulator-results.db';

function fail(message: string): never {
  process.stderr.write(`simulator: ${message}\n`);
  process.exit(2);
}

const port = Number(option('--port') ?? process.env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port takes a port number');
const speed = Number(option('--speed') ?? 1);
if (!(speed > 0)) fail('--speed takes a positive number');
const noise = NOISE[option('--noise') ?? 'low'] ?? fail(`--noise takes one of ${Object.keys(NOISE).join(', ')}`);
const names = { singles: ['Asha', 'Ben'], doubles: ['Asha', 'Ben', 'Cleo', 'Dev'], three: ['Asha', 'Ben', 'Cleo'] };
const mode = (option('--mode') ?? 'singles') as Mode;
if (!(mode in names)) fail('--mode takes singles, doubles or three');
let match: MatchHeader = { carrom: 1, rules: option('--rules') ?? 'icf', mode, players: names[mode], breaker: 0, options: {} };
let script: Reading[] = [];

const logFile = option('--log');
const traceFile = option('--trace');
if (logFile) {
  const log = parseLog(readFileSync(logFile, 'utf8'));
  if (!log.ok) fail(`${logFile}:${log.error.line}: ${log.error.reason}`);
  match = log.value.header;
  script = generateTrace(match, log.value.events.map((e) => e.event), 1, noise, LAYOUTS.reference).readings;
} else if (traceFile) {
  const trace = parseTrace(readFileSync(traceFile, 'utf8'));
  if (!trace.ok) fail(`${traceFile}:${trace.error.line}: ${trace.error.reason}`);
  match = trace.value.header.match;
  script = trace.value.readings;
}

/** Results sync: off unless a table id and secret are given (a setup code holds both). */
function syncSettings(): SyncSettings | null {
  const code = option('--setup-code');
  const fromCode = code === undefined ? null : parseSetupCode(code);
  if (fromCode && !fromCode.ok) fail(`--setup-code: ${fromCode.error}`);
  const table = fromCode?.ok ? fromCode.value.table : option('--table');
  const secret = fromCode?.ok ? fromCode.value.secret : option('--secret');
  const server = option('--server');
  if (table === undefined && secret === undefined && server === undefined) return null;
  const checked = checkSettings({ table, secret, server });
  if (!checked.ok) fail(`results sync: ${checked.error}`);
  if (checked.value.server === null) fail('results sync: --server URL is needed (the simulator does not look servers up by mDNS)');
  return checked.value;
}

const external = syncSettings();
const resultsDb = option('--results-db') ?? DEFAULT_RESULTS_DB;
let local: LocalResults | null = null;
if (!external && !process.argv.includes('--no-results')) {
  const resultsPort = Number(option('--results-port') ?? 8081);
  if (!Number.isInteger(resultsPort) || resultsPort < 0 || resultsPort > 65535) fail('--results-port takes a port number');
  try {
    local = await startLocalResults({ port: resultsPort, db: resultsDb, fresh: resultsDb === DEFAULT_RESULTS_DB, stem: 'sim', log: (line) => void process.stderr.write(`results server: ${line}\n`) });
  } catch (e) {
    fail(`the local results server did not start (${e instanceof Error ? e.message : String(e)}); --no-results runs without it`);
  }
}
const settings = external ?? local?.settings ?? null;
const sim = new SimTable({ match, noise, sync: settings ? { settings, firmware: `carrom-table simulator ${process.env.npm_package_version ?? ''}`.trim() } : undefined });
sim.clubPage = local ? `${local.server.url}/` : null;
sim.readings(script);

// Virtual time follows the wall clock (times --speed).
let wall = performance.now();
setInterval(() => {
  const now = performance.now();
  sim.advanceTo(sim.now + Math.round((now - wall) * 1000 * speed));
  wall = now;
}, 20);

const server = await serve(sim, port);
const address = server.address();
const actual = typeof address === 'object' && address ? address.port : port;
process.stdout.write(`carrom simulator: http://localhost:${actual}/  (${match.rules} ${match.mode}${script.length ? `, replaying ${script.length} readings at ${speed}×` : ''}${settings ? `, results to ${settings.server} as ${settings.table}` : ''})\n`);
if (local) {
  process.stdout.write(`club page:        ${local.server.url}/  (the local results server: ${local.server.store.engine} ${resultsDb}, table ${local.settings.table})\n`);
  // Stop the results server cleanly: it closes its database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void local!.server.close().finally(() => process.exit(0));
    });
  }
}
