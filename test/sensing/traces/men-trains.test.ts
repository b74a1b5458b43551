// The trace generator's trains of men and readings anywhere (issue 30, model/table/trains.ts menTrain,
// GenerateOptions.readingsAnywhere): two or three men of one shot into one pocket touching (the queen first
// among them, then men of one colour), in one pulse, each read anywhere in his stretch of the upper beam,
// its edges included. The generator makes what it says, the default traces have none of it, and the pure
// sensing layer counts and names them as a perfect reader would.
import assert from 'node:assert/strict';
import { senseTrace } from '../../../src/sensing/index.ts';
import { generateTrace } from '../../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../../model/table/noise.ts';
import { randomMatch } from '../../../tools/random-match.ts';
import { compare, emptyTally, pct } from '../../../tools/tracegen/accuracy.ts';

const OPTIONS = { menTrains: 1, readingsAnywhere: true };

describe('trace generator: trains of men, readings anywhere (issue 30)', () => {
  it('sends two or three men of a shot into one pocket touching, one colour or with the queen; the default traces have none', () => {
    const seen = { trains: 0, alike: 0, queen: 0, three: 0, early: 0, late: 0 };
    for (let seed = 1; seed <= 4; seed++) {
      const m = randomMatch(seed, { clean: true, maxShots: 80 });
      const g = generateTrace(m.header, m.events, seed, NOISE.clean, LAYOUTS.reference, OPTIONS);
      seen.trains += g.stats.menTrains;
      // Trains from the truth: pieces of one pocket whose upper pulses touch (one pulse on clean signals).
      const pockets = g.truth.events.filter((e) => e.e === 'pocket') as { piece: string; pocket: number; t: number }[];
      for (let i = 0; i < pockets.length; i++) {
        let j = i;
        while (j + 1 < pockets.length && pockets[j + 1].pocket === pockets[i].pocket && pockets[j + 1].t - pockets[j].t < 400) j++;
        if (j === i) continue;
        const kinds = pockets.slice(i, j + 1).map((p) => p.piece);
        if (kinds.includes('queen')) seen.queen++;
        if (new Set(kinds).size === 1) seen.alike++;
        if (kinds.length === 3) seen.three++;
        i = j;
      }
      // Readings anywhere: some within the first and the last tenth of their pulse.
      const beams = g.readings.filter((r) => r.kind === 'beam' && r.beam === 0) as { t: number; pocket: number; blocked: boolean }[];
      for (const c of g.readings.filter((r) => r.kind === 'colour') as { t: number; pocket: number }[]) {
        const from = beams.filter((b) => b.pocket === c.pocket && b.blocked && b.t <= c.t).at(-1)?.t;
        const to = beams.find((b) => b.pocket === c.pocket && !b.blocked && b.t >= c.t)?.t;
        if (from === undefined || to === undefined || to - from > 200_000) continue;
        if (c.t - from < 0.1 * (to - from)) seen.early++;
        if (to - c.t < 0.1 * (to - from)) seen.late++;
      }
      assert.equal(generateTrace(m.header, m.events, seed, NOISE.clean, LAYOUTS.reference).stats.menTrains, 0);
    }
    assert.ok(seen.trains >= 40, JSON.stringify(seen));
    assert.ok(seen.alike >= 10 && seen.queen >= 5 && seen.three >= 5, JSON.stringify(seen));
    assert.ok(seen.early >= 10 && seen.late >= 10, JSON.stringify(seen));
  });

  for (const noise of ['clean', 'high']) {
    it(`${noise}: the pure sensing layer counts every piece of them and names it as a perfect reader would`, () => {
      const t = emptyTally();
      for (let seed = 1; seed <= 6; seed++) {
        const m = randomMatch(seed, { clean: true, maxShots: 80 });
        const g = generateTrace(m.header, m.events, seed, NOISE[noise], LAYOUTS.reference, OPTIONS);
        // But a piece merged with the one before on the only beam that counts (the other stuck): one pulse
        // there is one piece (formats.md §2), as test/sensing/traces/e2e.test.ts has it.
        let k = 0;
        const merged = g.truth.events.map((e) => e.e === 'pocket' && g.mergedOnOneBeam[k++]);
        const truth = g.truth.events.filter((_, i) => !merged[i]);
        const physical = g.physical.filter((_, i) => !g.mergedOnOneBeam[i]);
        compare(t, m.header, truth, physical, senseTrace({ header: g.header, readings: g.readings }).events);
      }
      const said = `counted ${pct(t.counted, t.truthPieces)}, ${pct(t.classifiedReadable, t.readable)} of the readable named, ${t.misclassified} wrongly, ${t.phantoms} phantoms of ${t.truthPieces}`;
      assert.equal(t.counted, t.truthPieces, said);
      assert.equal(t.phantoms, 0, said);
      assert.equal(t.misclassified, 0, said);
      // Of the pieces a perfect reader could name, as the targets ask (≥ 99.5 %); on clean signals all.
      assert.ok(t.classifiedReadable >= (noise === 'clean' ? 1 : 0.995) * t.readable, said);
    });
  }
});
