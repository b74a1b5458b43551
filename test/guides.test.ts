// The guides a newcomer follows, run as written: every command of README.md, docs/simulator.md,
// docs/command-line.md, docs/device.md, docs/organiser.md (§2–§4, §12 with its "From a script") and
// docs/install.md is taken from the markdown's code blocks, in order,
// and run through the real programs (`npx carrom …` is bin/carrom.js, `npm start -- …` the simulator's
// main.ts through tsx, as `npm start` runs it) in bash, with a fresh temporary folder as the working
// folder of each document; what the guide says they print or do is checked. A command the documents
// gain or change fails "lists every command" until it is listed here, with how it is run and checked,
// or why it cannot run here: so a guide cannot drift from the program again.
//
// What the test substitutes, as a reader does: `<secret>` and `<64 hex>` (a table's secret), `S` (the
// server's address), `YOUR PASSWORD`, the files a reader has (LOG.jsonl, TRACE.jsonl, recorded.trace.jsonl,
// players.csv saved from §12.3's CSV), and `/tmp/m` (a prefix in the temporary folder). The machine is
// shared with other test runs, so every port a guide names (8080, 8070, 8081, …) is one free port here,
// in the commands and in what they print (compared with the guide's numbers put back); a program's
// default port is the free port standing for that number too, so that two programs whose defaults
// collide collide here (organiser.md §4's simulator beside the server did, on 8080). The server announces
// nothing on the network (--no-mdns). A server or simulator is started, checked and stopped. `npm ci`
// installs nothing here (node_modules is installed and shared): its check of the lock runs with
// --dry-run --offline in the run's folder, and must warn of no engine. The Moddable and ESP32 commands
// are listed with why they cannot run here.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './helpers/servers/answers.ts';
import { blocks, type Block } from './helpers/markdown.ts';
import { SERVE_USAGE, parseServeArgs } from '../tools/cli/serve.ts';
import { ONE_BOARD, shot } from './e2e/simulator-process.ts';
import { scratchDir, tracked } from '../tools/scratch.ts';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const TSX = import.meta.resolve('tsx');
const has = (tool: string) => spawnSync('bash', ['-c', `command -v ${tool}`]).status === 0;

// ---- The commands of a document, from its code blocks (test/helpers/markdown.ts) ----

/** A block's commands: each `$ ` line of a console block; each line of a sh block, with its `\` continuations. */
function commandsOf(block: Block): string[] {
  if (block.lang === 'console') return block.text.split('\n').filter((l) => l.startsWith('$ ')).map((l) => l.slice(2));
  return block.text.split(/(?<!\\)\n/).filter((l) => l.trim() !== '');
}

/** A command as the plan below names it: without its trailing comment (a line that is only a comment is none). */
const bare = (command: string) => command.replace(/(^|\s+)# .*$/, '').trim();

/** The sections of organiser.md that the issue names: §2–§4 and §12. */
const organiserBlocks = () => blocks(read('docs/organiser.md')).filter((b) => /^(2|3|4|12)\. /.test(b.section));

// ---- Running them ----

/** The programs' default ports, as they say them: carrom serve's, the simulator's page's and its local
 *  results server's (npm start -- --help). */
const DEFAULTS = (() => {
  const serve = parseServeArgs([]);
  assert.ok(typeof serve !== 'string');
  const help = spawnSync(process.execPath, ['--import', 'tsx', 'hosts/simulator/main.ts', '--help'], { cwd: ROOT, encoding: 'utf8' }).stdout;
  const of = (option: string) => Number(new RegExp(`${option} P +[^(]*\\(default (\\d+)`).exec(help)?.[1]);
  const defaults = { serve: serve.port, simulator: of('--port'), results: of('--results-port') };
  assert.ok(Object.values(defaults).every(Number.isInteger), `the defaults from npm start -- --help: ${help}`);
  return defaults;
})();

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One document's run: its folder, its ports, what earlier commands made, the programs still running. */
class Run {
  readonly dir = scratchDir('guide');
  /** Each port the guide names, and the free one that stands for it here. */
  readonly ports = new Map<number, number>();
  readonly secrets = new Map<string, string>();
  /** Assignments of a block (S=…), put before each later command of the same block. */
  vars = '';
  private running: ChildProcess[] = [];

  async port(doc: number): Promise<number> {
    if (!this.ports.has(doc)) {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      this.ports.set(doc, (probe.address() as AddressInfo).port);
      await new Promise((resolve) => probe.close(resolve));
    }
    return this.ports.get(doc)!;
  }

  /** The command with each port it names replaced by this run's, and `<secret>`s filled in. */
  async prepare(command: string): Promise<string> {
    for (const m of command.matchAll(/(?<=:|--port |--results-port )(\d{4,5})\b/g)) await this.port(Number(m[1]));
    return command
      .replace(/(?<=:|--port |--results-port )(\d{4,5})\b/g, (p) => String(this.ports.get(Number(p))))
      .replace(/carrom1\.([a-z0-9-]+)\.(<secret>|<64 hex>)/g, (_, table: string) => `carrom1.${table}.${this.secret(table)}`);
  }

  secret(table: string): string {
    return this.secrets.get(table) ?? 'ab'.repeat(32); // a table this server does not know: a secret of the right form
  }

  /** What a program printed, with the guide's port numbers put back for this run's. */
  normal(text: string): string {
    let out = text;
    for (const [doc, here] of this.ports) out = out.replace(new RegExp(`(?<=:|port )${here}\\b`, 'g'), String(doc));
    return out;
  }

  /** bash with `npx carrom` and `npm start` as the programs themselves, the default ports this run's: the
   *  free port that stands for each program's own default (so two defaults that collide collide here too). */
  private async script(command: string): Promise<{ args: string[]; env: NodeJS.ProcessEnv }> {
    const [serve, sim, results] = [await this.port(DEFAULTS.serve), await this.port(DEFAULTS.simulator), await this.port(DEFAULTS.results)];
    const prelude = [
      `npx() { if [ "$1" != carrom ]; then echo "npx $1: only carrom runs here" >&2; return 127; fi; shift`,
      `  if [ "$1" = serve ]; then shift; node "${ROOT}/bin/carrom.js" serve --port ${serve} --no-mdns "$@"; else node "${ROOT}/bin/carrom.js" "$@"; fi; }`,
      'npm() { case "$1" in',
      '  ci) echo "npm ci: not run here (node_modules is installed)" >&2 ;;',
      `  start) shift; [ "$1" = -- ] && shift`,
      `    case " $* " in *" --results-port "*|*" --no-results "*|*" --server "*) ;; *) set -- "$@" --results-port ${results} ;; esac`,
      `    node --import "${TSX}" "${ROOT}/hosts/simulator/main.ts" "$@" ;;`,
      '  *) echo "npm $1: not run here" >&2; return 127 ;;',
      'esac; }',
    ].join('\n');
    return { args: ['-c', `${prelude}\n${this.vars}\n${command}`], env: { ...process.env, PORT: String(sim) } };
  }

  /** Runs a command to its end, its input `input`. */
  async run(command: string, input = ''): Promise<Result> {
    const { args, env } = await this.script(await this.prepare(command));
    const r = spawnSync('bash', args, { cwd: this.dir, env, input, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.error, undefined, `${command}: ${r.error}`);
    return { code: r.status, stdout: this.normal(r.stdout), stderr: this.normal(r.stderr) };
  }

  /** Starts a command that runs until stopped (a server, a simulator); resolves once `ready` matches what
   *  it printed (stdout and stderr together), or rejects if it ends first. */
  async start(command: string, ready: RegExp): Promise<{ out: () => string; stop: () => Promise<void> }> {
    const { args, env } = await this.script(await this.prepare(command));
    const child = tracked(spawn('bash', args, { cwd: this.dir, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
    this.running.push(child);
    let out = '';
    let ended = false;
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    void gone.then(() => (ended = true));
    await until(`${command} has started`, () => ended || ready.test(this.normal(out)), 60_000);
    assert.ok(!ended, `${command} ended: ${out}`);
    const stop = async () => {
      if (!ended) process.kill(-child.pid!, 'SIGTERM'); // bash and the program it runs
      await gone;
      this.running = this.running.filter((c) => c !== child);
    };
    return { out: () => this.normal(out), stop };
  }

  async end(): Promise<void> {
    for (const c of this.running) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGTERM');
    await Promise.all(this.running.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A file of the repository that a command names by its path from the project's folder, where the reader runs it. */
  copyFromCheckout(path: string): void {
    mkdirSync(join(this.dir, dirname(path)), { recursive: true });
    copyFileSync(join(ROOT, path), join(this.dir, path));
  }
}

/** The answer of a GET on this machine, as JSON. */
async function getJson(url: string): Promise<Record<string, unknown>> {
  const r = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  assert.equal(r.status, 200, `${url}: ${r.status}`);
  return (await r.json()) as Record<string, unknown>;
}

/** A line the guide quotes after "It says": the text between its backticks, on one line. */
function itSays(doc: string, after: string): string {
  const flat = doc.replace(/\s*\n\s*/g, ' ');
  const at = flat.indexOf(after);
  assert.ok(at >= 0, `the guide says "${after}"`);
  const m = /It says `([^`]+)`/.exec(flat.slice(at));
  assert.ok(m, `"It says \`…\`" after "${after}"`);
  return m[1];
}

const SETUP_LINE = /^Setup code for table ([a-z0-9-]+) \(type or paste it into the table's setup page\):\n {2}carrom1\.\1\.([0-9a-f]{64})\n$/;

// ---- Each document's commands, in order: how each is run, and what the guide says it does ----

/** A command and its part in the plan: `check` runs it (and checks it), `skip` says why it cannot run here. */
interface Step {
  command: string;
  skip?: string;
  check?: (run: Run, command: string) => Promise<void>;
}

const needs = (tool: string, why: string) => (has(tool) ? undefined : `${tool} is not installed here: ${why}`);
const MODDABLE = 'needs the Moddable SDK (mcconfig, mcsim), not installed here; test/device/mcsim.test.ts runs mcsim where it is';
const ESP32 = 'builds and flashes an ESP32 over USB: needs the Moddable SDK, ESP-IDF and the board';

/** `npm start …` started (until it has said `ready`), its first line compared with `line`, then stopped. */
const simulatorSays = (line: string | RegExp, more?: (out: string) => void, ready = /carrom simulator: http:\/\/localhost:\d+\/.*\n/): Step['check'] => async (run, command) => {
  const sim = await run.start(command, ready);
  try {
    const first = /^carrom simulator: .*$/m.exec(sim.out())![0];
    if (typeof line === 'string') assert.equal(first, line);
    else assert.match(first, line);
    more?.(sim.out());
  } finally {
    await sim.stop();
  }
};

/** `npm ci` as a newcomer's first command: it installs nothing here (node_modules is installed, and shared
 *  with the run), but its check of the lock runs, with nothing installed, and warns of no engine. */
const npmCi: Step['check'] = async (run) => {
  for (const f of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, f), join(run.dir, f));
  const r = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], { cwd: run.dir, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /EBADENGINE|npm warn/i, `a warning at the first command reads as a fault (README: Node ${process.versions.node.split('.')[0]})`);
  assert.ok(!existsSync(join(run.dir, 'node_modules')), 'nothing installed');
};

const README: Step[] = [
  {
    command: 'npm ci && npm start',
    // npm ci: node_modules is installed already (the test runs on it); it is what the shell function says.
    check: async (run, command) => {
      await npmCi!(run, command);
      const sim = await run.start(command, /club page: .*\n/);
      try {
        const said = sim.out();
        // "the desktop simulator (http://localhost:8070/) and the club page beside it (http://127.0.0.1:8081/)"
        const [, page, club] = /# the desktop simulator \((\S+)\) and the club page beside it \((\S+)\)/.exec(read('README.md'))!;
        assert.match(said, new RegExp(`^carrom simulator: ${page} {2}\\(icf singles, results to ${club.replace(/\/$/, '')} as sim-1\\)$`, 'm'));
        assert.match(said, new RegExp(`^club page: +${club} {2}\\(the local results server: sqlite \\.tmp/simulator-results\\.db, table sim-1\\)$`, 'm'));
        assert.ok(existsSync(join(run.dir, '.tmp/simulator-results.db')), 'its database in the folder it runs in');
      } finally {
        await sim.stop();
      }
    },
  },
  { command: 'npm test', skip: 'the whole test suite (this file among it): 10 minutes and more' },
  { command: 'npx mocha test/rules/log.test.ts', skip: 'test/tools/one-file.test.ts runs it, on a file of three tests, and checks that only those ran' },
];

/** docs/simulator.md: the simulator's flags, then driving it from a script. */
const SIMULATOR: Step[] = [
  { command: 'npm start -- --port 9000 --rules se --mode doubles --noise high', check: simulatorSays('carrom simulator: http://localhost:9000/  (se doubles, results to http://127.0.0.1:8081 as sim-1)') },
  {
    command: 'npm start -- --log test/fixtures/matches/icf-singles.jsonl --speed 10',
    check: async (run, command) => {
      run.copyFromCheckout('test/fixtures/matches/icf-singles.jsonl');
      await simulatorSays(/^carrom simulator: http:\/\/localhost:8070\/ {2}\(icf singles, replaying \d+ readings at 10×, results to http:\/\/127\.0\.0\.1:8081 as sim-1\)$/)!(run, command);
    },
  },
  {
    command: 'npm start -- --trace recorded.trace.jsonl',
    check: async (run, command) => {
      // The reader's own recording; here, one the trace generator makes of a fixture's match.
      run.copyFromCheckout('test/fixtures/matches/icf-singles.jsonl');
      const made = await run.run('npx carrom trace test/fixtures/matches/icf-singles.jsonl --out recorded');
      assert.equal(made.code, 0, made.stderr);
      await simulatorSays(/^carrom simulator: http:\/\/localhost:8070\/ {2}\(icf singles, replaying \d+ readings at 1×, results to http:\/\/127\.0\.0\.1:8081 as sim-1\)$/)!(run, command);
    },
  },
  {
    command: 'npm start -- --results-port 9001 --results-db my-results.db',
    check: simulatorSays('carrom simulator: http://localhost:8070/  (icf singles, results to http://127.0.0.1:9001 as sim-1)', (out) => {
      assert.match(out, /^club page: +http:\/\/127\.0\.0\.1:9001\/ {2}\(the local results server: sqlite my-results\.db, table sim-1\)$/m);
    }, /club page: .*\n/),
  },
  { command: 'npm start -- --no-results', check: simulatorSays('carrom simulator: http://localhost:8070/  (icf singles)', (out) => assert.doesNotMatch(out, /club page/)) },
  {
    command: 'npm start -- --server http://127.0.0.1:8090 --setup-code carrom1.club-1.<64 hex>',
    check: simulatorSays('carrom simulator: http://localhost:8070/  (icf singles, results to http://127.0.0.1:8090 as club-1)', (out) => assert.doesNotMatch(out, /club page/, 'no local results server')),
  },
  {
    command: 'npm start -- --host 0.0.0.0',
    check: simulatorSays(/^carrom simulator: http:\/\/localhost:8070\/ /, (out) => assert.match(out, /^warning: the table is reachable from the network \(--host 0\.0\.0\.0\): anyone who can reach .* can play on it$/m), /warning: .*\n/),
  },
  // Driving the simulator from a script: against `npm start` (the README's first command), running.
  {
    command: 'S=http://localhost:8070/api',
    check: async (run, command) => {
      run.vars += `${await run.prepare(command)}\n`;
      await run.start('npm start', /club page: .*\n/); // runs to the end of the document's run
    },
  },
  { command: "J='content-type: application/json'", check: async (run, command) => void (run.vars += `${command}\n`) },
  ...[
    `curl -s -XPOST -H "$J" $S/place  -d '{"seat": 0, "mm": 200}'`,
    `curl -s -XPOST -H "$J" $S/strike -d '{"seat": 0}'`,
    `curl -s -XPOST -H "$J" $S/drop   -d '{"pocket": 2, "piece": "white"}'`,
    `curl -s -XPOST -H "$J" $S/call   -d '{"call": "foul", "kind": "touch"}'`,
    'curl -s -XPOST $S/settle',
    `curl -s -XPOST -H "$J" $S/trace  -d '{"readings": [{"t": 0, "ch": "s2", "v": 120}]}'`,
    `curl -s -XPOST -H "$J" $S/trace  --data-binary @recorded.trace.jsonl`,
    `curl -s -XPOST -H "$J" $S/button -d '{"button": "select"}'`,
    `curl -s -XPOST -H "$J" $S/fault  -d '{"stuck": "p1.a"}'`,
    'curl -s $S/state',
    'curl -s $S/log',
  ].map((command): Step => ({
    command,
    check: async (run) => {
      const r = await run.run(command);
      assert.equal(r.code, 0, r.stderr);
      // The match log is JSON lines; every other answer one JSON value, and a refusal {"error": …}.
      const answer = JSON.parse(command.endsWith('/log') ? r.stdout.split('\n')[0] : r.stdout) as Record<string, unknown>;
      assert.equal(answer.error, undefined, `${command}: ${r.stdout}`);
      if (command.endsWith('/log')) assert.equal(answer.carrom, 1);
    },
  })),
  {
    command: 'curl -s $S/display.png?scale=4 > display.png',
    check: async (run, command) => {
      assert.equal((await run.run(command)).code, 0);
      assert.deepEqual([...readFileSync(join(run.dir, 'display.png')).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
    },
  },
  {
    command: 'curl -sN $S/events',
    check: async (run, command) => {
      const events = await run.start(command, /data: \{/);
      await events.stop(); // it streams until stopped, as a reader's Ctrl-C stops it
    },
  },
];

/** docs/command-line.md. */
const COMMAND_LINE: Step[] = [
  ...(
    [
      ['npx carrom replay LOG.jsonl', /^\{\n {2}"rules": "icf",\n {2}"mode": "singles",\n {2}"match": /],
      ['npx carrom replay - < LOG.jsonl', /^\{\n {2}"rules": "icf",\n {2}"mode": "singles",\n {2}"match": /],
      ['npx carrom replay LOG.jsonl --pretty', /Asha/],
      ['npx carrom sense TRACE.jsonl', /^\{"carrom":1,/],
      ['npx carrom sense TRACE.jsonl --device [--ops-per-ms 1000]', /^\{"carrom":1,/],
      ['npx carrom sense TRACE.jsonl | npx carrom replay -', /^\{\n {2}"rules": "icf",\n {2}"mode": "singles",\n {2}"match": /],
      ['npx carrom notation LOG.jsonl', /^\[Event "\?"\]\n[\s\S]*\n1\. A W2 \/ /],
      ['npx carrom notation LOG.jsonl | npx carrom notation --read -', /^\{"carrom":1,"rules":"icf","mode":"singles","players":\["Asha","Ben"\],"breaker":0,"options":\{\}\}\n\{"e":"strike","seat":0,"t":1000\}\n/],
    ] as const
  ).map(([command, prints]): Step => ({
    command,
    check: async (run) => {
      // The reader's log and trace: the example of docs/formats.md, and the trace the generator makes of it.
      if (!existsSync(join(run.dir, 'LOG.jsonl'))) {
        copyFileSync(join(ROOT, 'docs/examples/first.jsonl'), join(run.dir, 'LOG.jsonl'));
        assert.equal((await run.run('npx carrom trace LOG.jsonl --seed 7 > TRACE.jsonl')).code, 0);
      }
      // `[--ops-per-ms 1000]`: the brackets say it may be left out; it is given here.
      const r = await run.run(command.replace(/\[(--[^\]]+)\]/, '$1'));
      assert.equal(r.code, 0, `${command}: ${r.stderr}`);
      assert.match(r.stdout, prints);
    },
  })),
  {
    command: 'npx carrom trace LOG.jsonl --seed 7 --noise high --table reference --out /tmp/m',
    check: async (run, command) => {
      const r = await run.run(command.replace('/tmp/m', 'm')); // /tmp is shared here: the prefix is in the run's folder
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /^wrote m\.trace\.jsonl and m\.truth\.jsonl: /);
      assert.ok(existsSync(join(run.dir, 'm.trace.jsonl')) && existsSync(join(run.dir, 'm.truth.jsonl')));
    },
  },
  {
    command: 'npx carrom serve --add-table hall-1',
    check: async (run, command) => {
      const r = await run.run(command);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^\{"table":"hall-1","secret":"[0-9a-f]{64}"\}\n$/);
      assert.match(r.stderr, /Setup code for table hall-1/, 'and a setup code on stderr');
    },
  },
  {
    command: 'npx carrom serve',
    check: async (run, command) => {
      const server = await run.start(command, /club page http:\S+\/\n/);
      try {
        assert.match(server.out(), /results server on 0\.0\.0\.0:8080 .*club page http:\/\/127\.0\.0\.1:8080\//, 'the club\'s results server and live page on port 8080');
        const page = await fetch(`http://127.0.0.1:${run.ports.get(8080)}/`);
        assert.equal(page.status, 200);
      } finally {
        await server.stop();
      }
    },
  },
];

/** docs/device.md: the Moddable builds. */
const DEVICE_BUILDS: Step[] = [
  { command: 'npm run build:mcsim', skip: MODDABLE },
  { command: 'mcsim hosts/device/mcsim/simulator build/moddable/mcsim/mc.so', skip: MODDABLE },
  { command: 'npm run build:device', skip: ESP32 },
];

const INSTALL: Step[] = [
  { command: 'npm ci', check: npmCi },
  { command: 'export MODDABLE=/path/to/moddable', skip: MODDABLE },
  { command: 'export PATH=$MODDABLE/build/bin/lin/release:$PATH', skip: MODDABLE },
  { command: 'npm run build:device', skip: ESP32 },
  { command: 'npm run build:device -- devkit-1beam', skip: ESP32 },
  { command: 'npm run build:mcsim', skip: MODDABLE },
  { command: 'mcsim hosts/device/mcsim/simulator build/moddable/mcsim/mc.so', skip: MODDABLE },
];

/** organiser.md's password for asha (§12.1), typed where it asks, and in "From a script" for YOUR PASSWORD. */
const PASSWORD = 'correct horse battery';

/** The server of §3, which runs from there to the end of §12. */
let server: Awaited<ReturnType<Run['start']>> | null = null;

const registers = (table: string): Step => ({
  command: `npx carrom serve --add-table ${table}`,
  check: async (run, command) => {
    const r = await run.run(command);
    assert.equal(r.code, 0, r.stderr);
    // "Each prints a line for programs, {"table":"hall-1","secret":"…"}, and for you the table's setup code"
    const line = JSON.parse(r.stdout) as { table: string; secret: string };
    assert.deepEqual(Object.keys(line), ['table', 'secret']);
    assert.equal(line.table, table);
    const shown = blocks(read('docs/organiser.md')).find((b) => b.lang === '' && b.section.startsWith('2. '))!.text;
    assert.match(`${shown}\n`.replace('5f0c…(64 letters and digits in all)', '0'.repeat(64)), SETUP_LINE, 'the guide shows the setup code as it is printed');
    const code = SETUP_LINE.exec(r.stderr);
    assert.ok(code, r.stderr);
    assert.equal(code[2], line.secret);
    run.secrets.set(table, line.secret);
    assert.ok(existsSync(join(run.dir, 'carrom-results.db')), 'carrom-results.db, in the folder where the command runs');
  },
});

const ORGANISER: Step[] = [
  registers('hall-1'),
  registers('hall-2'),
  {
    command: `sqlite3 carrom-results.db "select 'carrom1.' || id || '.' || secret from carrom_tables where id = 'hall-1'"`,
    skip: needs('sqlite3', "Debian's sqlite3 reads a code back from the database"),
    check: async (run, command) => {
      const r = await run.run(command);
      assert.equal(r.stdout, `carrom1.hall-1.${run.secrets.get('hall-1')}\n`, r.stderr);
    },
  },
  {
    command: 'npx carrom serve',
    check: async (run, command) => {
      server = await run.start(command, /club page http:\S+\/\n/);
      // "It says `results server on 0.0.0.0:8080 (sqlite), club page http://127.0.0.1:8080/`"
      assert.equal(server.out(), `carrom serve: ${itSays(read('docs/organiser.md'), '## 3. Start the results server')}\n`);
      const page = await fetch(`http://127.0.0.1:${run.ports.get(8080)}/`);
      assert.equal(page.status, 200, 'the club page answers');
      assert.match(await page.text(), /<title>Carrom results<\/title>/);
    },
  },
  {
    command: 'npm start -- --server http://127.0.0.1:8080 --setup-code carrom1.hall-1.<secret>',
    check: async (run, command) => {
      const sim = await run.start(command, /carrom simulator: .*\n/);
      try {
        assert.match(sim.out(), /^simulator: note: a setup code on the command line shows in ps/m);
        assert.match(sim.out(), new RegExp(`^${itSays(read('docs/organiser.md'), '**Try it first with the simulator.**').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
        // "Play a board on its page (http://localhost:8070/): its record reaches the server, and the club page shows the table's score."
        const page = `http://127.0.0.1:${run.ports.get(8070)}`;
        assert.equal((await fetch(`${page}/`)).status, 200, 'its page');
        for (const drops of ONE_BOARD) await shot(page, drops);
        const club = `http://127.0.0.1:${run.ports.get(8080)}`;
        type Table = { table: string; kind: string; state: { match: { score: number[] } } };
        let hall1: Table | undefined;
        await until('the board\'s record has reached the server', async () => {
          hall1 = ((await getJson(`${club}/api/v1/tables`)).tables as Table[]).find((t) => t.table === 'hall-1');
          return hall1?.kind === 'board';
        }, 60_000);
        assert.deepEqual(hall1!.state.match.score, [12, 0], 'the club page\'s data: Asha 12, Ben 0');
      } finally {
        await sim.stop();
      }
    },
  },
  {
    command: 'npx carrom serve --add-organiser asha',
    check: async (run, command) => {
      // It asks twice on a terminal; piped, it reads the first line (§12.1): the reader's password.
      const r = await run.run(command, `${PASSWORD}\n`);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '{"organiser":"asha"}\n');
    },
  },
  {
    command: 'npx carrom serve --unlock-organiser asha',
    check: async (run, command) => {
      // §12.1: lets the name be tried again at once from everywhere; nobody has got it wrong yet.
      const r = await run.run(command);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '{"unlocked":"asha","addresses":0}\n');
      assert.match(r.stderr, /organiser "asha" may be tried again from every address/);
    },
  },
  {
    command: 'name,club,nationality',
    // §12.3's entry list, which "From a script" sends as players.csv: the reader saves it under that name.
    check: async (run) => {
      const csv = organiserBlocks().find((b) => b.lang === 'csv')!.text;
      writeFileSync(join(run.dir, 'players.csv'), `${csv}\n`);
    },
  },
  {
    command: 'From a script',
    check: async (run) => {
      const script = organiserBlocks().find((b) => b.subsection === 'From a script')!.text;
      // S: the server's address; the password, the reader's.
      const r = await run.run(`S=http://127.0.0.1:8080\n${script.replace('YOUR PASSWORD', PASSWORD)}`);
      assert.equal(r.stderr, '');
      assert.equal(r.code, 0);
      const [login, ...answers] = r.stdout.split('\n').filter(Boolean);
      assert.equal(login, '303', 'the login prints 303');
      assert.equal(answers.length, 6, r.stdout);
      type Round = { round: { round: number; status: string; matches: { id: number; a: string; b: string; table: string; result: unknown; source: unknown }[] } };
      const [tournament, entrants, drawn, swapped, published, result] = answers.map((a) => JSON.parse(a)) as [
        { tournament: { id: number; name: string; tables: string[] } },
        { entrants: { id: string; name: string }[] },
        Round,
        Round,
        Round,
        { match: { id: number; result: unknown; source: string } },
      ];
      // "The ids (1 for the tournament and the match, 2 and 3 for the entrants) are those of a first tournament in a new database"
      assert.deepEqual([tournament.tournament.id, tournament.tournament.name, tournament.tournament.tables], [1, 'Club open', ['hall-1', 'hall-2']]);
      assert.deepEqual(entrants.entrants.map((e) => [e.id, e.name]), [['1', 'Asha Rao'], ['2', 'Ben Ode'], ['3', 'Chandra Iyer'], ['4', 'Dee Mensah']], 'players.csv entered');
      assert.equal(drawn.round.status, 'draft');
      const pairs = (r: Round) => r.round.matches.map((m) => [m.a, m.b]);
      assert.deepEqual(pairs(drawn).flat().sort(), ['1', '2', '3', '4']);
      assert.ok(pairs(swapped).flat().indexOf('2') === pairs(drawn).flat().indexOf('3') && pairs(swapped).flat().indexOf('3') === pairs(drawn).flat().indexOf('2'), 'entrants 2 and 3 traded places');
      assert.equal(published.round.status, 'published');
      assert.equal(published.round.matches[0].id, 1);
      assert.deepEqual([result.match.id, result.match.result, result.match.source], [1, { a: 25, b: 13 }, 'hand']);
      // §12: "A table set up for sync (section 4) fetches its match by itself once the round is published:
      // its start screen shows `R1 T1: ASHA v BEN`". Match 1's result was entered by hand; the table of
      // the other match starts as §4 starts it, and offers that match with no hand.
      const other = published.round.matches.find((m) => m.id !== 1)!;
      const name = (id: string) => entrants.entrants.find((e) => e.id === id)!.name.toUpperCase();
      const secret = run.secrets.get(other.table);
      assert.ok(secret, `${other.table} was registered in §2`);
      const sim = await run.start(`npm start -- --server http://127.0.0.1:8080 --setup-code carrom1.${other.table}.${secret}`, /carrom simulator: .*\n/);
      try {
        const page = `http://127.0.0.1:${run.ports.get(8070)}`;
        const offer = `: ${name(other.a)} V ${name(other.b)}`;
        await until(`${other.table} offers ${offer}`, async () => {
          const snap = (await getJson(`${page}/api/snapshot`)) as { screen: { lines?: string[] } };
          return snap.screen.lines?.join(' ').includes(offer) ?? false;
        }, 60_000);
      } finally {
        await sim.stop();
      }
    },
  },
];

// ---- The tests ----

describe('docs/organiser.md §3, the server\'s options', () => {
  it('its table names every option of carrom serve\'s first usage line, and --help (--club-key is section 9\'s)', () => {
    const section = read('docs/organiser.md').split('\n## 3. ')[1].split('\n## ')[0];
    const table = [...section.matchAll(/^\| `(--[a-z-]+)/gm)].map((m) => m[1]);
    const usage = [...SERVE_USAGE.split('\n')[0].matchAll(/\[(--[a-z-]+)/g)].map((m) => m[1]).filter((o) => o !== '--club-key');
    assert.deepEqual(table.sort(), [...usage, '--help'].sort());
  });
});

/** The commands each plan names, in order, as the document has them. */
function extracted(doc: Guide): string[] {
  if (doc !== 'docs/organiser.md') return blocks(read(doc)).filter((b) => b.lang === 'sh' || b.lang === 'console').flatMap(commandsOf).map(bare).filter(Boolean);
  return organiserBlocks().flatMap((b) => (b.subsection === 'From a script' ? ['From a script'] : b.lang === 'csv' ? [b.text.split('\n')[0]] : b.lang === 'sh' || b.lang === 'console' ? commandsOf(b).map(bare) : []));
}

type Guide = 'README.md' | 'docs/simulator.md' | 'docs/command-line.md' | 'docs/device.md' | 'docs/install.md' | 'docs/organiser.md';
const GUIDES: [Guide, Step[]][] = [
  ['README.md', README],
  ['docs/simulator.md', SIMULATOR],
  ['docs/command-line.md', COMMAND_LINE],
  ['docs/device.md', DEVICE_BUILDS],
  ['docs/organiser.md', ORGANISER],
  ['docs/install.md', INSTALL],
];

for (const [doc, plan] of GUIDES) {
  describe(`${doc}, followed as written`, function () {
    this.timeout(300_000);
    let run: Run;
    before(() => (run = new Run()));
    after(async () => {
      await server?.stop();
      server = null;
      await run.end();
    });

    it('lists every command of the guide, in order (a new or changed one is run here, or said why not)', () => {
      assert.deepEqual(extracted(doc), plan.map((s) => s.command));
    });

    for (const step of plan) {
      const skip = step.skip;
      if (skip !== undefined) it(`cannot run here: ${step.command} (${skip})`, function () {
        this.skip();
      });
      else it(`runs: ${step.command}`, async () => step.check!(run, step.command));
    }
  });
}
