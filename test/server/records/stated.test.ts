// A stated state that is not the log's is refused with the first place it differs (docs/server.md, "What
// the server checks"): our fields in our order, then fields only the table stated. Checked against that
// definition, written out here as plainly as it reads, on many wrong states of real records.
import assert from 'node:assert/strict';
import { difference } from '../../../server/records/check.ts';
import { matchRecords, stateOf } from '../../../tools/results.ts';

/** The definition: the first key, ours then theirs, whose values differ, with both values. */
function firstDifference(ours: unknown, theirs: unknown, path: string): string | null {
  const show = (v: unknown) => {
    const s = JSON.stringify(v) ?? 'missing';
    return s.length > 60 ? `${s.slice(0, 57)}...` : s;
  };
  const objects = ours !== null && theirs !== null && typeof ours === 'object' && typeof theirs === 'object';
  if (!objects || Array.isArray(ours) !== Array.isArray(theirs)) return ours === theirs ? null : `${path} is ${show(theirs)}, the log gives ${show(ours)}`;
  const a = ours as Record<string, unknown>;
  const b = theirs as Record<string, unknown>;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const d = firstDifference(a[k], b[k], Array.isArray(ours) ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

/** Every place inside `v` (objects' keys and arrays' indexes), as paths of keys. */
function places(v: unknown, at: string[] = []): string[][] {
  if (v === null || typeof v !== 'object') return [at];
  return [at, ...Object.keys(v).flatMap((k) => places((v as Record<string, unknown>)[k], [...at, k]))];
}

/** `v` with the value at `path` changed in one of four ways: another value, removed, a key added, a list cut. */
function wrong(v: unknown, path: string[], how: number): unknown {
  const copy = JSON.parse(JSON.stringify(v)) as Record<string, unknown>;
  if (path.length === 0) return how % 2 ? [] : { extra: 1 };
  let parent = copy as Record<string, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
  const last = path[path.length - 1];
  const was = parent[last];
  if (how === 0) parent[last] = typeof was === 'number' ? was + 1 : typeof was === 'string' ? `${was}!` : was === null ? 0 : null;
  else if (how === 1) Array.isArray(parent) ? parent.pop() : delete parent[last];
  else if (how === 2 && was !== null && typeof was === 'object' && !Array.isArray(was)) (was as Record<string, unknown>).zz = true;
  else if (Array.isArray(was)) was.push(7);
  else parent[last] = [was];
  return copy;
}

describe('a stated state that is not the log\'s', () => {
  it('is refused at the first place it differs, ours first, then what only the table stated', () => {
    let compared = 0;
    for (const r of matchRecords('hall-1', 1, 23, { rules: 'icf', mode: 'singles', options: { matchTarget: 25 } }).slice(0, 6)) {
      const ours = stateOf(r.log) as Record<string, unknown>;
      for (const key of ['match', 'board']) {
        assert.equal(difference(ours[key], JSON.parse(JSON.stringify(ours[key])), `state.${key}`), null);
        for (const path of places(ours[key])) {
          for (let how = 0; how < 4; how++) {
            const theirs = wrong(ours[key], path, how);
            const expected = firstDifference(ours[key], theirs, `state.${key}`);
            assert.equal(difference(ours[key], theirs, `state.${key}`), expected, `${key} at ${path.join('.')}, change ${how}`);
            if (expected) compared++;
          }
        }
      }
    }
    assert.ok(compared > 200, `${compared} wrong states compared`);
  });
});
