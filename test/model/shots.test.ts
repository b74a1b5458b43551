// The device model runs the firmware with its sync core on (tools/device/bundle.ts, model/device/network.ts):
// a match played from a generated trace sends a shot message after shots at rest, one request each, and
// none while a shot is in play.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { parseLog } from '../../src/rules/log.ts';
import { formatTrace, parseTrace } from '../../src/sensing/trace.ts';
import { bundle } from './helpers.ts';

describe('device model: shot messages', () => {
  it('a match sends shot messages, about one a shot, and the firmware reports no error', async function () {
    this.timeout(120_000);
    const b = (await bundle()) as Awaited<ReturnType<typeof bundle>> & { requests: Record<string, number> };
    const log = parseLog(readFileSync(join('test/fixtures/matches', 'icf-singles.jsonl'), 'utf8'));
    assert.ok(log.ok);
    const g = generateTrace(log.value.header, log.value.events.slice(0, 60).map((e) => e.event), 4, NOISE.low, LAYOUTS.reference);
    const trace = parseTrace(formatTrace(g.header, g.readings));
    assert.ok(trace.ok);
    for (const k of Object.keys(b.requests)) delete b.requests[k];
    const r = b.runDevice(trace.value.header, trace.value.readings, b.firmware, { capture: 'iram', colour: 'auto', strips: 'auto', opsPerMs: 2000, meter: b.fixedMeter(2000) });
    const shots = log.value.events.slice(0, 60).filter((e) => e.event.e === 'settle').length;
    assert.ok(shots >= 5, `${shots} shots`);
    const sent = b.requests['/api/v1/shots'] ?? 0;
    assert.ok(sent >= shots - 1 && sent <= shots + 5, `${sent} shot messages for ${shots} shots`);
    assert.equal(r.stats.errors.length, 0, r.stats.errors.join('; '));
  });
});
