// What `npm run build:esp32` (tools/esp32-build.ts) is given and needs before it builds: its command line
// (environment variables as defaults), what is missing (the Moddable SDK, the toolchain, ESP-IDF at the
// version the SDK expects, its Python venv, the firmware's bundle), and the environment idf.py runs in.
// docs/esp32-build.md says how the toolchain, ESP-IDF and its Python side were put together.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { boardFolders } from './boards.ts';

export interface Esp32BuildOptions {
  toolchain: string;
  idf: string;
  pythonEnv: string;
  boards: string[];
  stage: 'archive' | 'image';
  jobs: number;
  /** false: manifest_nonet.json, the firmware without the network (sync off, no Wi-Fi libraries linked). */
  network: boolean;
}

export const USAGE =
  'usage: npm run build:esp32 -- --toolchain DIR --idf DIR --python-env DIR [--board NAME]… [--stage archive|image] [--jobs N] [--no-network]\n' +
  '  (or ESP32_TOOLCHAIN, IDF_PATH and IDF_PYTHON_ENV_PATH in the environment; docs/esp32-build.md)';

/** The command line (environment variables as defaults); an Error naming the argument for a bad one. */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, boardsRoot = 'boards'): Esp32BuildOptions {
  const o = { toolchain: env.ESP32_TOOLCHAIN ?? '', idf: env.IDF_PATH ?? '', pythonEnv: env.IDF_PYTHON_ENV_PATH ?? '' };
  const boards: string[] = [];
  let stage: Esp32BuildOptions['stage'] = 'image';
  let jobs = 2;
  let network = true;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    const need = () => {
      if (value === undefined || value.startsWith('--')) throw new Error(`${flag}: needs a value\n${USAGE}`);
      i++;
      return value;
    };
    if (flag === '--toolchain') o.toolchain = need();
    else if (flag === '--idf') o.idf = need();
    else if (flag === '--python-env') o.pythonEnv = need();
    else if (flag === '--board') boards.push(need());
    else if (flag === '--stage') {
      const s = need();
      if (s !== 'archive' && s !== 'image') throw new Error(`--stage ${s}: archive or image`);
      stage = s;
    } else if (flag === '--jobs') {
      const n = Number(need());
      if (!Number.isInteger(n) || n < 1) throw new Error(`--jobs ${value}: a whole number of at least 1`);
      jobs = n;
    } else if (flag === '--no-network') network = false;
    else throw new Error(`${flag}: unknown argument\n${USAGE}`);
  }
  for (const [name, flag] of [['toolchain', '--toolchain'], ['idf', '--idf'], ['pythonEnv', '--python-env']] as const) {
    if (o[name] === '') throw new Error(`${flag}: not given (nor its environment variable)\n${USAGE}`);
  }
  const known = boardFolders(boardsRoot);
  for (const b of boards) if (!known.includes(b)) throw new Error(`--board ${b}: no such board folder in ${boardsRoot}/ (${known.join(', ')})`);
  return { toolchain: resolve(o.toolchain), idf: resolve(o.idf), pythonEnv: resolve(o.pythonEnv), boards: boards.length > 0 ? boards : known, stage, jobs, network };
}

/** What is missing before a build could start, one line each (empty: ready). */
export function preflight(o: Esp32BuildOptions, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const moddable = env.MODDABLE;
  if (!moddable || !existsSync(join(moddable, 'build/bin/lin/release/mcconfig'))) {
    problems.push(`MODDABLE: ${moddable ? `no build/bin/lin/release/mcconfig in ${moddable}` : 'not set'} (the Moddable SDK, built for Linux)`);
  }
  const gcc = join(o.toolchain, 'bin/xtensa-esp32-elf-gcc');
  if (!existsSync(gcc)) problems.push(`--toolchain ${o.toolchain}: no bin/xtensa-esp32-elf-gcc (docs/esp32-build.md, steps 1-2)`);
  if (!existsSync(join(o.idf, 'tools/idf.py'))) problems.push(`--idf ${o.idf}: no tools/idf.py (an ESP-IDF checkout: docs/esp32-build.md, step 3)`);
  else if (moddable) {
    const expected = expectedIdf(moddable);
    const found = git(o.idf, ['describe', '--always', '--abbrev=0']);
    if (expected && found !== expected) problems.push(`--idf ${o.idf}: ESP-IDF ${found || '(not a git checkout)'}, the Moddable SDK expects ${expected}`);
  }
  if (!existsSync(join(o.pythonEnv, 'bin/python'))) problems.push(`--python-env ${o.pythonEnv}: no bin/python (ESP-IDF's Python venv: docs/esp32-build.md, step 3)`);
  const bundle = o.network ? 'build/device/esp32/carrom.js' : 'build/device/esp32-nonet/carrom.js';
  if (!existsSync(bundle)) problems.push(`${bundle}: missing (npm run build bundles the firmware)`);
  return problems;
}

/** The ESP-IDF version the SDK's esp32 build checks for (its build/devices/esp32/manifest.json). */
function expectedIdf(moddable: string): string | undefined {
  try {
    const m = JSON.parse(readFileSync(join(moddable, 'build/devices/esp32/manifest.json'), 'utf8')) as { build?: Record<string, string> };
    return m.build?.EXPECTED_ESP_IDF;
  } catch {
    return undefined;
  }
}

/** `git -C dir args`, its output trimmed ('' when it fails). */
export function git(dir: string, args: string[]): string {
  const r = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

/** The environment ESP-IDF's idf.py runs in here: its venv, the toolchain first on PATH, no downloads. */
export function buildEnv(o: Esp32BuildOptions, env: NodeJS.ProcessEnv, out: string): NodeJS.ProcessEnv {
  const path = [join(o.toolchain, 'bin'), join(o.pythonEnv, 'bin'), join(o.idf, 'tools'), join(env.MODDABLE ?? '', 'build/bin/lin/release'), env.PATH ?? ''];
  return {
    ...env,
    PATH: path.join(':'),
    IDF_PATH: o.idf,
    IDF_PYTHON_ENV_PATH: o.pythonEnv,
    IDF_TOOLS_PATH: join(out, 'idf-tools'),
    // The venv holds the tools a build runs, not every package ESP-IDF's installer pins (docs/esp32-build.md).
    IDF_PYTHON_CHECK_CONSTRAINTS: 'no',
    IDF_COMPONENT_MANAGER: '0',
    // A compiler other than Espressif's own build of GCC: a warning instead of a refusal.
    IDF_MAINTAINER: '1',
    IDF_SKIP_CHECK_SUBMODULES: '1',
    MAKEFLAGS_JOBS: `--jobs=${o.jobs}`,
    // The archive stage is there to list what of the C does not compile: make goes on past a failed file.
    ...(o.stage === 'archive' ? { MAKEFLAGS: 'k' } : {}),
    CMAKE_BUILD_PARALLEL_LEVEL: String(o.jobs),
    // With ccache on PATH, ESP-IDF compiles through it: each board has its own ESP-IDF project folder,
    // and paths made relative to the checkout let the second board reuse the first one's objects.
    IDF_CCACHE_ENABLE: onPath('ccache', env.PATH ?? '') ? '1' : '0',
    CCACHE_DIR: join(out, 'ccache'),
    CCACHE_BASEDIR: process.cwd(),
  };
}

const onPath = (command: string, path: string) => path.split(':').some((dir) => dir !== '' && existsSync(join(dir, command)));
