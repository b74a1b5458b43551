// The rules engine's JSON printer (the bytes `carrom replay` prints, the same in Node and XS) and its
// snapshots (a journal starting from a board's beginning), pinned where mutation testing found them loose
// (issue 31): the line width and its bound, empty containers, absent keys, how deep a value stays on one
// line; and a snapshot refused for each field it lacks.
import assert from 'node:assert/strict';
import { formatJson } from '../../src/rules/json.ts';
import { start } from '../../src/rules/engine.ts';
import { canSnapshot, restore, snapshot } from '../../src/rules/snapshot.ts';
import type { GameEvent, MatchHeader } from '../../src/rules/types.ts';
import { foldEvents } from '../../src/rules/replay.ts';

describe('rules: formatJson', () => {
  it('prints primitives as JSON, and an absent value as null', () => {
    assert.equal(formatJson(12), '12');
    assert.equal(formatJson('a"b'), '"a\\"b"');
    assert.equal(formatJson(null), 'null');
    assert.equal(formatJson(undefined), 'null');
    assert.equal(formatJson(true), 'true');
  });

  it('keeps a flat value on one line up to 100 characters with its indent, that bound included', () => {
    const of = (n: number) => ['x'.repeat(n - 4)]; // ["…"]: n characters
    assert.equal(formatJson(of(100)), `["${'x'.repeat(96)}"]`);
    assert.equal(formatJson(of(101)), `[\n  "${'x'.repeat(97)}"\n]`);
    assert.equal(formatJson(of(98), '  '), `["${'x'.repeat(94)}"]`);
    assert.equal(formatJson(of(99), '  '), `[\n    "${'x'.repeat(95)}"\n  ]`);
  });

  it('prints objects key by key over lines, with the separators and the indent as docs/formats.md shows', () => {
    const long = { name: 'y'.repeat(60), other: 'z'.repeat(40), gone: undefined };
    assert.equal(formatJson(long), `{\n  "name": "${'y'.repeat(60)}",\n  "other": "${'z'.repeat(40)}"\n}`);
    assert.equal(formatJson({ score: [12, 0], queen: { state: 'onBoard', side: null }, gone: undefined }), '{"score": [12, 0], "queen": {"state": "onBoard", "side": null}}');
  });

  it('keeps containers of primitives, and containers of those, on one line; deeper goes over lines', () => {
    assert.equal(formatJson({ a: { b: 1 } }), '{"a": {"b": 1}}');
    assert.equal(formatJson({ a: { b: { c: 1 } } }), '{\n  "a": {"b": {"c": 1}}\n}');
    assert.equal(formatJson([[[1]]]), '[\n  [[1]]\n]');
    assert.equal(formatJson([[1, [2]], 3]), '[\n  [1, [2]],\n  3\n]');
    assert.equal(formatJson({ a: null, b: [null] }), '{"a": null, "b": [null]}');
    assert.equal(formatJson([undefined, 1]), '[null, 1]', 'an absent value in a list is null, as JSON.stringify has it');
  });

  it('prints empty containers as [] and {} even where nothing fits on the line', () => {
    const deep = ' '.repeat(99);
    assert.equal(formatJson([], deep), '[]');
    assert.equal(formatJson({ gone: undefined }, deep), '{}');
    assert.equal(formatJson([], ''), '[]');
    assert.equal(formatJson({}, ''), '{}');
  });
});

describe('rules: snapshots', () => {
  const HEADER: MatchHeader = { carrom: 1, rules: 'icf', mode: 'singles', players: ['A', 'B'], breaker: 0, options: {} };

  it('a state at rest is written and read back as it was', () => {
    const s = start(HEADER);
    assert.ok(s.ok);
    assert.equal(canSnapshot(s.value), true);
    const back = restore(HEADER, snapshot(s.value));
    assert.ok(back.ok);
    assert.equal(JSON.stringify(back.value), JSON.stringify(s.value), 'the same keys in the same order, the same values (an absent one stays absent)');
  });

  it('a singles board is written with no 3-player credits and one everOwn a side, before and after a shot', () => {
    const s = start(HEADER);
    assert.ok(s.ok);
    const fresh = JSON.parse(snapshot(s.value)).board;
    assert.deepEqual([fresh.credits, fresh.everOwn], [[], [false, false]]);
    const after = foldEvents(s.value, [{ e: 'strike', t: 0 }, { e: 'pocket', t: 1, piece: 'white' }, { e: 'settle', t: 2 }].map((event, i) => ({ event: event as GameEvent, line: i + 2 })));
    const board = JSON.parse(snapshot(after)).board;
    assert.deepEqual([board.credits, board.everOwn], [[], [true, false]]);
  });

  it('a state with a shot in progress or waiting is not at rest', () => {
    const s = start(HEADER);
    assert.ok(s.ok);
    assert.equal(canSnapshot({ ...s.value, shot: {} as never }), false);
    assert.equal(canSnapshot({ ...s.value, waiting: {} as never }), false);
  });

  it('refuses a snapshot that is not JSON, and one that lacks any of match, board, shots (a number) or warnings (a list)', () => {
    assert.deepEqual(restore(HEADER, '{nope'), { ok: false, error: 'snapshot is not JSON' });
    const full = { match: {}, board: {}, shots: 0, warnings: [] };
    const lacks = { ok: false, error: 'snapshot lacks match, board, shots or warnings' };
    for (const text of ['null', '7', JSON.stringify({ ...full, match: undefined }), JSON.stringify({ ...full, board: undefined }), JSON.stringify({ ...full, shots: '0' }), JSON.stringify({ ...full, warnings: {} })]) {
      assert.deepEqual(restore(HEADER, text), lacks, text);
    }
    assert.equal(restore(HEADER, JSON.stringify(full)).ok, true);
  });

  it('refuses a snapshot for a header the engine refuses, with its error', () => {
    const r = restore({ ...HEADER, rules: 'nonesuch' }, JSON.stringify({ match: {}, board: {}, shots: 0, warnings: [] }));
    assert.equal(r.ok, false);
    assert.deepEqual(r, start({ ...HEADER, rules: 'nonesuch' }));
  });
});
