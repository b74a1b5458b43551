// The dependency rule (docs/architecture.md): the code's imports form no circle, and each import looks
// down, never up: between the repository's folders (src/ at the bottom, tools/ on top) and between the
// results server's layers (server/common and server/pages at the bottom, the process on top). What src/ may import at all (nothing outside src/, no Node, no Moddable) is test/portable.test.ts's.
// The imports are read by esbuild, which knows the syntax (a comment or a string that looks like an import
// is not one); an `import type` counts as an import here, so it is read as a plain import: a type shared
// by two layers belongs to the lower one as much as a function does.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** The folders whose code the rule covers. test/ is not among them: a test may import any layer. */
const SCOPE = ['src', 'boards', 'model', 'server', 'hosts', 'tools', 'bin'];

/** The repository's folders, bottom first: each may import its own and those before it. An import into a
 * folder not listed here (test/helpers, which the screenshots replay; build/, generated) is not checked. */
const REPO_LAYERS: readonly (readonly string[])[] = [['src'], ['boards'], ['model'], ['server'], ['hosts'], ['tools'], ['bin']];

/** The results server's folders, bottom first: a file may import files of its own folder and of folders
 * in a layer below it, never one beside it or above it (docs/architecture.md). */
const SERVER_LAYERS: readonly (readonly string[])[] = [
  ['server/json'],
  ['server/common', 'server/pages'],
  ['server/pages/browser'],
  ['server/db'],
  ['server/records'],
  ['server/tournament'],
  ['server/store'],
  ['server/live', 'server/club', 'server/forward', 'server/tournament-http'],
  ['server'],
];

/** The table app's folders (src/app), bottom first, by the same rule: the match kept with its journal,
 * and what the table says, at the bottom; the menus, buttons and display above them; the installer's
 * screens (which take the buttons) and the sensors' health above those; the app itself and its ports on
 * top (docs/architecture.md). */
const APP_LAYERS: readonly (readonly string[])[] = [['src/app/match', 'src/app/say'], ['src/app/screen'], ['src/app/install'], ['src/app']];

type Edge = readonly [from: string, to: string];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|js)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every relative import of `files` (static, `export … from`, dynamic with a literal path, require), as
 * paths from the repository's root; `import type` and `export type … from` included. */
async function importsOf(files: readonly string[]): Promise<Edge[]> {
  const edges: Edge[] = [];
  const read: Plugin = {
    name: 'imports',
    setup(b) {
      // Type-only imports are erased by esbuild before it resolves anything: read them as plain imports.
      b.onLoad({ filter: /\.(ts|js)$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8')
          .replace(/^(\s*)import type /gm, '$1import ')
          .replace(/^(\s*)export type (\{[^}]*\}\s*from\s)/gm, '$1export $2')
          // XS's host functions and classes (hosts/device/capture): `f() @ "xs_f";`, `class C @ "xs_c" {`.
          .replace(/\s*@\s*"\w+"\s*;/g, ' {}')
          .replace(/\s*@\s*"\w+"\s*\{/g, ' {'),
        loader: args.path.endsWith('.js') ? 'js' : 'ts',
      }));
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path.startsWith('./') || args.path.startsWith('../')) edges.push([relative(ROOT, args.importer), relative(ROOT, normalize(join(args.resolveDir, args.path)))]);
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    entryPoints: [...files],
    bundle: true,
    write: false,
    outdir: join(ROOT, '.tmp', 'architecture'),
    format: 'esm',
    platform: 'neutral',
    // An import whose names are all types (`import { type A }`) is kept, and so read, as src/ is compiled.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    plugins: [read],
    logLevel: 'silent',
  });
  return edges;
}

/** The import circles of the graph: each a list of the files in it (Tarjan's strongly connected
 * components of more than one file, or of a file that imports itself), sorted. */
export function circles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || (next.get(v) ?? []).includes(v)) found.push(part.sort());
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The folder of `file` that `layers` name (the longest that holds it: server/store/x.ts is in
 * server/store, server/x.ts in server), or undefined. */
function folderOf(file: string, layers: readonly (readonly string[])[]): string | undefined {
  return layers
    .flat()
    .filter((f) => file.startsWith(f + '/'))
    .sort((a, b) => b.length - a.length)[0];
}

/** The imports that break `layers`: from a file in a folder of no layer, or to a folder beside or above
 * its own. An import to a file outside every layer's folders is not checked. */
export function upward(edges: readonly Edge[], layers: readonly (readonly string[])[], within: string): string[] {
  const layer = (folder: string) => layers.findIndex((l) => l.includes(folder));
  const found: string[] = [];
  for (const [from, to] of edges) {
    if (!from.startsWith(within + '/')) continue;
    const a = folderOf(from, layers);
    const b = folderOf(to, layers);
    if (a === undefined) found.push(`${from} is in no layer`);
    else if (b !== undefined && a !== b && layer(b) >= layer(a)) found.push(`${from} imports ${to} (${b} is ${layer(b) > layer(a) ? 'above' : 'beside'} ${a})`);
  }
  return found;
}

describe('the dependency rule: no import circle, no import up a layer', () => {
  let edges: Edge[];
  before(async () => {
    edges = await importsOf(SCOPE.flatMap((d) => sources(join(ROOT, d))));
  });

  it('the checks find a circle, an import up or beside, and only those', () => {
    const sample: Edge[] = [
      ['server/a/one.ts', 'server/b/two.ts'],
      ['server/b/two.ts', 'server/c/three.ts'],
      ['server/c/three.ts', 'server/a/one.ts'],
      ['server/c/three.ts', 'server/c/four.ts'],
      ['server/c/four.ts', 'server/c/four.ts'],
      ['server/b/five.ts', 'server/c/three.ts'],
    ];
    assert.deepEqual(circles(sample), [['server/a/one.ts', 'server/b/two.ts', 'server/c/three.ts'], ['server/c/four.ts']]);
    const layers = [['server/c'], ['server/a', 'server/b'], ['server']];
    assert.deepEqual(upward(sample, layers, 'server'), [
      'server/a/one.ts imports server/b/two.ts (server/b is beside server/a)',
      'server/c/three.ts imports server/a/one.ts (server/a is above server/c)',
    ]);
    assert.deepEqual(upward([['lib/six.ts', 'server/c/four.ts'], ['server/seven.ts', 'server/a/one.ts']], [...layers, ['tools']], 'lib'), ['lib/six.ts is in no layer']);
    assert.deepEqual(upward([['server/seven.ts', 'server/a/one.ts'], ['server/a/one.ts', 'server/c/four.ts']], layers, 'server'), []);
  });

  it('reads every kind of import, type-only ones too', () => {
    const has = (from: string, to: string) => edges.some(([a, b]) => a === from && b === to);
    // `import type { StoreOutcome } from './store-batch.ts'`, erased before anything runs.
    assert.ok(has('server/store/commit.ts', 'server/store/store-batch.ts'), 'the type-only import of server/store/commit.ts');
    // A dynamic import, and a file of every folder.
    assert.ok(has('tools/build.ts', 'src/rules/log.ts'), 'the dynamic import of tools/build.ts');
    for (const d of SCOPE.filter((d) => d !== 'bin')) assert.ok(edges.some(([a]) => a.startsWith(d + '/')), `no import read from ${d}/`);
  });

  it('no file is in an import circle', () => {
    assert.deepEqual(circles(edges), []);
  });

  it("the repository's folders import only those below them", () => {
    assert.deepEqual(SCOPE.flatMap((d) => upward(edges, REPO_LAYERS, d)), []);
  });

  it("the server's files import only their own folder and the layers below it", () => {
    assert.deepEqual(upward(edges, SERVER_LAYERS, 'server'), []);
  });

  it("the pages' browser code imports its own modules, the JSON types, the words, the presets' types and the portable rules and notation only", () => {
    // And the portable rules engine and notation (src/rules, src/notation: no Node, no clock; they run in
    // XS, so in a browser too), with which the overlay and the live shots fold a table's live log and print it.
    const allowed = (to: string) => /^server\/pages\/browser\/[\w-]+\.ts$|^server\/json\/[\w-]+\.ts$|^server\/pages\/(([\w-]+-)?words|presets)\.ts$|^src\/(rules|notation)\/[\w-]+\.ts$/.test(to);
    const browser = edges.filter(([from]) => from.startsWith('server/pages/browser/'));
    assert.ok(browser.length > 0, 'no import read from server/pages/browser/');
    assert.deepEqual(browser.filter(([, to]) => !allowed(to)), []);
  });

  it("the table app's files import only their own folder and the layers below it", () => {
    assert.ok(edges.some(([a, b]) => a.startsWith('src/app/screen/') && b.startsWith('src/app/say/')), 'no import read from src/app/screen to src/app/say');
    assert.deepEqual(upward(edges, APP_LAYERS, 'src/app'), []);
    // A new folder of the app has its place in APP_LAYERS (and in docs/architecture.md) before it has files.
    const folders = [...new Set(sources(join(ROOT, 'src', 'app')).map((f) => dirname(relative(ROOT, f))))];
    assert.deepEqual(folders.filter((f) => folderOf(`${f}/x.ts`, APP_LAYERS) !== f), []);
  });

  // The 20-file limit of every folder is test/folders.test.ts's.

  it(`each folder of the server has its place in the layers`, () => {
    const folders = [...new Set(sources(join(ROOT, 'server')).map((f) => dirname(relative(ROOT, f))))];
    assert.ok(folders.length > 5, folders.join(', '));
    // A new folder has its place in SERVER_LAYERS (and in docs/architecture.md) before it has files.
    assert.deepEqual(folders.filter((f) => folderOf(`${f}/x.ts`, SERVER_LAYERS) !== f), []);
  });
});
