// The ESP32 host on each board folder, in Node: hosts/device/esp32/board.ts bundled with the board's
// real host provider and board.json, and fakes of the SDK's IO modules that record what the host opens.
// The one-beam, no-colour board must give capture no lower beams and the sampler no colour sensors.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { BoardData } from '../../boards/types.ts';
import type { Board } from '../../hosts/device/ports.ts';
import type { start } from '../../hosts/device/table.ts';
import { boardModules, loadBoard } from '../../tools/boards.ts';
import { scratchDir } from '../../tools/scratch.ts';

/** What the fakes saw: every I²C device JavaScript opened, and the capture and sampler drivers' options. */
interface SamplerOptions {
  i2c: { data: number; clock: number; hz: number; port?: number };
  colour?: { switch: number; sensor: number; integrationUs: number };
  strips: number[];
  stripEveryUs: number;
}
interface Seen {
  i2c: { address: number; writes: number[][] }[];
  capture: { pins: number[] } | null;
  sampler: SamplerOptions | null;
}

const FAKES: Record<string, string> = {
  'embedded:io/i2c': `export default class I2C {
    constructor(o) { this.log = { address: o.address, writes: [] }; globalThis.__seen.i2c.push(this.log); }
    write(b) {
      if (globalThis.__silent.includes(this.log.address)) throw new Error('I2C: no acknowledge from ' + this.log.address);
      this.log.writes.push([...new Uint8Array(b.buffer ?? b)]);
    }
    read(n) { return new Uint8Array(n).fill(0xff).buffer; }
    close() {}
  }`,
  'embedded:io/digital': `export default class Digital {
    static InputPullUp = 1; static Rising = 1; static Falling = 2;
    constructor(o) { this.o = o; } read() { return 1; } close() {}
  }`,
  capture: `export default class Capture {
    constructor(o) { globalThis.__seen.capture = o; } read() { return 0; } close() {} get lost() { return 0; } get refused() { return 0; } get blocked() { return 0; }
  }`,
  sampler: `export default class Sampler {
    constructor(o) { globalThis.__seen.sampler = o; } read() { return 0; } close() {} get lost() { return 0; } get refused() { return 0; }
  }`,
  time: `let us = 0; export default { get microseconds() { return (us += 1000); }, get ticks() { return us / 1000; } };`,
  timer: `export default { repeat() { return {}; }, set() { return {}; }, clear() {} };`,
  // The journal's files: enough of the SDK's File for file-storage.ts (the board test has the whole contract).
  file: `const fs = new Map(); export class File {
    constructor(p, w) { if (!w && !fs.has(p)) throw new Error('no ' + p); if (!fs.has(p)) fs.set(p, new Uint8Array(0)); this.p = p; this.position = 0; }
    get length() { return fs.get(this.p).length; }
    read(type, n) { const b = fs.get(this.p).slice(this.position, n === undefined ? undefined : this.position + n); this.position += b.length; return b.buffer; }
    write(v) { const a = new Uint8Array(v), b = fs.get(this.p), o = new Uint8Array(b.length + a.length); o.set(b); o.set(a, b.length); fs.set(this.p, o); }
    close() {}
    static exists(p) { return fs.has(p); } static delete(p) { return fs.delete(p); }
  }`,
  'mc/config': `export default { file: { root: '/littlefs/' } };`,
  preference: `const m = new Map(); export default {
    get: (d, k) => m.get(d + '/' + k), set: (d, k, v) => void m.set(d + '/' + k, v),
    delete: (d, k) => void m.delete(d + '/' + k), keys: (d) => [...m.keys()].filter((k) => k.startsWith(d + '/')).map((k) => k.slice(d.length + 1)),
  };`,
};

function sdk(folder: string): Plugin {
  return {
    name: 'sdk',
    setup(b) {
      // The board's provider, the one it hands on and its board.json, found as the Moddable build finds them.
      const own = boardModules(folder, resolve('.'));
      b.onResolve({ filter: /^(embedded:provider\/builtin|carrom\/provider|carrom\/board)$/ }, (a) => ({ path: own[a.path as keyof typeof own] }));
      b.onResolve({ filter: /^(embedded:io\/(i2c|digital)|capture|sampler|time|timer|preference|file|mc\/config)$/ }, (a) => ({ path: a.path, namespace: 'fake' }));
      b.onLoad({ filter: /.*/, namespace: 'fake' }, (a) => ({ contents: FAKES[a.path], loader: 'js' }));
    },
  };
}

const dir = scratchDir('board');

/** The device host as it starts on `folder`: the board, what it opened, and the app started on it. */
async function boot(folder: string, silent: number[] = []) {
  const out = join(dir, `${folder}.mjs`);
  const entry = `export { referenceBoard } from ${JSON.stringify(resolve('hosts/device/esp32/board.ts'))};
export { start } from ${JSON.stringify(resolve('hosts/device/table.ts'))};`;
  await build({ stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, format: 'esm', platform: 'neutral', outfile: out, plugins: [sdk(folder)], logLevel: 'error' });
  const seen: Seen = { i2c: [], capture: null, sampler: null };
  const traced: string[] = [];
  const g = globalThis as unknown as { __seen: Seen; __silent: number[]; trace?: (s: string) => void };
  g.__seen = seen;
  g.__silent = silent; // I²C addresses that do not answer
  g.trace = (s) => void traced.push(s);
  // Typed here, not imported: board.ts is typed against the SDK, which the Node typecheck does not see.
  const m = (await import(pathToFileURL(out).href)) as { referenceBoard(): Board; start: typeof start };
  const board = m.referenceBoard();
  const app = m.start(board);
  return { board, app, seen, traced, data: loadBoard(`boards/${folder}`) as BoardData };
}

const opened = (seen: Seen) => [...new Set(seen.i2c.map((d) => d.address))].sort((a, b) => a - b);

describe('the ESP32 host on each board folder (fake SDK IO)', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));
  it('devkit-1beam: capture gets the four upper beams and no lower ones; no colour sensor is opened; the app runs one-beam, without colour', async () => {
    const { board, app, seen, data } = await boot('devkit-1beam');
    assert.deepEqual(seen.capture?.pins, [data.pin.beam0a, -1, data.pin.beam1a, -1, data.pin.beam2a, -1, data.pin.beam3a, -1]);
    assert.equal(seen.sampler?.colour, undefined, 'the sampler is given no colour sensors');
    assert.deepEqual(seen.sampler?.strips, data.address.strips);
    // JavaScript opens the display, and one device at a reserved address that holds the bus for the sampler (sampler.c).
    assert.deepEqual(opened(seen), [data.address.display, 0x7f]);
    assert.deepEqual(board.table, { beamGapMm: 0, calibration: null });
    assert.equal(app.state.board.number, 1);
  });

  it('reference-v1: eight beams in channel order (pocket × 2 + beam); the sampler gets the bus, the switch and the colour sensors', async () => {
    const { board, seen, data } = await boot('reference-v1');
    const names = [0, 1, 2, 3].flatMap((p) => [`beam${p}a`, `beam${p}b`]);
    assert.deepEqual(seen.capture?.pins, names.map((n) => data.pin[n]));
    const { i2c, colour, strips, stripEveryUs } = seen.sampler!;
    assert.deepEqual({ i2c, colour, strips, stripEveryUs }, {
      i2c: data.i2c,
      colour: { switch: data.address.colourSwitch, sensor: data.address.colour, integrationUs: 2400 },
      strips: data.address.strips,
      stripEveryUs: 5000,
    });
    const addresses = opened(seen);
    assert.ok(!addresses.includes(data.address.colourSwitch!) && !addresses.includes(data.address.colour!), `no colour sensor from JavaScript: ${addresses.map((a) => a.toString(16)).join(' ')}`);
    assert.equal(board.table?.beamGapMm, 10);
    assert.deepEqual(board.table?.calibration, data.table.calibration);
  });

  it('reference-v1 without a display: the table starts, and the debug log names the part, its bus pins and address', async () => {
    const { app, board, traced, data } = await boot('reference-v1', [0x3c]);
    assert.equal(data.address.display, 0x3c);
    const said = traced.filter((l) => l.startsWith(`carrom: display does not answer: SSD1306 DISPLAY, GPIO${data.i2c.data}/${data.i2c.clock} 0x3C (`));
    assert.equal(said.length, 1, traced.join(''));
    assert.deepEqual(board.faults, ['display'], 'the self-test lists it');
    assert.equal(app.state.board.number, 1);
    app.refresh(); // drawing goes nowhere, and does not throw
  });

  it('the self-test names the pins of the board it runs on: eight beams and colour on reference-v1, four upper beams on devkit-1beam', async () => {
    const ref = await boot('reference-v1');
    assert.deepEqual(ref.board.hardware?.find((h) => h.channel === 'p1.b'), { channel: 'p1.b', part: 'IR RX P1 LOWER', pin: `GPIO${ref.data.pin.beam1b}` });
    assert.ok(ref.board.hardware?.some((h) => h.channel === 'p3.c'));
    const devkit = await boot('devkit-1beam');
    const channels = devkit.board.hardware?.map((h) => h.channel) ?? [];
    assert.deepEqual(channels.filter((c) => c.startsWith('p')), ['p0.a', 'p1.a', 'p2.a', 'p3.a']);
  });
});
