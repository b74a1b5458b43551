// Pocket gates over hand-made edge sequences: each case of issue 3 §1, and each failure mode.
import assert from 'node:assert/strict';
import type { Reading, Rgb } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { colour, colourOf, ms, passage, pockets, pulse, sense, strip } from '../helpers/readings.ts';

describe('sensing: pocket gates', () => {
  it('a man at 1 m/s, named by its colour reading', () => {
    const run = sense([...passage(2, ms(100), 1), colourOf(2, ms(115), 'black')]);
    assert.deepEqual(run.events, [{ e: 'pocket', piece: 'black', pocket: 2, t: 100 }]);
  });

  for (const speed of [0.1, 0.3, 1, 3, 8]) {
    it(`tells the striker from a man by size at ${speed} m/s`, () => {
      const run = sense([...passage(0, ms(100), speed, 33.3), colourOf(0, ms(100) + 1000, 'white'), ...passage(1, ms(2000), speed, 42.8), colourOf(1, ms(2000) + 1000, 'white')]);
      assert.deepEqual(pockets(run), ['white', 'striker']);
    });
  }

  it('every speed from 0.1 to 8 m/s: the same man, the same striker', () => {
    for (let i = 0; i <= 40; i++) {
      const speed = 0.1 * Math.pow(80, i / 40);
      const run = sense([...passage(3, ms(10), speed, 33.3), ...passage(3, ms(3000), speed, 42.8)], { calibration: null });
      assert.deepEqual(pockets(run), ['man', 'striker'], `at ${speed.toFixed(2)} m/s`);
    }
  });

  it('splits one long pulse of touching men into the right count, each named by its reading', () => {
    const v = 2 / 1000;
    const one = 33.3 / v;
    const readings = [...passage(1, ms(50), 2, 33.3 * 3), colourOf(1, ms(50) + one * 0.5, 'white'), colourOf(1, ms(50) + one * 1.5, 'black'), colourOf(1, ms(50) + one * 2.5, 'queen')];
    assert.deepEqual(pockets(sense(readings)), ['white', 'black', 'queen']);
  });

  it('two touching men that gave a single reading: one named, one a man', () => {
    const readings = [...passage(1, ms(50), 1, 66.6), colourOf(1, ms(50) + 10_000, 'white')];
    assert.deepEqual(pockets(sense(readings)), ['white', 'man']);
  });

  it('ringing at each edge is one transition (bridged as a short clear inside the pulse)', () => {
    const ring = (t: number, to: boolean) => [0, 2, 3, 7, 9].map((d, i) => ({ t: t + d, kind: 'beam' as const, pocket: 0, beam: 0 as const, blocked: i % 2 === 0 ? to : !to }));
    const ringB = (t: number, to: boolean) => ring(t, to).map((r) => ({ ...r, beam: 1 as const }));
    const readings = [...ring(ms(10), true), ...ringB(ms(20), true), ...ring(ms(43), false), ...ringB(ms(53), false), colourOf(0, ms(20), 'queen')];
    assert.deepEqual(sense(readings).events, [{ e: 'pocket', piece: 'queen', pocket: 0, t: 10 }]);
  });

  // Ringing as docs/hardware.md has it (several edges within a few µs at each transition), with no debounce:
  // the piece's size, hence man or striker, and a glitch's shortness come through it unchanged.
  for (const speed of [0.1, 1, 8]) {
    it(`ringing of 8 edges over 25 µs at every transition, at ${speed} m/s: still a man, a striker, and a glitch`, () => {
      const ringing = (readings: Reading[]): Reading[] =>
        readings.flatMap((r): Reading[] => (r.kind !== 'beam' ? [r] : [0, 3, 6, 10, 14, 17, 21, 25, 25].map((d, i) => ({ ...r, t: r.t + d, blocked: i % 2 === 0 ? r.blocked : !r.blocked }))));
      const readings = ringing([...passage(0, ms(100), speed, 33.3), ...passage(0, ms(3000), speed, 42.8), ...pulse(0, 0, ms(6000), ms(6000) + 400)]);
      const run = sense(readings, { calibration: null });
      assert.deepEqual(pockets(run), ['man', 'striker']);
      assert.deepEqual(run.health, []);
    });
  }

  it('rejects glitches shorter than any real piece, and reports a flapping beam', () => {
    const readings = [];
    for (let i = 0; i < 8; i++) readings.push(...pulse(3, 0, ms(100 + i * 100), ms(100 + i * 100) + 300));
    const run = sense(readings);
    assert.deepEqual(pockets(run), []);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel]), [['flapping', 'p3.a']]);
  });

  it('a glitch that clears the beam inside a pulse does not split the piece', () => {
    const readings = [...passage(0, ms(100), 1), { t: ms(110), kind: 'beam' as const, pocket: 0, beam: 0 as const, blocked: false }, { t: ms(110) + 100, kind: 'beam' as const, pocket: 0, beam: 0 as const, blocked: true }];
    assert.deepEqual(pockets(sense(readings, { calibration: null })), ['man']);
  });

  it('no colour sensor: men are "man", the striker still "striker"', () => {
    const run = sense([...passage(0, ms(100), 1, 33.3), ...passage(0, ms(500), 1, 42.8)], { calibration: null });
    assert.deepEqual(pockets(run), ['man', 'striker']);
  });

  it('a colour between two calibrated kinds is not guessed', () => {
    const w = CALIBRATION.white;
    const k = CALIBRATION.black;
    const half = [(w[0] + k[0]) / 2, (w[1] + k[1]) / 2, (w[2] + k[2]) / 2] as const;
    assert.deepEqual(pockets(sense([...passage(0, ms(100), 1), colour(0, ms(110), half)])), ['man']);
    assert.deepEqual(pockets(sense([...passage(0, ms(100), 1), colour(0, ms(110), [0.9, 0.05, 0.05])])), ['man'], 'far from every kind');
  });

  it('one-beam table: a pulse is one piece, named by colour (the striker too), else unknown', () => {
    const readings = [...passage(0, ms(100), 1, 33.3, 0), colourOf(0, ms(110), 'queen'), ...passage(1, ms(300), 1, 42.8, 0), colourOf(1, ms(310), 'striker'), ...passage(2, ms(600), 1, 33.3, 0)];
    assert.deepEqual(pockets(sense(readings, { beamGapMm: 0 })), ['queen', 'striker', 'unknown']);
    assert.deepEqual(pockets(sense(readings, { beamGapMm: 0, calibration: null })), ['unknown', 'unknown', 'unknown']);
  });

  it('one-beam table: every reading from 1 ms before a pulse to its end is its own; two that name different kinds make it unknown, two of the striker do not', () => {
    const one = (...rgbs: [number, Rgb][]) => pockets(sense([...passage(0, ms(100), 1, 33.3, 0), ...rgbs.map(([t, rgb]) => colour(0, t, rgb))], { beamGapMm: 0 }));
    assert.deepEqual(one([ms(100) - 500, CALIBRATION.white], [ms(116), CALIBRATION.black]), ['unknown'], 'a white just before, a black in the middle');
    // The striker's own colour, and one nearer the striker than black by just over the margin (black without the striker).
    assert.deepEqual(one([ms(105), [0.32, 0.33, 0.35]], [ms(116), CALIBRATION.striker]), ['striker']);
  });

  it('a stuck upper beam: reported, the lower beam counts alone, and it recovers', () => {
    const readings = [
      ...pulse(2, 0, ms(1000), ms(9000)), // stuck for 8 s
      ...pulse(2, 1, ms(3000), ms(3033)),
      colourOf(2, ms(2990), 'white'),
      ...pulse(2, 1, ms(5000), ms(5033)),
      colourOf(2, ms(4990), 'black'),
      ...passage(2, ms(10_000), 1),
      colourOf(2, ms(10_010), 'queen'),
    ];
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['white', 'black', 'queen']);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel, h.t]), [
      ['stuck', 'p2.a', ms(2500)],
      ['unstuck', 'p2.a', ms(9000)],
    ]);
  });

  it('a stuck lower beam: the upper beam counts alone', () => {
    const readings = [...pulse(1, 1, ms(500), ms(6000)), ...pulse(1, 0, ms(2500), ms(2533)), colourOf(1, ms(2510), 'black')];
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['black']);
    assert.equal(run.health[0].channel, 'p1.b');
  });

  it('a stuck lower beam: a reading of the empty throat at a flicker before the piece does not name it', () => {
    // A device's sampler reads the sensor at every upper-beam block, a flicker of the beam (no piece) too:
    // that reading (the throat's colour, not a piece's), 90 ms early, must leave the piece to its own.
    const throat = { t: ms(2420), kind: 'colour' as const, pocket: 1, rgb: [0.42, 0.36, 0.22] as [number, number, number] };
    const readings = [...pulse(1, 1, ms(500), ms(6000)), throat, ...pulse(1, 0, ms(2500), ms(2533)), colourOf(1, ms(2510), 'black')];
    assert.deepEqual(pockets(sense(readings)), ['black']);
  });

  it('a lower beam that clears while a slow piece is in the upper one sees it: one piece, not two', () => {
    // Stuck until 2.52 s; a black at 0.2 m/s blocks the upper beam from 2.5 s and the lower from 2.55 s.
    const readings = [...pulse(1, 1, ms(500), ms(2520)), ...passage(1, ms(2500), 0.2), colourOf(1, ms(2580), 'black')];
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['black']);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel]), [['stuck', 'p1.b'], ['unstuck', 'p1.b']]);
  });

  it('a beam stuck to the end of the trace is never a piece', () => {
    const run = sense([...pulse(0, 0, ms(100), ms(100) + 10), { t: ms(200), kind: 'beam', pocket: 0, beam: 0, blocked: true }], {}, ms(10_000));
    assert.deepEqual(pockets(run), []);
    assert.deepEqual(run.health.map((h) => h.fact), ['stuck']);
  });

  it('a colour sensor that stays silent is reported', () => {
    const readings = [0, 1, 2, 3].flatMap((i) => passage(3, ms(100 + 300 * i), 1));
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['man', 'man', 'man', 'man']);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel]), [['colourSilent', 'p3.c']]);
  });

  it('the colour sensor is silent from the third piece in a row with no reading, reported once, dated when that piece was named; heard again, it starts over', () => {
    const men = (...at: number[]) => at.flatMap((t) => passage(3, ms(t), 1));
    const facts = (readings: Reading[], cfg = {}) => sense(readings, cfg).health.map((h) => [h.fact, h.channel, h.t]);
    // Named at the next reading after each passage (a strip reading here), so each fact has a date.
    assert.deepEqual(facts([...men(100, 400), strip(0, ms(2000), 200)]), [], 'two');
    assert.deepEqual(facts([...men(100, 400, 700), strip(0, ms(2000), 200), ...men(2100), strip(0, ms(2500), 210)]), [['colourSilent', 'p3.c', ms(2000)]], 'three, then a fourth: once');
    // A reading heard (of no piece: 500 ms before the next) starts the count again, and the fact may be said again.
    assert.deepEqual(facts([...men(100, 400), colourOf(3, ms(600), 'white'), ...men(1100), strip(0, ms(2000), 200)]), [], 'two, heard, one');
    const again = [...men(100, 400, 700), strip(0, ms(1000), 200), colourOf(3, ms(1100), 'white'), ...men(1600, 1900, 2200), strip(0, ms(3000), 210)];
    assert.deepEqual(facts(again), [['colourSilent', 'p3.c', ms(1000)], ['colourSilent', 'p3.c', ms(3000)]]);
    assert.deepEqual(facts(men(100, 400, 700, 1000), { calibration: null }), [], 'no colour sensor: nothing to be silent');
    const strikers = [100, 400, 700].flatMap((t) => passage(3, ms(t), 1, 42.8));
    assert.deepEqual(facts([...strikers, strip(0, ms(2000), 200)]), [], 'the striker, sized so, needs no reading');
    // On a one-beam table (each pulse named alone) the same: three unread in a row, and not with the middle one read.
    const oneBeam = (...at: number[]) => at.flatMap((t) => passage(3, ms(t), 1, 33.3, 0));
    assert.deepEqual(facts([...oneBeam(100, 400, 700), strip(0, ms(2000), 200)], { beamGapMm: 0 }), [['colourSilent', 'p3.c', ms(2000)]]);
    assert.deepEqual(facts([...oneBeam(100, 400, 700, 1000, 1300), colourOf(3, ms(715), 'white'), strip(0, ms(2000), 200)], { beamGapMm: 0 }), []);
    // Two unread, one read (its reading heard, and the man named by it), two unread: never three in a row.
    assert.deepEqual(facts([...men(100, 400, 700, 1000, 1300), colourOf(3, ms(715), 'white'), strip(0, ms(2000), 200)]), []);
    // Found only as the trace ends (the gate's time is then +Infinity): dated 0, never Infinity, which JSON cannot carry.
    assert.deepEqual(facts(men(100, 400, 700)), [['colourSilent', 'p3.c', 0]]);
  });

  it('tells the app about a piece before it can be put in order', () => {
    const run = sense([...passage(2, ms(100), 1), colourOf(2, ms(115), 'white')]);
    assert.deepEqual(run.provisional, [{ t: ms(100), pocket: 2, piece: 'white', end: ms(100) + 10_000 + 33_300 }]);
  });
});
