// The virtual table's parts, as the self-test names them: the simulator has no pins, so each part is
// named by the page control that plays it, its pin VIRTUAL (a fault from the fault controls names the
// virtual part). Each fits a row of the self-test.
import type { HardwarePart } from '../../src/app/install/selftest.ts';

const beams = [0, 1, 2, 3].flatMap((p) =>
  (['a', 'b'] as const).map((b) => ({ channel: `p${p}.${b}`, part: `BEAM P${p} ${b === 'a' ? 'UPPER' : 'LOWER'}`, pin: 'VIRTUAL' })),
);

export const SIM_HARDWARE: readonly HardwarePart[] = Object.freeze([
  ...beams,
  ...[0, 1, 2, 3].map((p) => ({ channel: `p${p}.c`, part: `COLOUR SENSOR P${p}`, pin: 'VIRTUAL' })),
  ...[0, 1, 2, 3].map((s) => ({ channel: `s${s}`, part: `STRIP SEAT ${s}`, pin: 'VIRTUAL' })),
  { channel: 'display', part: 'PAGE DISPLAY', pin: 'VIRTUAL' },
]);
