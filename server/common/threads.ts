// Starting the results server's worker threads (server/records/replay-pool.ts, server/store/sqlite-writer.ts). The
// bundle (dist/carrom.js) has each thread's code beside it as <name>.js (tools/build.ts). From source
// (tests, the simulator) it is the .ts file, which a thread loads through tsx's loader: threads do not
// inherit it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const FROM_SOURCE = import.meta.url.endsWith('.ts');

/** A new thread running server/`path`.ts, `path` being its folder and name (dist/`name`.js in the bundle,
 * where every thread's code is beside dist/carrom.js). */
export function startThread(path: `${string}/${string}`, options: WorkerOptions = {}): Worker {
  const script = new URL(FROM_SOURCE ? `../${path}.ts` : `./${path.slice(path.lastIndexOf('/') + 1)}.js`, import.meta.url);
  if (!FROM_SOURCE) return new Worker(script, options);
  return tsThread(script, options);
}

/** A new thread running the TypeScript module `script` through tsx's loader (the tests' threads too). */
export function tsThread(script: URL, options: WorkerOptions = {}): Worker {
  return new Worker(`import(${JSON.stringify(tsxApi(script))}).then((t) => { t.register(); return import(${JSON.stringify(script.href)}); })`, { ...options, eval: true });
}

/** The ES module of tsx's API, from its package's own exports (a CommonJS `require` would find its .cjs one). */
function tsxApi(from: URL): string {
  const manifest = createRequire(from).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
}
