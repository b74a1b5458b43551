// Garbage in from the sensors (random edges, colours, strips and calls at random times) never crashes
// the sensing layer, and what comes out is always a well-formed match log that replays.
import assert from 'node:assert/strict';
import { formatEvent, parseEvent, replay } from '../../../src/rules/index.ts';
import { senseTrace } from '../../../src/sensing/index.ts';
import type { Reading, TraceHeader } from '../../../src/sensing/types.ts';
import { rng } from '../../../tools/random-match.ts';
import { header } from '../../../tools/script.ts';
import { CALIBRATION } from '../../../model/table/noise.ts';

describe('sensing: fuzzed readings', () => {
  it('2,000 random traces: no throw, and a well-formed log with time never going back', () => {
    const r = rng(2026);
    for (let run = 0; run < 2000; run++) {
      const readings: Reading[] = [];
      let t = 0;
      const n = 5 + Math.floor(r() * 120);
      for (let i = 0; i < n; i++) {
        t += Math.floor(r() < 0.5 ? r() * 200 : r() < 0.8 ? r() * 50_000 : r() * 3_000_000);
        const k = r();
        const pocket = Math.floor(r() * 4);
        if (k < 0.6) readings.push({ t, kind: 'beam', pocket, beam: r() < 0.5 ? 0 : 1, blocked: r() < 0.5 });
        else if (k < 0.7) readings.push({ t, kind: 'colour', pocket, rgb: [r(), r(), r()] });
        else if (k < 0.95) readings.push({ t, kind: 'strip', seat: Math.floor(r() * 4), mm: r() < 0.4 ? null : Math.floor(r() * 530) });
        else readings.push({ t, kind: 'call', call: r() < 0.5 ? { call: 'undo' } : { call: 'nocontact' } });
      }
      const h: TraceHeader = { 'carrom-trace': 1, table: 'fuzz', beamGapMm: r() < 0.2 ? 0 : 10, stripMm: 530, calibration: r() < 0.2 ? null : CALIBRATION, match: header('icf') };
      const out = senseTrace({ header: h, readings });
      let last = 0;
      for (const e of out.events) {
        const back = parseEvent(JSON.parse(formatEvent(e)), last);
        assert.ok(back.ok, `run ${run}: ${formatEvent(e)}: ${!back.ok && back.error}`);
        last = e.t;
      }
      const state = replay({ header: out.header, headerLine: 1, events: out.events.map((event, i) => ({ event, line: i + 2 })) });
      assert.ok(state.ok);
    }
  });

  it('1,000 random traces with corrected levels among the edges (lost edges): no throw, a log that replays', () => {
    const r = rng(1502);
    for (let run = 0; run < 1000; run++) {
      const readings: Reading[] = [];
      let t = 0;
      const n = 5 + Math.floor(r() * 120);
      for (let i = 0; i < n; i++) {
        t += Math.floor(r() < 0.5 ? r() * 200 : r() < 0.8 ? r() * 50_000 : r() * 3_000_000);
        const pocket = Math.floor(r() * 4);
        const beam = r() < 0.5 ? 0 : 1;
        if (r() < 0.7) readings.push(r() < 0.25 ? { t, kind: 'beam', pocket, beam, blocked: r() < 0.5, corrected: true } : { t, kind: 'beam', pocket, beam, blocked: r() < 0.5 });
        else readings.push({ t, kind: 'colour', pocket, rgb: [r(), r(), r()] });
      }
      const h: TraceHeader = { 'carrom-trace': 1, table: 'fuzz', beamGapMm: r() < 0.2 ? 0 : 10, stripMm: 530, calibration: r() < 0.2 ? null : CALIBRATION, match: header('icf') };
      const out = senseTrace({ header: h, readings });
      const state = replay({ header: out.header, headerLine: 1, events: out.events.map((event, i) => ({ event, line: i + 2 })) });
      assert.ok(state.ok, `run ${run}`);
      for (let i = 1; i < out.events.length; i++) assert.ok(out.events[i].t >= out.events[i - 1].t, `run ${run}: time goes back`);
    }
  });
});
