// `npm start`: the desktop simulator. The real firmware (sensing, rules, display, journal) on Node,
// a virtual table in the browser, and an API for scripts.
//   npm start -- [--port 8070] [--host 0.0.0.0] [--rules icf] [--mode singles] [--noise low]
//                [--log MATCH.jsonl | --trace TRACE.jsonl] [--speed 4]
//                [--results-port 8081] [--results-db .tmp/simulator-results.db] [--no-results]
//                [--server URL --table ID --secret HEX | --setup-code carrom1.ID.HEX | --setup-code-file FILE]
// (USAGE below says what each does; `npm start -- --help` prints it.)
// --host: listen on that address rather than loopback only, so that a tablet at the club can open the
// table; writes are then taken for this machine's own addresses and names (host-names.ts).
// Bad options and files end it with one line on stderr and exit code 2.
// By default a local results server (the real `carrom serve`, in-process, on loopback) runs beside the
// simulator with its table `sim-1` registered, so a board played here shows up on the club page. The
// default database starts empty at each start, as the simulated table's flash does; a --results-db
// given keeps its records, and the table is the first `sim-N` with none (its counters start at 1).
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/log.ts';
import { named } from '../../src/rules/named.ts';
import { start } from '../../src/rules/engine.ts';
import type { GameEvent, MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { checkSettings, parseSetupCode } from '../../src/sync/setup-code.ts';
import type { SyncSettings } from '../../src/sync/ports.ts';
import { readTraceFile } from './trace-file.ts';
import { startLocalResults, type LocalResults } from './results.ts';
import { serve, LIMITS } from './server.ts';
import { isLoopback, lanAddresses, ownHostNames } from './host-names.ts';
import { claimDefaultDb, nextFreePort } from './instance.ts';
import { pageBundleProblem } from './page-bundle.ts';
import { inUseBy, portHolder } from '../../server/port-holder.ts';
import { SimTable, TICK_US } from './table.ts';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const USAGE = `npm start -- [options]: the desktop simulator, the table's firmware on a virtual table
  --port P              the page and its API (default 8070, or $PORT; 0: any free port); not 8080,
                        which is the results server's (carrom serve) that this table may send to
  --host ADDRESS        listen there rather than on loopback only (0.0.0.0: every interface)
  --rules R             icf, pt-fpc, si, it-torneo, ro-gamerules or se (default icf)
  --mode M              singles, doubles or three (default singles)
  --noise N             clean, low, medium or high: the virtual sensors' noise (default low)
  --log MATCH.jsonl     replay a match log; --trace TRACE.jsonl: replay a sensor trace
  --speed X             virtual time's speed, above 0, at most 1000 (default 1)
  --results-port P      the local results server's first port (default 8081; 0: any free port)
  --results-db DB       its SQLite file or postgres:// URL (default .tmp/simulator-results.db, emptied
                        at each start; a second simulator running beside takes -2.db, -3.db, …)
  --no-results          no local results server, no results sync
  --server URL          send the results to that server instead, as the table given by
  --setup-code CODE     carrom1.ID.SECRET (it then shows in ps and in npm's echo of the command), or
  --setup-code-file F   a file holding it, or the environment's CARROM_SETUP_CODE (neither shows), or
  --table ID --secret HEX
  --help                this text
`;

function fail(message: string): never {
  process.stderr.write(`simulator: ${message}\n`);
  process.exit(2);
}

// Every option the simulator takes: anything else (a typo such as --rule) is refused, never ignored,
// so that a tournament is not played under the default rules by mistake.
const VALUED = ['--port', '--host', '--rules', '--mode', '--noise', '--log', '--trace', '--speed', '--results-port', '--results-db', '--server', '--table', '--secret', '--setup-code', '--setup-code-file'];
const FLAGS = ['--no-results', '--help'];
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
const given = new Set<string>();
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (given.has(a)) fail(`${a} is given twice`); // which one would count is anyone's guess
  given.add(a);
  if (FLAGS.includes(a)) continue;
  if (!VALUED.includes(a)) fail(`unknown option "${a}" (options: ${[...VALUED, ...FLAGS].join(' ')}; --help says what each does)`);
  if (process.argv[++i] === undefined) fail(`${a} needs a value`);
}

// The page's script is built by `npm run build` (npm start runs it first): without it the page would
// open blank, so say what to run rather than start.
const noPage = pageBundleProblem();
if (noPage) fail(noPage);

const cannotRead = (file: string, e: unknown) => `cannot read ${file}${(e as NodeJS.ErrnoException).code ? ` (${(e as NodeJS.ErrnoException).code})` : ''}`;

/** The page's port when none is given: not carrom serve's 8080, so that the simulator starts beside a
 *  results server on the same computer (docs/organiser.md §4). */
const DEFAULT_PORT = 8070;
const port = Number(option('--port') ?? process.env.PORT ?? DEFAULT_PORT);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail('--port takes a port number');
const host = option('--host') ?? '127.0.0.1';
if (!/^[\w.:-]+$/.test(host)) fail('--host takes an address to listen on (0.0.0.0 for every interface, or one address of this machine)');
const speed = Number(option('--speed') ?? 1);
if (!(speed > 0 && speed <= 1000)) fail('--speed takes a number above 0, at most 1000');
const noise = named(NOISE, option('--noise') ?? 'low') ?? fail(`--noise takes one of ${Object.keys(NOISE).join(', ')}`);
const PLAYERS: Readonly<Record<string, string[]>> = { singles: ['Asha', 'Ben'], doubles: ['Asha', 'Ben', 'Cleo', 'Dev'], three: ['Asha', 'Ben', 'Cleo'] };
const mode = option('--mode') ?? 'singles';
const players = named(PLAYERS, mode) ?? fail('--mode takes singles, doubles or three');
let match = { carrom: 1, rules: option('--rules') ?? 'icf', mode, players, breaker: 0, options: {} } as MatchHeader;
let where = ''; // where the header came from, for a message about it
let script: Reading[] = [];
let events: GameEvent[] | null = null;

const logFile = option('--log');
const traceFile = option('--trace');
if (logFile) {
  let text = '';
  try {
    text = readFileSync(logFile, 'utf8');
  } catch (e) {
    fail(cannotRead(logFile, e));
  }
  const log = parseLog(text);
  if (!log.ok) fail(`${logFile}:${log.error.line}: ${log.error.reason}`);
  match = log.value.header;
  events = log.value.events.map((e) => e.event);
  where = `${logFile}:${log.value.headerLine}: `;
} else if (traceFile) {
  // Read as a stream, line by line: a long recording is never one string in memory.
  const trace = await readTraceFile(traceFile).catch((e: unknown) => fail(cannotRead(traceFile, e)));
  if (!trace.ok) fail(`${traceFile}:${trace.error.line}: ${trace.error.reason}`);
  match = trace.value.header.match;
  where = `${traceFile}:${trace.value.headerLine}: field "match": `;
  script = trace.value.readings;
}
// Refuse a match the table could not start (unknown rules or options, a mode the rules lack).
const refused = start(match);
if (!refused.ok) fail(`${where}${refused.error}`);
if (events) script = generateTrace(match, events, 1, noise, LAYOUTS.reference).readings;

/** Results sync: off unless a table id and secret are given (a setup code holds both). */
function syncSettings(): SyncSettings | null {
  const [code, from] = setupCode();
  const fromCode = code === undefined ? null : parseSetupCode(code);
  if (fromCode && !fromCode.ok) fail(`${from}: ${fromCode.error}`);
  const table = fromCode?.ok ? fromCode.value.table : option('--table');
  const secret = fromCode?.ok ? fromCode.value.secret : option('--secret');
  const server = option('--server');
  if (table === undefined && secret === undefined && server === undefined) return null;
  const checked = checkSettings({ table, secret, server });
  if (!checked.ok) fail(`results sync: ${checked.error}`);
  if (checked.value.server === null) fail('results sync: --server URL is needed (the simulator does not look servers up by mDNS)');
  return checked.value;
}

/** The setup code and where it came from: --setup-code, the file --setup-code-file names (its first
 *  line), or CARROM_SETUP_CODE. The last two keep the secret out of `ps` and of npm's echo of the command. */
function setupCode(): [string | undefined, string] {
  const sources: [string, string | undefined][] = [['--setup-code', option('--setup-code')], ['--setup-code-file', option('--setup-code-file')], ['CARROM_SETUP_CODE', process.env.CARROM_SETUP_CODE || undefined]];
  const given = sources.filter((s): s is [string, string] => s[1] !== undefined);
  if (given.length > 1) fail(`the setup code is given twice (${given.map(([name]) => name).join(' and ')}): give one`);
  if (given.length === 0) return [undefined, ''];
  const [name, value] = given[0];
  if (name === '--setup-code') process.stderr.write('simulator: note: a setup code on the command line shows in ps and in npm\'s echo of it; --setup-code-file FILE or CARROM_SETUP_CODE keep its secret out\n');
  if (name !== '--setup-code-file') return [value.trim(), name];
  try {
    return [readFileSync(value, 'utf8').split('\n')[0].trim(), `--setup-code-file ${value}`];
  } catch (e) {
    fail(cannotRead(value, e));
  }
}

const external = syncSettings();
const resultsDb = option('--results-db') ?? (external || process.argv.includes('--no-results') ? '' : claimDefaultDb());
let local: LocalResults | null = null;
if (!external && !process.argv.includes('--no-results')) {
  const resultsPort = Number(option('--results-port') ?? 8081);
  if (!Number.isInteger(resultsPort) || resultsPort < 0 || resultsPort > 65535) fail('--results-port takes a port number');
  try {
    local = await startLocalResults({ port: resultsPort, avoid: port, db: resultsDb, fresh: option('--results-db') === undefined, stem: 'sim', log: (line) => void process.stderr.write(`results server: ${line}\n`) });
  } catch (e) {
    fail(`the local results server did not start (${e instanceof Error ? e.message : String(e)}); --no-results runs without it`);
  }
}
const settings = external ?? local?.settings ?? null;
const sim = new SimTable({ match, noise, sync: settings ? { settings, firmware: `carrom-table simulator ${process.env.npm_package_version ?? ''}`.trim() } : undefined });
sim.clubPage = local ? `${local.server.url}/` : null;
sim.readings(script);

const names = isLoopback(host) ? undefined : ownHostNames(host);
/** For a port in use: what holds it (it is asked), and one to try that is free now (so neither another
 *  simulator nor its results server). */
const inUse = async () => {
  const next = port === 0 ? null : await nextFreePort(port, host);
  const instead = next === null ? 'try --port 0 for any free port' : `try --port ${next}, or --port 0 for any free port`;
  return `${inUseBy(port, host, await portHolder(port, host))}; ${instead}`;
};
const server = await serve(sim, port, host, LIMITS, names).catch(async (e: NodeJS.ErrnoException) => {
  const busy = e.code === 'EADDRINUSE' ? await inUse() : '';
  await local?.server.close(); // its database closed cleanly before the exit
  return fail(
    e.code === 'EADDRINUSE'
      ? busy
      : e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND'
        ? `--host ${host} is not an address of this machine (${e.code}); 0.0.0.0 listens on every interface`
        : `cannot listen on ${host} port ${port}: ${e.code ?? e.message}`,
  );
});

// Virtual time follows the wall clock (times --speed). After a pause of the process (a laptop asleep)
// it carries on from where it was rather than stepping through the whole pause at once.
let wall = performance.now();
setInterval(() => {
  const now = performance.now();
  const elapsed = Math.min(now - wall, 1000);
  sim.advanceTo(sim.now + Math.round(elapsed * 1000 * speed));
  wall = now;
}, TICK_US / 1000);

const address = server.address();
const actual = typeof address === 'object' && address ? address.port : port;
const shown = host === '0.0.0.0' || host === '::' || isLoopback(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
process.stdout.write(`carrom simulator: http://${shown}:${actual}/  (${match.rules} ${match.mode}${script.length ? `, replaying ${script.length} readings at ${speed}×` : ''}${settings ? `, results to ${settings.server} as ${settings.table}` : ''})\n`);
if (names) {
  const at = host === '0.0.0.0' || host === '::' ? lanAddresses() : [host];
  process.stdout.write(`warning: the table is reachable from the network (--host ${host}): anyone who can reach ${at.map((a) => `http://${a.includes(':') ? `[${a}]` : a}:${actual}/`).join(' or ') || 'this machine'} can play on it\n`);
}
if (local) {
  // Stop the results server cleanly: it closes its database (and the exit lets the default one's lock
  // go). Before the address is printed: whoever waits for it may stop the simulator at once.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void local!.server.close().finally(() => process.exit(0));
    });
  }
  process.stdout.write(`club page:        ${local.server.url}/  (the local results server: ${local.server.store.engine} ${resultsDb}, table ${local.settings.table})\n`);
}
