// One host provider for every board: boards/provider.js. The Moddable build takes a board's provider
// from the board's own folder (the SDK's modules/io manifests map embedded:provider/builtin to
// $(SUBPLATFORMDIRECTORY)/host/provider, and a board folder without host/ is an error), so each board
// folder keeps a host/provider.js that only hands the one provider on ("carrom/provider", mapped by the
// app's manifest.json). Checked from the files everywhere, and against the makefile mcconfig itself
// writes where the SDK is installed (MODDABLE set; CI has none, and says so).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { boardFolders, boardModules } from '../../tools/boards.ts';
import { scratchDir } from '../../tools/scratch.ts';

/** A file's code: its comment lines and blank lines left out. */
const code = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'))
    .join('\n');

describe("the boards' host provider", () => {
  it("every board's build finds the one provider through its own host/provider.js, reading that board's board.json", () => {
    const boards = boardFolders();
    assert.ok(boards.length >= 2, boards.join(', '));
    for (const b of boards) {
      const m = boardModules(b);
      assert.equal(code(m['embedded:provider/builtin']), 'export { default } from "carrom/provider";', `boards/${b}/host/provider.js hands the one provider on, and holds no code of its own`);
      assert.deepEqual(readdirSync(`boards/${b}/host`), ['provider.js'], `boards/${b}/host: nothing else`);
      assert.equal(m['carrom/provider'], join('boards', 'provider.js'));
      assert.equal(m['carrom/board'], join('boards', b, 'board.json'));
    }
    const one = code('boards/provider.js');
    assert.match(one, /^import board from "carrom\/board";$/m, 'the provider reads the board being built');
    assert.match(one, /^export default device;$/m);
  });

  it('a board folder whose manifest maps carrom/board to no file is refused, naming the manifest', () => {
    const root = scratchDir('boards');
    try {
      mkdirSync(join(root, 'boards', 'x', 'host'), { recursive: true });
      writeFileSync(join(root, 'boards', 'x', 'host', 'provider.js'), 'export { default } from "carrom/provider";\n');
      writeFileSync(join(root, 'boards', 'provider.js'), 'export default {};\n');
      writeFileSync(join(root, 'manifest.json'), JSON.stringify({ platforms: { 'esp32/*': { modules: { 'carrom/provider': './boards/provider' } } } }));
      writeFileSync(join(root, 'boards', 'x', 'manifest.json'), JSON.stringify({ modules: { 'carrom/board': './bord' } }));
      assert.throws(() => boardModules('x', root), new RegExp(`${join('boards', 'x', 'manifest.json')}: "carrom/board" maps to no file \\(./bord\\)`));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/** Why mcconfig cannot be asked here, or null. */
function missing(): string | null {
  if (!process.env.MODDABLE || !existsSync(join(process.env.MODDABLE, 'build'))) return 'MODDABLE is not set (the Moddable SDK is not installed here)';
  if (spawnSync('which', ['mcconfig']).status !== 0) return 'mcconfig is not on PATH';
  return null;
}

describe("the boards' host provider as mcconfig resolves it (Moddable SDK)", function () {
  this.timeout(120_000);
  const why = missing();
  if (why) {
    it(`skipped: ${why}`, function () {
      process.stdout.write(`\n  provider check with mcconfig skipped: ${why}\n`);
      this.skip();
    });
    return;
  }
  for (const b of boardFolders()) {
    it(`esp32:boards/${b}: mcconfig's makefile compiles the board's host/provider.js as embedded:provider/builtin, the one provider and the board's board.json`, () => {
      const out = scratchDir('mcconfig');
      try {
        // Without ESP-IDF mcconfig stops after writing the makefile, before anything is compiled.
        const env = { ...process.env };
        delete env.IDF_PATH;
        const r = spawnSync('mcconfig', ['-m', '-p', `esp32:${resolve('boards', b)}`, '-o', out, '-t', 'build'], { env, encoding: 'utf8' });
        const made = readdirSync(join(out, 'tmp', 'esp32'), { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('makefile'));
        assert.ok(made, `mcconfig wrote no makefile: ${r.stderr}`);
        const rules = new Map<string, string>();
        for (const m of readFileSync(join(out, 'tmp', 'esp32', made), 'utf8').matchAll(/^\$\(MODULES_DIR\)\/(\S+)\.xsb: (\S+)$/gm)) rules.set(m[1], m[2]);
        const want = boardModules(b, resolve('.'));
        assert.equal(rules.get('~.embedded/provider/builtin'), want['embedded:provider/builtin']);
        assert.equal(rules.get('carrom/provider'), want['carrom/provider']);
        assert.equal(rules.get('carrom/board'), want['carrom/board']);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });
  }
});
