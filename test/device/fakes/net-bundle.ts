// Bundles the device's network side (hosts/device/net) with the fake SDK modules (sdk.ts, net.ts) in
// place of the Moddable ones, as an ES module Node can import: the Wi-Fi manager, the setup page, the
// HTTP transport and the wall clock, with the sync core they serve.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../../tools/scratch.ts';

const here = resolve('test/device/fakes');
const MODULES: Record<string, string> = {
  time: `export { Time as default } from './sdk.ts';`,
  timer: `export { Timer as default } from './sdk.ts';`,
  preference: `export { Preference as default } from './sdk.ts';`,
  file: `export { File } from './sdk.ts';`,
  'mc/config': `export { config as default } from './sdk.ts';`,
  wifi: `export { FakeWiFi as default } from './net.ts';`,
  http: `export { Server } from './net.ts';`,
  net: `export { Net as default } from './net.ts';`,
  mdns: `export { MDNS as default } from './net.ts';`,
  sntp: `export { SNTP as default } from './net.ts';`,
  crypt: `export { Digest } from './net.ts';`,
  'embedded:network/http/client': `export { HTTPClient as default } from './net.ts';`,
  'embedded:io/socket/tcp': `export { TCP as default } from './net.ts';`,
};

/** (Not a file: the Node typecheck would follow it into code that needs the SDK's typings.) */
const ENTRY = `
export { TableNetwork } from '../../../hosts/device/net/network.ts';
export { withNetwork } from '../../../hosts/device/net/wire.ts';
export { WifiManager } from '../../../hosts/device/net/wifi.ts';
export { HttpTransport } from '../../../hosts/device/net/http-transport.ts';
export { preferenceNetStore } from '../../../hosts/device/net/preference-settings.ts';
export { FileStorage } from '../../../hosts/device/net/file-storage.ts';
export { Sync } from '../../../src/sync/sync.ts';
export { hardware } from './hardware.ts';
export { net } from './net.ts';
`;

/** The mcsim check (hosts/device/check) as the desktop simulator runs it, with what a test drives it by. */
export const CHECK_ENTRY = `
export { run } from '../../../hosts/device/check/index.ts';
export { hardware } from './hardware.ts';
export { net } from './net.ts';
export { config } from './sdk.ts';
`;

/** The bundle of `entry` (the network side, by default) over the fake SDK, as a module URL to import. */
export async function bundleNet(entry = ENTRY): Promise<string> {
  const names = Object.keys(MODULES);
  const r = await build({
    stdin: { contents: entry, resolveDir: here, loader: 'ts', sourcefile: 'net-entry.ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'error',
    external: ['node:*'],
    plugins: [
      {
        name: 'fake-sdk',
        setup(b) {
          b.onResolve({ filter: /^(embedded:|[a-z/]+$)/ }, (a) => {
            if (a.path.startsWith('node:') || a.path.startsWith('.')) return undefined;
            if (!names.includes(a.path)) return { errors: [{ text: `no fake for the SDK module ${a.path}` }] };
            return { path: a.path, namespace: 'fake-sdk' };
          });
          b.onLoad({ filter: /.*/, namespace: 'fake-sdk' }, (a) => ({ contents: MODULES[a.path], resolveDir: here, loader: 'ts' }));
        },
      },
    ],
  });
  const file = join(scratchDir('net'), 'net.mjs');
  writeFileSync(file, r.outputFiles[0].text);
  return pathToFileURL(file).href;
}
