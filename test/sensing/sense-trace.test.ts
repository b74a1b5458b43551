// senseTrace, a whole trace through the sensing layer as `carrom sense` runs it (issue 31, mutation
// testing: its end of the trace and its tuning went unpinned): the header's beam gap and calibration,
// the caller's tuning, the health facts, a shot still open settled at the trace's last reading, and a
// trace with no readings.
import assert from 'node:assert/strict';
import { formatTrace, parseTrace, senseTrace, type Reading, type TraceHeader } from '../../src/sensing/index.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { colourOf, ms, passage, pulse, strip } from '../helpers/readings.ts';

const MATCH = { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} } as TraceHeader['match'];
const header = (beamGapMm: number): TraceHeader => ({ 'carrom-trace': 1, table: 'test', beamGapMm, stripMm: 530, calibration: CALIBRATION, match: MATCH });
/** Through the written form, as `carrom sense` reads a trace. */
const traceOf = (h: TraceHeader, readings: Reading[]) => {
  const t = parseTrace(formatTrace(h, readings.slice().sort((a, b) => a.t - b.t)));
  assert.ok(t.ok);
  return t.value;
};

describe('sensing: senseTrace', () => {
  it('a trace with no readings is a match with nothing in it', () => {
    const out = senseTrace(traceOf(header(10), []));
    assert.deepEqual(out, { header: MATCH, events: [], health: [] });
  });

  it("a shot still open at the end settles at the trace's last reading", () => {
    const out = senseTrace(traceOf(header(10), [strip(0, 0, 200), strip(0, ms(1), null), strip(2, ms(2000), 120)]));
    assert.deepEqual(out.events, [{ e: 'strike', seat: 0, t: 1 }, { e: 'settle', t: 2000 }]);
  });

  it("the caller's tuning applies (the quiet time that settles a shot)", () => {
    const out = senseTrace(traceOf(header(10), [strip(0, 0, 200), strip(0, ms(1), null), strip(2, ms(2000), 120)]), { settleQuietUs: 500_000 });
    assert.deepEqual(out.events, [{ e: 'strike', seat: 0, t: 1 }, { e: 'settle', t: 501 }]);
  });

  it("the header's beam gap and calibration, not the tuning's: two beams size the striker, the colour names the man", () => {
    const readings = [...passage(1, ms(100), 1, 33.3), colourOf(1, ms(110), 'black'), ...passage(1, ms(500), 1, 42.8)];
    const out = senseTrace(traceOf(header(10), readings), { beamGapMm: 0, calibration: null });
    assert.deepEqual(out.events.map((e) => (e.e === 'pocket' ? e.piece : e.e)), ['black', 'striker']);
  });

  it('gives the health facts seen', () => {
    const readings: Reading[] = [];
    for (let i = 0; i < 6; i++) readings.push(...pulse(2, 0, ms(100 + i * 100), ms(100 + i * 100) + 300));
    const out = senseTrace(traceOf(header(10), readings));
    assert.deepEqual(out.health, [{ t: ms(500) + 300, fact: 'flapping', channel: 'p2.a' }]);
  });
});
