// Reading a file argument or "-" (stdin), for the carrom commands.
import { readFileSync } from 'node:fs';

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
