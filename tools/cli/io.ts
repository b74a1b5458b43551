// Reading a file argument or "-" (stdin), for the carrom commands; `carrom serve`'s two outputs.
import { readFileSync } from 'node:fs';
import { start, type MatchHeader } from '../../src/rules/index.ts';

export type Read = { ok: true; text: string } | { ok: false; message: string };

export function readInput(path: string | undefined): Read {
  if (path === undefined) return { ok: false, message: 'missing file argument (a path, or - for stdin)' };
  try {
    return { ok: true, text: readFileSync(path === '-' ? 0 : path, 'utf8') };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, message: `cannot read ${path === '-' ? 'stdin' : path}${code ? ` (${code})` : ''}` };
  }
}

/** The line of the header: the first line that is not blank (blank lines keep their numbers). */
export function headerLine(text: string): number {
  const lines = text.split('\n', 1000);
  const i = lines.findIndex((l) => l.trim() !== '');
  return i < 0 ? 1 : i + 1;
}

/** Why a match header cannot start a match (unknown rules, options, a mode the rules lack), or null. */
export function refusedMatch(header: MatchHeader): string | null {
  const s = start(header);
  return s.ok ? null : s.error;
}

/** `carrom serve`'s operator commands: a JSON line on stdout, for programs. */
export const line = (v: unknown) => process.stdout.write(`${JSON.stringify(v)}\n`);

/** `carrom serve`: what it did, on stderr, for people. */
export const say = (text: string) => process.stderr.write(`carrom serve: ${text}\n`);
