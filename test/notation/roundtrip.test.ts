// The carrom notation's promise (docs/notation.md): a match log printed in the notation and read back is a
// log that replays to the same state, the state compared whole (every field of the engine's State, the
// shot in progress and the last shot's included) at the end and at the end of every board; with the times
// printed, the very same events.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printNotation, readNotation } from '../../src/notation/index.ts';
import { effectiveEvents, formatLog, parseLog, replay, start, step, type MatchLog, type State } from '../../src/rules/index.ts';
import type { GameEvent, LoggedEvent, MatchHeader } from '../../src/rules/types.ts';
import { parseTrace, senseTrace } from '../../src/sensing/index.ts';
import { randomMatch } from '../../tools/random-match.ts';

function parseLogOk(text: string): MatchLog {
  const log = parseLog(text);
  assert.ok(log.ok, log.ok ? '' : `${log.error.line}: ${log.error.reason}`);
  return log.value;
}

/** The state at the end of every board (the last event of each board number, per game) and at the end. */
function boardStates(header: MatchHeader, events: readonly GameEvent[]): State[] {
  const initial = start(header);
  assert.ok(initial.ok, initial.ok ? '' : initial.error);
  const logged: LoggedEvent[] = events.map((event, i) => ({ event, line: i + 2 }));
  const states: State[] = [];
  let s = initial.value;
  for (const { event, line } of effectiveEvents(logged)) {
    const next = step(s, event, line);
    if (next.board.number !== s.board.number || next.match.games.length !== s.match.games.length) states.push(next);
    s = next;
  }
  states.push(s);
  return states;
}

/** Log → notation → log: the same events (times too, when printed) and the same states. */
function roundTrip(header: MatchHeader, events: readonly GameEvent[], what: string, times = true): void {
  const logged: LoggedEvent[] = events.map((event, i) => ({ event, line: i + 2 }));
  const text = printNotation(header, logged, { times });
  assert.ok(text.ok, `${what}: ${text.ok ? '' : text.error}`);
  const back = readNotation(text.value);
  assert.ok(back.ok, `${what}: ${back.ok ? '' : `${back.error.line}:${back.error.column}: ${back.error.reason}`}`);
  assert.deepEqual(back.value.header, header, `${what}: the header`);
  if (times) assert.deepEqual(back.value.events, events, `${what}: the events`);
  else assert.deepEqual(back.value.events.map(({ t: _, ...rest }) => rest), events.map(({ t: _, ...rest }) => rest), `${what}: the events, times aside`);
  assert.deepEqual(boardStates(back.value.header, back.value.events), boardStates(header, events), `${what}: the states`);
}

/** Every match log among the fixtures, and the log each sensor trace fixture makes. */
function fixtureLogs(): { name: string; header: MatchHeader; events: GameEvent[] }[] {
  const out: { name: string; header: MatchHeader; events: GameEvent[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.jsonl')) {
        const text = readFileSync(path, 'utf8');
        if (entry.name.endsWith('.trace.jsonl')) {
          const trace = parseTrace(text);
          assert.ok(trace.ok, path);
          const sensed = senseTrace(trace.value);
          out.push({ name: `${path} (sensed)`, header: sensed.header, events: sensed.events });
        } else {
          const log = parseLog(text);
          assert.ok(log.ok, path);
          out.push({ name: path, header: log.value.header, events: log.value.events.map((e) => e.event) });
        }
      }
    }
  };
  walk('test/fixtures');
  walk('docs/examples');
  return out;
}

describe('carrom notation: log → notation → log → the same state', () => {
  it('every match log of test/fixtures and docs/examples, and the log of every trace fixture', () => {
    const logs = fixtureLogs();
    assert.ok(logs.length >= 50, `only ${logs.length} fixture logs`);
    for (const { name, header, events } of logs) {
      roundTrip(header, events, name);
      roundTrip(header, events, `${name}, no times`, false);
    }
  });

  it('a log with blank lines: the same state, but for the lines its warnings name (the log read back has none blank)', () => {
    const text = readFileSync('docs/examples/late.jsonl', 'utf8').replace('\n{"e": "strike", "seat": 2', '\n\n\n{"e": "strike", "seat": 2');
    const log = parseLog(text);
    assert.ok(log.ok);
    const printed = printNotation(log.value.header, log.value.events);
    assert.ok(printed.ok);
    const back = readNotation(printed.value);
    assert.ok(back.ok);
    const before = replay(log.value);
    const after = replay(parseLogOk(formatLog(back.value.header, back.value.events)));
    assert.ok(before.ok && after.ok);
    assert.deepEqual(before.value.warnings.map((w) => w.line), [7, 9]);
    assert.deepEqual(after.value.warnings.map((w) => w.line), [5, 7]);
    const lineless = (s: State) => ({ ...s, warnings: s.warnings.map((w) => w.warning), last: null });
    assert.deepEqual(lineless(after.value), lineless(before.value));
    assert.deepEqual(back.value.events, log.value.events.map((e) => e.event));
  });

  it('times of every size and fraction round-trip exactly (m:ss.mmm, or milliseconds)', () => {
    const times = [0, 1e-7, 0.5, 1.5, 999.999, 60000, 3599999, 123456789.123, 9007199254740991, 9007199254740993, 1e21, Number.MAX_VALUE];
    const events: GameEvent[] = times.map((t) => ({ e: 'settle', t }));
    const printed = printNotation(parseLogOk(readFileSync('docs/examples/first.jsonl', 'utf8')).header, events.map((event, i) => ({ event, line: i + 2 })));
    assert.ok(printed.ok);
    assert.match(printed.value, /\{@0:00\.000 1e-7ms 0\.5ms 1\.5ms 999\.999ms 1:00\.000 59:59\.999 123456789\.123ms 150119987579:00\.991 9007199254740992ms 1e\+21ms 1\.7976931348623157e\+308ms\}/);
    const back = readNotation(printed.value);
    assert.ok(back.ok, back.ok ? '' : back.error.reason);
    assert.deepEqual(back.value.events.map((e) => e.t), times.map((t) => t));
  });

  it('a notation with Windows line ends reads as with Unix ones', () => {
    const log = parseLogOk(readFileSync('test/fixtures/matches/icf-singles.jsonl', 'utf8'));
    const printed = printNotation(log.header, log.events);
    assert.ok(printed.ok);
    const unix = readNotation(printed.value);
    const windows = readNotation(printed.value.replace(/\n/g, '\r\n'));
    assert.ok(unix.ok && windows.ok);
    assert.deepEqual(windows.value, unix.value);
  });

  it('300 random matches (tools/random-match.ts), a third with events out of place', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const m = randomMatch(seed, { chaos: seed % 3 === 0, maxShots: 400 });
      roundTrip(m.header, m.events, `seed ${seed}`, seed % 5 !== 0);
    }
  });
});
