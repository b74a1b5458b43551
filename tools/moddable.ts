// `npm run build:device [board]` and `npm run build:mcsim`: the Moddable builds, which need the Moddable SDK
// (not on npm). Without MODDABLE set, say what to install instead of failing obscurely.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';

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
// mcsim's m5stack skin: a 320×240 screen for the OLED drawn 2×, and three buttons (a, b, c) for up, select, down.
const args =
  target === 'device'
    ? ['-m', '-p', `esp32:${board}`, '-o', resolve('build/moddable')]
    : ['-m', ...(process.env.MCSIM_DEBUG ? ['-d'] : []), '-p', 'sim/m5stack', '-t', 'build', '-o', resolve('build/moddable')];
process.stderr.write(`mcconfig ${args.join(' ')}\n`);
mkdirSync(resolve('build/moddable'), { recursive: true });
const r = spawnSync('mcconfig', args, { stdio: 'inherit' });
if (r.status === 0 && target === 'mcsim' && !process.env.MCSIM_DEBUG) {
  // mcsim picks its device skin by the app's path ("m5stack/debug/.../mc.so"), else the first one
  // (Moddable One, 240 px wide, one button): a copy at such a path opens on the M5Stack skin.
  const sim = resolve('build/moddable/sim/m5stack/debug/carrom');
  mkdirSync(sim, { recursive: true });
  copyFileSync(resolve('build/moddable/bin/lin/m5stack/release', basename(process.cwd()), 'mc.so'), `${sim}/mc.so`); // mcconfig names the app by its folder
  process.stderr.write(`run it: mcsim $MODDABLE/build/simulators ${sim}/mc.so\n`);
}
process.exit(r.status ?? 1);
