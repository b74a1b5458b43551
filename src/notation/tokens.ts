// The carrom notation's tokens (docs/notation.md): tag pairs [Name "value"], comments {…}, annotations
// <…> and the words between spaces, each with the line and column it starts at, so that read.ts can say
// where the notation is wrong. What the tokens mean is read.ts's.

import { type Result, err, ok } from '../rules/types.ts';

/** Where the notation is wrong: 1-based line and column (a column counts UTF-16 code units, as editors
 * that count characters do for the names of most of the world). */
export interface NotationError {
  line: number;
  column: number;
  reason: string;
}

export interface Token {
  kind: 'tag' | 'comment' | 'note' | 'word';
  text: string;
  line: number;
  column: number;
  /** A tag's value. */
  value?: string;
}

/** A refusal at `at`. */
export const fail = (at: { line: number; column: number }, reason: string): Result<never, NotationError> => err({ line: at.line, column: at.column, reason });

/** The tokens of a notation: tag pairs, comments {…}, annotations <…>, and words between spaces. */
export function tokenize(text: string): Result<Token[], NotationError> {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const at = (index: number) => ({ line, column: index - lineStart + 1 });
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\uFEFF') {
      i++;
      continue;
    }
    const here = at(i);
    if (c === '{' || c === '<') {
      const close = c === '{' ? '}' : '>';
      const end = text.indexOf(close, i + 1);
      const nested = text.indexOf(c, i + 1);
      if (end < 0) return fail(here, `"${c}" is never closed by "${close}"`);
      if (nested >= 0 && nested < end) {
        const n = text.slice(0, nested).split('\n');
        return fail(here, `"${c}" is not closed by "${close}" before the next "${c}" (line ${n.length}, column ${n[n.length - 1].length + 1}): they do not nest`);
      }
      const body = text.slice(i + 1, end);
      tokens.push({ kind: c === '{' ? 'comment' : 'note', text: body, ...here });
      // A comment may span lines: keep counting them.
      for (let k = i; k < end; k++) {
        if (text[k] === '\n') {
          line++;
          lineStart = k + 1;
        }
      }
      i = end + 1;
      continue;
    }
    if (c === '}' || c === '>') return fail(here, `"${c}" closes nothing`);
    if (c === '[') {
      const tag = readTag(text, i);
      if (!tag.ok) return fail(at(tag.error.index), tag.error.reason);
      tokens.push({ kind: 'tag', text: tag.value.name, value: tag.value.value, ...here });
      i = tag.value.end;
      continue;
    }
    let j = i;
    while (j < text.length && !' \t\r\n{}<>['.includes(text[j])) j++;
    tokens.push({ kind: 'word', text: text.slice(i, j), ...here });
    i = j;
  }
  return ok(tokens);
}

/** `[Name "value"]`, the value a JSON string; on one line. */
function readTag(text: string, from: number): Result<{ name: string; value: string; end: number }, { index: number; reason: string }> {
  const m = /^\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"/.exec(text.slice(from, from + 200));
  if (!m) return err({ index: from, reason: 'a tag pair is [Name "value"]' });
  const open = from + m[0].length - 1;
  let k = open + 1;
  while (k < text.length && text[k] !== '"' && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
  if (k >= text.length || text[k] !== '"') return err({ index: open, reason: `the value of tag "${m[1]}" is never closed by a quote on its line` });
  let value: unknown;
  try {
    value = JSON.parse(text.slice(open, k + 1));
  } catch {
    return err({ index: open, reason: `the value of tag "${m[1]}" is not a valid string (escapes as in JSON)` });
  }
  let end = k + 1;
  while (text[end] === ' ' || text[end] === '\t') end++;
  if (text[end] !== ']') return err({ index: end, reason: `tag "${m[1]}" must end with "]" after its value` });
  return ok({ name: m[1], value: value as string, end: end + 1 });
}
