// Benchmarks of the table app in XS: the display's updates (render operations and bytes on the I²C bus,
// for each update of a match and for the full redraw a boot makes), a journal write, the heap after
// whole boards played through the app (sensing, rules, view, journal), and the size of the device bundle
// (and beside it, the sizes of the results server's pages' scripts: what a spectator's phone loads).
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PAGE_BUNDLES } from '../../server/pages/script.ts';
import { DEVICE, buildDevice, xsScript } from '../build.ts';
import { randomMatch } from '../random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { XsWorker } from '../xs/worker.ts';
import { fmt, median, max, table } from './stats.ts';
import { formatReading, formatTraceHeader } from '../../src/sensing/trace.ts';

const signed = (n: number) => (n > 0 ? `+${fmt(n)}` : fmt(n));

const WARM_UP = 3;

type Update = [boards: number, ops: number, bytes: number];
const RENDERS = 20;

/** The size of the device bundle as `npm run build` makes it (its constants kept const), which is the
 *  one flashed: a plain esbuild build here measured another bundle and left it for the next test. */
export async function deviceBundleBytes(): Promise<number> {
  await buildDevice(DEVICE);
  return statSync('build/device/esp32/carrom.js').size;
}

/** Each of the pages' scripts as `npm run build` made them (dist/NAME.js, minified): bytes, and gzipped (the
 *  default level, as a server or proxy that compresses would send it). */
export function pagesBundleBytes(): { name: string; bytes: number; gzip: number }[] {
  return PAGE_BUNDLES.map((name) => {
    const code = readFileSync(`dist/${name}.js`);
    return { name, bytes: code.length, gzip: gzipSync(code).length };
  });
}

/** The slots the manifests give the XS heap on the device (creation.heap: initial, no increment). */
function slotBudget(): number {
  const sizes = ['manifest.json', 'boards/reference-v1/manifest.json', 'boards/devkit-1beam/manifest.json'].map(
    (f) => (JSON.parse(readFileSync(f, 'utf8')) as { creation: { heap: { initial: number; incremental: number } } }).creation.heap,
  );
  return Math.min(...sizes.map((h) => h.initial + h.incremental));
}

export async function benchApp(): Promise<string> {
  const bundle = await deviceBundleBytes();
  const xs = new XsWorker();
  try {
    await xs.evaluate(await xsScript('tools/xs/app-entry.ts'));
    // The code and the frozen tables, loaded: on the device they are preloaded into flash.
    const code = await xs.liveSlots();
    const m = randomMatch(7, { rules: 'pt-fpc', clean: true, options: { matchTarget: 999, maxBoards: 10 } });
    const g = generateTrace(m.header, m.events, 7, NOISE.medium, LAYOUTS.reference);
    // Stream the readings one by one: the engine keeps only what the app keeps.
    await xs.command('start\n' + formatTraceHeader(g.header));
    const updates = async (): Promise<Update[]> => JSON.parse((await xs.command('updates')).reply.toString()) as Update[];
    await updates(); // the boot's frame (not counted: the counting starts after it)
    // Heap figures are the slots alive after a collection (liveSlots), taken after each reading: the
    // count after a redraw would add its garbage, or none when the display gate holds that redraw.
    const heapAt: Record<number, number> = { 0: await xs.liveSlots() };
    const first = await xs.command('render');
    const garbage = first.meter.currentHeapCount - heapAt[0];
    const startRenders: number[] = [];
    for (let i = 0; i < RENDERS; i++) await xs.command('render');
    // The full redraws' own operations (the driver's left out, as for the updates below) and bytes.
    const fulls = await updates();
    startRenders.push(...fulls.slice(1).map((u) => u[1]));
    const fullBytes = fulls.map((u) => u[2]);
    const played: Update[] = [];
    let done = 0;
    let highest = heapAt[0];
    for (const r of g.readings) {
      const a = await xs.command('reading\n' + formatReading(r));
      played.push(...(await updates())); // collected at once: the engine's heap holds the app's alone
      const live = await xs.liveSlots();
      highest = Math.max(highest, live); // the most the heap holds between two readings
      const [, boards] = a.reply.toString().split(' ');
      if (Number(boards) !== done) {
        done = Number(boards);
        heapAt[done] ??= live; // the first time: an undo may take the match back a board
      }
    }
    const inBoard = (b: number) => played.filter((u) => u[0] === b);
    const [b1, b10] = [inBoard(0), inBoard(9)];
    // A warm-up of each before counting: the first call after a change of screen or state does more.
    for (let i = 0; i < WARM_UP; i++) await xs.command('render');
    for (let i = 0; i < RENDERS; i++) await xs.command('render');
    const renders = (await updates()).slice(WARM_UP).map((u) => u[1]);
    for (let i = 0; i < WARM_UP; i++) await xs.command('journal');
    const writes: number[] = [];
    for (let i = 0; i < RENDERS; i++) writes.push((await xs.command('journal')).meter.compute);
    const rows = (label: string, us: Update[]): [string, string, string][] => [
      [`${label}: render XS operations per update (model + changed regions), median`, fmt(median(us.map((u) => u[1]))), `worst ${fmt(max(us.map((u) => u[1])))}; ${us.length} updates`],
      [`${label}: bytes on the I²C bus per update, median`, fmt(median(us.map((u) => u[2]))), `worst ${fmt(max(us.map((u) => u[2])))}`],
    ];
    return table(`The table app in XS (${fmt(g.stats.shots)} shots, ${done} boards of one match, medium noise; ${WARM_UP} calls of warm-up, then ${RENDERS} counted)`, [
      ['full redraw of the play screen (model + all pixels; boot, refresh) at the start of the match, median', fmt(median(startRenders)), `worst ${fmt(max(startRenders))}; first call ${fmt(fulls[0][1])}`],
      [`full redraw of the play screen (model + all pixels) after ${done} boards, median`, fmt(median(renders)), `worst ${fmt(max(renders))}`],
      ['bytes on the I²C bus for a full frame (boot, after a display fault)', fmt(median(fullBytes)), 'the driver sent 1,058 at every update before it sent pages'],
      ...rows('each display update of board 1', b1),
      ...rows('each display update of board 10', b10),
      ['journal write of one shot record, median', fmt(median(writes)), `worst ${fmt(max(writes))}`],
      ['heap slots of the code and frozen tables, loaded (after a GC)', fmt(code), 'xsnap counts them; on the device they are preloaded into flash'],
      ['heap slots at the start of the match (after a GC)', fmt(heapAt[0]), `+${fmt(heapAt[0] - code)} over the code: the app, its display and journal, made at boot`],
      ['heap slots after 1 board (after a GC)', fmt(heapAt[1] ?? NaN), `+${fmt((heapAt[1] ?? NaN) - heapAt[0])} over the start: a board in play (its events, kept for an undo, and the state they fold to)`],
      ['heap slots after 4 boards (after a GC)', fmt(heapAt[4] ?? NaN), `${signed((heapAt[4] ?? NaN) - (heapAt[1] ?? NaN))} over board 1`],
      ['heap slots after 8 boards (after a GC)', fmt(heapAt[8] ?? NaN), `growth from board 1 to 8: ${signed((heapAt[8] ?? NaN) - (heapAt[1] ?? NaN))}; from 4 to 8: ${signed((heapAt[8] ?? NaN) - (heapAt[4] ?? NaN))}`],
      ['the app\'s heap at its highest (after a GC, after any reading), over the code', fmt(highest - code), `of the ${fmt(slotBudget())} slots the manifests give the device (its host's own objects not counted)`],
      ['garbage a full redraw leaves for the collector', fmt(garbage), 'slots: the screen model and its strings, made at each update'],
      ['device bundle (build/device/esp32/carrom.js, minified)', `${fmt(bundle / 1024, 1)} KiB`],
      ...pagesBundleBytes().map((b): [string, string, string] => [`the pages' script dist/${b.name}.js (minified) / gzipped`, `${fmt(b.bytes / 1024, 1)} / ${fmt(b.gzip / 1024, 1)} KiB`, b.name === 'live' ? 'loaded by the pages with a live part only' : 'loaded by every page']),
    ]);
  } finally {
    xs.close();
  }
}
