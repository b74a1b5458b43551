// `carrom trace LOG|- [--seed N] [--noise LEVEL] [--table LAYOUT] [--striker-trains SHARE] [--throat] [--out PREFIX]`:
// the sensor trace a real table would record for a match log, and the ground-truth log beside it
// (model/table). --striker-trains: the share of shots pocketing the striker and a man in which the two
// enter one pocket touching (model/table/trains.ts). `--throat` adds issue 16's throat: rattles, hangs of
// 0.2–5 s, a piece following a hang (model/table/throat.ts).
import { writeFileSync } from 'node:fs';
import { formatLog, parseLog } from '../../src/rules/index.ts';
import { formatTrace } from '../../src/sensing/index.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { NO_THROAT, THROAT } from '../../model/table/throat.ts';
import { named } from '../../src/rules/named.ts';
import { readInput, refusedMatch } from './io.ts';
import type { Output } from './replay.ts';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export function traceCommand(args: string[]): Output {
  const fail = (m: string): Output => ({ code: 2, stdout: '', stderr: `carrom trace: ${m}\n` });
  const seed = Number(option(args, '--seed') ?? '1');
  if (!Number.isInteger(seed)) return fail('--seed takes a whole number');
  const noise = named(NOISE, option(args, '--noise') ?? 'medium');
  if (!noise) return fail(`--noise takes one of ${Object.keys(NOISE).join(', ')}`);
  const layout = named(LAYOUTS, option(args, '--table') ?? 'reference');
  if (!layout) return fail(`--table takes one of ${Object.keys(LAYOUTS).join(', ')}`);
  const trains = Number(option(args, '--striker-trains') ?? '0');
  if (!(trains >= 0 && trains <= 1)) return fail('--striker-trains takes a share from 0 to 1');
  const out = option(args, '--out');
  const path = args.find((a, i) => (!a.startsWith('--') || a === '-') && !['--seed', '--noise', '--table', '--striker-trains', '--out'].includes(args[i - 1]));
  const input = readInput(path);
  if (!input.ok) return fail(input.message);
  const log = parseLog(input.text);
  if (!log.ok) return { code: 2, stdout: '', stderr: `${log.error.line}: ${log.error.reason}\n` };
  const refused = refusedMatch(log.value.header);
  if (refused) return { code: 2, stdout: '', stderr: `${log.value.headerLine}: ${refused}\n` };
  const throat = args.includes('--throat') ? THROAT : NO_THROAT;
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), seed, noise, layout, { strikerTrains: trains, throat });
  const trace = formatTrace(g.header, g.readings);
  const truth = formatLog(g.truth.header, g.truth.events);
  if (!out) return { code: 0, stdout: trace, stderr: '' };
  writeFileSync(`${out}.trace.jsonl`, trace);
  writeFileSync(`${out}.truth.jsonl`, truth);
  const s = g.stats;
  const trainsSaid = s.strikerTrains ? `, ${s.strikerTrains} striker-and-man trains` : '';
  const inThroat = throat === THROAT ? `, ${s.rattles} rattles, ${s.hangs} hangs, ${s.follows} following a hang` : '';
  return { code: 0, stdout: '', stderr: `wrote ${out}.trace.jsonl and ${out}.truth.jsonl: ${s.shots} shots, ${s.pieces} pieces, ${s.glitches} glitches, ${s.stuck} stuck beams${trainsSaid}${inThroat}\n` };
}
