// The pages' scripts as the server takes them (server/pages/script.ts): the bundles `npm run build` made of
// server/pages/browser/ (dist/club.js, and dist/live.js that club.js loads on the pages with a live part),
// each checked against what it was built from (dist/club.json, dist/live.json). A bundle missing, not the
// one built, or older than a source fails the server's start with what to do, rather than serve a page
// that does nothing; the one built is what GET /club.js (/live.js) answers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startResultsServer } from '../../../server/index.ts';
import { loadPageScript, type PagesManifest } from '../../../server/pages/script.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const DIST = join(ROOT, 'dist');
const folder = (path: string) => pathToFileURL(`${path}/`);

describe("the pages' script (dist/club.js)", () => {
  // Inside the repository (.tmp/ is ignored), so that dist/carrom.js finds its packages in node_modules.
  const dir = join(ROOT, '.tmp', `page-script-${process.pid}`);
  const manifest = (name = 'club'): PagesManifest => JSON.parse(readFileSync(join(DIST, `${name}.json`), 'utf8'));
  /** A copy of dist/ (and of the sources the manifests name, under src/), to spoil. */
  function copy(): { dist: string; root: string } {
    rmSync(dir, { recursive: true, force: true });
    const dist = join(dir, 'dist');
    cpSync(DIST, dist, { recursive: true }); // the simulator's page is in a folder of its own there
    const root = join(dir, 'root');
    for (const path of [...Object.keys(manifest('club').inputs), ...Object.keys(manifest('live').inputs)]) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      copyFileSync(join(ROOT, path), join(root, path));
    }
    return { dist, root };
  }
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is built from the browser modules, with the JSON types and the words, and served at /club.js', async () => {
    const inputs = Object.keys(manifest().inputs);
    for (const f of ['server/pages/browser/main.ts', 'server/pages/browser/core.ts', 'server/pages/words.ts']) assert.ok(inputs.includes(f), `${f} is not among ${inputs.join(', ')}`);
    const code = loadPageScript(folder(DIST), folder(ROOT));
    mkdirSync(dir, { recursive: true });
    const server = await startResultsServer({ db: join(dir, 'served.db'), port: 0, mdns: false, replayThreads: 0 });
    try {
      const r = await fetch(`${server.url}/club.js`);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(await r.text(), code);
      const l = await fetch(`${server.url}/live.js`);
      assert.equal(l.status, 200);
      assert.equal(l.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal(await l.text(), loadPageScript(folder(DIST), folder(ROOT), 'live'));
      // Same origin, no inline script: the pages' CSP is as strict as it was.
      const page = await fetch(`${server.url}/`);
      assert.equal(page.headers.get('content-security-policy'), "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:");
      assert.deepEqual((await page.text()).match(/<script[^>]*>/g), ['<script type="module" src="/club.js">']);
    } finally {
      await server.close();
    }
  });

  it('a source changed since the build: the check names it and says to build', () => {
    const { dist, root } = copy();
    assert.ok(loadPageScript(folder(dist), folder(root)).length > 1000);
    // The live bundle is checked the same way, against its own sources.
    assert.ok(loadPageScript(folder(dist), folder(root), 'live').length > 1000);
    const shots = join(root, 'server/pages/browser/shots.ts');
    const before = readFileSync(shots, 'utf8');
    writeFileSync(shots, '');
    assert.throws(() => loadPageScript(folder(dist), folder(root), 'live'), /live\.js is older than server\/pages\/browser\/shots\.ts, which changed since it was built: run `npm run build`/);
    writeFileSync(shots, before);
    const hall = join(root, 'server/pages/browser/hall.ts');
    const code = readFileSync(hall, 'utf8');
    writeFileSync(hall, `${code}\n// changed\n`);
    assert.throws(() => loadPageScript(folder(dist), folder(root)), /club\.js is older than server\/pages\/browser\/hall\.ts, which changed since it was built: run `npm run build`/);
    writeFileSync(hall, code);
    // The presets go in as a constant, not an import: their source counts all the same.
    writeFileSync(join(root, 'src/rules/presets.ts'), '');
    assert.throws(() => loadPageScript(folder(dist), folder(root)), /club\.js is older than src\/rules\/presets\.ts/);
    rmSync(join(root, 'server/pages/words.ts'));
    assert.throws(() => loadPageScript(folder(dist), folder(root)), /club\.js is older than server\/pages\/words\.ts/);
  });

  it('a bundle cut short or missing: the check says so', () => {
    const { dist } = copy();
    writeFileSync(join(dist, 'club.js'), '');
    assert.throws(() => loadPageScript(folder(dist), null), /club\.js is not the one built \(its club\.json says another\): run `npm run build`/);
    rmSync(join(dist, 'club.js'));
    assert.throws(() => loadPageScript(folder(dist), null), /club\.js \(or its club\.json\) is missing: run `npm run build`/);
    writeFileSync(join(dist, 'live.js'), 'export {};');
    assert.throws(() => loadPageScript(folder(dist), null, 'live'), /live\.js is not the one built \(its live\.json says another\): run `npm run build`/);
  });

  it('`carrom serve` with a live bundle not the one built does not start, and says why', () => {
    const { dist } = copy();
    writeFileSync(join(dist, 'live.js'), 'export {};');
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(ROOT, 'bin/carrom.js'), join(dir, 'bin/carrom.js'));
    const r = spawnSync(process.execPath, [join(dir, 'bin/carrom.js'), 'serve', '--db', join(dir, 'results.db'), '--port', '0', '--host', '127.0.0.1', '--no-mdns'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /carrom serve: cannot start: the pages' script \S+\/dist\/live\.js is not the one built \(its live\.json says another\): run `npm run build`/);
  });

  it('`carrom serve` without the bundle does not start, and says why', () => {
    const { dist } = copy();
    rmSync(join(dist, 'club.js'));
    mkdirSync(join(dir, 'bin'));
    copyFileSync(join(ROOT, 'bin/carrom.js'), join(dir, 'bin/carrom.js'));
    const r = spawnSync(process.execPath, [join(dir, 'bin/carrom.js'), 'serve', '--db', join(dir, 'results.db'), '--port', '0', '--host', '127.0.0.1', '--no-mdns'], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /carrom serve: cannot start: the pages' script \S+\/dist\/club\.js \(or its club\.json\) is missing: run `npm run build`/);
  });
});
