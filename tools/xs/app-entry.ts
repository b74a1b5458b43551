// The whole table app inside XS (sensing, rules, view, journal), driven by a trace, for the app
// benchmarks and the XS test of the app:
//   "load\n<trace>" → a fresh app on memory flash, ready to play the trace
//   "next"          → feeds the next reading (with 20 ms ticks up to it), answers "<kind> <boards done>"
//   "start\n<trace header>", then "reading\n<line>" → the same, one reading at a time, nothing kept (heap);
//                      its display is the SSD1306 driver's page writer, counting the bytes it puts on the bus
//   "updates"       → each display update since the last "updates": [boards done, render XS operations
//                      (screen model and pixels), bytes on the I²C bus], as JSON
//   "finish"        → ticks 6 s more; answers the state JSON
//   "render"        → draws the whole screen and sends the whole frame (the boot path: today's every update)
//   "check"         → "same" if the framebuffer, drawn region by region, is a full render of the screen
//                      (or "pending": a redraw waits for the gates), else the first byte that differs
//   "journal"       → appends one typical shot record
//   "calibrate\n<readings JSON>" → a calibration run over those readings; answers its result JSON
//   "gc"            → a full collection: the slots at the end of it are what the heap keeps (liveSlots)
import { commands } from './command.ts';
import { TableApp } from '../../src/app/app.ts';
import { CalibrationRun, computeCalibration } from '../../src/app/install/calibration.ts';
import { formatJson } from '../../src/rules/json.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { parseReading, parseTrace, parseTraceHeader } from '../../src/sensing/trace.ts';
import { Journal } from '../../src/store/journal.ts';
import { MemoryStorage } from '../../src/store/memory.ts';
import type { Changes } from '../../src/view/changes.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import { PageWriter } from '../../hosts/device/esp32/ssd1306-pages.ts';

// xsnap-worker's meter (xsnap-worker.c: xs_resetMeter sets the count and returns the one before).
declare function resetMeter(limit: number, index: number): number;
declare function currentMeterLimit(): number;
declare function gc(): void;
const meter = (): number => {
  const now = resetMeter(currentMeterLimit(), 0);
  resetMeter(currentMeterLimit(), now);
  return now;
};


let app: TableApp | null = null;
let readings: Reading[] = [];
let cursor = 0;
let clock = 0;
const journal = new Journal(new MemoryStorage());
/** Bytes on the bus: each write's own and its address byte. */
let busBytes = 0;
let updates: [number, number, number][] = [];
const RECORD = '{"e":"strike","seat":0,"t":1000}\n{"e":"pocket","piece":"white","pocket":2,"t":1850}\n{"e":"settle","t":4200}';

function boardsOf(a: TableApp): number {
  const s = a.state;
  return s.match.boards.length + 100 * s.match.games.length;
}

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
      const writer = new PageWriter((bytes) => void (busBytes += bytes.length + 1));
      let showOps = 0;
      const display = {
        show(frame: Uint8Array, changed?: Changes) {
          const before = meter();
          writer.show(frame, changed);
          showOps += meter() - before;
        },
      };
      app = new TableApp({
        clock: { now: () => clock },
        display,
        storage: new MemoryStorage(),
        table: { beamGapMm: h.value.beamGapMm, calibration: h.value.calibration },
        defaultMatch: h.value.match,
      });
      // Each update's cost: the app's whole display step (screen model, pixels) less the driver's part.
      const shown = app as unknown as { flushDisplay(): void };
      const flush = shown.flushDisplay.bind(app);
      shown.flushDisplay = () => {
        const frames = app!.frames;
        const bytes = busBytes;
        showOps = 0;
        const before = meter();
        flush();
        const ops = meter() - before - showOps;
        if (app!.frames !== frames) updates.push([boardsOf(app!), ops, busBytes - bytes]);
      };
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
    case 'check': {
      if (!app) return 'error';
      if ((app as unknown as { out: { wanted: boolean } }).out.wanted) return 'pending';
      const want = render(new Frame(), app.screen()).bytes;
      const got = app.framebuffer();
      for (let i = 0; i < want.length; i++) if (want[i] !== got[i]) return `differs at byte ${i}`;
      return 'same';
    }
    case 'updates': {
      const out = JSON.stringify(updates);
      updates = [];
      return out;
    }
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
    // Last, so that no other command pays for comparing with it (the benches count whole commands).
    case 'gc':
      gc();
      return '';
  }
  return `error\nunknown command ${op}`;
}

commands(run);
