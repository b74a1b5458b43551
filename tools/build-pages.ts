// Builds the results server's pages' scripts (server/pages/browser/) with esbuild: two ES modules, each
// with a manifest beside it that the server checks it by (server/pages/script.ts).
// - dist/club.js (main.ts): every page's script, and all of the pages without a live part.
// - dist/live.js (live.ts): the live shots' rendering, the overlay, the rules engine and the notation, which
//   club.js loads only on the pages with a live part (live-bundle.ts). It takes the page's words and
//   helpers from club.js (its imports of core.ts and ../words.ts are made imports of `./club.js`, which
//   exports them), so that both run the one copy the page loaded: one language, one set of words.
// No module is in both: the build fails if one is (a page's code that imports a live module directly would
// put the rules engine back into club.js).
import { build, type BuildOptions, type Plugin } from 'esbuild';

/** A bundle of the pages' script: its name (dist/NAME.js, served at /NAME.js) and how esbuild makes it. */
export interface PagesBundle {
  name: string;
  options: BuildOptions;
}

const COMMON: BuildOptions = { bundle: true, format: 'esm', platform: 'browser', target: 'es2020', minify: true, metafile: true, write: false, logLevel: 'warning' };

/** An import (of `kinds`) by the pages' browser code of a file named one of `files` left to the browser, as
 * `to` (a sibling bundle). */
function leftTo(files: readonly string[], to: string, kinds: readonly string[]): Plugin {
  const filter = new RegExp(`/(${files.map((f) => f.replace('.', '\\.')).join('|')})$`);
  return {
    name: `${files.join(', ')} from ${to}`,
    setup(b) {
      b.onResolve({ filter }, (args) => (kinds.includes(args.kind) && args.importer.includes('/server/pages/browser/') ? { path: to, external: true } : undefined));
    },
  };
}

export const PAGES: readonly PagesBundle[] = Object.freeze([
  { name: 'club', options: { ...COMMON, entryPoints: ['server/pages/browser/main.ts'], plugins: [leftTo(['live.ts'], './live.js', ['dynamic-import'])] } },
  { name: 'live', options: { ...COMMON, entryPoints: ['server/pages/browser/live.ts'], plugins: [leftTo(['core.ts', 'words.ts'], './club.js', ['import-statement'])] } },
]);

/** dist/NAME.js, and dist/NAME.json beside it: the bundle's SHA-256 and each of its sources'. The rules presets go
 * in as the constant CARROM_PRESETS (server/pages/presets.ts), their sources among the inputs. */
export async function buildPages(dist = 'dist', bundles: readonly PagesBundle[] = PAGES): Promise<void> {
  const { readFileSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { sha256 } = await import('../server/pages/script.ts');
  const { PAGES_PRESETS, PAGES_PRESETS_SOURCES } = await import('../server/pages/presets.ts');
  const built = await Promise.all(bundles.map(async ({ name, options }) => ({ name, r: await build({ ...options, define: { ...options.define, CARROM_PRESETS: JSON.stringify(PAGES_PRESETS) } }) })));
  const owner = new Map<string, string>();
  for (const { name, r } of built) {
    for (const path of Object.keys(r.metafile!.inputs)) {
      const other = owner.get(path);
      if (other !== undefined && !path.startsWith('<')) throw new Error(`the pages' scripts: ${path} is in both ${other}.js and ${name}.js`);
      owner.set(path, name);
    }
  }
  mkdirSync(dist, { recursive: true });
  for (const { name, r } of built) {
    const code = r.outputFiles![0].contents;
    const sources = [...new Set([...Object.keys(r.metafile!.inputs).filter((path) => !path.startsWith('<')), ...PAGES_PRESETS_SOURCES])].sort();
    const inputs = Object.fromEntries(sources.map((path) => [path, sha256(readFileSync(path))]));
    writeFileSync(join(dist, `${name}.js`), code);
    writeFileSync(join(dist, `${name}.json`), `${JSON.stringify({ bundle: sha256(Buffer.from(code)), inputs }, null, 1)}\n`);
  }
}
