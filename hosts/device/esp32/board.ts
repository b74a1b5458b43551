// The reference table (boards/reference-v1) as the app's ports: beam edges from the capture driver,
// strip positions and colours over I²C, buttons, the SSD1306, the journal in NVS, Time.microseconds.
import device from 'embedded:provider/builtin';
import Digital from 'embedded:io/digital';
import I2C from 'embedded:io/i2c';
import Time from 'time';
import Timer from 'timer';
import Capture from 'capture';
import type { Reading } from '../../../src/sensing/types.ts';
import type { DisplayPort } from '../../../src/app/app.ts';
import { describeBoard } from '../hardware.ts';
import type { Board, ReadingSource } from '../ports.ts';
import { PreferenceKey } from '../preference-key.ts';
import type { BoardTable } from '../../../boards/types.ts';
import { PreferenceStorage } from './preference-storage.ts';
import { SSD1306 } from './ssd1306.ts';

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

/** The SSD1306, or nothing if it does not answer (then the table runs blind and says so in the log). */
function openDisplay(options: { data: number; clock: number; hz: number; address: number }, faults: string[], log: (text: string) => void): DisplayPort {
  let display: SSD1306;
  try {
    display = new SSD1306(options);
  } catch {
    faults.push('display');
    return { show() {} };
  }
  let failed = false;
  return {
    show(frame) {
      try {
        display.show(frame);
      } catch (e) {
        // A display that stops answering must not stop the table: note it once, keep counting.
        if (!failed) log(`carrom: display stopped answering: ${e}`);
        failed = true;
      }
    },
    brightness(level) {
      try {
        display.brightness(level);
      } catch {}
    },
  };
}

export function referenceBoard(): Board {
  const address = (device as unknown as { address?: Addresses }).address;
  if (!address) throw new Error('no I²C addresses provided by device (boards/reference-v1)');
  const bus = device.I2C.default as { data: number; clock: number; hz: number };
  const sources: ReadingSource[] = [];
  const faults: string[] = [];
  const log = (text: string) => trace(`${text}\n`);
  // The board's beam gap and colour calibration (boards/<board>/board.json, handed out by its provider).
  const layout = (device as unknown as { table?: BoardTable }).table;
  return {
    table: layout,
    now: micros,
    sources(onReadable) {
      // Beam edges: timestamped in the ISR; the low 32 bits of µs are unwrapped here.
      const raw = new ArrayBuffer(8 * 64);
      const view = new DataView(raw);
      let high = 0;
      let last = 0;
      let pending: Reading[] = [];
      const beams: ReadingSource = {
        read() {
          const out = pending;
          pending = [];
          return out;
        },
        close: () => capture.close(),
      };
      const capture = new Capture({
        // A one-beam table (beamGapMm 0) has no lower beams: their channels get no pin (-1).
        pins: BEAMS.map((name, i) => ((i & 1) === 1 && layout?.beamGapMm === 0 ? -1 : pin(name))),
        onReadable() {
          for (let n = this.read(raw); n > 0; n = this.read(raw)) {
            for (let i = 0; i < n; i++) {
              const low = view.getUint32(i * 8, true);
              if (low < last) high += 0x1_0000_0000;
              last = low;
              const channel = view.getUint8(i * 8 + 4);
              const level = view.getUint8(i * 8 + 5);
              pending.push({ t: high + low, kind: 'beam', pocket: channel >> 1, beam: (channel & 1) as 0 | 1, blocked: level === 0 });
              // A piece blocks the upper beam: read its colour while it is there.
              if ((channel & 1) === 0 && level === 0) colourOf(channel >> 1);
            }
          }
          onReadable(beams);
        },
      });
      sources.push(beams);

      // Colour: TCS34725 n behind channel n of the TCA9548A switch; read clear, red, green, blue.
      const colourSwitch = address.colourSwitch === undefined ? null : new I2C({ ...bus, address: address.colourSwitch });
      const colour = colourSwitch && new I2C({ ...bus, address: address.colour ?? 0x29 });
      for (let p = 0; colourSwitch && colour && p < 4; p++) {
        try {
          colourSwitch.write(Uint8Array.of(1 << p));
          colour.write(Uint8Array.of(0x80 | 0x00, 0x03)); // power on, RGBC enable
        } catch {
          faults.push(`p${p}.c`); // no answer: its pieces go unnamed, the self-test names it
        }
      }
      const colours: Reading[] = [];
      const colourSource: ReadingSource = { read: () => colours.splice(0), close() {} };
      function colourOf(pocket: number) {
        if (!colourSwitch || !colour) return; // no colour sensors: the players name each piece
        let d: DataView;
        try {
          colourSwitch.write(Uint8Array.of(1 << pocket));
          colour.write(Uint8Array.of(0x80 | 0x20 | 0x14)); // auto-increment from CDATAL
          d = new DataView(colour.read(8));
        } catch {
          return; // no reading: the sensing layer names it a man and asks; the self-test sees no answer
        }
        const r = d.getUint16(2, true);
        const g = d.getUint16(4, true);
        const b = d.getUint16(6, true);
        const sum = r + g + b;
        if (sum === 0) return; // nothing read: the sensing layer names it a man and asks
        colours.push({ t: micros(), kind: 'colour', pocket, rgb: [r / sum, g / sum, b / sum] });
        onReadable(colourSource);
      }
      sources.push(colourSource);

      // Strips: each controller answers the striker's position in mm, 0xFFFF when there is none; polled at 50 Hz.
      const strips = address.strips.map((a) => new I2C({ ...bus, address: a }));
      const lastMm: (number | null | undefined)[] = [undefined, undefined, undefined, undefined];
      const stripReadings: Reading[] = [];
      const stripSource: ReadingSource = { read: () => stripReadings.splice(0), close() {} };
      Timer.repeat(() => {
        strips.forEach((s, seat) => {
          let v: number;
          try {
            v = new DataView(s.read(2)).getUint16(0, true);
          } catch {
            return; // a strip that does not answer reports nothing: the self-test names it
          }
          const mm = v === 0xffff ? null : v;
          if (mm !== lastMm[seat]) {
            lastMm[seat] = mm;
            stripReadings.push({ t: micros(), kind: 'strip', seat, mm });
          }
        });
        if (stripReadings.length > 0) onReadable(stripSource);
      }, 20);
      sources.push(stripSource);
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
      return { close: () => all.forEach((d) => d.close()) };
    },
    display: openDisplay({ ...bus, address: address.display }, faults, log),
    storage: new PreferenceStorage(),
    every: (ms, fn) => void Timer.repeat(fn, ms),
    log,
    hardware: describeBoard({ pin: device.pin as Record<string, number>, bus, address }),
    faults,
    calibration: new PreferenceKey('carromcal', 'table'),
  };
}
