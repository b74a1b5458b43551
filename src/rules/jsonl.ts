// JSON Lines with a header (docs/formats.md: match logs and sensor traces): line 1 the header, then one
// record a line with a time that never decreases. Blank lines are skipped but keep their numbers.

import { type Result, err, ok } from './types.ts';

export interface LineError {
  line: number;
  reason: string;
}

export interface Parsed<H, R> {
  header: H;
  headerLine: number;
  records: { line: number; value: R }[];
}

/** Where an earlier parse of the text's start ended, for parsing only what follows it: the header it
 * found, the lines it had (the text that follows begins a new line), and the last record's time. */
export interface Resume<H> {
  header: H;
  headerLine: number;
  lines: number;
  lastT: number;
}

export function parseJsonLines<H, R extends { t: number }>(
  text: string,
  what: string,
  header: (v: unknown) => Result<H>,
  record: (v: unknown, lastT: number) => Result<R>,
  resume?: Resume<H>,
): Result<Parsed<H, R>, LineError> {
  const lines = text.split('\n');
  let head: H | null = resume ? resume.header : null;
  let headerLine = resume ? resume.headerLine : 1;
  const records: { line: number; value: R }[] = [];
  let lastT = resume ? resume.lastT : 0;
  const first = resume ? resume.lines : 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === '') continue;
    const line = first + i + 1;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return err({ line, reason: 'not JSON' });
    }
    const parsed = head === null ? header(json) : record(json, lastT);
    if (!parsed.ok) return err({ line, reason: parsed.error });
    if (head === null) {
      head = parsed.value as H;
      headerLine = line;
    } else {
      lastT = (parsed.value as R).t;
      records.push({ line, value: parsed.value as R });
    }
  }
  if (head === null) return err({ line: 1, reason: `empty ${what}: no header` });
  return ok({ header: head, headerLine, records });
}
