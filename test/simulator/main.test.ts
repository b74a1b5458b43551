// `npm start` as a user runs it (hosts/simulator/main.ts in a child process): a bad option or file, or a
// port already in use, ends it with one line on stderr and exit code 2, never a stack trace. The child
// runs main.ts bundled by esbuild (as `npm run build` bundles the command line): the same code, started
// in a tenth of the time tsx takes, so that the cases can each have a process. The bundle sits in the
// repository's .tmp/ so that its packages resolve; the local results server is left out (--no-results:
// its own tests are test/simulator/sync.test.ts), so that parallel runs share no port or database.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { formatTrace } from '../../src/sensing/trace.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';

mkdirSync('.tmp', { recursive: true });
const dir = mkdtempSync(join('.tmp', 'carrom-sim-'));
const MAIN = join(dir, 'main.js');
const RULES = 'one of icf, pt-fpc, si, it-torneo, ro-gamerules, se';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the simulator; if it starts (prints its address), stops it and answers what it printed. */
function simulator(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, '--no-results', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (stdout.includes('\n')) child.kill();
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
  before(() => build({ entryPoints: ['hosts/simulator/main.ts'], outfile: MAIN, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' }));
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
    assert.match(typo.stderr, /^simulator: unknown option "--rule" \(options: --port .*--rules .*--no-results\)\n$/);
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

  it('says so when the port is in use, and suggests a port that is free', async () => {
    const listen = (port: number) =>
      new Promise<Server | null>((resolve) => {
        const s: Server = createServer();
        s.once('error', () => resolve(null));
        s.listen(port, '127.0.0.1', () => resolve(s));
      });
    // Two ports in a row taken (as a first simulator and its results server take them).
    let taken: Server[] = [];
    for (let i = 0; i < 20 && taken.length < 2; i++) {
      const first = (await listen(0))!;
      const next = await listen((first.address() as { port: number }).port + 1);
      taken = next ? [first, next] : (first.close(), []);
    }
    assert.equal(taken.length, 2, 'two free ports in a row');
    const port = (taken[0].address() as { port: number }).port;
    try {
      const r = await simulator(['--port', String(port)]);
      assert.equal(r.code, 2);
      const m = /^simulator: port (\d+) is in use \(another simulator\?\); try --port (\d+), or --port 0 for any free port\n$/.exec(r.stderr);
      assert.ok(m, r.stderr);
      assert.equal(Number(m[1]), port);
      assert.ok(Number(m[2]) > port + 1, `not the taken ${port + 1}: ${m[2]}`);
    } finally {
      for (const t of taken) t.close();
    }
  });

  it('--help prints how to start it and exits 0, as carrom --help does', async () => {
    const r = spawnSync(process.execPath, [MAIN, '--help'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^usage: npm start -- \[options\]/);
    for (const o of ['--port', '--rules', '--setup-code-file', 'CARROM_SETUP_CODE', '--no-results']) assert.ok(r.stdout.includes(o), o);
  });

  it('takes the setup code from a file or the environment, out of ps, and refuses it given twice', async () => {
    const code = `carrom1.club-1.${'ab'.repeat(32)}`;
    const file = join(dir, 'setup-code.txt');
    writeFileSync(file, `${code}\n`);
    const server = ['--server', 'http://127.0.0.1:9', '--port', '0'];
    const fromFile = await simulator([...server, '--setup-code-file', file]);
    assert.match(fromFile.stdout, /results to http:\/\/127\.0\.0\.1:9 as club-1\)/, fromFile.stderr);
    const fromEnv = await simulator(server, { ...process.env, CARROM_SETUP_CODE: code });
    assert.match(fromEnv.stdout, /as club-1\)/, fromEnv.stderr);
    refused(await simulator([...server, '--setup-code-file', join(dir, 'none.txt')]), `--setup-code-file: cannot read ${join(dir, 'none.txt')} (ENOENT)`);
    refused(await simulator([...server, '--setup-code', code], { ...process.env, CARROM_SETUP_CODE: code }), 'the setup code is given twice (--setup-code and CARROM_SETUP_CODE): give it once');
    writeFileSync(file, 'carrom1.Club.x');
    assert.match((await simulator([...server, '--setup-code-file', file])).stderr, /^simulator: --setup-code-file: the table id "Club"/);
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
