// Bundles the device model (model/device) with the device host's own JavaScript (hosts/device/esp32/
// board.ts, hosts/device/table.ts, the app and everything below them) over the model's SDK modules, in
// place of the Moddable ones: for the XS engine (a script whose handleCommand runs a trace through the
// model, the meter read per handler) or as an ES module Node can import (the model's tests).
// esbuild is a development dependency: loaded when the model is bundled (`carrom sense --device`, the
// tests), so that the command line's bundle runs `carrom serve` on the production dependencies alone.
import type { Plugin } from 'esbuild';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { boardModules } from '../boards.ts';
import { scratchDir } from '../scratch.ts';

/** The project's root, from this file (tools/device/) or the command line's bundle (dist/). */
function root(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'carrom-table') return dir;
    if (dirname(dir) === dir) throw new Error('the device model: the project (package.json "carrom-table") is not above this file');
  }
}
const ROOT = root();
const resolve = (p: string) => join(ROOT, p);
const at = (p: string) => JSON.stringify(resolve(p));
const SDK = resolve('model/device/sdk.ts');
/** The reference board's modules, resolved as the Moddable build resolves them. */
const BOARD = boardModules('reference-v1', ROOT);
const MODULES: Record<string, string> = {
  'embedded:provider/builtin': `export { default } from ${JSON.stringify(BOARD['embedded:provider/builtin'])};`,
  'embedded:io/i2c': `export { I2C as default } from ${JSON.stringify(SDK)};`,
  'embedded:io/digital': `export { Digital as default } from ${JSON.stringify(SDK)};`,
  time: `export { Time as default } from ${JSON.stringify(SDK)};`,
  timer: `export { Timer as default } from ${JSON.stringify(SDK)};`,
  preference: `export { Preference as default } from ${JSON.stringify(SDK)};`,
  file: `export { File } from ${JSON.stringify(SDK)};`,
  'mc/config': `export { config as default } from ${JSON.stringify(SDK)};`,
  capture: `export { Capture as default } from ${at('model/device/capture.ts')};`,
  sampler: `export { Sampler as default } from ${at('model/device/sampler.ts')};`,
};

const fakeSdk: Plugin = {
  name: 'model-sdk',
  setup(b) {
    b.onResolve({ filter: /^carrom\/(board|provider)$/ }, (a) => ({ path: BOARD[a.path as 'carrom/board' | 'carrom/provider'] }));
    b.onResolve({ filter: /^(embedded:|time$|timer$|preference$|capture$|sampler$|file$|mc\/config$)/ }, (a) => {
      if (!(a.path in MODULES)) return { errors: [{ text: `the device model has no ${a.path} module` }] };
      return { path: a.path, namespace: 'model-sdk' };
    });
    b.onLoad({ filter: /.*/, namespace: 'model-sdk' }, (a) => ({ contents: MODULES[a.path], resolveDir: ROOT, loader: 'ts' }));
  },
};

/** The firmware bound to the model's Firmware interface (model/device/run.ts). Not a file: the Node
 * typecheck would follow it into code that needs the SDK's typings. */
const FIRMWARE = `
import { referenceBoard } from ${at('hosts/device/esp32/board.ts')};
import { start } from ${at('hosts/device/table.ts')};
import { Sync } from ${at('src/sync/sync.ts')};
import { modelSync } from ${at('model/device/network.ts')};
import board from 'carrom/board';
const BEAMS = ['beam0a', 'beam0b', 'beam1a', 'beam1b', 'beam2a', 'beam2b', 'beam3a', 'beam3b'];
export const firmware = {
  boot(match, table, delivered) {
    const b = referenceBoard();
    const sources = b.sources.bind(b);
    // Every batch the board hands the app, seen on its way (the model's record, not the firmware's).
    b.sources = (onReadable, onHealth) =>
      sources((source) => onReadable({ read: () => { const r = source.read(); if (r.length > 0) delivered(r); return r; }, close: () => source.close() }), onHealth);
    // A table set up for results: its sync core runs, and sends a shot message after each shot at rest
    // over the model's network (model/device/network.ts).
    return start(b, match, table, new Sync(modelSync()));
  },
  // The app dates its log from the clock it read as the match began (src/app/match/kept-match.ts begin:
  // offsetMs = -floor(now / 1000)); the model reads that field, the one private thing it looks at,
  // only to play the trace on the same time origin.
  origin: (app) => -app.kept.offsetMs * 1000,
  beamPins: () => BEAMS.map((name, i) => ((i & 1) === 1 && board.table.beamGapMm === 0 ? -1 : board.pin[name])),
};
export { runDevice, refuseTable } from ${at('model/device/run.ts')};
export { Device } from ${at('model/device/world.ts')};
export { fixedMeter, xsMeter } from ${at('model/device/meter.ts')};
export { FIGURES } from ${at('model/device/figures.ts')};
export { requests } from ${at('model/device/network.ts')};
`;

/** The XS command: "run\\n<options JSON>\\n<trace>" → the run's result as JSON (or "error\\n…"). */
const XS_COMMANDS = `
import { commands } from ${at('tools/xs/command.ts')};
import { parseTrace } from ${at('src/sensing/trace.ts')};
import { firmware, runDevice, refuseTable, xsMeter } from ${at('model/device/entry-firmware')};
commands((op, body) => {
  if (op !== 'run') return 'error\\nunknown command ' + op;
  const nl = body.indexOf('\\n');
  const options = JSON.parse(body.slice(0, nl));
  const trace = parseTrace(body.slice(nl + 1));
  if (!trace.ok) return 'error\\n' + trace.error.line + ': ' + trace.error.reason;
  const refused = refuseTable(trace.value.header, 10);
  if (refused) return 'error\\n' + refused;
  try {
    const r = runDevice(trace.value.header, trace.value.readings, firmware, { ...options, meter: xsMeter() });
    return JSON.stringify(r);
  } catch (e) {
    return 'error\\n' + (e && e.message ? e.message : String(e));
  }
});
`;

const firmwarePlugin: Plugin = {
  name: 'firmware-entry',
  setup(b) {
    b.onResolve({ filter: /entry-firmware$/ }, () => ({ path: 'firmware', namespace: 'firmware-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'firmware-entry' }, () => ({ contents: FIRMWARE, resolveDir: ROOT, loader: 'ts' }));
  },
};

async function bundle(contents: string, format: 'iife' | 'esm'): Promise<string> {
  const { build } = await import('esbuild');
  const r = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'device-model.ts' },
    bundle: true,
    write: false,
    format,
    platform: 'neutral',
    target: 'es2022',
    logLevel: 'error',
    plugins: [fakeSdk, firmwarePlugin],
  });
  return r.outputFiles[0].text;
}

/** The script for xsnap-worker: defines handleCommand ("run"). */
export function deviceModelScript(): Promise<string> {
  return bundle(XS_COMMANDS, 'iife');
}

/** The same model and firmware as an ES module for Node (file URL to import). */
export async function deviceModelModule(): Promise<string> {
  const code = await bundle(`export * from 'entry-firmware';`, 'esm');
  const file = join(scratchDir('model'), 'device-model.mjs');
  writeFileSync(file, code);
  return pathToFileURL(file).href;
}
