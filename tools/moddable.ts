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
// mcsim: the plain desktop build (-p lin, -p mac, -p win: the host's own), shown on the project's own
// simulated device (hosts/device/mcsim/simulator: the OLED's glass and three buttons, sized to be
// seen in mcsim's first 640×480 window). -t build: only build; mcconfig's run step stops every mcsim.
const host = { linux: 'lin', darwin: 'mac', win32: 'win' }[process.platform as string] ?? 'lin';
const debug = Boolean(process.env.MCSIM_DEBUG);
const args =
  target === 'device'
    ? ['-m', '-p', `esp32:${board}`, '-o', resolve('build/moddable')]
    : ['-m', ...(debug ? ['-d'] : []), '-p', host, '-t', 'build', '-o', resolve('build/moddable')];
process.stderr.write(`mcconfig ${args.join(' ')}\n`);
mkdirSync(resolve('build/moddable'), { recursive: true });
const r = spawnSync('mcconfig', args, { stdio: 'inherit' });
if (r.status === 0 && target === 'mcsim') {
  // mcconfig names the app by its folder (bin/<host>/mc/<release|debug>/<folder>/mc.so): a copy at one
  // path, whatever the checkout is called, for the README's command and the mcsim check.
  const library = host === 'win' ? 'mc.dll' : 'mc.so';
  const built = resolve('build/moddable/bin', host, 'mc', debug ? 'debug' : 'release', basename(process.cwd()), library);
  const sim = resolve('build/moddable/mcsim');
  mkdirSync(sim, { recursive: true });
  copyFileSync(built, `${sim}/${library}`);
  process.stderr.write(`run it: mcsim ${resolve('hosts/device/mcsim/simulator')} ${sim}/${library}\n`);
}
process.exit(r.status ?? 1);
