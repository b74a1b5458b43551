// `npm start` as a user runs it (hosts/simulator/main.ts in a child process): a bad option or file, or a
// port already in use, ends it with one line on stderr and exit code 2, never a stack trace. The child
// runs main.ts bundled by esbuild (as `npm run build` bundles the command line): the same code, started
// in a tenth of the time tsx takes, so that the cases can each have a process. The bundle sits in the
// repository's .tmp/ so that its packages resolve; the local results server is left out (--no-results:
// its own tests are test/simulator/sync.test.ts), so that parallel runs share no port or database.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { formatTrace } from '../../src/sensing/trace.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { startResultsServer } from '../../server/index.ts';
import { parseServeArgs } from '../../tools/cli/serve.ts';
import { ENGINES } from '../helpers/databases/databases.ts';
import { until } from '../helpers/servers/answers.ts';
import { scratchDir, tracked } from '../../tools/scratch.ts';

const dir = scratchDir('carrom-sim', '.tmp');
const MAIN = resolve(dir, 'main.js');
const RULES = 'one of icf, pt-fpc, si, it-torneo, ro-gamerules, se';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the simulator; once it has printed `lines` lines (its address: it started), stops it and answers
 *  what it printed. `o.results`: with its local results server; `o.env`: more environment. */
function simulator(args: string[], o: { lines?: number; results?: boolean; env?: Record<string, string>; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = tracked(spawn(process.execPath, [MAIN, ...(o.results ? [] : ['--no-results']), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...o.env }, cwd: o.cwd }));
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.split('\n').length > (o.lines ?? 1)) child.kill();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const refused = (r: Run, message: string) => {
  assert.equal(r.stderr, `simulator: ${message}\n`);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
};

describe('the simulator command (npm start)', () => {
  before(async () => {
    await build({ entryPoints: ['hosts/simulator/main.ts'], outfile: MAIN, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
    // A bundle takes the pages' script from beside itself, as dist/carrom.js does (server/pages/script.ts).
    for (const f of ['club.js', 'club.json', 'live.js', 'live.json']) copyFileSync(join('dist', f), join(dir, f));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const INHERITED = ['toString', '__proto__', 'constructor', 'hasOwnProperty'];

  it('refuses inherited names as --rules, --mode and --noise', async () => {
    const runs = await Promise.all([
      ...INHERITED.map((name) => simulator(['--port', '0', '--rules', name])),
      simulator(['--port', '0', '--mode', '__proto__']),
      simulator(['--port', '0', '--noise', 'constructor']),
    ]);
    INHERITED.forEach((name, i) => refused(runs[i], `unknown rules "${name}" (${RULES})`));
    refused(runs[4], '--mode takes singles, doubles or three');
    refused(runs[5], '--noise takes one of clean, low, medium, high');
  });

  it('refuses an option it does not know (a typo would play the default rules), one without its value, or one given twice', async () => {
    const [typo, bare, twice] = await Promise.all([simulator(['--port', '0', '--rule', 'se']), simulator(['--port', '0', '--rules']), simulator(['--port', '0', '--rules', 'se', '--rules', 'icf'])]);
    refused(twice, '--rules is given twice');
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /^simulator: unknown option "--rule" \(options: --port .*--rules .*--no-results --help; --help says what each does\)\n$/);
    assert.equal(typo.stdout, '');
    refused(bare, '--rules needs a value');
  });

  it('refuses a log or a trace whose header names unknown rules, with FILE:LINE', async () => {
    const match = '{"carrom": 1, "rules": "toString", "mode": "singles", "players": ["Asha", "Ben"]}';
    const log = join(dir, 'match.jsonl');
    writeFileSync(log, `${match}\n{"e": "strike", "t": 5}\n`);
    const trace = join(dir, 'match.trace.jsonl');
    writeFileSync(trace, `\n{"carrom-trace": 1, "table": "t", "beamGapMm": 10, "stripMm": 530, "match": ${match}}\n{"t": 5, "ch": "s0", "v": 1}\n`);
    const [a, b, c] = await Promise.all([simulator(['--port', '0', '--log', log]), simulator(['--port', '0', '--trace', trace]), simulator(['--port', '0', '--trace', join(dir, 'none')])]);
    refused(a, `${log}:1: unknown rules "toString" (${RULES})`);
    refused(b, `${trace}:2: field "match": unknown rules "toString" (${RULES})`);
    refused(c, `cannot read ${join(dir, 'none')} (ENOENT)`);
  });

  it('says so when the port is in use, and suggests one that is free (not the next one, taken by another simulator\'s results server)', async () => {
    const listen = (port: number) =>
      new Promise<Server | null>((done) => {
        const s: Server = createServer();
        s.once('error', () => done(null));
        s.listen(port, '127.0.0.1', () => done(s));
      });
    // Two ports side by side: the table's and, next to it, its results server's.
    let pair: [Server, Server] | null = null;
    for (let i = 0; i < 20 && !pair; i++) {
      const first = (await listen(0))!;
      const second = await listen((first.address() as { port: number }).port + 1);
      if (second) pair = [first, second];
      else first.close();
    }
    assert.ok(pair, 'two ports side by side');
    const port = (pair[0].address() as { port: number }).port;
    try {
      const said = await simulator(['--port', String(port)]);
      const next = /try --port (\d+), or --port 0 for any free port\n$/.exec(said.stderr);
      assert.ok(next, said.stderr);
      assert.ok(Number(next[1]) > port + 1, `${next[1]}: not the table's port, nor its results server's`);
      refused(said, `port ${port} is in use by another program (it does not answer as a web server); try --port ${next[1]}, or --port 0 for any free port`);
      assert.equal(await simulator(['--port', next[1]]).then((r) => r.code), null, 'the one suggested starts (and is stopped)');
    } finally {
      pair.forEach((s) => s.close());
    }
  });

  it('says what holds a port in use: a carrom results server, a carrom simulator, or another web server', async () => {
    const results = await startResultsServer({ port: 0, host: '127.0.0.1', db: await ENGINES[0].fresh(), mdns: false });
    const other = createHttpServer((_, res) => res.end('<title>Something else</title>'));
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    // The simulator holding its port runs from the source (as npm start runs it): its page's files are
    // beside it there, not beside the bundle.
    const sim = tracked(spawn(process.execPath, ['--import', 'tsx', 'hosts/simulator/main.ts', '--no-results', '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] }));
    try {
      let said = '';
      sim.stdout.on('data', (c: Buffer) => (said += c.toString()));
      await until('the first simulator has started', () => /localhost:\d+\//.test(said), 60_000);
      const simPort = /localhost:(\d+)\//.exec(said)![1];
      const resultsPort = new URL(results.url).port;
      const otherPort = String((other.address() as AddressInfo).port);
      const [onResults, onSim, onOther] = await Promise.all([simulator(['--port', resultsPort]), simulator(['--port', simPort]), simulator(['--port', otherPort])]);
      assert.match(onResults.stderr, new RegExp(`^simulator: port ${resultsPort} is in use by a carrom results server \\(carrom serve, or a simulator's local one; its club page: http://127\\.0\\.0\\.1:${resultsPort}/\\); try --port \\d+`));
      assert.match(onSim.stderr, new RegExp(`^simulator: port ${simPort} is in use by a carrom simulator \\(its page: http://127\\.0\\.0\\.1:${simPort}/\\); try --port \\d+`));
      assert.match(onOther.stderr, new RegExp(`^simulator: port ${otherPort} is in use by another web server \\(not a carrom simulator or results server\\); try --port \\d+`));
      for (const r of [onResults, onSim, onOther]) assert.equal(r.code, 2);
    } finally {
      sim.kill();
      other.close();
      await results.close();
    }
  });

  it('its default port is not the results server\'s, so that it starts beside one on the same computer (docs/organiser.md §4)', async () => {
    const help = await simulator(['--help'], { lines: 1000 });
    const port = /--port P +the page and its API \(default (\d+)/.exec(help.stdout);
    assert.ok(port, help.stdout);
    const serve = parseServeArgs([]);
    assert.ok(typeof serve !== 'string');
    assert.equal(serve.port, 8080, 'carrom serve keeps 8080: installed tables hold it');
    assert.equal(Number(port[1]), 8070);
  });

  it('--help says what each option does (npm start -- --help)', async () => {
    const help = await simulator(['--help'], { lines: 1000 });
    assert.equal(help.code, 0);
    assert.equal(help.stderr, '');
    assert.match(help.stdout, /^npm start -- \[options\]/);
    for (const o of ['--port', '--host', '--rules', '--mode', '--noise', '--log', '--trace', '--speed', '--results-port', '--results-db', '--no-results', '--server', '--setup-code', '--setup-code-file', 'CARROM_SETUP_CODE', '--table', '--secret']) assert.ok(help.stdout.includes(`${o} `), `${o} in --help`);
    assert.deepEqual(await simulator(['-h'], { lines: 1000 }), help, '-h as --help');
  });

  it('takes the setup code from a file or the environment, never printing its secret', async () => {
    const secret = 'ab'.repeat(32);
    const file = join(dir, 'setup-code.txt');
    writeFileSync(file, `carrom1.hall-7.${secret}\n`);
    const server = ['--port', '0', '--server', 'http://127.0.0.1:9'];
    const [fromFile, fromEnv, twice, missing, onLine] = await Promise.all([
      simulator([...server, '--setup-code-file', file]),
      simulator(server, { env: { CARROM_SETUP_CODE: `carrom1.hall-8.${secret}` } }),
      simulator([...server, '--setup-code-file', file], { env: { CARROM_SETUP_CODE: `carrom1.hall-8.${secret}` } }),
      simulator([...server, '--setup-code-file', join(dir, 'none')]),
      simulator([...server, '--setup-code', `carrom1.hall-9.${secret}`]),
    ]);
    assert.match(fromFile.stdout, /^carrom simulator: http:\/\/localhost:\d+\/ {2}\(icf singles, results to http:\/\/127\.0\.0\.1:9\/? as hall-7\)\n$/);
    assert.match(fromEnv.stdout, /results to http:\/\/127\.0\.0\.1:9\/? as hall-8\)\n$/);
    refused(twice, 'the setup code is given twice (--setup-code-file and CARROM_SETUP_CODE): give one');
    refused(missing, `cannot read ${join(dir, 'none')} (ENOENT)`);
    assert.match(onLine.stderr, /--setup-code-file FILE or CARROM_SETUP_CODE keep its secret out/, 'the command line is warned about');
    for (const r of [fromFile, fromEnv, twice, missing, onLine]) assert.ok(!(r.stdout + r.stderr).includes(secret), 'the secret is never printed');
    refused(await simulator([...server, '--setup-code', `carrom1.hall-9.${secret}`], { env: { CARROM_SETUP_CODE: `carrom1.hall-8.${secret}` } }), 'the setup code is given twice (--setup-code and CARROM_SETUP_CODE): give one');
    writeFileSync(file, 'carrom1.Club.x');
    assert.match((await simulator([...server, '--setup-code-file', file])).stderr, new RegExp(`^simulator: --setup-code-file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the table id "Club"`), 'a bad code in the file is refused, naming the file');
  });

  it('two simulators from one checkout each have their own results database', async function () {
    this.timeout(60_000);
    const home = mkdtempSync(join(dir, 'checkout-'));
    const args = ['--port', '0', '--results-port', '0'];
    const first = tracked(spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: home }));
    try {
      let said = '';
      first.stdout.on('data', (c: Buffer) => (said += c.toString()));
      for (let i = 0; i < 300 && !/club page:/.test(said); i++) await new Promise((r) => setTimeout(r, 50));
      assert.match(said, /club page: .*\(the local results server: sqlite \.tmp\/simulator-results\.db, table sim-1\)/);
      const second = await simulator(args, { lines: 2, results: true, cwd: home });
      assert.match(second.stdout, /club page: .*\(the local results server: sqlite \.tmp\/simulator-results-2\.db, table sim-1\)/);
      assert.ok(existsSync(join(home, '.tmp/simulator-results.db')), 'the first one\'s database is still there');
      assert.ok(!existsSync(join(home, '.tmp/simulator-results-2.db.lock')), `the second one let its own go when it stopped: ${JSON.stringify(second)}`);
    } finally {
      // (one that stopped by itself, at a failed start, has exited already)
      const exited = first.exitCode !== null || first.signalCode !== null ? null : new Promise((r) => first.once('exit', r));
      first.kill();
      await exited;
    }
    assert.ok(!existsSync(join(home, '.tmp/simulator-results.db.lock')), 'and the first one too');
    const third = await simulator(args, { lines: 2, results: true, cwd: home });
    assert.match(third.stdout, /sqlite \.tmp\/simulator-results\.db,/, 'the first database is free again');
  });

  it('--host: refuses a bad address or one not of this machine; on loopback it starts without the network warning', async () => {
    const [bad, foreign, loopback] = await Promise.all([
      simulator(['--port', '0', '--host', 'a b']),
      simulator(['--port', '0', '--host', '192.0.2.1']), // TEST-NET-1: never this machine's
      simulator(['--port', '0', '--host', '127.0.0.1']),
    ]);
    refused(bad, '--host takes an address to listen on (0.0.0.0 for every interface, or one address of this machine)');
    refused(foreign, '--host 192.0.2.1 is not an address of this machine (EADDRNOTAVAIL); 0.0.0.0 listens on every interface');
    assert.match(loopback.stdout, /^carrom simulator: http:\/\/localhost:\d+\/ {2}\(icf singles\)\n$/);
    assert.doesNotMatch(loopback.stdout, /warning/);
  });

  it('starts with good options, and replays a trace file read as a stream', async () => {
    const m = randomMatch(4, { rules: 'se', mode: 'doubles', clean: true });
    const g = generateTrace(m.header, m.events, 4, NOISE.low, LAYOUTS.reference);
    const trace = join(dir, 'se.trace.jsonl');
    writeFileSync(trace, formatTrace(g.header, g.readings));
    const [plain, replay] = await Promise.all([simulator(['--port', '0', '--rules', 'se', '--mode', 'doubles']), simulator(['--port', '0', '--trace', trace, '--speed', '10'])]);
    assert.match(plain.stdout, /^carrom simulator: http:\/\/localhost:\d+\/ {2}\(se doubles\)\n$/);
    assert.equal(plain.stderr, '');
    assert.equal(replay.stdout.replace(/localhost:\d+/, 'localhost:N'), `carrom simulator: http://localhost:N/  (se doubles, replaying ${g.readings.length} readings at 10×)\n`);
  });
});
