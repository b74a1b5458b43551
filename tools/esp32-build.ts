// `npm run build:esp32 -- --toolchain DIR --idf DIR --python-env DIR [--board NAME]… [--stage archive|image] [--no-network]`:
// the firmware built for the ESP32 with the Moddable SDK and ESP-IDF, outside CI (like the mcsim checks),
// and what the build measured written down. docs/esp32-build.md says how the toolchain, ESP-IDF v6.0 and its
// Python side were put together on a machine that cannot download them, and what was found.
//
// For each board (every folder of boards/ unless --board names some): `mcconfig -m -p esp32:boards/<board>
// -t build` (never mcconfig's default target `all`, which stops every serial2xsbug by name and flashes), under
// `nice -n 19`, logged to build/esp32/<board>.log. `--stage archive` stops after the firmware's C and the XS
// engine are compiled into xs_esp32.a (ESP-IDF configured, nothing linked): the step that shows what of the C
// compiles against ESP-IDF's headers. Then build/esp32/summary.json and a table: versions, the time taken,
// whether the stage was reached (mcconfig's makefile ignores a failed `idf.py build`, so this looks at the
// log's errors as well as at make's exit and the files), the errors and the warnings in the project's own C, and with
// an image: its size against the board's app partition and `esp_idf_size`'s memory figures from the map.
// With an image, tools/esp32-iram.ts walks what the capture's ISR calls in the ELF: one outside IRAM and ROM fails the board,
// and tools/esp32-heap.ts gives the heaps ESP-IDF makes at boot from the image's bounds.
// `--no-network` builds manifest_nonet.json instead (the firmware with sync off, no Wi-Fi or network modules,
// ESP-IDF with CONFIG_APP_NO_BLOBS: no Wi-Fi libraries asked for) into build/esp32-nonet.
// The command line, what is checked before a build and the environment it runs in: tools/esp32-setup.ts.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { buildEnv, git, parseArgs, preflight, USAGE, type Esp32BuildOptions } from './esp32-setup.ts';
import { bootHeaps, heapTotals, imageBounds, type Heap } from './esp32-heap.ts';
import { checkElf, type Reached } from './esp32-iram.ts';

/** The size of the board's app partition (the factory app, else the first app) from its partitions.csv. */
export function appPartitionBytes(csv: string, where: string): number {
  const rows = csv
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
    .map((line) => line.split(',').map((cell) => cell.trim()));
  const app = rows.find((r) => r[1] === 'app' && r[2] === 'factory') ?? rows.find((r) => r[1] === 'app');
  if (!app) throw new Error(`${where}: no app partition`);
  const size = app[4] ?? '';
  const m = /^(0x[0-9a-f]+|\d+)([KM]?)$/i.exec(size);
  if (!m) throw new Error(`${where}: partition ${app[0]}: size "${size}" is not a number`);
  return Number(m[1]) * (m[2]?.toUpperCase() === 'K' ? 1024 : m[2]?.toUpperCase() === 'M' ? 1024 * 1024 : 1);
}

/** Lines of a build log worth reporting: compiler errors and failures, and warnings in the project's C. */
export function logFindings(log: string): { errors: string[]; ourWarnings: string[] } {
  const lines = log.split('\n');
  const unique = (xs: string[]) => [...new Set(xs)];
  const errors = unique(lines.filter((l) => /\berror:|undefined reference|^FAILED:|Error \d+$|CMake Error|ninja: build stopped/.test(l)).map((l) => l.trim()));
  const ourWarnings = unique(lines.filter((l) => /hosts\/device\/.*warning:/.test(l)).map((l) => l.trim()));
  return { errors, ourWarnings };
}

interface BoardResult {
  board: string;
  seconds: number;
  exit: number | null;
  reached: boolean;
  log: string;
  archive?: { path: string; bytes: number };
  image?: { path: string; bytes: number; partitionBytes: number; usedPercent: number };
  map?: string;
  memory?: unknown;
  /** The heaps ESP-IDF makes at boot from this image's bounds (tools/esp32-heap.ts), or why not. */
  heaps?: Heap[] | string;
  /** What the capture's ISR reaches and where it sits (tools/esp32-iram.ts); faults fail the board. */
  iram?: { reached: Reached[]; faults: Reached[] } | string;
  errors: string[];
  ourWarnings: string[];
}

/** The firmware without the network: the app's manifest less the network, ESP-IDF without binary blobs. */
export const NONET_MANIFEST = 'manifest_nonet.json';

function buildBoard(board: string, o: Esp32BuildOptions, env: NodeJS.ProcessEnv, out: string): BoardResult {
  const boardDir = resolve('boards', board);
  const manifest = JSON.parse(readFileSync(join(boardDir, 'manifest.json'), 'utf8')) as { build?: Record<string, string> };
  const sub = manifest.build?.SUBPLATFORM ?? board;
  const app = basename(process.cwd());
  const bin = join(out, 'bin/esp32', sub, 'release', app);
  const proj = join(out, 'tmp/esp32', sub, 'release', app, 'xsProj-esp32');
  const logPath = join(out, `${board}.log`);
  const args = ['-n', '19', 'mcconfig', '-m', '-p', `esp32:${boardDir}`, '-t', o.stage === 'image' ? 'build' : 'buildArchive', '-o', out];
  if (!o.network) args.push(resolve(NONET_MANIFEST));
  process.stderr.write(`${board}: nice ${args.join(' ')}  (log: ${logPath})\n`);
  const fd = openSync(logPath, 'w');
  const started = Date.now();
  const r = spawnSync('nice', args, { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const seconds = Math.round((Date.now() - started) / 1000);
  const log = readFileSync(logPath, 'utf8');
  const result: BoardResult = { board, seconds, exit: r.status, reached: false, log: logPath, ...logFindings(log) };
  // Reached: make ended well, the file is there, and the log has no error (mcconfig's makefile goes on when
  // `idf.py build` fails, and an image of an earlier run may still be there).
  const archive = join(bin, 'xs_esp32.a');
  if (existsSync(archive)) result.archive = { path: archive, bytes: statSync(archive).size };
  const clean = r.status === 0 && result.errors.length === 0;
  const elf = join(proj, 'build/xs_esp32.elf');
  const image = join(proj, 'build/xs_esp32.bin');
  if (o.stage === 'archive') result.reached = clean && result.archive !== undefined;
  else if (existsSync(elf) && existsSync(image)) {
    const partitions = join(boardDir, 'partitions.csv');
    const partitionBytes = appPartitionBytes(readFileSync(partitions, 'utf8'), partitions);
    const bytes = statSync(image).size;
    result.image = { path: image, bytes, partitionBytes, usedPercent: Math.round((bytes / partitionBytes) * 10000) / 100 };
    try {
      result.iram = checkElf(elf, join(o.toolchain, 'bin'));
    } catch (e) {
      result.iram = (e as Error).message;
    }
    try {
      result.heaps = bootHeaps(imageBounds(elf, join(o.toolchain, 'bin')));
    } catch (e) {
      result.heaps = (e as Error).message;
    }
    result.reached = clean && typeof result.iram !== 'string' && result.iram.faults.length === 0;
    const map = join(proj, 'build/xs_esp32.map');
    if (existsSync(map)) {
      result.map = map;
      const size = spawnSync('python', ['-m', 'esp_idf_size', '--format', 'json2', map], { env, encoding: 'utf8' });
      result.memory = size.status === 0 ? (JSON.parse(size.stdout) as unknown) : `esp_idf_size failed: ${size.stderr.trim()}`;
    }
  }
  return result;
}

function versions(o: Esp32BuildOptions, env: NodeJS.ProcessEnv): Record<string, string> {
  const first = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { env, encoding: 'utf8' });
    return r.status === 0 ? (r.stdout.trim().split('\n')[0] ?? '') : `(${cmd} failed)`;
  };
  return {
    gcc: first(join(o.toolchain, 'bin/xtensa-esp32-elf-gcc'), ['--version']),
    binutils: first(join(o.toolchain, 'bin/xtensa-esp32-elf-ld'), ['--version']),
    espIdf: git(o.idf, ['describe', '--tags', '--dirty']),
    moddable: git(env.MODDABLE ?? '.', ['describe', '--tags', '--always']),
    python: first(join(o.pythonEnv, 'bin/python'), ['--version']),
  };
}

function main(): void {
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let o: Esp32BuildOptions;
  try {
    o = parseArgs(process.argv.slice(2), process.env);
  } catch (e) {
    process.stderr.write(`build:esp32: ${(e as Error).message}\n`);
    process.exit(2);
  }
  const problems = preflight(o, process.env);
  if (problems.length > 0) {
    process.stderr.write(`build:esp32: not ready:\n${problems.map((p) => `  ${p}\n`).join('')}`);
    process.exit(2);
  }
  const out = resolve(o.network ? 'build/esp32' : 'build/esp32-nonet');
  mkdirSync(out, { recursive: true });
  const env = buildEnv(o, process.env, out);
  const summary = { stage: o.stage, versions: versions(o, env), boards: o.boards.map((b) => buildBoard(b, o, env, out)) };
  writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  for (const [k, v] of Object.entries(summary.versions)) process.stdout.write(`${k}: ${v}\n`);
  for (const b of summary.boards) {
    const what = b.image
      ? `image ${b.image.bytes} bytes of ${b.image.partitionBytes} (${b.image.usedPercent} % of the app partition)`
      : b.archive
        ? `xs_esp32.a ${b.archive.bytes} bytes`
        : 'nothing built';
    process.stdout.write(`${b.board}: ${b.reached ? 'reached' : 'FAILED'} ${o.stage} in ${b.seconds} s; ${what}; ${b.errors.length} error lines, ${b.ourWarnings.length} warnings in hosts/device (log: ${b.log})\n`);
    if (typeof b.iram === 'string') process.stdout.write(`  ${b.iram}\n`);
    else if (b.iram) {
      const flash = b.iram.reached.filter((f) => f.place === 'flash').map((f) => f.name);
      process.stdout.write(`  IRAM check: ${b.iram.reached.length} functions reachable from the capture's ISR, ${b.iram.faults.length} outside IRAM and ROM${flash.length > 0 ? ` (in flash behind the cache check: ${flash.join(', ')})` : ''}\n`);
      for (const f of b.iram.faults) process.stdout.write(`  NOT IN IRAM: ${f.name} at 0x${f.address.toString(16)} (${f.place}), via ${f.via.join(' > ')}\n`);
    }
    if (typeof b.heaps === 'string') process.stdout.write(`  ${b.heaps}\n`);
    else if (b.heaps) {
      const t = heapTotals(b.heaps);
      process.stdout.write(`  heap at boot: ${t.byteHeap} bytes for any malloc in ${b.heaps.filter((h) => h.kind !== 'IRAM').length} heaps (the largest ${t.largestByteHeap}), ${t.iramHeap} of IRAM for 32-bit allocations\n`);
    }
    for (const e of b.errors.slice(0, 15)) process.stdout.write(`  ${e}\n`);
    for (const w of b.ourWarnings) process.stdout.write(`  ${w}\n`);
  }
  process.stdout.write(`summary: ${join(out, 'summary.json')}\n`);
  process.exit(summary.boards.every((b) => b.reached) ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
