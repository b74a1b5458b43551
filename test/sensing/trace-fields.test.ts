// Each field of the sensor trace format (docs/formats.md §2) checked on both sides of its bounds, each
// refusal's words, each reading's value as parsed, and the written form's rounding (issue 31, mutation
// testing: a bound moved or a check dropped in trace.ts went unnoticed by the tests of whole traces).
import assert from 'node:assert/strict';
import { channelName, formatReading, formatTraceHeader, parseReading, parseTrace, parseTraceHeader, type Reading, type TraceHeader } from '../../src/sensing/index.ts';

const CAL = { white: [0.36, 0.34, 0.3], black: [0.3, 0.33, 0.37], queen: [0.55, 0.22, 0.23], striker: [0.33, 0.33, 0.34] };
const MATCH = { carrom: 1, rules: 'icf', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0 };
const header = (fields: Record<string, unknown> = {}) => ({ 'carrom-trace': 1, table: 'reference-v1', beamGapMm: 10, stripMm: 530, calibration: CAL, match: MATCH, ...fields });

/** The header's refusal, or 'ok'. */
const headerSays = (value: unknown): string => {
  const h = parseTraceHeader(value);
  return h.ok ? 'ok' : h.error;
};
/** The reading's refusal, or 'ok'. */
const readingSays = (value: unknown, lastT = 0): string => {
  const r = parseReading(value, lastT);
  return r.ok ? 'ok' : r.error;
};
const read = (value: unknown, lastT = 0): Reading => {
  const r = parseReading(value, lastT);
  assert.ok(r.ok, r.ok ? '' : r.error);
  return r.value;
};

describe('sensor trace: the header, field by field', () => {
  it('is a JSON object', () => {
    for (const v of [null, [], 'trace', 3]) assert.equal(headerSays(v), 'the header is not a JSON object', JSON.stringify(v));
  });

  it('reads every field into the header, the match header parsed', () => {
    const h = parseTraceHeader(header());
    assert.ok(h.ok);
    assert.deepEqual(h.value, { 'carrom-trace': 1, table: 'reference-v1', beamGapMm: 10, stripMm: 530, calibration: CAL, match: { ...MATCH, options: {} } });
  });

  it('has a table name', () => {
    assert.equal(headerSays(header({ table: 3 })), 'field "table" must be a table name');
    assert.equal(headerSays(header({ table: undefined })), 'field "table" must be a table name');
  });

  it('has a beam gap from 0 (one beam) to 50 mm, both included', () => {
    const refused = 'field "beamGapMm" must be a distance in mm (0 for one beam)';
    for (const gap of [0, 50, 12.5]) assert.equal(headerSays(header({ beamGapMm: gap })), 'ok', `${gap}`);
    for (const gap of [-0.1, 50.1, '10', null]) assert.equal(headerSays(header({ beamGapMm: gap })), refused, `${gap}`);
  });

  it('has a strip longer than 0 and up to 2000 mm', () => {
    const refused = 'field "stripMm" must be a length in mm';
    for (const mm of [0.1, 2000]) assert.equal(headerSays(header({ stripMm: mm })), 'ok', `${mm}`);
    for (const mm of [0, 2000.1, -5, '530']) assert.equal(headerSays(header({ stripMm: mm })), refused, `${mm}`);
  });

  it('has no calibration (absent or null: a table without colour sensors) or one of four colours', () => {
    for (const calibration of [undefined, null]) {
      const h = parseTraceHeader(header({ calibration }));
      assert.ok(h.ok);
      assert.equal(h.value.calibration, null);
    }
    for (const calibration of ['white', [CAL.white, CAL.black, CAL.queen, CAL.striker]]) assert.equal(headerSays(header({ calibration })), 'field "calibration" must be an object of colour readings');
    assert.equal(headerSays(header({ calibration: { ...CAL, striker: undefined } })), 'field "calibration.striker" must be [r, g, b], each 0–1');
  });

  it('has each colour component from 0 to 1, both included, three of them', () => {
    const refused = 'field "calibration.white" must be [r, g, b], each 0–1';
    for (const white of [[0, 0, 0], [1, 1, 1]]) assert.equal(headerSays(header({ calibration: { ...CAL, white } })), 'ok', JSON.stringify(white));
    for (const white of [[0, 0, -0.01], [1.01, 0, 0], [0.3, 0.3], [0.3, 0.3, 0.3, 0.3], [0.3, '0.3', 0.3], '0.3']) {
      assert.equal(headerSays(header({ calibration: { ...CAL, white } })), refused, JSON.stringify(white));
    }
  });

  it('has a match header, whose refusal says so', () => {
    assert.equal(headerSays(header({ match: { ...MATCH, breaker: 7 } })), 'field "match": field "breaker" must be a player index');
  });
});

describe('sensor trace: a reading, field by field', () => {
  it('is a JSON object', () => {
    for (const v of [null, [], 'p0.a', 1]) assert.equal(readingSays(v), 'a reading must be a JSON object', JSON.stringify(v));
  });

  // Infinity: a number JSON writes as 1e400.
  it('has a time in µs from 0, never below the last one (the same time again is fine)', () => {
    const refused = 'field "t" must be a time in microseconds';
    assert.equal(readingSays({ t: 0, ch: 's0', v: null }), 'ok');
    for (const t of [-1, '5', null, Infinity]) assert.equal(readingSays({ t, ch: 's0', v: null }), refused, `${t}`);
    assert.equal(readingSays({ t: 10, ch: 's0', v: null }, 10), 'ok');
    assert.equal(readingSays({ t: 9, ch: 's0', v: null }, 10), 'time goes backwards (9 after 10)');
  });

  it('has a channel', () => {
    assert.equal(readingSays({ t: 1, v: 0 }), 'missing field "ch"');
    for (const ch of ['p4.a', 'p0.d', 'p0', 's4', 'x', 'p0.a ', 'sp0.a', 'xs1', 's12', 's1 ']) assert.equal(readingSays({ t: 1, ch, v: 0 }), `unknown channel "${ch}"`, ch);
  });

  it('reads a beam: pocket, upper (a) or lower (b), 0 blocked and 1 clear', () => {
    assert.deepEqual(read({ t: 5, ch: 'p0.a', v: 0 }), { t: 5, kind: 'beam', pocket: 0, beam: 0, blocked: true });
    assert.deepEqual(read({ t: 6, ch: 'p3.b', v: 1 }), { t: 6, kind: 'beam', pocket: 3, beam: 1, blocked: false });
    for (const v of [2, '0', null, true]) assert.equal(readingSays({ t: 1, ch: 'p2.a', v }), 'field "v" of p2.a must be 0 (blocked) or 1 (clear)', `${v}`);
  });

  it('reads a colour: three components from 0 to 1', () => {
    assert.deepEqual(read({ t: 7, ch: 'p1.c', v: [0, 0.5, 1] }), { t: 7, kind: 'colour', pocket: 1, rgb: [0, 0.5, 1] });
    for (const v of [[0, 0.5, 1.01], [-0.01, 0.5, 1], [0.5, 0.5], null]) assert.equal(readingSays({ t: 1, ch: 'p1.c', v }), 'field "v" of p1.c must be [r, g, b], each 0–1', JSON.stringify(v));
  });

  it('reads a strip: a position in mm from 0, or null (empty)', () => {
    assert.deepEqual(read({ t: 8, ch: 's2', v: 0 }), { t: 8, kind: 'strip', seat: 2, mm: 0 });
    assert.deepEqual(read({ t: 8, ch: 's3', v: null }), { t: 8, kind: 'strip', seat: 3, mm: null });
    for (const v of [-0.1, '12', undefined, Infinity]) assert.equal(readingSays({ t: 1, ch: 's1', v }), 'field "v" of s1 must be a position in mm or null', `${v}`);
  });

  it('reads a call: an object, undo, identify with or without its pocket, or a match log call', () => {
    for (const v of [null, 'undo', ['undo']]) assert.equal(readingSays({ t: 1, ch: 'call', v }), 'field "v" of call must be an object {"call": ...}', JSON.stringify(v));
    assert.deepEqual(read({ t: 9, ch: 'call', v: { call: 'undo', extra: 1 } }), { t: 9, kind: 'call', call: { call: 'undo' } });
    assert.deepEqual(read({ t: 9, ch: 'call', v: { call: 'identify', piece: 'queen' } }), { t: 9, kind: 'call', call: { call: 'identify', piece: 'queen' } });
    assert.deepEqual(read({ t: 9, ch: 'call', v: { call: 'identify', piece: 'black', pocket: 2 } }), { t: 9, kind: 'call', call: { call: 'identify', piece: 'black', pocket: 2 } });
    assert.match(readingSays({ t: 1, ch: 'call', v: { call: 'identify', piece: 'king' } }), /^call identify: field "piece"/);
    assert.deepEqual(read({ t: 9, ch: 'call', v: { call: 'nocontact' } }), { t: 9, kind: 'call', call: { call: 'nocontact' } });
    assert.match(readingSays({ t: 1, ch: 'call', v: { call: 'cheer' } }), /^call: /);
  });

  it('a whole trace: its readings in order, each parsed as above', () => {
    const text = [JSON.stringify(header()), '{"t":1,"ch":"p0.a","v":0}', '', '{"t":2,"ch":"s1","v":null}'].join('\n');
    const trace = parseTrace(text);
    assert.ok(trace.ok);
    assert.deepEqual(trace.value.readings, [
      { t: 1, kind: 'beam', pocket: 0, beam: 0, blocked: true },
      { t: 2, kind: 'strip', seat: 1, mm: null },
    ]);
  });
});

describe('sensor trace: the written form', () => {
  it('writes each kind of reading as a trace line, colours to 3 decimals and strips to 0.1 mm', () => {
    assert.equal(formatReading({ t: 1, kind: 'beam', pocket: 2, beam: 0, blocked: true }), '{"t":1,"ch":"p2.a","v":0}');
    assert.equal(formatReading({ t: 2, kind: 'beam', pocket: 3, beam: 1, blocked: false }), '{"t":2,"ch":"p3.b","v":1}');
    assert.equal(formatReading({ t: 3, kind: 'colour', pocket: 1, rgb: [0.12345, 0.5, 0.9996] }), '{"t":3,"ch":"p1.c","v":[0.123,0.5,1]}');
    assert.equal(formatReading({ t: 4, kind: 'strip', seat: 0, mm: 12.345 }), '{"t":4,"ch":"s0","v":12.3}');
    assert.equal(formatReading({ t: 5, kind: 'strip', seat: 1, mm: null }), '{"t":5,"ch":"s1","v":null}');
    assert.equal(formatReading({ t: 6, kind: 'call', call: { call: 'undo' } }), '{"t":6,"ch":"call","v":{"call":"undo"}}');
  });

  it('writes the header with the match header of formats.md §1, and no calibration where there is none', () => {
    const h = parseTraceHeader(header({ calibration: null }));
    assert.ok(h.ok);
    const written: TraceHeader = h.value;
    assert.equal(
      formatTraceHeader(written),
      '{"carrom-trace":1,"table":"reference-v1","beamGapMm":10,"stripMm":530,"match":{"carrom":1,"rules":"icf","mode":"singles","players":["Asha","Ben"],"breaker":0,"options":{}}}',
    );
  });

  it('names each reading\'s channel as formats.md §2 does', () => {
    assert.equal(channelName({ t: 0, kind: 'beam', pocket: 2, beam: 0, blocked: true }), 'p2.a');
    assert.equal(channelName({ t: 0, kind: 'beam', pocket: 1, beam: 1, blocked: false }), 'p1.b');
    assert.equal(channelName({ t: 0, kind: 'colour', pocket: 3, rgb: [0, 0, 0] }), 'p3.c');
    assert.equal(channelName({ t: 0, kind: 'strip', seat: 2, mm: null }), 's2');
    assert.equal(channelName({ t: 0, kind: 'call', call: { call: 'undo' } }), 'call');
  });
});
