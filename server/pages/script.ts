// club.js, the pages' one script: the TypeScript modules of server/pages/browser/, bundled by
// `npm run build` (tools/build.ts, buildPages) into dist/club.js, with dist/club.json beside it saying
// what it was built from (each source's SHA-256, and the bundle's own). The server reads it once, when it
// starts: a bundle missing, cut short, or older than its sources (the server run from source, by the
// tests or the simulator, after a page's code changed) fails the start with what to do, rather than
// serve a page that does nothing.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What tools/build.ts writes beside the bundle. */
export interface PagesManifest {
  /** The bundle's SHA-256 (hex). */
  bundle: string;
  /** Each source file the bundle was made from, by its path from the repository's root: its SHA-256. */
  inputs: Record<string, string>;
}

export const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/**
 * The bundle in `dist` (a folder's URL, ending in /), checked against its manifest; and, where `root`
 * (the repository's root) is given, every source it was built from checked against the files there now.
 * Throws an Error saying what is wrong and to run `npm run build`.
 */
export function loadPageScript(dist: URL, root: URL | null): string {
  const where = (name: string) => fileURLToPath(new URL(name, dist));
  const fix = 'run `npm run build`';
  if (!existsSync(where('club.js')) || !existsSync(where('club.json'))) throw new Error(`the pages' script ${where('club.js')} (or its club.json) is missing: ${fix}`);
  const code = readFileSync(where('club.js'));
  let manifest: PagesManifest;
  try {
    manifest = JSON.parse(readFileSync(where('club.json'), 'utf8')) as PagesManifest;
  } catch (e) {
    throw new Error(`the pages' script's manifest ${where('club.json')} does not read: ${(e as Error).message}: ${fix}`);
  }
  if (sha256(code) !== manifest.bundle) throw new Error(`the pages' script ${where('club.js')} is not the one built (its club.json says another): ${fix}`);
  if (root) {
    for (const [path, hash] of Object.entries(manifest.inputs)) {
      const file = fileURLToPath(new URL(path, root));
      if (!existsSync(file) || sha256(readFileSync(file)) !== hash) throw new Error(`the pages' script ${where('club.js')} is older than ${path}, which changed since it was built: ${fix}`);
    }
  }
  return code.toString('utf8');
}

let loaded: string | null = null;
/** The pages' script: from dist/ beside dist/carrom.js in the bundle; from the repository's dist/ when the
 * server runs from source, checked against the sources there. Read once a process. */
export function pageScript(): string {
  loaded ??= FROM_SOURCE ? loadPageScript(new URL('../../dist/', import.meta.url), new URL('../../', import.meta.url)) : loadPageScript(new URL('./', import.meta.url), null);
  return loaded;
}
