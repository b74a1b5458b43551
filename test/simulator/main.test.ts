// `npm start` as a user runs it (hosts/simulator/main.ts in a child process): a bad option or file, or a
// port already in use, ends it with one line on stderr and exit code 2, never a stack trace. The child
// runs main.ts bundled by esbuild (as `npm run build` bundles the command line): the same code, started
// in a tenth of the time tsx takes, so that the cases can each have a process. The bundle sits in the
// repository's .tmp/ so that its packages resolve; the local results server is left out (--no-results:
// its own tests are test/simulator/sync.test.ts), so that parallel runs share no port or database.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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
function simulator(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, '--no-results', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

  it('says so when the port is in use', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      refused(await simulator(['--port', String(port)]), `port ${port} is in use (another simulator?); try --port ${port + 1}, or --port 0 for any free port`);
    } finally {
      taken.close();
    }
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
