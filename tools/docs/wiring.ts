// `npm run wiring`: the installer's wiring table of a board, printed from its board.json (the same data
// its host provider hands the firmware), so the guide cannot drift from the pins the firmware uses.
//   npm run wiring                       every board's table, as markdown
//   npm run wiring -- reference-v1       one board
//   npm run wiring -- --update FILE      rewrites the tables between <!-- wiring:BOARD --> and <!-- /wiring -->
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardData } from '../../boards/types.ts';
import { BUTTONS, INPUT_ONLY, POCKETS, beamName, boardFolders, loadBoard } from '../boards.ts';

export interface WiringRow {
  part: string;
  signal: string;
  pin: string;
  address: string;
  channel: string;
}

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;
const gpio = (n: number) => `GPIO ${n}`;

/** One row per wire that matters: each beam, each button, the bus, and each part on the bus. */
export function wiringRows(b: BoardData): WiringRow[] {
  const rows: WiringRow[] = [];
  const row = (part: string, signal: string, pin: string, address = '', channel = '') => void rows.push({ part, signal, pin, address, channel });
  const twoBeams = b.table.beamGapMm > 0;
  for (let pocket = 0; pocket < POCKETS; pocket++) {
    for (const beam of twoBeams ? ([0, 1] as const) : ([0] as const)) {
      const which = twoBeams ? (beam === 0 ? ', upper beam a' : ', lower beam b') : '';
      const p = b.pin[beamName(pocket, beam)];
      // A pull-up keeps a pin whose beam wire came off at clear, instead of floating and firing the
      // capture's interrupt on noise. GPIO 34-39 have none inside: the board must have one
      // (hosts/device/capture/capture.c leaves them floating and turns the others' internal one on).
      const pull = INPUT_ONLY.has(p) ? '10 kΩ pull-up to 3.3 V on the board' : 'the ESP32\'s pull-up';
      row(`pocket ${pocket} gate${which}`, `beam signal (low = blocked), ${pull}`, gpio(p));
    }
  }
  for (const [key, name] of BUTTONS) row(`button ${name}`, 'to GND when pressed', gpio(b.pin[key]));
  const bus = `${gpio(b.i2c.data)}, ${gpio(b.i2c.clock)}`;
  row('I²C bus', 'SDA, SCL (pull-ups 4.7 kΩ to 3.3 V)', bus);
  row('display SSD1306 128×64', 'SDA, SCL', bus, hex(b.address.display));
  b.address.strips.forEach((a, seat) => row(`baseline strip, seat ${seat}`, 'SDA, SCL', bus, hex(a)));
  const { colourSwitch, colour } = b.address;
  if (colourSwitch !== undefined && colour !== undefined) {
    row('I²C switch TCA9548A', 'SDA, SCL', bus, hex(colourSwitch));
    // The sampler driver opens channel n to read pocket n (hosts/device/capture/sampler.h).
    for (let pocket = 0; pocket < POCKETS; pocket++) row(`colour sensor TCS34725, pocket ${pocket}`, `SD${pocket}, SC${pocket} of the switch`, '(switch)', hex(colour), String(pocket));
  }
  return rows;
}

/** The rows as a markdown table. */
export function wiringTable(b: BoardData): string {
  const lines = ['| part | signal | ESP32 pin | I²C address | switch channel |', '|---|---|---|---|---|'];
  for (const r of wiringRows(b)) lines.push(`| ${r.part} | ${r.signal} | ${r.pin} | ${r.address} | ${r.channel} |`);
  return `${lines.join('\n')}\n`;
}

const BLOCK = /<!-- wiring:([a-z0-9-]+) -->\n[\s\S]*?<!-- \/wiring -->/g;

/** `text` with every wiring block filled in from its board (boards/<name>). */
export function updateBlocks(text: string, root = 'boards'): string {
  return text.replace(BLOCK, (_, name: string) => `<!-- wiring:${name} -->\n${wiringTable(loadBoard(join(root, name)))}<!-- /wiring -->`);
}

/** The boards named in `text`'s wiring blocks, with the tables written there. */
export function blocksIn(text: string): { board: string; table: string }[] {
  return [...text.matchAll(BLOCK)].map((m) => ({ board: m[1], table: m[0].slice(m[0].indexOf('\n') + 1, -'<!-- /wiring -->'.length) }));
}

function main(args: string[]): number {
  try {
    if (args[0] === '--update') {
      if (!args[1]) throw new Error('--update needs the file to rewrite');
      const text = readFileSync(args[1], 'utf8');
      const next = updateBlocks(text);
      if (next !== text) writeFileSync(args[1], next);
      process.stderr.write(`${args[1]}: ${blocksIn(next).length} wiring tables ${next === text ? 'already up to date' : 'rewritten'}\n`);
      return 0;
    }
    const names = args.length > 0 ? args : boardFolders();
    const out = names.map((name) => {
      const b = loadBoard(name.includes('/') ? name : join('boards', name));
      return `## ${b.board}\n\n${b.about}\n\n${wiringTable(b)}`;
    });
    process.stdout.write(out.join('\n'));
    return 0;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
