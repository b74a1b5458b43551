// Builds the bundles with esbuild: the Node command line, the pages' scripts (build-pages.ts), the simulator's
// page, and the XS bundles that tests and benchmarks load.
import { build, transform, type BuildOptions } from 'esbuild';
import { PAGE_BUNDLE, PAGE_ENTRY } from '../hosts/simulator/page-bundle.ts';
import { buildPages } from './build-pages.ts';

export const CLI: BuildOptions = {
  // The results server's threads load their code from beside dist/carrom.js (server/common/threads.ts): the
  // replay threads (server/records/replay-pool.ts) dist/replay-worker.js, SQLite's writer (server/store/sqlite-writer.ts)
  // dist/sqlite-writer-thread.js, the draw thread (server/tournament/draws.ts) dist/draw-thread.js, the password checks'
  // (server/tournament-http/password-threads.ts) dist/password-thread.js.
  entryPoints: { carrom: 'tools/carrom.ts', 'replay-worker': 'server/records/replay-worker.ts', 'sqlite-writer-thread': 'server/store/sqlite-writer-thread.ts', 'draw-thread': 'server/tournament/draw-thread.ts', 'password-thread': 'server/tournament-http/password-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The results server's packages stay in node_modules (better-sqlite3 is a native addon), and esbuild
  // (sense --device bundles the firmware with it; it cannot be bundled itself).
  external: ['better-sqlite3', 'pg', 'pg-native', 'multicast-dns', 'esbuild'],
  logLevel: 'warning',
};

/** The simulator's page (hosts/simulator/page/): one script for the browser, served as /page.js. */
export const SIMULATOR_PAGE: BuildOptions = {
  entryPoints: [PAGE_ENTRY],
  outfile: PAGE_BUNDLE,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  // Minified, with its map beside it (/page.js.map): the browser's developer tools show the TypeScript.
  minify: true,
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** A script for the XS engine: no imports, defines its entry points on globalThis. */
export function xsScript(entry: string, minify = false) {
  return build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    target: 'es2022',
    minify,
    logLevel: 'warning',
  }).then((r) => r.outputFiles[0].text);
}

/** The device bundles: the firmware as one ES module, Moddable's own modules left as imports. */
const DEVICE_EXTERNALS = ['embedded:*', 'time', 'timer', 'preference', 'capture', 'sampler', 'heap', 'wifi', 'net', 'http', 'mdns', 'sntp', 'file', 'mc/config', 'crypt'];
export const DEVICE: BuildOptions = {
  entryPoints: ['hosts/device/esp32/index.ts'],
  outfile: 'build/device/esp32/carrom.js',
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  minify: true,
  external: DEVICE_EXTERNALS,
  logLevel: 'warning',
};
/** The firmware without the network (sync off), for the ESP32 image linked without Wi-Fi (manifest_nonet.json). */
export const DEVICE_NONET: BuildOptions = { ...DEVICE, entryPoints: ['hosts/device/esp32/nonet/index.ts'], outfile: 'build/device/esp32-nonet/carrom.js' };
export const MCSIM: BuildOptions = { ...DEVICE, entryPoints: ['hosts/device/mcsim/index.ts'], outfile: 'build/device/mcsim/carrom.js', minify: false };
/** The sync check for mcsim (hosts/device/check): RFC 4231 through the SDK's Digest, a POST from flash. */
export const CHECK: BuildOptions = { ...MCSIM, entryPoints: ['hosts/device/check/index.ts'], outfile: 'build/device/check/check.js' };

/**
 * esbuild turns every top-level `const` into `var` when it bundles, and XS's linker then warns "no
 * const" for each (xs/tools/xslSlot.c): in a preloaded module a `var` is a mutable closure, which costs
 * an alias slot in RAM on the device. So the bundle is built unminified, every top-level `var NAME =`
 * is made `const` but those in `keep`, and esbuild's transform, which knows the scopes, names those
 * that something assigns: they stay `var`.
 */
export function constTopLevel(code: string, keep: ReadonlySet<string> = new Set()): string {
  return code.replace(/^var ([A-Za-z_$][\w$]*) = /gm, (whole, name: string) => (keep.has(name) ? whole : `const ${name} = `));
}

/** `code` with its top-level constants const (constTopLevel), checked by esbuild, then minified if asked. */
export async function checkedConst(code: string, minify: boolean): Promise<string> {
  const keep = new Set<string>();
  for (;;) {
    const r = await transform(constTopLevel(code, keep), { format: 'esm', target: 'es2022', logLevel: 'silent' });
    const assigned = r.warnings.filter((w) => w.id === 'assign-to-constant').map((w) => /"([^"]+)" is a constant/.exec(w.text)?.[1]);
    if (assigned.length === 0) return minify ? (await transform(r.code, { format: 'esm', target: 'es2022', minify: true, logLevel: 'silent' })).code : r.code;
    const fresh = assigned.filter((n): n is string => n !== undefined && !keep.has(n));
    if (fresh.length === 0) throw new Error(`device bundle: an assignment to a constant: ${r.warnings.map((w) => w.text).join('; ')}`);
    for (const n of fresh) keep.add(n);
  }
}

/** A device bundle, with its top-level constants kept const (constTopLevel). */
export async function buildDevice(options: BuildOptions): Promise<void> {
  const { writeFileSync, mkdirSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  const r = await build({ ...options, minify: false, write: false });
  const code = await checkedConst(r.outputFiles[0].text, options.minify ?? false);
  mkdirSync(dirname(options.outfile!), { recursive: true });
  writeFileSync(options.outfile!, code);
}

/** The scripted match the desktop simulator plays: a whole short match, as the sensors would see it. */
async function writeScript(): Promise<void> {
  const { readFileSync, writeFileSync, mkdirSync } = await import('node:fs');
  const { parseLog } = await import('../src/rules/log.ts');
  const { generateTrace } = await import('../model/table/generate.ts');
  const { NOISE, LAYOUTS } = await import('../model/table/noise.ts');
  const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
  if (!log.ok) throw new Error('the scripted match does not parse');
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 1, NOISE.low, LAYOUTS.reference);
  mkdirSync('build/device/mcsim', { recursive: true });
  writeFileSync(
    'build/device/mcsim/script.ts',
    `// Generated by tools/build.ts: a trace of test/fixtures/matches/it-torneo-singles.jsonl.\nimport type { Reading } from '../../../src/sensing/types.ts';\nconst freeze = <T>(r: T): T => Object.freeze(r);\nimport type { MatchHeader } from '../../../src/rules/types.ts';\nexport const SCRIPT_MATCH = (): MatchHeader => (${JSON.stringify(log.value.header)});\nexport const SCRIPT: readonly Reading[] = Object.freeze((${JSON.stringify(g.readings)} as Reading[]).map((r) => freeze(r.kind === 'colour' ? { ...r, rgb: freeze(r.rgb) } : r.kind === 'call' ? { ...r, call: freeze(r.call) } : r)));\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build(CLI);
  await buildPages();
  await build(SIMULATOR_PAGE);
  await writeScript();
  await buildDevice(DEVICE);
  await buildDevice(DEVICE_NONET);
  await buildDevice(MCSIM);
  await buildDevice(CHECK);
}
