// A signed body must not hold a key twice in one object, nor nest deeper than 64 levels: wherever the
// sender's whitespace, escapes and strings put them, and never mistaking text inside a string (a log
// line is JSON in a string) for the body's own keys. Without a server: test/server/records/inputs.test.ts posts
// such bodies over HTTP.
import assert from 'node:assert/strict';
import { MAX_DEPTH, strictJsonProblem } from '../../../server/common/strict-json.ts';
import { matchRecords } from '../../../tools/results.ts';

const body = matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } })[3].body;
const value = JSON.parse(body) as Record<string, unknown>;

/** Every object inside `v` with its path as strictJsonProblem names it ("state.match.boards[0]"). */
function objects(v: unknown, path = ''): { at: string; o: Record<string, unknown> }[] {
  if (v === null || typeof v !== 'object') return [];
  const inner = Object.entries(v).flatMap(([k, x]) => objects(x, Array.isArray(v) ? `${path}[${k}]` : path ? `${path}.${k}` : k));
  return Array.isArray(v) ? inner : [{ at: path, o: v as Record<string, unknown> }, ...inner];
}

describe('the strict reading of a signed body', () => {
  it('finds nothing wrong with a record as tables send it, spaced out, or with its keys escaped', () => {
    assert.equal(strictJsonProblem(body), null);
    assert.equal(strictJsonProblem(JSON.stringify(value, null, 2)), null);
    assert.equal(strictJsonProblem(body.replace(/"(firmware|match|board)":/g, (_, k: string) => `"\\u00${k.charCodeAt(0).toString(16)}${k.slice(1)}":`)), null);
    // A log whose lines repeat keys is text inside a string: not the body's keys.
    assert.equal(strictJsonProblem(JSON.stringify({ ...value, log: '{"e":"settle","e":"settle","t":1}\n[[[[\n"\\"' })), null);
  });

  it('names the object and key of a key given twice, in every object of a real record', () => {
    const all = objects(value);
    assert.ok(all.length > 20, `${all.length} objects`);
    for (const { at, o } of all) {
      const key = Object.keys(o)[0];
      if (key === undefined) continue;
      // The key again, as the object's last: the text is made by hand around JSON.stringify's.
      const marker = { ...o, ['\u0000marker']: 1 };
      const twice = JSON.stringify(replaceAt(value, at, marker)).replace('"\\u0000marker":1', `${JSON.stringify(key)}:0`);
      assert.doesNotThrow(() => JSON.parse(twice));
      const where = at ? `${at}.${key}` : key;
      assert.equal(strictJsonProblem(twice), `body has the key ${JSON.stringify(key)} twice in one object (at ${where})`, where);
      // Spaced out, and the second written with escapes: the same.
      const spaced = JSON.stringify(replaceAt(value, at, marker), null, 1).replace('"\\u0000marker": 1', `${JSON.stringify(key).replace(/^"./, (s) => `"\\u00${s.charCodeAt(1).toString(16).padStart(2, '0')}`)} : 0`);
      assert.equal(strictJsonProblem(spaced), `body has the key ${JSON.stringify(key)} twice in one object (at ${where})`, `${where}, spaced`);
    }
  });

  it('finds a key given twice in an object of many keys, whichever two they are', () => {
    const keys = Array.from({ length: 40 }, (_, k) => `k${k}`);
    const many = (extra: string) => JSON.stringify({ ...value, state: { ...(value.state as object), many: 0 } }).replace('"many":0', `"many":{${keys.map((k) => `"${k}":1`).join(',')}${extra}}`);
    assert.equal(strictJsonProblem(many('')), null);
    for (const k of ['k0', 'k14', 'k15', 'k16', 'k39']) assert.equal(strictJsonProblem(many(`,"${k}":2`)), `body has the key "${k}" twice in one object (at state.many.${k})`, k);
  });

  it(`names where a value nests deeper than ${MAX_DEPTH} levels`, () => {
    const deep = JSON.stringify({ ...value, state: { ...(value.state as object), x: 0 } }).replace('"x":0', `"x":${'[ '.repeat(5000)}${' ]'.repeat(5000)}`);
    // The body and state are two levels, the arrays the rest; a path over 80 characters is cut.
    const path = `state.x${'[0]'.repeat(MAX_DEPTH - 2)}`;
    assert.equal(strictJsonProblem(deep), `body nests deeper than ${MAX_DEPTH} levels (at ${path.slice(0, 77)}...)`);
  });
});

/** `v` with the object at `at` (a path as objects() gives it) replaced by `by`. */
function replaceAt(v: unknown, at: string, by: unknown): unknown {
  if (at === '') return by;
  const copy = JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
  const parts = at.match(/[^.[\]]+/g)!;
  let parent: Record<string, unknown> = copy;
  for (const p of parts.slice(0, -1)) parent = parent[p] as Record<string, unknown>;
  parent[parts[parts.length - 1]] = by;
  return copy;
}
