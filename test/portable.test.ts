// The portable core's promise (docs/architecture.md): src/ imports nothing but relative paths inside src/,
// and reads no clock, no timer and no randomness of its own; time, timers and randomness come in through
// the hosts' ports. The XS bundles would notice a package import only when built, and nothing notices a
// stray Date.now(): this test reads every file of src/ with esbuild, which knows JavaScript's scopes, so
// that a comment, a string, a property called `random` or a local named `Date` is not taken for a use.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform, type Plugin } from 'esbuild';

const ROOT = normalize(join(dirname(fileURLToPath(import.meta.url)), '..'));
const SRC = join(ROOT, 'src');

/** What src/ must not touch: the globals that read a clock, start a timer or draw a random number. */
const FORBIDDEN = Object.freeze([
  'Date',
  'performance',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'clearTimeout',
  'clearInterval',
  'queueMicrotask',
  'process',
  'crypto',
  'Math.random',
  'globalThis',
]);
/** esbuild replaces a global (never a property, a local, a comment or a string) by its define: a marker. */
const marker = (name: string) => `FORBIDDEN_${name.replace('.', '_')}_`;
const DEFINE = Object.freeze(Object.fromEntries(FORBIDDEN.map((name) => [name, marker(name)])));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The forbidden globals that a TypeScript source uses, by name. */
async function globalsUsed(code: string): Promise<string[]> {
  const out = await transform(code, { loader: 'ts', define: DEFINE, format: 'esm', logLevel: 'silent' });
  return FORBIDDEN.filter((name) => out.code.includes(marker(name)));
}

/** Every import (static, `export … from`, dynamic, require) of the files, or of `code` as if it were a
 * file of src/sync, that is not a relative path to a file in src/. An `import type` is erased before
 * anything runs; tsc's check of src/ (no types, lib es2023) refuses a package's or Node's types. */
async function foreignImports(of: { files: readonly string[] } | { code: string }): Promise<string[]> {
  const found: string[] = [];
  const record: Plugin = {
    name: 'record',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const inside = args.path.startsWith('./') || args.path.startsWith('../');
        const target = inside ? normalize(join(args.resolveDir, args.path)) : '';
        if (!inside || !target.startsWith(SRC + sep)) found.push(`${args.importer === '<stdin>' ? 'the sample' : relative(ROOT, args.importer)} imports '${args.path}'`);
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    ...('files' in of ? { entryPoints: [...of.files] } : { stdin: { contents: of.code, loader: 'ts', resolveDir: join(SRC, 'sync') } }),
    bundle: true,
    write: false,
    outdir: join(ROOT, '.tmp', 'portable'),
    format: 'esm',
    platform: 'neutral',
    // As src/ is compiled: an import whose names are used only as types is kept, and so checked too.
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    plugins: [record],
    logLevel: 'silent',
  });
  return found;
}

describe('the portable core (src/)', () => {
  const files = sources(SRC);

  it('the check sees a forbidden global wherever it is used, and only then', async () => {
    const uses = `
      export const a = Date.now(), b = new Date(0), c = performance.now(), d = Math.random();
      setTimeout(() => 0, 1); setInterval(() => 0, 1); setImmediate(() => 0); clearTimeout(1); clearInterval(1); queueMicrotask(() => 0);
      export const e = process.hrtime, f = crypto.getRandomValues, g = globalThis.Date;`;
    assert.deepEqual(await globalsUsed(uses), FORBIDDEN);
    const lookalikes = `
      // Date.now() and Math.random() in a comment
      /** performance.now() in a doc comment */
      export const s = 'Date.now() setTimeout(f) Math.random()';
      export const o = { random: () => 4, Date: 1, setTimeout: 2 };
      export const p = o.random() + o.Date + o.setTimeout;
      export function f(Date: number, performance: { now(): number }) { const process = 3; return Date + performance.now() + process; }
      export interface T { setTimeout(): void }`;
    assert.deepEqual(await globalsUsed(lookalikes), []);
    const imports = `
      import { readFileSync } from 'node:fs';
      import { type Tool } from '../../tools/tool.ts';
      import { ok } from './answer.ts';
      import { crc32 } from '../store/crc32.ts';
      export * from 'some-package';
      export const later = () => import('timer');
      export const r = require('fs');
      export const y = [readFileSync, ok, crc32] as unknown as Tool;`;
    assert.deepEqual((await foreignImports({ code: imports })).sort(), [
      "the sample imports '../../tools/tool.ts'",
      "the sample imports 'fs'",
      "the sample imports 'node:fs'",
      "the sample imports 'some-package'",
      "the sample imports 'timer'",
    ]);
  });

  it('every file of src/ imports only relative paths to files in src/', async () => {
    assert.ok(files.length > 60, `${files.length} files`);
    assert.deepEqual(await foreignImports({ files }), []);
  });

  it('no file of src/ reads a clock, starts a timer or draws a random number', async () => {
    const found: string[] = [];
    for (const file of files) for (const name of await globalsUsed(readFileSync(file, 'utf8'))) found.push(`${relative(ROOT, file)} uses ${name}`);
    assert.deepEqual(found, []);
  });
});
