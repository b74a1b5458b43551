// Reading and checking a board folder's board.json (boards/types.ts): the pin map the provider hands
// the firmware. A mistake here is a table that cannot start, or two parts on one pin, so every rule
// the ESP32 and the firmware impose is checked, with the file and the key in the message.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardData } from '../boards/types.ts';

export const POCKETS = 4;
export const SEATS = 4;
const PIECES = ['white', 'black', 'queen', 'striker'] as const;

/** GPIOs an ESP32 (WROOM/WROVER module) has: 6–11 are the module's flash, 20, 24 and 28–31 do not exist. */
const GPIOS = new Set([0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 25, 26, 27, 32, 33, 34, 35, 36, 37, 38, 39]);
/** Input only, without internal pull-ups: fine for a driven beam signal (with a pull-up on the board), not for a button or the bus. */
export const INPUT_ONLY: ReadonlySet<number> = new Set([34, 35, 36, 37, 38, 39]);
/** UART0 (the USB serial that flashes the board and prints trace()). */
const SERIAL = new Set([1, 3]);
/** Strapping pins read at reset that must not be high then: GPIO 12 high makes a WROOM-32 power its
 * flash at 1.8 V and not start; GPIO 2 high keeps the board from entering its bootloader to be flashed.
 * A lit beam (driven high) or an I²C line (pulled up) holds them high; a button to GND does not. */
const LOW_AT_RESET: ReadonlyMap<number, string> = new Map([
  [12, 'the module does not start (its flash is set to 1.8 V)'],
  [2, 'the board cannot be flashed over USB'],
]);

/** ESP32 errata 3.11: whenever SAR ADC1 or ADC2 powers up (Wi-Fi uses ADC2), GPIO 36 and 39 are pulled
 * low for about 80 ns, so an interrupt on both edges there fires on pulses that never were (esp-idf
 * issues 1096 and 4585). A beam's capture takes every edge: not on these pins. */
const GHOST_EDGES: ReadonlyMap<number, string> = new Map([
  [36, 'SENSOR_VP'],
  [39, 'SENSOR_VN'],
]);

export const beamName = (pocket: number, beam: 0 | 1) => `beam${pocket}${beam === 0 ? 'a' : 'b'}`;
export const BUTTONS = Object.freeze([['buttonUp', 'up'], ['buttonDown', 'down'], ['buttonSelect', 'select']] as const);

const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;

/** Everything wrong with a board, each as `key: what`; empty when it is fine. */
export function boardProblems(b: BoardData): string[] {
  const out: string[] = [];
  const bad = (key: string, what: string) => void out.push(`${key}: ${what}`);
  if (typeof b.board !== 'string' || !/^[a-z0-9-]+$/.test(b.board)) bad('board', 'a folder name (a-z, 0-9, -)');
  if (!b.table || !isInt(b.table.beamGapMm, 0, 50)) bad('table.beamGapMm', 'the beams\' distance in mm (0 for one beam)');
  const pins = b.pin ?? {};
  const used = new Map<number, string>();
  const usePin = (key: string, p: unknown, input: boolean) => {
    if (!isInt(p, 0, 39) || !GPIOS.has(p)) return bad(key, `${JSON.stringify(p)} is not a GPIO of an ESP32 module`);
    if (SERIAL.has(p)) bad(key, `GPIO ${p} is the USB serial (flashing and trace)`);
    if (!input && INPUT_ONLY.has(p)) bad(key, `GPIO ${p} is input only, without a pull-up`);
    const strap = LOW_AT_RESET.get(p);
    if (strap && key !== 'pin.buttonUp' && key !== 'pin.buttonDown' && key !== 'pin.buttonSelect') bad(key, `GPIO ${p} is a strapping pin: held high at reset (a lit beam, an I²C pull-up) ${strap}`);
    if (key.startsWith('pin.beam') && GHOST_EDGES.has(p)) bad(key, `GPIO ${p} (${GHOST_EDGES.get(p)}) takes ghost interrupts once Wi-Fi runs (ESP32 errata 3.11): a beam, captured on both edges, would see pulses that never were`);
    if (used.has(p)) bad(key, `GPIO ${p} is also ${used.get(p)}`);
    used.set(p, key);
  };
  const twoBeams = (b.table?.beamGapMm ?? 0) > 0;
  for (let pocket = 0; pocket < POCKETS; pocket++) {
    for (const beam of [0, 1] as const) {
      const name = beamName(pocket, beam);
      if (beam === 1 && !twoBeams) {
        if (name in pins) bad(`pin.${name}`, 'a lower beam on a one-beam table (beamGapMm 0)');
      } else if (!(name in pins)) bad(`pin.${name}`, 'missing');
      else usePin(`pin.${name}`, pins[name], true);
    }
  }
  for (const [key] of BUTTONS) {
    if (!(key in pins)) bad(`pin.${key}`, 'missing');
    else usePin(`pin.${key}`, pins[key], false);
  }
  const known = new Set<string>([...BUTTONS.map(([k]) => k), ...Array.from({ length: POCKETS * 2 }, (_, i) => beamName(i >> 1, (i & 1) as 0 | 1))]);
  for (const key of Object.keys(pins)) if (!known.has(key)) bad(`pin.${key}`, 'not a pin the firmware uses');
  usePin('i2c.data', b.i2c?.data, false);
  usePin('i2c.clock', b.i2c?.clock, false);
  if (!isInt(b.i2c?.hz, 10_000, 1_000_000)) bad('i2c.hz', 'the bus clock in Hz (400000)');
  // The sampler driver shares the controller that embedded:io/i2c opens: both are given this one.
  if (!isInt(b.i2c?.port, 0, 1)) bad('i2c.port', 'the ESP32\'s I²C controller the bus uses: 0 or 1');
  out.push(...addressProblems(b));
  return out;
}

function addressProblems(b: BoardData): string[] {
  const out: string[] = [];
  const a = b.address ?? ({} as BoardData['address']);
  const bus = new Map<number, string>();
  const onBus = (key: string, v: unknown) => {
    if (!isInt(v, 0x08, 0x77)) return void out.push(`${key}: ${JSON.stringify(v)} is not a 7-bit I²C address`);
    if (bus.has(v)) out.push(`${key}: 0x${v.toString(16)} is also ${bus.get(v)}`);
    bus.set(v, key);
  };
  onBus('address.display', a.display);
  if (!Array.isArray(a.strips) || a.strips.length !== SEATS) out.push(`address.strips: one address per seat (${SEATS})`);
  else a.strips.forEach((s, i) => onBus(`address.strips[${i}]`, s));
  const colour = a.colourSwitch !== undefined || a.colour !== undefined;
  if (colour) {
    onBus('address.colourSwitch', a.colourSwitch);
    if (isInt(a.colourSwitch, 0, 127) && (a.colourSwitch < 0x70 || a.colourSwitch > 0x77)) out.push('address.colourSwitch: a TCA9548A answers at 0x70 to 0x77');
    // Behind the switch, but the channel it opens joins the main bus: no one there may share it.
    if (!isInt(a.colour, 0x08, 0x77)) out.push(`address.colour: ${JSON.stringify(a.colour)} is not a 7-bit I²C address`);
    else if (bus.has(a.colour)) out.push(`address.colour: 0x${a.colour.toString(16)} is also ${bus.get(a.colour)} on the main bus`);
  }
  const cal = b.table?.calibration;
  if (colour && !cal) out.push('table.calibration: colour sensors need a calibration');
  if (!colour && cal) out.push('table.calibration: must be null without colour sensors (address.colourSwitch, address.colour)');
  if (cal) {
    for (const p of PIECES) {
      const rgb = cal[p];
      if (!Array.isArray(rgb) || rgb.length !== 3 || rgb.some((x) => typeof x !== 'number' || x < 0 || x > 1)) out.push(`table.calibration.${p}: [r, g, b], each 0 to 1`);
    }
  }
  return out;
}

/** A board folder's board.json, checked; throws `path: key: what` at the first file that is wrong. */
export function loadBoard(dir: string): BoardData {
  const path = join(dir, 'board.json');
  if (!existsSync(path)) throw new Error(`${path}: no such file (a board folder holds board.json)`);
  let data: BoardData;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as BoardData;
  } catch (e) {
    throw new Error(`${path}: ${(e as Error).message}`);
  }
  const problems = boardProblems(data);
  if (problems.length > 0) throw new Error(problems.map((p) => `${path}: ${p}`).join('\n'));
  return data;
}

/** The board folders under `root`: those with a board.json. */
export function boardFolders(root = 'boards'): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'board.json')))
    .map((d) => d.name)
    .sort();
}

/** The board's own modules as the Moddable build resolves them for `esp32:boards/<folder>` (files under
 * `root`, the project): `embedded:provider/builtin` from the board folder (the SDK's modules/io manifests
 * map it to `$(SUBPLATFORMDIRECTORY)/host/provider`, and a board folder without host/ is an error), which
 * hands on `carrom/provider` (the app's manifest.json, for esp32/*: one provider for every board), which
 * reads `carrom/board` (the board folder's manifest.json). Throws, naming the manifest, if one is missing.
 * The bundles that stand in for the SDK in Node and XS resolve them with this, and test/device/providers.
 * test.ts checks it against mcconfig's own makefile where the SDK is installed. */
export function boardModules(folder: string, root = '.'): Record<'embedded:provider/builtin' | 'carrom/provider' | 'carrom/board', string> {
  const dir = join(root, 'boards', folder);
  const manifest = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { modules?: Record<string, unknown>; platforms?: Record<string, { modules?: Record<string, unknown> }> };
  /** A module's file: the mapping's path, relative to its manifest, with the extension the file has. */
  const file = (from: string, mapped: unknown, name: string) => {
    const base = typeof mapped === 'string' ? join(from, mapped) : null;
    const found = base === null ? undefined : ['.js', '.json', '.ts'].map((x) => base + x).find((p) => existsSync(p));
    if (!found) throw new Error(`${join(from, 'manifest.json')}: "${name}" maps to no file (${String(mapped)})`);
    return found;
  };
  return {
    'embedded:provider/builtin': file(dir, './host/provider', 'embedded:provider/builtin'),
    'carrom/provider': file(root, manifest(join(root, 'manifest.json')).platforms?.['esp32/*']?.modules?.['carrom/provider'], 'carrom/provider'),
    'carrom/board': file(dir, manifest(join(dir, 'manifest.json')).modules?.['carrom/board'], 'carrom/board'),
  };
}
