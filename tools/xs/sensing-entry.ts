// The sensing layer inside XS, for tests and benchmarks:
//   "sense\n<trace>" → the match log it writes (header line, then events), or "error\n<line>: <reason>"
//   "load\n<trace>"  → parses a trace and starts sensing it;  "next" → feeds its next reading alone
//                      (answers the reading's kind, "end" after the last, which also finishes the trace)
import { commands } from './command.ts';
import { formatLog } from '../../src/rules/log.ts';
import type { GameEvent } from '../../src/rules/types.ts';
import { Sensing } from '../../src/sensing/sensing.ts';
import { senseTrace } from '../../src/sensing/sense.ts';
import { parseTrace, type Trace } from '../../src/sensing/trace.ts';


let loaded: Trace | null = null;
let sensing: Sensing | null = null;
let cursor = 0;
let emitted = 0;

function run(op: string, body: string): string {
  switch (op) {
    case 'sense': {
      const trace = parseTrace(body);
      if (!trace.ok) return `error\n${trace.error.line}: ${trace.error.reason}`;
      const out = senseTrace(trace.value);
      return formatLog(out.header, out.events);
    }
    case 'load': {
      const trace = parseTrace(body);
      if (!trace.ok) return `error\n${trace.error.line}: ${trace.error.reason}`;
      loaded = trace.value;
      const h = loaded.header;
      sensing = new Sensing({ beamGapMm: h.beamGapMm, calibration: h.calibration }, { event: (_e: GameEvent) => void emitted++ }, h.match);
      cursor = 0;
      emitted = 0;
      return String(loaded.readings.length);
    }
    case 'next': {
      if (!loaded || !sensing) return 'end';
      const r = loaded.readings[cursor++];
      if (!r) {
        sensing.finish(loaded.readings.length > 0 ? loaded.readings[loaded.readings.length - 1].t : 0);
        loaded = null;
        return `end ${emitted}`;
      }
      sensing.reading(r);
      return r.kind;
    }
  }
  return `error\nunknown command ${op}`;
}

commands(run);
