// A board's parts as the self-test names them, for app tests: described by the device host's own
// describeBoard (hosts/device/hardware.ts) over the board's data (boards/<folder>/board.json), as the
// device does at boot, so that a pin moved on the board moves in the tests too (pocket 1 left GPIO 36/39).
import { readFileSync } from 'node:fs';
import { describeBoard } from '../../hosts/device/hardware.ts';
import type { HardwarePart } from '../../src/app/install/selftest.ts';

export type BoardFolder = 'reference-v1' | 'devkit-1beam';

/** Every part of the board in `boards/<folder>`: beams, colour sensors, strips, display, buttons. */
export function boardParts(folder: BoardFolder = 'reference-v1'): HardwarePart[] {
  const b = JSON.parse(readFileSync(`boards/${folder}/board.json`, 'utf8'));
  return describeBoard({ pin: b.pin, bus: b.i2c, address: b.address });
}

/** The part the board has on `channel` ('p1.a', 's3', 'display'…); throws if it has none. */
export function partOf(channel: string, folder: BoardFolder = 'reference-v1'): HardwarePart {
  const part = boardParts(folder).find((p) => p.channel === channel);
  if (!part) throw new Error(`boards/${folder} has no part on channel ${channel}`);
  return part;
}
