// The board's parts as the self-test names them: each channel with its part and the pin (or I²C bus
// pins and address) it is wired to, built from the board's own provider (boards/reference-v1), never
// from literals here.
import type { BoardAddresses } from '../../boards/types.ts';
import type { HardwarePart } from '../../src/app/install/selftest.ts';

export interface BoardWiring {
  /** device.pin: beam0a…beam3b, buttonUp, buttonDown, buttonSelect. */
  pin: Readonly<Record<string, number>>;
  bus: { data: number; clock: number };
  address: BoardAddresses;
}

const hex = (n: number) => `0x${n.toString(16).toUpperCase().padStart(2, '0')}`;

export function describeBoard(w: BoardWiring): HardwarePart[] {
  const i2c = `GPIO${w.bus.data}/${w.bus.clock}`;
  const parts: HardwarePart[] = [];
  for (let p = 0; p < 4; p++) {
    for (const b of ['a', 'b'] as const) {
      const gpio = w.pin[`beam${p}${b}`];
      // A one-beam board has no lower beams: nothing to name.
      if (gpio !== undefined) parts.push({ channel: `p${p}.${b}`, part: `IR RX P${p} ${b === 'a' ? 'UPPER' : 'LOWER'}`, pin: `GPIO${gpio}` });
    }
    const { colourSwitch, colour = 0x29 } = w.address;
    if (colourSwitch !== undefined) parts.push({ channel: `p${p}.c`, part: `TCS34725 P${p} AT ${hex(colour)}`, pin: `${i2c} ${hex(colourSwitch)}:${p}` });
  }
  w.address.strips.forEach((a, seat) => parts.push({ channel: `s${seat}`, part: `STRIP SEAT ${seat}`, pin: `${i2c} ${hex(a)}` }));
  parts.push({ channel: 'display', part: 'SSD1306 DISPLAY', pin: `${i2c} ${hex(w.address.display)}` });
  for (const [channel, name] of [
    ['up', 'buttonUp'],
    ['down', 'buttonDown'],
    ['select', 'buttonSelect'],
  ] as const) {
    const gpio = w.pin[name];
    parts.push({ channel, part: `BUTTON ${channel.toUpperCase()}`, pin: gpio === undefined ? 'NO PIN' : `GPIO${gpio}` });
  }
  return parts;
}
