// Test helpers: play a scripted match and compare part of its state.
import assert from 'node:assert/strict';
import { foldEvents, publicState, start, type PublicState, type State } from '../../src/rules/index.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import { header, scriptEvents } from '../../tools/script.ts';

export interface PlayOptions {
  mode?: MatchHeader['mode'];
  options?: Record<string, unknown>;
  breaker?: number;
}

export function playState(rules: string, steps: readonly string[], o: PlayOptions = {}): State {
  const initial = start(header(rules, o.mode, o.options, o.breaker));
  if (!initial.ok) throw new Error(initial.error);
  const events = scriptEvents(steps).map((event, i) => ({ event, line: i + 2 }));
  return foldEvents(initial.value, events);
}

export const play = (rules: string, steps: readonly string[], o: PlayOptions = {}): PublicState => publicState(playState(rules, steps, o));

type Partial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> | T[K] : T[K] };
export type Expect = Partial<PublicState>;

/** Asserts that every field named in `expected` has that value in `actual` (arrays compare whole). */
export function assertSubset(actual: unknown, expected: unknown, path = 'state'): void {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    assert.ok(actual !== null && typeof actual === 'object', `${path} is not an object`);
    for (const [k, v] of Object.entries(expected)) assertSubset((actual as Record<string, unknown>)[k], v, `${path}.${k}`);
    return;
  }
  assert.deepStrictEqual(actual, expected, `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
