// `npm run build:device [board]` and `npm run build:mcsim`: the Moddable builds, which need the Moddable SDK
// (not on npm). Without MODDABLE set, say what to install instead of failing obscurely.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const target = process.argv[2];
const moddable = process.env.MODDABLE;
if (!moddable || !existsSync(resolve(moddable, 'build'))) {
  process.stderr.write(
    `build:${target} needs the Moddable SDK: install it as its "Getting Started" document says,\n` +
      'set MODDABLE to its folder and put $MODDABLE/build/bin/<platform>/release on PATH.\n' +
      (target === 'device' ? 'An ESP32 build also needs ESP-IDF (see the SDK\'s documentation/devices/esp32.md).\n' : ''),
  );
  process.exit(2);
}
// `npm run build:device -- devkit-1beam`: another board folder (boards/<name>, docs/install.md).
const board = resolve('boards', process.argv[3] ?? 'reference-v1');
if (target === 'device' && !existsSync(resolve(board, 'board.json'))) {
  process.stderr.write(`build:device: no board ${board} (a folder of boards/ with board.json)\n`);
  process.exit(2);
}
const args =
  target === 'device'
    ? ['-m', '-p', `esp32:${board}`, '-o', resolve('build/moddable')]
    : ['-m', ...(process.env.MCSIM_DEBUG ? ['-d'] : []), '-p', process.platform === 'darwin' ? 'mac' : process.platform === 'win32' ? 'win' : 'lin', '-t', 'build', '-o', resolve('build/moddable')];
process.stderr.write(`mcconfig ${args.join(' ')}\n`);
mkdirSync(resolve('build/moddable'), { recursive: true });
const r = spawnSync('mcconfig', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
