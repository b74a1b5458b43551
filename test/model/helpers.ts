// The device model with the firmware (tools/device/bundle.ts, as an ES module: the model and the
// firmware share one copy of the fake SDK's world), and small traces written by hand.
import { deviceModelModule } from '../../tools/device/bundle.ts';
import type { Reading, TraceHeader } from '../../src/sensing/types.ts';
import { parseTrace } from '../../src/sensing/trace.ts';
import type { Device } from '../../model/device/world.ts';
import type { Meter } from '../../model/device/meter.ts';
import type { Firmware, RunOptions, RunResult } from '../../model/device/run.ts';

interface Bundle {
  runDevice(header: TraceHeader, readings: readonly Reading[], firmware: Firmware, o: RunOptions): RunResult;
  firmware: Firmware;
  fixedMeter(ops: number): Meter;
}

let loaded: Promise<Bundle> | null = null;
export function bundle(): Promise<Bundle> {
  loaded ??= deviceModelModule().then((url) => import(url) as Promise<Bundle>);
  return loaded;
}

export const TRACE_HEADER =
  '{"carrom-trace": 1, "table": "reference-v1", "beamGapMm": 10, "stripMm": 530, "calibration": {"white": [0.36, 0.34, 0.30], "black": [0.30, 0.33, 0.37], "queen": [0.55, 0.22, 0.23], "striker": [0.33, 0.33, 0.34]}, "match": {"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0}}';

/** A man through pocket `p` at 5 m/s from `t` µs: the upper beam blocked 6 ms, the lower 2 ms later. */
export function piece(t: number, p: number, rgb: [number, number, number] = [0.36, 0.34, 0.3]): string[] {
  return [
    `{"t": ${t}, "ch": "p${p}.a", "v": 0}`,
    `{"t": ${t + 2000}, "ch": "p${p}.b", "v": 0}`,
    `{"t": ${t + 3000}, "ch": "p${p}.c", "v": [${rgb.join(', ')}]}`,
    `{"t": ${t + 6000}, "ch": "p${p}.a", "v": 1}`,
    `{"t": ${t + 8000}, "ch": "p${p}.b", "v": 1}`,
  ];
}

/** Runs the firmware over `lines` (readings in time order; the header added) and gives the device too. */
export async function play(lines: string[], o: Partial<RunOptions> = {}): Promise<{ r: RunResult; d: Device }> {
  const b = await bundle();
  const trace = parseTrace([TRACE_HEADER, ...lines].join('\n'));
  if (!trace.ok) throw new Error(`${trace.error.line}: ${trace.error.reason}`);
  let d: Device | null = null;
  const r = b.runDevice(trace.value.header, trace.value.readings, b.firmware, {
    capture: 'iram', // this tree's capture.c (tools/device/xs.ts FIRMWARE_CAPTURE); a test asks for 'today' itself
    colour: 'auto',
    strips: 'auto',
    opsPerMs: 2000,
    meter: b.fixedMeter(2000), // 1 ms a handler: these tests are about the mechanisms, not XS speed
    keepReadings: true,
    ...o,
    prepare: (dev) => {
      d = dev;
      dev.bus.keep = true;
      o.prepare?.(dev);
    },
  });
  return { r, d: d! };
}
