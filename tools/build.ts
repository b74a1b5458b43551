// Builds the bundles with esbuild: the Node command line, and the XS bundles that tests and benchmarks load.
import { build, type BuildOptions } from 'esbuild';

export const CLI: BuildOptions = {
  entryPoints: ['tools/carrom.ts'],
  outfile: 'dist/carrom.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
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

if (import.meta.url === `file://${process.argv[1]}`) {
  await build(CLI);
}
