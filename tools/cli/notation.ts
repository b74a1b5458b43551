// `carrom notation LOG.jsonl|- [--no-times] [--tag NAME=VALUE]…`: a match log in the carrom notation
// (docs/notation.md); `carrom notation --read NOTATION|-`: the notation read back into a match log.
import { formatLog, parseLog } from '../../src/rules/index.ts';
import { printNotation, readNotation } from '../../src/notation/index.ts';
import { readInput } from './io.ts';
import type { Output } from './replay.ts';

export const NOTATION_USAGE = `  carrom notation LOG.jsonl|- [--no-times] [--tag NAME=VALUE]…
                                         print a match log in the carrom notation (docs/notation.md)
  carrom notation --read NOTATION.cn|-   read the notation back: print the match log it gives`;
const USAGE = `usage:\n${NOTATION_USAGE}`;

export function notationCommand(args: string[], stdin?: string): Output {
  const refuse = (message: string): Output => ({ code: 2, stdout: '', stderr: `carrom notation: ${message}\n${USAGE}\n` });
  const paths: string[] = [];
  const tags: Record<string, string> = Object.create(null); // a tag called __proto__ is refused by its name, not lost
  let times = true;
  let read = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--read') read = true;
    else if (a === '--no-times') times = false;
    else if (a === '--tag') {
      const pair = args[++i];
      const eq = pair === undefined ? -1 : pair.indexOf('=');
      if (eq <= 0) return refuse('--tag needs NAME=VALUE (--tag Event="Club night")');
      tags[pair.slice(0, eq)] = pair.slice(eq + 1);
    } else if (a.startsWith('-') && a !== '-') return refuse(`unknown option "${a}"`);
    else paths.push(a);
  }
  if (read && (!times || Object.keys(tags).length > 0)) return refuse('--no-times and --tag are for printing; --read takes a notation alone');
  if (paths.length > 1) return refuse(`one file at a time, not ${paths.map((p) => `"${p}"`).join(' and ')}`);
  const path = paths[0];
  const input = stdin !== undefined && path === '-' ? { ok: true as const, text: stdin } : readInput(path);
  if (!input.ok) return { code: 2, stdout: '', stderr: `carrom notation: ${input.message}\n` };
  if (read) {
    const n = readNotation(input.text);
    if (!n.ok) return { code: 2, stdout: '', stderr: `${n.error.line}:${n.error.column}: ${n.error.reason}\n` };
    return { code: 0, stdout: formatLog(n.value.header, n.value.events), stderr: '' };
  }
  const log = parseLog(input.text);
  if (!log.ok) return { code: 2, stdout: '', stderr: `${log.error.line}: ${log.error.reason}\n` };
  const text = printNotation(log.value.header, log.value.events, { times, tags });
  // The header was well-formed but cannot start a match (an unknown preset…): its line, as replay says it.
  if (!text.ok) return { code: 2, stdout: '', stderr: `${text.error.startsWith('tag') || text.error.startsWith('a tag') ? 'carrom notation: ' : `${log.value.headerLine}: `}${text.error}\n` };
  return { code: 0, stdout: text.value, stderr: '' };
}
