// The pages' scripts: the TypeScript modules of server/pages/browser/, bundled by `npm run build`
// (tools/build-pages.ts) into dist/club.js (every page's) and dist/live.js (the live shots', which club.js
// loads on the pages with a live part), each with its manifest beside it (dist/club.json, dist/live.json)
// saying what it was built from (each source's SHA-256, and the bundle's own). The server reads them once,
// when it starts: a bundle missing, cut short, or older than its sources (the server run from source, by
// the tests or the simulator, after a page's code changed) fails the start with what to do, rather than
// serve a page that does nothing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The bundles, by name: dist/NAME.js, served at /NAME.js (tools/build-pages.ts makes them). */
export const PAGE_BUNDLES = Object.freeze(['club', 'live'] as const);
export type PageBundle = (typeof PAGE_BUNDLES)[number];

/** What tools/build-pages.ts writes beside each bundle. */
export interface PagesManifest {
  /** The bundle's SHA-256 (hex). */
  bundle: string;
  /** Each source file the bundle was made from, by its path from the repository's root: its SHA-256. */
  inputs: Record<string, string>;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * The bundle `name` (club.js by default) in `dist` (a folder's URL, ending in /), checked against its
 * manifest; and, where `root` (the repository's root) is given, every source it was built from checked
 * against the files there now. Throws an Error saying what is wrong and to run `npm run build`.
 */
export function loadPageScript(dist: URL, root: URL | null, name: PageBundle = 'club'): string {
  const where = (file: string) => fileURLToPath(new URL(file, dist));
  const [js, json] = [`${name}.js`, `${name}.json`];
  const fix = 'run `npm run build`';
  if (!existsSync(where(js)) || !existsSync(where(json))) throw new Error(`the pages' script ${where(js)} (or its ${json}) is missing: ${fix}`);
  const code = readFileSync(where(js));
  let manifest: PagesManifest;
  try {
    manifest = JSON.parse(readFileSync(where(json), 'utf8')) as PagesManifest;
  } catch (e) {
    throw new Error(`the pages' script's manifest ${where(json)} does not read: ${(e as Error).message}: ${fix}`);
  }
  if (sha256(code) !== manifest.bundle) throw new Error(`the pages' script ${where(js)} is not the one built (its ${json} says another): ${fix}`);
  if (root) {
    for (const [path, hash] of Object.entries(manifest.inputs)) {
      const file = fileURLToPath(new URL(path, root));
      if (!existsSync(file) || sha256(readFileSync(file)) !== hash) throw new Error(`the pages' script ${where(js)} is older than ${path}, which changed since it was built: ${fix}`);
    }
  }
  return code.toString('utf8');
}

let loaded: Readonly<Record<PageBundle, string>> | null = null;
/** The pages' script `name`: from dist/ beside dist/carrom.js in the bundle; from the repository's dist/
 * when the server runs from source, checked against the sources there. Every bundle is read (and checked)
 * at the first call, once a process: one missing or stale fails the server's start, not a page later. */
export function pageScript(name: PageBundle = 'club'): string {
  loaded ??= Object.fromEntries(
    PAGE_BUNDLES.map((b) => [b, FROM_SOURCE ? loadPageScript(new URL('../../dist/', import.meta.url), new URL('../../', import.meta.url), b) : loadPageScript(new URL('./', import.meta.url), null, b)]),
  ) as Record<PageBundle, string>;
  return loaded[name];
}
