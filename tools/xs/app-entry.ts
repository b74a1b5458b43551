// The whole table app inside XS (sensing, rules, view, journal), driven by a trace, for the app
// benchmarks and the XS test of the app:
//   "load\n<trace>" → a fresh app on memory flash, ready to play the trace
//   "next"          → feeds the next reading (with 20 ms ticks up to it), answers "<kind> <boards done>"
//   "start\n<trace header>", then "reading\n<line>" → the same, one reading at a time, nothing kept (heap)
//   "finish"        → ticks 6 s more; answers the state JSON
//   "render"        → draws the screen once;  "journal" → appends one typical shot record
//   "calibrate\n<readings JSON>" → a calibration run over those readings; answers its result JSON
import { commands } from './command.ts';
import { TableApp } from '../../src/app/app.ts';
import { CalibrationRun, computeCalibration } from '../../src/app/calibration.ts';
import { formatJson } from '../../src/rules/json.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { parseReading, parseTrace, parseTraceHeader } from '../../src/sensing/trace.ts';
import { Journal } from '../../src/store/journal.ts';
import { MemoryStorage } from '../../src/store/memory.ts';


let app: TableApp | null = null;
let readings: Reading[] = [];
let cursor = 0;
let clock = 0;
const journal = new Journal(new MemoryStorage());
const RECORD = '{"e":"strike","seat":0,"t":1000}\n{"e":"pocket","piece":"white","pocket":2,"t":1850}\n{"e":"settle","t":4200}';

function run(op: string, body: string): string {
  switch (op) {
    case 'load': {
      const trace = parseTrace(body);
      if (!trace.ok) return `error\n${trace.error.line}: ${trace.error.reason}`;
      const h = trace.value.header;
      clock = 0;
      app = new TableApp({
        clock: { now: () => clock },
        display: { show: () => {} },
        storage: new MemoryStorage(),
        table: { beamGapMm: h.beamGapMm, calibration: h.calibration },
        defaultMatch: h.match,
      });
      readings = trace.value.readings;
      cursor = 0;
      journal.begin('{"carrom":1}');
      return String(readings.length);
    }
    case 'start': {
      const h = parseTraceHeader(JSON.parse(body));
      if (!h.ok) return `error\n${h.error}`;
      clock = 0;
      app = new TableApp({
        clock: { now: () => clock },
        display: { show: () => {} },
        storage: new MemoryStorage(),
        table: { beamGapMm: h.value.beamGapMm, calibration: h.value.calibration },
        defaultMatch: h.value.match,
      });
      readings = [];
      cursor = 0;
      return 'ok';
    }
    case 'reading': {
      const r = parseReading(JSON.parse(body), 0);
      if (!r.ok) return `error\n${r.error}`;
      readings = [r.value];
      cursor = 0;
      return run('next', '');
    }
    case 'next': {
      const r = readings[cursor++];
      if (!app || !r) return 'end';
      while (clock + 20_000 < r.t) {
        clock += 20_000;
        app.tick();
      }
      clock = Math.max(clock, r.t);
      app.readings([r]);
      const s = app.state;
      return `${r.kind} ${s.match.boards.length + 100 * s.match.games.length}`;
    }
    case 'finish': {
      if (!app) return 'error';
      for (let i = 0; i < 300; i++) {
        clock += 20_000;
        app.tick();
      }
      return formatJson(app.state);
    }
    case 'render':
      app?.refresh();
      return String(app?.frames ?? 0);
    case 'calibrate': {
      const rs = JSON.parse(body) as Reading[];
      const c = new CalibrationRun(10);
      for (const r of rs) c.reading(r);
      c.advance(rs[rs.length - 1].t + 1_000_000);
      return JSON.stringify(computeCalibration(c.samples, 10));
    }
    case 'journal':
      journal.append(RECORD);
      return String(journal.size);
  }
  return `error\nunknown command ${op}`;
}

commands(run);
