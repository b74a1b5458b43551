// Bundles the device host's own code (hosts/device/esp32/board.ts, table.ts and everything below) with
// the fake SDK modules in place of the Moddable ones, as an ES module Node can import.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { boardModules } from '../../../tools/boards.ts';
import { scratchDir } from '../../../tools/scratch.ts';

const here = resolve('test/device/fakes');
const BOARD = boardModules('reference-v1', resolve('.'));
const MODULES: Record<string, string> = {
  'embedded:provider/builtin': `export { default } from ${JSON.stringify(BOARD['embedded:provider/builtin'])};`,
  'embedded:io/i2c': `export { I2C as default } from './io.ts';`,
  'embedded:io/digital': `export { Digital as default } from './io.ts';`,
  time: `export { Time as default } from './sdk.ts';`,
  timer: `export { Timer as default } from './sdk.ts';`,
  preference: `export { Preference as default } from './sdk.ts';`,
  capture: `export { Capture as default } from './sdk.ts';`,
  sampler: `export { Sampler as default } from './sdk.ts';`,
  heap: `export { heap as default } from './sdk.ts';`,
  file: `export { File } from './sdk.ts';`,
  'mc/config': `export { config as default } from './sdk.ts';`,
};

/** What the board test loads: the device's own board and table, and the fake hardware they run on.
 * (Not a file: the Node typecheck would follow it into code that needs the SDK's typings.) */
const ENTRY = `
export { referenceBoard } from '../../../hosts/device/esp32/board.ts';
export { start } from '../../../hosts/device/table.ts';
export { run as runWithoutNetwork } from '../../../hosts/device/esp32/nonet/index.ts';
export * from './hardware.ts';
`;

export async function bundleDevice(): Promise<string> {
  const r = await build({
    stdin: { contents: ENTRY, resolveDir: here, loader: 'ts', sourcefile: 'device-entry.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'error',
    plugins: [
      {
        name: 'fake-sdk',
        setup(b) {
          b.onResolve({ filter: /^carrom\/(board|provider)$/ }, (a) => ({ path: BOARD[a.path as 'carrom/board' | 'carrom/provider'] }));
          b.onResolve({ filter: /^(embedded:|time$|timer$|preference$|capture$|sampler$|heap$|file$|mc\/config$)/ }, (a) => {
            if (!(a.path in MODULES)) return { errors: [{ text: `no fake for the SDK module ${a.path}` }] };
            return { path: a.path, namespace: 'fake-sdk' };
          });
          b.onLoad({ filter: /.*/, namespace: 'fake-sdk' }, (a) => ({ contents: MODULES[a.path], resolveDir: here, loader: 'ts' }));
        },
      },
    ],
  });
  const file = join(scratchDir('device'), 'device.mjs');
  writeFileSync(file, r.outputFiles[0].text);
  return pathToFileURL(file).href;
}
