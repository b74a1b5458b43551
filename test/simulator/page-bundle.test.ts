// The page's script as the simulator serves it (hosts/simulator/page-bundle.ts): `npm run build` bundles
// hosts/simulator/page/ into dist/simulator/page.js. Without it, or with one older than the page's code,
// `npm start` stops with one line saying what to run rather than open a blank or an old page; a bundle
// that goes stale while the simulator runs is answered 500 with that line, never served. The simulator
// runs as test/simulator/main.test.ts runs it (main.ts bundled by esbuild), here from a scratch folder
// that stands for a checkout: a package.json, and no dist/ until a test makes one. The real tree is not
// touched.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { scratchDir, tracked } from '../../tools/scratch.ts';

const dir = scratchDir('carrom-page', '.tmp');
const MAIN = resolve(dir, 'main.js');
const BUNDLE = join(dir, 'dist/simulator/page.js');
const SOURCE = join(dir, 'hosts/simulator/page/page.ts');

interface Started {
  child: ChildProcessWithoutNullStreams;
  /** The page's address once it said it, or null if it ended first. */
  url: string | null;
  stderr: () => string;
  code: Promise<number | null>;
}

/** The simulators started by the test running: stopped after it, whatever its outcome. */
let running: Started['child'][] = [];

/** The simulator, started from the scratch checkout; answers once it has said its address or ended. */
function simulator(): Promise<Started> {
  const child = tracked(spawn(process.execPath, [MAIN, '--no-results', '--port', '0'], { stdio: ['pipe', 'pipe', 'pipe'] }));
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = new Promise<number | null>((done) => child.on('close', done));
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      const url = /http:\/\/localhost:(\d+)\//.exec(stdout);
      if (url) done({ child, url: `http://127.0.0.1:${url[1]}/`, stderr: () => stderr, code });
    });
    void code.then(() => done({ child, url: null, stderr: () => stderr, code }));
  });
}

/** Stops a simulator still running, and waits until it has. */
function stop(child: Started['child']): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('close', () => done());
    child.kill();
  });
}

/** Sets a file's modification time `seconds` from now. */
const aged = (file: string, seconds: number) => utimesSync(file, new Date(Date.now() + seconds * 1000), new Date(Date.now() + seconds * 1000));

describe("the simulator's page script (dist/simulator/page.js)", () => {
  before(async () => {
    writeFileSync(join(dir, 'package.json'), '{}\n');
    await build({ entryPoints: ['hosts/simulator/main.ts'], outfile: MAIN, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  });
  afterEach(async () => {
    await Promise.all(running.map(stop));
    running = [];
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is missing: npm start stops with one line saying to build it, before it listens', async () => {
    const run = await simulator();
    assert.equal(run.url, null, 'it did not start');
    assert.equal(await run.code, 2);
    assert.equal(run.stderr(), "simulator: the page's script dist/simulator/page.js is missing: npm run build makes it (npm start runs it first)\n");
  });

  it("is older than the page's code: npm start stops with one line saying to build it again", async () => {
    mkdirSync(join(dir, 'dist/simulator'), { recursive: true });
    mkdirSync(join(dir, 'hosts/simulator/page'), { recursive: true });
    writeFileSync(BUNDLE, '/* the bundle */\n');
    writeFileSync(SOURCE, '// the page\n');
    aged(BUNDLE, -60);
    const run = await simulator();
    assert.equal(run.url, null, 'it did not start');
    assert.equal(await run.code, 2);
    assert.equal(run.stderr(), "simulator: the page's script dist/simulator/page.js is older than hosts/simulator/page/page.ts: npm run build makes it again (npm start runs it first)\n");
  });

  it('is served as /page.js while it is newer than the code; once it is not, /page.js is a 500 saying what to run', async () => {
    aged(SOURCE, -120);
    aged(BUNDLE, -60);
    const run = await simulator();
    assert.ok(run.url, `it started: ${run.stderr()}`);
    const served = await fetch(`${run.url}page.js`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(await served.text(), '/* the bundle */\n');
    aged(SOURCE, 0); // the page's code changed while the simulator runs
    const stale = await fetch(`${run.url}page.js`);
    assert.equal(stale.status, 500);
    assert.deepEqual(await stale.json(), { error: "the page's script dist/simulator/page.js is older than hosts/simulator/page/page.ts: npm run build makes it again (npm start runs it first)" });
  });
});
