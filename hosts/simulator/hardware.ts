// The virtual table's parts, as the self-test names them: the simulator has no pins, so each part is
// named by the page control that plays it (a fault from the fault controls names the virtual part).
import type { HardwarePart } from '../../src/app/selftest.ts';

const beams = [0, 1, 2, 3].flatMap((p) =>
  (['a', 'b'] as const).map((b) => ({ channel: `p${p}.${b}`, part: `VIRTUAL BEAM P${p} ${b === 'a' ? 'UPPER' : 'LOWER'}`, pin: 'SIM' })),
);

export const SIM_HARDWARE: readonly HardwarePart[] = Object.freeze([
  ...beams,
  ...[0, 1, 2, 3].map((p) => ({ channel: `p${p}.c`, part: `VIRTUAL COLOUR P${p}`, pin: 'SIM' })),
  ...[0, 1, 2, 3].map((s) => ({ channel: `s${s}`, part: `VIRTUAL STRIP SEAT ${s}`, pin: 'SIM' })),
  { channel: 'display', part: 'PAGE DISPLAY', pin: 'SIM' },
]);
