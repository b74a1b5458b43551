// The reference table (boards/reference-v1) as the app's ports: beam edges from the capture driver,
// strip positions and colours over I²C, buttons, the SSD1306, the journal in littlefs, Time.microseconds.
import device from 'embedded:provider/builtin';
import Digital from 'embedded:io/digital';
import Time from 'time';
import Timer from 'timer';
import Capture from 'capture';
import type { DisplayPort } from '../../../src/app/app.ts';
import type { Reading } from '../../../src/sensing/types.ts';
import { fault } from '../../../src/app/selftest.ts';
import { describeBoard } from '../hardware.ts';
import type { Board, ReadingSource } from '../ports.ts';
import { PreferenceKey } from '../preference-key.ts';
import type { BoardTable } from '../../../boards/types.ts';
import { decodeEdges, EDGE_BYTES } from './beams.ts';
import { FileStorage } from '../net/file-storage.ts';
import type { Bus } from './i2c.ts';
import { ColourSensors, Strips } from './sensors.ts';
import { SSD1306 } from './ssd1306.ts';
import { BusQuiet } from './quiet.ts';

interface Addresses {
  display: number;
  strips: number[];
  colourSwitch?: number; // both absent: no colour sensors (boards/devkit-1beam)
  colour?: number;
}

const BEAMS = Object.freeze(['beam0a', 'beam0b', 'beam1a', 'beam1b', 'beam2a', 'beam2b', 'beam3a', 'beam3b']);

function pin(name: string): number {
  const p = device.pin[name];
  if (undefined === p) throw new Error(`no ${name} pin provided by device`);
  return p as number;
}

function micros(): number {
  const us = Time.microseconds;
  if (us === undefined) throw new Error('Time.microseconds is missing: include modules/base/microseconds');
  return us;
}

/** The OLED, or a log line once if it stops answering (naming the part and its pins, `named`): the table
 * plays on without its screen, and the self-test lists it in `faults` while it does not answer. A new
 * driver (at boot, after a fault) sends the whole frame: what the display holds is not known. */
function guardedDisplay(make: () => SSD1306, log: (text: string) => void, named: string, faults: string[]): DisplayPort & { close(): void } {
  let display: SSD1306 | null = null;
  let failed = false;
  /** True unless the driver stopped for quiet with pages pending (a failure pends nothing: the next
   * redraw sets the display up again and sends it all). */
  const attempt = (step: (d: SSD1306) => boolean | void): boolean => {
    try {
      display ??= make();
      const done = step(display);
      failed = false;
      if (faults.includes('display')) faults.splice(faults.indexOf('display'), 1);
      return done !== false;
    } catch (e) {
      display?.close();
      display = null; // set it up again next time: it may have lost power
      if (!failed) log(`carrom: ${named} (${e})`);
      if (!faults.includes('display')) faults.push('display');
      failed = true;
      return true;
    }
  };
  return {
    show: (frame, changed) => attempt((d) => d.show(frame, changed)),
    brightness: (level) => attempt((d) => d.brightness(level)),
    close: () => display?.close(),
  };
}

export function referenceBoard(): Board {
  const address = (device as unknown as { address?: Addresses }).address;
  if (!address) throw new Error('no I²C addresses provided by device (boards/reference-v1)');
  const bus = device.I2C.default as Bus;
  const log = (text: string) => trace(`${text}\n`);
  const timers: Timer[] = [];
  const open: { close(): void }[] = [];
  const hardware = describeBoard({ pin: device.pin as Record<string, number>, bus, address });
  const faults: string[] = [];
  // The display waits while a piece is in a gate or a strike was just read (quiet.ts).
  const quiet = new BusQuiet(micros);
  const display = guardedDisplay(() => new SSD1306(bus, address.display, quiet.quiet), log, fault('display', 'displayMissing', hardware).message, faults);
  open.push(display);
  // The board's beam gap and colour calibration (boards/<board>/board.json, handed out by its provider).
  const layout = (device as unknown as { table?: BoardTable }).table;
  return {
    table: layout,
    now: micros,
    sources(onReadable, onHealth = () => {}) {
      // No colour sensors on the board: the players name each piece.
      const colours = address.colourSwitch === undefined ? null : new ColourSensors(bus, address.colourSwitch, address.colour ?? 0x29, micros, onHealth);
      const colourReadings: Reading[] = [];
      const colourSource: ReadingSource = { read: () => colourReadings.splice(0), close: () => colours?.close() };
      const colourOf = (pocket: number) => {
        const r = colours?.read(pocket);
        if (r) colourReadings.push(r);
      };

      const raw = new ArrayBuffer(EDGE_BYTES * 64);
      const view = new DataView(raw);
      let pending: Reading[] = [];
      let lost = 0;
      const capture = new Capture({
        // A one-beam table (beamGapMm 0) has no lower beams: their channels get no pin (-1).
        pins: BEAMS.map((name, i) => ((i & 1) === 1 && layout?.beamGapMm === 0 ? -1 : pin(name))),
        onReadable() {
          for (let n = this.read(raw); n > 0; n = this.read(raw)) decodeEdges(view, n, pending, colourOf);
          if (this.lost !== lost) {
            lost = this.lost;
            log(`carrom: ${lost} beam edges lost (the ring was full)`);
          }
          onReadable(beams);
          if (colourReadings.length > 0) onReadable(colourSource);
        },
      });
      // Defensive: a capture driver without the getter has no view of its own; the app's gate still holds.
      quiet.blocked = () => (capture as { blocked?: number }).blocked ?? 0;
      const beams: ReadingSource = {
        read() {
          const out = pending;
          pending = [];
          for (const r of out) quiet.beam(r);
          return out;
        },
        close: () => capture.close(),
      };

      const strips = new Strips(bus, address.strips, micros, onHealth);
      const stripReadings: Reading[] = [];
      const stripSource: ReadingSource = { read: () => stripReadings.splice(0), close: () => strips.close() };
      timers.push(
        Timer.repeat(() => {
          strips.poll(stripReadings);
          for (const r of stripReadings) quiet.strip(r);
          if (stripReadings.length > 0) onReadable(stripSource);
        }, 20),
      );
      const sources = [beams, colourSource, stripSource];
      open.push(...sources);
      return sources;
    },
    buttons(onEdge) {
      const make = (name: 'up' | 'down' | 'select', p: string) =>
        new Digital({
          pin: pin(p),
          mode: Digital.InputPullUp,
          edge: Digital.Rising | Digital.Falling,
          onReadable() {
            onEdge(name, this.read() === 0, micros());
          },
        });
      const all = [make('up', 'buttonUp'), make('down', 'buttonDown'), make('select', 'buttonSelect')];
      const buttons = { close: () => all.forEach((d) => d.close()) };
      open.push(buttons);
      return buttons;
    },
    display,
    // The journal in littlefs beside the outbox, not in NVS: the 24 KiB NVS partition holds a board of
    // some 100 shots at most (about 180 bytes a shot and NVS's own entries), and a long family board
    // would fill it. An append is one open, write, close (file-storage.ts).
    storage: new FileStorage('journal'),
    every: (ms, fn) => void timers.push(Timer.repeat(fn, ms)),
    log,
    hardware,
    faults,
    calibration: new PreferenceKey('carromcal', 'table'),
    settings: new PreferenceKey('carromset', 'settings'),
    close() {
      for (const t of timers.splice(0)) Timer.clear(t);
      for (const o of open.splice(0)) o.close();
    },
  };
}
