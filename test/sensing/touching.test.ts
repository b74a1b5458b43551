// Touching pieces through a two-beam gate (issue 8 §3): the beams cross the pieces at different chords,
// so a gap between two of them may show on one beam and not on the other. One merged pulse on one
// beam then faces several pulses on the other, and all of them together are one passage: never a
// phantom piece, never a lost one. Table-driven over every combination, at slow and fast speeds.
import assert from 'node:assert/strict';
import type { Reading } from '../../src/sensing/types.ts';
import { colourOf, ms, pockets, pulse, sense } from '../helpers/readings.ts';

type Kind = 'white' | 'black' | 'queen' | 'striker';
const SIZE_MM: Record<Kind, number> = { white: 33.3, black: 33.3, queen: 33.3, striker: 42.8 };
const GAP_MM = 10;

/** Where each beam sees a gap: one letter per piece, `|` between two pieces where that beam sees a gap. */
interface Train {
  pieces: Kind[];
  /** e.g. "ab|c": a gap between the 2nd and 3rd piece on this beam, the first two merged. */
  a: string;
  b: string;
}

/** A train of touching pieces at `speed` m/s from `at` µs: each beam's pulses, and a colour reading
 * in the middle of each piece on the upper beam (the striker is read too, and must not name a man). */
function train(pocket: number, at: number, speed: number, t: Train, gapMm: number): Reading[] {
  const v = speed / 1000; // mm per µs
  const out: Reading[] = [];
  const beam = (which: 0 | 1, pattern: string, from: number) => {
    const gaps = pattern.replace(/[^|a-z]/g, '').split('').reduce<boolean[]>((g, ch) => (ch === '|' ? (g[g.length - 1] = true, g) : [...g, false]), []);
    let x = 0; // mm along the path
    let start = 0;
    const mids: number[] = [];
    t.pieces.forEach((kind, i) => {
      mids.push(x + SIZE_MM[kind] / 2);
      x += SIZE_MM[kind];
      if (gaps[i] || i === t.pieces.length - 1) {
        out.push(...pulse(pocket, which, Math.round(from + start / v), Math.round(from + x / v)));
        x += gaps[i] ? gapMm : 0;
        start = x;
      }
    });
    return mids;
  };
  const mids = beam(0, t.a, at);
  beam(1, t.b, at + GAP_MM / v);
  t.pieces.forEach((kind, i) => out.push(colourOf(pocket, Math.round(at + mids[i] / v), kind)));
  return out;
}

const W: Kind = 'white';
const K: Kind = 'black';
const Q: Kind = 'queen';
const S: Kind = 'striker';

const CASES: [string, Train][] = [
  ['two men, merged on a, split on b', { pieces: [W, K], a: 'ab', b: 'a|b' }],
  ['two men, split on a, merged on b', { pieces: [W, K], a: 'a|b', b: 'ab' }],
  ['three men, merged on a, all split on b', { pieces: [W, K, Q], a: 'abc', b: 'a|b|c' }],
  ['three men, all split on a, merged on b', { pieces: [K, Q, W], a: 'a|b|c', b: 'abc' }],
  ['three men, first two merged on a, last two on b', { pieces: [W, K, Q], a: 'ab|c', b: 'a|bc' }],
  ['three men, last two merged on a, first two on b', { pieces: [Q, W, K], a: 'a|bc', b: 'ab|c' }],
  ['three men, first two merged on a, all merged on b', { pieces: [W, W, K], a: 'ab|c', b: 'abc' }],
  ['three men, all merged on a, last two merged on b', { pieces: [K, W, K], a: 'abc', b: 'a|bc' }],
  ['a man then the striker, merged on a, split on b', { pieces: [W, S], a: 'ab', b: 'a|b' }],
  ['a man then the striker, split on a, merged on b', { pieces: [K, S], a: 'a|b', b: 'ab' }],
  ['the striker then a man, merged on a, split on b', { pieces: [S, Q], a: 'ab', b: 'a|b' }],
  ['the striker then a man, split on a, merged on b', { pieces: [S, W], a: 'a|b', b: 'ab' }],
  ['two men and the striker, merged on a, split on b', { pieces: [W, K, S], a: 'abc', b: 'a|b|c' }],
  ['two men, split on both beams (two passages)', { pieces: [W, K], a: 'a|b', b: 'a|b' }],
  ['two men, merged on both beams', { pieces: [W, K], a: 'ab', b: 'ab' }],
];

describe('sensing: touching pieces, a gap on one beam only', () => {
  // The gaps between touching pieces: 0.5–3.4 mm (docs/hardware.md: 0–3.4 ms at 1 m/s); at 8 m/s a gap
  // must be 2 mm to last the 250 µs a gap needs to count at all.
  for (const [speed, gapMm] of [[0.1, 0.5], [0.3, 1], [1, 1.5], [3, 2.5], [8, 3]] as const) {
    for (const [name, t] of CASES) {
      it(`${name}, at ${speed} m/s (gap ${gapMm} mm)`, () => {
        const run = sense(train(1, ms(100), speed, t, gapMm));
        assert.deepEqual(pockets(run), t.pieces, 'every piece once, in order, named by its own reading');
        const times = run.events.map((e) => e.t);
        assert.ok(times.every((x, i) => i === 0 || x > times[i - 1]), `each piece at its own time: ${times}`);
      });
    }
  }

  it('the pieces of a passage are dated in order inside it, and the next passage is its own', () => {
    const first = train(2, ms(100), 1, { pieces: [W, K], a: 'ab', b: 'a|b' }, 1.5);
    const second = train(2, ms(400), 1, { pieces: [Q], a: 'a', b: 'a' }, 1.5);
    const run = sense([...first, ...second]);
    assert.deepEqual(run.events, [
      { e: 'pocket', piece: 'white', pocket: 2, t: 100 },
      { e: 'pocket', piece: 'black', pocket: 2, t: 133 },
      { e: 'pocket', piece: 'queen', pocket: 2, t: 400 },
    ]);
  });

  it('no colour sensor: the same count, men as "man", the striker by its size', () => {
    const run = sense(train(0, ms(100), 2, { pieces: [W, S, K], a: 'a|bc', b: 'ab|c' }, 2), { calibration: null });
    assert.deepEqual(pockets(run), ['man', 'striker', 'man']);
  });
});
