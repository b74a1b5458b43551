// A sensor trace file read as a stream, a line at a time (`npm start -- --trace FILE`): the same checks
// and `LINE: reason` as parseTrace, without holding the whole text.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { LineError } from '../../src/rules/jsonl.ts';
import { type Result, err, ok } from '../../src/rules/types.ts';
import { parseReading, parseTraceHeader } from '../../src/sensing/trace.ts';
import type { Reading, TraceHeader } from '../../src/sensing/types.ts';

export interface TraceFile {
  header: TraceHeader;
  headerLine: number;
  readings: Reading[];
}

/** Rejects only if the file cannot be read. */
export async function readTraceFile(path: string): Promise<Result<TraceFile, LineError>> {
  const input = createReadStream(path, { encoding: 'utf8' });
  const opened = new Promise<void>((resolve, reject) => input.once('open', () => resolve()).once('error', reject));
  await opened;
  let header: TraceHeader | null = null;
  let headerLine = 1;
  const readings: Reading[] = [];
  let last = 0;
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    line++;
    const raw = text.trim();
    if (raw === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return err({ line, reason: 'not JSON' });
    }
    if (header === null) {
      const h = parseTraceHeader(json);
      if (!h.ok) return err({ line, reason: h.error });
      header = h.value;
      headerLine = line;
      continue;
    }
    const r = parseReading(json, last);
    if (!r.ok) return err({ line, reason: r.error });
    last = r.value.t;
    readings.push(r.value);
  }
  if (header === null) return err({ line: 1, reason: 'empty trace: no header' });
  return ok({ header, headerLine, readings });
}
