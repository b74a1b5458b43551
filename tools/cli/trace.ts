// `carrom trace LOG|- [--seed N] [--noise LEVEL] [--table LAYOUT] [--striker-trains SHARE] [--men-trains SHARE]
// [--readings-anywhere] [--throat] [--out PREFIX]`: the sensor trace a real table would record for a match
// log, and the ground-truth log beside it (model/table). --striker-trains: the share of shots pocketing the
// striker and a man in which the two enter one pocket touching (model/table/trains.ts). --men-trains: the
// share of shots pocketing two men or more in which two or three of them (the queen first, then men of one
// colour) enter one pocket touching, in one pulse (trains.ts menTrain). --readings-anywhere: each colour
// reading anywhere in its piece's stretch of the upper beam, its edges included (formats.md §2 allows it),
// not 30–70 % into it. `--throat` adds issue 16's throat: rattles, hangs of 0.2–5 s, a piece following a
// hang (model/table/throat.ts).
import { writeFileSync } from 'node:fs';
import { formatLog, parseLog } from '../../src/rules/index.ts';
import { formatTrace } from '../../src/sensing/index.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { NO_THROAT, THROAT } from '../../model/table/throat.ts';
import { named } from '../../src/rules/named.ts';
import { readInput, refusedMatch } from './io.ts';
import type { Output } from './replay.ts';

/** The options that take a value, and the ones that take none. */
const VALUED = ['--seed', '--noise', '--table', '--striker-trains', '--men-trains', '--out'];
const FLAGS = ['--throat', '--readings-anywhere'];

interface Parsed {
  values: Map<string, string>;
  flags: Set<string>;
  path: string | undefined;
}

/** The arguments, or what is wrong with them: an unknown option or a second log is refused, as `carrom
 * replay` and `carrom sense` refuse them, never ignored ("--noize high" would trace at medium noise). */
function parse(args: string[]): Parsed | string {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  let path: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (VALUED.includes(a)) {
      if (i + 1 >= args.length) return `${a} needs a value`;
      values.set(a, args[++i]);
    } else if (FLAGS.includes(a)) flags.add(a);
    else if (a.startsWith('-') && a !== '-') return `unknown option "${a}"`;
    else if (path !== undefined) return `one log at a time, not "${path}" and "${a}"`;
    else path = a;
  }
  return { values, flags, path };
}

export function traceCommand(args: string[]): Output {
  const fail = (m: string): Output => ({ code: 2, stdout: '', stderr: `carrom trace: ${m}\n` });
  const parsed = parse(args);
  if (typeof parsed === 'string') return fail(parsed);
  const option = (name: string) => parsed.values.get(name);
  const seed = Number(option('--seed') ?? '1');
  if (!Number.isInteger(seed)) return fail('--seed takes a whole number');
  const noise = named(NOISE, option('--noise') ?? 'medium');
  if (!noise) return fail(`--noise takes one of ${Object.keys(NOISE).join(', ')}`);
  const layout = named(LAYOUTS, option('--table') ?? 'reference');
  if (!layout) return fail(`--table takes one of ${Object.keys(LAYOUTS).join(', ')}`);
  const trains = Number(option('--striker-trains') ?? '0');
  if (!(trains >= 0 && trains <= 1)) return fail('--striker-trains takes a share from 0 to 1');
  const menTrains = Number(option('--men-trains') ?? '0');
  if (!(menTrains >= 0 && menTrains <= 1)) return fail('--men-trains takes a share from 0 to 1');
  const readingsAnywhere = parsed.flags.has('--readings-anywhere');
  const out = option('--out');
  const input = readInput(parsed.path);
  if (!input.ok) return fail(input.message);
  const log = parseLog(input.text);
  if (!log.ok) return { code: 2, stdout: '', stderr: `${log.error.line}: ${log.error.reason}\n` };
  const refused = refusedMatch(log.value.header);
  if (refused) return { code: 2, stdout: '', stderr: `${log.value.headerLine}: ${refused}\n` };
  const throat = parsed.flags.has('--throat') ? THROAT : NO_THROAT;
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), seed, noise, layout, { strikerTrains: trains, throat, menTrains, readingsAnywhere });
  const trace = formatTrace(g.header, g.readings);
  const truth = formatLog(g.truth.header, g.truth.events);
  if (!out) return { code: 0, stdout: trace, stderr: '' };
  writeFileSync(`${out}.trace.jsonl`, trace);
  writeFileSync(`${out}.truth.jsonl`, truth);
  const s = g.stats;
  const trainsSaid = (s.strikerTrains ? `, ${s.strikerTrains} striker-and-man trains` : '') + (s.menTrains ? `, ${s.menTrains} trains of men` : '');
  const inThroat = throat === THROAT ? `, ${s.rattles} rattles, ${s.hangs} hangs, ${s.follows} following a hang` : '';
  return { code: 0, stdout: '', stderr: `wrote ${out}.trace.jsonl and ${out}.truth.jsonl: ${s.shots} shots, ${s.pieces} pieces, ${s.glitches} glitches, ${s.stuck} stuck beams${trainsSaid}${inThroat}\n` };
}
