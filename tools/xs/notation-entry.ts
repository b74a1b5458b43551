// The carrom notation inside XS (src/notation: portable), for test/notation/xs.test.ts. The host sends:
//   "print\n<log>"      → the notation of a match log (or "error\n<line>: <reason>")
//   "read\n<notation>"  → the match log the notation gives (or "error\n<line>:<column>: <reason>")
import { commands } from './command.ts';
import { printNotation, readNotation } from '../../src/notation/index.ts';
import { formatLog, parseLog } from '../../src/rules/index.ts';

function run(op: string, body: string): string {
  switch (op) {
    case 'print': {
      const log = parseLog(body);
      if (!log.ok) return `error\n${log.error.line}: ${log.error.reason}`;
      const text = printNotation(log.value.header, log.value.events);
      return text.ok ? text.value : `error\n${log.value.headerLine}: ${text.error}`;
    }
    case 'read': {
      const n = readNotation(body);
      return n.ok ? formatLog(n.value.header, n.value.events) : `error\n${n.error.line}:${n.error.column}: ${n.error.reason}`;
    }
  }
  return `error\nunknown command ${op}`;
}

commands(run);
