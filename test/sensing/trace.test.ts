// The sensor trace format (docs/formats.md §2): parse errors with their line, and the round trip.
import assert from 'node:assert/strict';
import { formatReading, formatTrace, parseReading, parseTrace } from '../../src/sensing/index.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';

const HEADER =
  '{"carrom-trace": 1, "table": "reference-v1", "beamGapMm": 10, "stripMm": 530, "calibration": {"white": [0.36, 0.34, 0.30], "black": [0.30, 0.33, 0.37], "queen": [0.55, 0.22, 0.23], "striker": [0.33, 0.33, 0.34]}, "match": {"carrom": 1, "rules": "icf", "mode": "singles", "players": ["Asha", "Ben"], "breaker": 0}}';

describe('sensor trace: parse and format', () => {
  it('reads the docs/formats.md header and every kind of reading', () => {
    const text = [HEADER, '{"t": 1234567, "ch": "p2.a", "v": 0}', '{"t": 1234600, "ch": "p2.c", "v": [0.3, 0.33, 0.37]}', '{"t": 1234700, "ch": "s0", "v": null}', '{"t": 1234800, "ch": "s3", "v": 120.5}', '{"t": 1234900, "ch": "call", "v": {"call": "nocontact"}}'].join('\n');
    const trace = parseTrace(text);
    assert.ok(trace.ok);
    assert.equal(trace.value.header.match.rules, 'icf');
    assert.deepEqual(trace.value.readings.map((r) => r.kind), ['beam', 'colour', 'strip', 'strip', 'call']);
  });

  const bad: [string, string, RegExp][] = [
    ['not JSON', `${HEADER}\n{"t": 1, "ch"`, /^2: not JSON$/],
    ['an unknown version', '{"carrom-trace": 2}', /^1: unknown sensor trace version 2/],
    ['a match log instead', '{"carrom": 1, "rules": "icf"}', /^1: missing field "carrom-trace"/],
    ['a bad match header', HEADER.replace('"icf", "mode": "singles"', '"icf", "mode": "solo"'), /^1: field "match": field "mode"/],
    ['a bad calibration', HEADER.replace('[0.55, 0.22, 0.23]', '[0.55, 0.22]'), /^1: field "calibration.queen"/],
    ['an unknown channel', `${HEADER}\n{"t": 1, "ch": "p4.a", "v": 0}`, /^2: unknown channel "p4.a"/],
    ['a bad beam value', `${HEADER}\n{"t": 1, "ch": "p1.b", "v": 2}`, /^2: field "v" of p1.b must be 0 \(blocked\) or 1 \(clear\)/],
    ['a bad colour', `${HEADER}\n{"t": 1, "ch": "p1.c", "v": [1, 2, 3]}`, /^2: field "v" of p1.c must be \[r, g, b\]/],
    ['a bad strip value', `${HEADER}\n{"t": 1, "ch": "s1", "v": "left"}`, /^2: field "v" of s1 must be a position in mm or null/],
    ['a bad call', `${HEADER}\n{"t": 1, "ch": "call", "v": {"call": "foul", "kind": "cheating"}}`, /^2: call: field "kind" must be one of/],
    ['time going backwards', `${HEADER}\n{"t": 10, "ch": "s1", "v": null}\n{"t": 9, "ch": "s1", "v": 3}`, /^3: time goes backwards/],
    ['an empty file', '', /^1: empty trace: no header/],
  ];
  for (const [what, text, message] of bad) {
    it(`refuses ${what} with LINE: reason`, () => {
      const trace = parseTrace(text);
      assert.ok(!trace.ok);
      assert.match(`${trace.error.line}: ${trace.error.reason}`, message);
    });
  }

  it('round-trips generated traces: parse(format(x)) = x', () => {
    const m = randomMatch(3, { maxShots: 30 });
    const g = generateTrace(m.header, m.events, 3, NOISE.high, LAYOUTS.reference);
    const text = formatTrace(g.header, g.readings);
    const back = parseTrace(text);
    assert.ok(back.ok);
    assert.deepEqual(back.value.header, g.header);
    assert.deepEqual(back.value.readings, g.readings);
    let last = 0;
    for (const r of g.readings) {
      const one = parseReading(JSON.parse(formatReading(r)), last);
      assert.ok(one.ok);
      last = r.t;
    }
  });
});
