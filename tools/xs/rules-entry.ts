// The rules engine inside XS, for tests and benchmarks. The host sends commands as bytes:
//   "replay\n<log>"   → the state JSON that `carrom replay` prints (or "error\n<line>: <reason>")
//   "start\n<header>" → begins a streamed match;  "event\n<line>" → folds one event, answers the shot count
//   "summary"         → the streamed match's state JSON
//   "load\n<log>"     → parses a whole log and starts it;  "next" → folds its next event alone (for metering)
import { commands } from './command.ts';
import { effectiveEvents, formatJson, parseEvent, parseHeader, parseLog, publicState, replay, start, step, type LoggedEvent, type State } from '../../src/rules/index.ts';


let streamed: State | null = null;
let loaded: LoggedEvent[] = [];
let cursor = 0;
let lastT = 0;
let line = 1;

function run(op: string, body: string): string {
  switch (op) {
    case 'replay': {
      const log = parseLog(body);
      if (!log.ok) return `error\n${log.error.line}: ${log.error.reason}`;
      const state = replay(log.value);
      if (!state.ok) return `error\n${state.error.line}: ${state.error.reason}`;
      return formatJson(publicState(state.value));
    }
    case 'start': {
      const header = parseHeader(JSON.parse(body));
      if (!header.ok) return `error\n${header.error}`;
      const s = start(header.value);
      if (!s.ok) return `error\n${s.error}`;
      streamed = s.value;
      lastT = 0;
      line = 1;
      return 'ok';
    }
    case 'event': {
      const ev = parseEvent(JSON.parse(body), lastT);
      line++;
      if (!ev.ok || !streamed) return `error\n${line}`;
      lastT = ev.value.t;
      streamed = step(streamed, ev.value, line);
      return `${streamed.shots} ${streamed.match.boards.length} ${streamed.match.over}`;
    }
    case 'load': {
      const log = parseLog(body);
      if (!log.ok) return `error\n${log.error.line}: ${log.error.reason}`;
      const s = start(log.value.header);
      if (!s.ok) return `error\n${s.error}`;
      streamed = s.value;
      loaded = effectiveEvents(log.value.events);
      cursor = 0;
      return String(loaded.length);
    }
    case 'next': {
      const ev = loaded[cursor++];
      if (!ev || !streamed) return 'end';
      streamed = step(streamed, ev.event, ev.line);
      return ev.event.e;
    }
    case 'summary':
      return streamed ? JSON.stringify(publicState(streamed)) : 'error\nno match';
  }
  return `error\nunknown command ${op}`;
}

commands(run);
