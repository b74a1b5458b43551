// The simulator page's script: esbuild bundles page/page.ts and its imports into dist/simulator/page.js
// at `npm run build` (tools/build.ts; `npm start` builds first), and the server serves that file as
// /page.js. A missing or stale bundle is said in a sentence that says what to run, never served as if
// it were the page.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the first folder up from this file with a package.json (this file runs from
 *  hosts/simulator/, or bundled into a scratch folder by the tests). */
function root(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dir;
}
const ROOT = root(dirname(fileURLToPath(import.meta.url)));

/** The page's entry point, and the bundle that `npm run build` makes of it (paths from the repository's root). */
export const PAGE_ENTRY = 'hosts/simulator/page/page.ts';
export const PAGE_BUNDLE = 'dist/simulator/page.js';

/** Why the bundle cannot be served (missing, or older than a file of the page's code), or null. */
export function pageBundleProblem(): string | null {
  const bundle = join(ROOT, PAGE_BUNDLE);
  let built: number;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    return `the page's script ${PAGE_BUNDLE} is missing: npm run build makes it (npm start runs it first)`;
  }
  const dir = join(ROOT, dirname(PAGE_ENTRY));
  if (!existsSync(dir)) return null; // run without the page's sources: nothing to be older than
  const newer = readdirSync(dir).find((f) => f.endsWith('.ts') && statSync(join(dir, f)).mtimeMs > built);
  return newer ? `the page's script ${PAGE_BUNDLE} is older than ${relative(ROOT, join(dir, newer))}: npm run build makes it again (npm start runs it first)` : null;
}

/** The bundle's path on this machine. */
export const pageBundlePath = () => join(ROOT, PAGE_BUNDLE);
