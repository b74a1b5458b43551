// Writes each test/fixtures/matches/*.steps (a header line, then one shorthand step a line) as a
// match log, *.jsonl. `npm run fixtures`; a test checks the logs are up to date.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatEvent } from '../src/rules/log.ts';
import { scriptEvents } from './script.ts';

export const FIXTURES = 'test/fixtures/matches';

export function stepsToLog(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const [header, ...steps] = lines;
  return [header, ...scriptEvents(steps).map(formatEvent)].join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of readdirSync(FIXTURES).filter((f) => f.endsWith('.steps'))) {
    const out = join(FIXTURES, name.replace(/\.steps$/, '.jsonl'));
    writeFileSync(out, stepsToLog(readFileSync(join(FIXTURES, name), 'utf8')));
    console.log(`wrote ${out}`);
  }
}
