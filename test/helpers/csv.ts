// CSV read back by a real CSV parser, Python's csv module (Debian's python3), not by splitting on commas:
// what a spreadsheet sees, quotes, doubled quotes and separators inside cells included.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

/** The cells of a CSV text, row by row, with `delimiter` as the separator (";" as spreadsheets of
 * several European locales read it). */
export function readCsv(text: string, delimiter: ',' | ';' = ','): string[][] {
  const script = 'import csv, json, sys\nprint(json.dumps(list(csv.reader(sys.stdin, delimiter=sys.argv[1]))))';
  const r = spawnSync('python3', ['-c', script, delimiter], { input: text, encoding: 'utf8' });
  assert.equal(r.status, 0, `python3 (Debian's python3 package) reads the CSV: ${r.error ?? r.stderr}`);
  return JSON.parse(r.stdout) as string[][];
}
