// `carrom sense TRACE|- [--health]`: the match log a sensor trace makes (docs/formats.md §2).
import { formatLog } from '../../src/rules/index.ts';
import { parseTrace, senseTrace } from '../../src/sensing/index.ts';
import { headerLine, readInput, refusedMatch } from './io.ts';
import type { Output } from './replay.ts';

const USAGE = 'usage: carrom sense TRACE.jsonl|- [--health]';

export function senseCommand(args: string[]): Output {
  const refuse = (message: string): Output => ({ code: 2, stdout: '', stderr: `carrom sense: ${message}\n${USAGE}\n` });
  // As replay does: "--helth" is refused, never ignored (the health facts would silently not come).
  const unknown = args.find((a) => a.startsWith('-') && a !== '-' && a !== '--health');
  if (unknown !== undefined) return refuse(`unknown option "${unknown}"`);
  const health = args.includes('--health');
  const paths = args.filter((a) => a !== '--health');
  if (paths.length > 1) return refuse(`one trace at a time, not ${paths.map((p) => `"${p}"`).join(' and ')}`);
  const path = paths[0];
  const input = readInput(path);
  if (!input.ok) return { code: 2, stdout: '', stderr: `carrom sense: ${input.message}\n` };
  const trace = parseTrace(input.text);
  if (!trace.ok) return { code: 2, stdout: '', stderr: `${trace.error.line}: ${trace.error.reason}\n` };
  // A trace of a match no table could play (unknown rules or options) is refused, like a log of one.
  const refused = refusedMatch(trace.value.header.match);
  if (refused) return { code: 2, stdout: '', stderr: `${headerLine(input.text)}: field "match": ${refused}\n` };
  const out = senseTrace(trace.value);
  const stdout = formatLog(out.header, out.events);
  const stderr = health ? out.health.map((h) => `health: ${(h.t / 1e6).toFixed(3)} s ${h.channel} ${h.fact}\n`).join('') : '';
  return { code: 0, stdout, stderr };
}
