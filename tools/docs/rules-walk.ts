// The walk of a shot through the rules: which files of src/rules its adjudication visits, in order, taken
// by stepping through the real code statement by statement under the V8 inspector (no instrumentation of
// the engine). A stay is a run of statements in one file; a return is a stay in a file already left.
//   npx tsx tools/docs/rules-walk.ts [--json] [LOG…]   (the distinct walks of the pass, and a summary; by default
//   over the hand-worked matches of test/fixtures/matches; --json: every settle's walk, a JSON line a log)
// Run it with tsx as here: under mocha's loader (a module made CommonJS) the inspector's steps do not go
// into the engine's functions, so test/rules/walk.test.ts runs this program.
import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, join } from 'node:path';
import { start, step } from '../../src/rules/engine.ts';
import { parseLog } from '../../src/rules/log.ts';
import { effectiveEvents } from '../../src/rules/replay.ts';
import type { State } from '../../src/rules/state.ts';
import { FIXTURES } from '../fixtures.ts';

const RULES = '/src/rules/';

/** The files of src/rules that `run` goes through, one entry a stay, in order. */
export function walkOf(run: () => void): string[] {
  const session = new Session();
  session.connect();
  const urls = new Map<string, string>();
  session.on('Debugger.scriptParsed', (m) => void urls.set(m.params.scriptId, m.params.url));
  const stays: string[] = [];
  let entered = false;
  let done = false;
  session.on('Debugger.paused', (m) => {
    const files = m.params.callFrames.map((f) => urls.get(f.location.scriptId) ?? '');
    const inRules = files.some((u) => u.includes(RULES));
    if (done || (entered && !inRules)) return void session.post('Debugger.resume');
    if (files[0].includes(RULES)) {
      entered = true;
      const file = basename(files[0]);
      if (stays[stays.length - 1] !== file) stays.push(file);
    }
    session.post('Debugger.stepInto');
  });
  session.post('Debugger.enable');
  try {
    session.post('Debugger.pause');
    run();
  } finally {
    done = true;
    session.post('Debugger.disable');
    session.disconnect();
  }
  return stays;
}

/** The data model: the state's shapes and one-line helpers about sides, seats and colours, read from
 * every rule as a library is (state.ts, types.ts). Left out of the pass's walk. */
export const DATA_MODEL: readonly string[] = ['state.ts', 'types.ts'];
/** The pass itself (adjudicate.ts): it calls each rule in turn, so every rule returns to it. */
export const PASS = 'adjudicate.ts';

/** The part of a settle's walk inside the pass: from entering adjudicate.ts to leaving it for the engine,
 * without the data model, stays in one file run together. Empty for a settle that waits (identify, colour). */
export function passWalk(stays: readonly string[]): string[] {
  const first = stays.indexOf(PASS);
  if (first < 0) return [];
  const last = stays.lastIndexOf(PASS);
  const walk: string[] = [];
  for (const file of stays.slice(first, last + 1)) if (!DATA_MODEL.includes(file) && walk[walk.length - 1] !== file) walk.push(file);
  return walk;
}

/** Files that a walk stays in more than once (a return to a file already left), but for `except`. */
export function returnsOf(stays: readonly string[], except: readonly string[] = []): string[] {
  const seen = new Set<string>();
  const again: string[] = [];
  for (const file of stays) {
    if (seen.has(file) && !except.includes(file)) again.push(file);
    seen.add(file);
  }
  return again;
}

/** The walk of every settle of a match log, each from the state the events before it made. */
export function settleWalks(text: string): string[][] {
  const log = parseLog(text);
  if (!log.ok) throw new Error(`not a match log: line ${log.error.line}: ${log.error.reason}`);
  const s0 = start(log.value.header);
  if (!s0.ok) throw new Error(s0.error);
  let state: State = s0.value;
  const walks: string[][] = [];
  for (const { event, line } of effectiveEvents(log.value.events)) {
    if (event.e === 'settle') {
      const before = state;
      let after = before;
      walks.push(walkOf(() => void (after = step(before, event, line))));
      state = after;
    } else state = step(state, event, line);
  }
  return walks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The hand-worked matches of test/fixtures (every preset, boards played to their end), or the logs named.
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const named = args.filter((a) => a !== '--json');
  const files = named.length > 0 ? named : readdirSync(FIXTURES).filter((f) => f.endsWith('.jsonl')).map((f) => join(FIXTURES, f));
  let shots = 0;
  let stays = 0;
  let returns = 0;
  let passReturns = 0;
  const shown = new Set<string>();
  for (const file of files) {
    const walks = settleWalks(readFileSync(file, 'utf8'));
    if (json) process.stdout.write(JSON.stringify({ log: basename(file), walks }) + '\n');
    for (const w of walks) {
      shots++;
      stays += w.length;
      returns += returnsOf(w).length;
      const pass = passWalk(w);
      passReturns += returnsOf(pass, [PASS]).length;
      const line = pass.join(' → ');
      if (!shown.has(line)) {
        shown.add(line);
        if (!json) process.stdout.write(`${basename(file)}: ${line || '(waits: no pass)'}\n`);
      }
    }
  }
  if (!json) process.stdout.write(`${shots} settles, the whole step: ${(stays / shots).toFixed(1)} stays and ${(returns / shots).toFixed(1)} returns to a file already left, a settle on average\n`);
  if (!json) process.stdout.write(`inside the pass (${DATA_MODEL.join(', ')} left out): ${passReturns} returns to a rules file other than ${PASS}; ${shown.size} distinct walks above\n`);
}
