// Every event of a match log with what the table says after it (src/app/say/explain.ts): for comparing the
// explanations of Node and XS over whole matches, and for reading them.
import { describeEvent } from '../src/app/say/describe.ts';
import { explainEvent } from '../src/app/say/explain.ts';
import { parseLog, start, step } from '../src/rules/index.ts';

/** One line per event (undo skipped: the app folds the log again for it): its line and the messages. */
export function explainTrail(log: string): string {
  const parsed = parseLog(log);
  if (!parsed.ok) return `error\n${parsed.error.line}: ${parsed.error.reason}`;
  const h = parsed.value.header;
  const s0 = start(h);
  if (!s0.ok) return `error\n1: ${s0.error}`;
  let s = s0.value;
  let out = '';
  for (const { event, line } of parsed.value.events) {
    if (event.e === 'undo') continue;
    const after = step(s, event, line);
    out += `${line} ${JSON.stringify(explainEvent(event, s, after, h, describeEvent(event, s, after, h)))}\n`;
    s = after;
  }
  return out;
}
