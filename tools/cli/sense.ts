// `carrom sense TRACE|- [--health] [--device [--ops-per-ms N]]`: the match log a sensor trace makes
// (docs/formats.md §2); with --device, the match log the device would write, through the device model
// (model/device, docs/device-model.md): the firmware's own board and app in XS, over the model's
// interrupt, queue, I²C and flash, at N XS operations per ms.
import { formatLog } from '../../src/rules/index.ts';
import { parseTrace, senseTrace } from '../../src/sensing/index.ts';
import { FIGURES } from '../../model/device/figures.ts';
import { headerLine, readInput, refusedMatch } from './io.ts';
import type { Output } from './replay.ts';

const USAGE = 'usage: carrom sense TRACE.jsonl|- [--health] [--device [--ops-per-ms N]]';

interface Parsed {
  path: string | undefined;
  health: boolean;
  device: boolean;
  opsPerMs: number;
}

function parse(args: string[]): Parsed | Output {
  const refuse = (message: string): Output => ({ code: 2, stdout: '', stderr: `carrom sense: ${message}\n${USAGE}\n` });
  const paths: string[] = [];
  let health = false;
  let device = false;
  let ops: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--health') health = true;
    else if (a === '--device') device = true;
    else if (a === '--ops-per-ms') {
      if (i + 1 >= args.length) return refuse('--ops-per-ms needs a number');
      ops = args[++i];
    } else if (a.startsWith('-') && a !== '-') return refuse(`unknown option "${a}"`); // as replay does: never ignored
    else paths.push(a);
  }
  if (ops !== null && !device) return refuse('--ops-per-ms is the device model\'s speed: it needs --device');
  const opsPerMs = ops === null ? FIGURES.opsPerMs : Number(ops);
  if (!(Number.isFinite(opsPerMs) && opsPerMs > 0)) return refuse(`--ops-per-ms must be a positive number, not "${ops}"`);
  if (health && device) return refuse('--health is not given with --device (the model prints the log the device writes)');
  if (paths.length > 1) return refuse(`one trace at a time, not ${paths.map((p) => `"${p}"`).join(' and ')}`);
  return { path: paths[0], health, device, opsPerMs };
}

/** The trace, or the Output that refuses it. */
function load(path: string | undefined) {
  const input = readInput(path);
  if (!input.ok) return { out: { code: 2, stdout: '', stderr: `carrom sense: ${input.message}\n` } as Output };
  const trace = parseTrace(input.text);
  if (!trace.ok) return { out: { code: 2, stdout: '', stderr: `${trace.error.line}: ${trace.error.reason}\n` } as Output };
  // A trace of a match no table could play (unknown rules or options) is refused, like a log of one.
  const refused = refusedMatch(trace.value.header.match);
  if (refused) return { out: { code: 2, stdout: '', stderr: `${headerLine(input.text)}: field "match": ${refused}\n` } as Output };
  return { text: input.text, trace: trace.value };
}

export function senseCommand(args: string[]): Output {
  const o = parse(args);
  if ('code' in o) return o;
  if (o.device) return { code: 2, stdout: '', stderr: 'carrom sense: --device runs asynchronously (senseDeviceCommand)\n' };
  const l = load(o.path);
  if (l.out) return l.out;
  const out = senseTrace(l.trace);
  const stdout = formatLog(out.header, out.events);
  const stderr = o.health ? out.health.map((h) => `health: ${(h.t / 1e6).toFixed(3)} s ${h.channel} ${h.fact}\n`).join('') : '';
  return { code: 0, stdout, stderr };
}

/** With --device: the log through the device model in XS (the firmware as it is in this tree). */
export async function senseDeviceCommand(args: string[]): Promise<Output> {
  const o = parse(args);
  if ('code' in o) return o;
  if (!o.device) return senseCommand(args);
  const l = load(o.path);
  if (l.out) return l.out;
  const { DeviceModel, FIRMWARE_CAPTURE } = await import('../device/xs.ts');
  const model = new DeviceModel();
  try {
    const r = await model.run(l.text, { capture: FIRMWARE_CAPTURE, colour: 'auto', strips: 'auto', opsPerMs: o.opsPerMs });
    return { code: 0, stdout: r.log, stderr: r.stats.errors.map((e) => `carrom sense: the firmware threw: ${e}\n`).join('') };
  } catch (e) {
    return { code: 2, stdout: '', stderr: `carrom sense --device: ${(e as Error).message}\n` };
  } finally {
    model.close();
  }
}
