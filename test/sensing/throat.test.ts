// What happens in the pocket's throat besides a steady crossing (issue 16 §1, §3, §4): a piece that
// rattles in the mouth and comes back out, a piece that hangs in the throat and then falls, and a piece
// that follows a hung one into the same pocket. The beams' blocks come from the table model's own
// geometry of the throat (model/table/throat.ts), not from the sensing layer.
import assert from 'node:assert/strict';
import type { Reading } from '../../src/sensing/types.ts';
import { hangBlocks, rattleBlock, restingIn, type Hang } from '../../model/table/throat.ts';
import { colour, colourOf, ms, passage, pockets, pulse, sense } from '../helpers/readings.ts';

const LEN_MM = 33.3; // a man as the beams measure it
const mps = (x: number) => x / 1000; // m/s to mm per µs

/** A hang's edges, and the colour reading the sensor takes as the upper beam blocks (2.4 ms later, and a margin). */
function hung(pocket: number, h: Omit<Hang, 'lenMm' | 'gapMm'>, kind: 'white' | 'black' | 'queen' | 'striker', gapMm = 10): Reading[] {
  const { upper, lower } = hangBlocks({ ...h, lenMm: kind === 'striker' ? 42.8 : LEN_MM, gapMm });
  const out = [...pulse(pocket, 0, Math.round(upper.from), Math.round(upper.to)), colourOf(pocket, Math.round(h.at) + 3000, kind)];
  if (lower) out.push(...pulse(pocket, 1, Math.round(lower.from), Math.round(lower.to)));
  return out;
}
const clearAfter = (h: Omit<Hang, 'lenMm' | 'gapMm'>, lenMm = LEN_MM) => {
  const { upper, lower } = hangBlocks({ ...h, lenMm, gapMm: 10 });
  return Math.max(upper.to, lower ? lower.to : 0);
};

/** A man through pocket `pocket` at 100 ms: its lower beam has shown it works. */
const first = (pocket: number) => [...passage(pocket, ms(100), 1), colourOf(pocket, ms(110), 'white')];

describe('sensing: the pocket throat (issue 16)', () => {
  describe('a piece that rattles in the mouth and comes back out', () => {
    for (const [kind, speed, depth, stay] of [['black', 0.3, 6, 0], ['queen', 1, 9, ms(40)], ['striker', 0.5, 8, ms(250)], ['white', 0.1, 4, ms(900)]] as const) {
      it(`a ${kind} tipping ${depth} mm in at ${speed} m/s and back after ${stay / 1000} ms, the lower beam healthy: not a piece`, () => {
        const dip = rattleBlock(ms(500), mps(speed), depth, stay);
        const run = sense([...first(1), ...pulse(1, 0, dip.from, Math.round(dip.to)), colourOf(1, dip.from + 3000, kind)], {}, ms(5000));
        assert.deepEqual(pockets(run), ['white']);
        assert.deepEqual(run.health, []);
      });
    }

    it('the reading taken of a rattle does not name the piece that goes in next', () => {
      const dip = rattleBlock(ms(500), mps(0.5), 6, ms(20));
      const readings = [...first(2), ...pulse(2, 0, dip.from, Math.round(dip.to)), colourOf(2, dip.from + 3000, 'queen'), ...passage(2, Math.round(dip.to) + ms(200), 1)];
      assert.deepEqual(pockets(sense(readings)), ['white', 'man']);
    });

    it('before the lower beam has seen any piece (it may be dead) an upper pulse alone is no piece but a question for the players (issue 30)', () => {
      const dip = rattleBlock(ms(500), mps(0.5), 6, ms(20));
      const run = sense([...pulse(1, 0, dip.from, Math.round(dip.to)), colourOf(1, dip.from + 3000, 'black'), ...first(0)]);
      assert.deepEqual(pockets(run), ['white']);
      assert.deepEqual(run.health.map((h) => `${h.channel} ${h.fact}`), ['p1.b unproven']);
    });

    it('with the lower beam stuck an upper pulse alone is still a piece (a dip cannot be told from a fall)', () => {
      const run = sense([...pulse(1, 1, ms(100), ms(6000)), ...pulse(1, 0, ms(3000), ms(3060)), colourOf(1, ms(3003), 'queen')]);
      assert.deepEqual(pockets(run), ['queen']);
    });

    it('on a one-beam table a dip is counted, as a fall would be (the players undo it)', () => {
      const dip = rattleBlock(ms(500), mps(0.5), 6, ms(20));
      const run = sense([...pulse(0, 0, dip.from, Math.round(dip.to)), colourOf(0, dip.from + 3000, 'black')], { beamGapMm: 0 });
      assert.deepEqual(pockets(run), ['black']);
    });
  });

  describe('a piece that hangs in the throat and then falls', () => {
    const hangs = [ms(200), ms(700), ms(1400), ms(1600), ms(3000), ms(5000)];
    // Rest positions of the leading edge: on the upper beam only, across both, on the lower beam only.
    for (const restMm of [5, -12, -28]) {
      for (const hangUs of hangs) {
        const h = { at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm, hangUs };
        const where = restingIn({ restMm, lenMm: LEN_MM, gapMm: 10 });
        it(`resting in the ${where} beam${where === 'both' ? 's' : ''} for ${hangUs / 1000} ms: one piece, named by the reading taken as it came in, dated when it came in, no fault`, () => {
          const run = sense(hung(3, h, 'queen'), {}, ms(12_000));
          assert.deepEqual(run.events, [{ e: 'pocket', piece: 'queen', pocket: 3, t: 1000 }]);
          assert.deepEqual(run.health, []);
        });
      }
    }

    it('a hung striker is named by its reading (its size is not known), on either beam', () => {
      for (const restMm of [5, -12, -35]) {
        const h = { at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm, hangUs: ms(2500) };
        assert.deepEqual(pockets(sense(hung(0, h, 'striker'), {}, ms(10_000))), ['striker'], `rest at ${restMm} mm`);
      }
    });

    it('resting across both beams (its size unknown), a man needs a reading twice as clear as usual; the queen does not', () => {
      // A table whose queen reads near its white: a reading between them, 0.018 nearer one (over the 0.012
      // margin, under twice it). The striker lies between white and black, so a man or the striker must be
      // told apart as surely as white from black; the queen is no such neighbour.
      const CAL = { white: [0.5, 0.5, 0.5], black: [0.1, 0.1, 0.1], queen: [0.6, 0.5, 0.5], striker: [0.3, 0.3, 0.3] } as const;
      const { upper, lower } = hangBlocks({ at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm: -12, hangUs: ms(3000), lenMm: LEN_MM, gapMm: 10 });
      const blocks = [...pulse(1, 0, Math.round(upper.from), Math.round(upper.to)), ...pulse(1, 1, Math.round(lower!.from), Math.round(lower!.to))];
      const named = (rgb: [number, number, number]) => pockets(sense([...blocks, colour(1, ms(1003), rgb)], { calibration: CAL }, ms(10_000)));
      assert.deepEqual(named([0.559, 0.5, 0.5]), ['queen']);
      assert.deepEqual(named([0.541, 0.5, 0.5]), ['unknown'], 'white by 0.018: not clear enough');
      assert.deepEqual(named([0.5, 0.5, 0.5]), ['white']);
      assert.deepEqual(pockets(sense([...blocks, colour(1, Math.round(upper.from) - 500, [0.5, 0.5, 0.5])], { calibration: CAL }, ms(10_000))), ['white'], 'a reading 0.5 ms before the block is its own');
    });

    it('a man that hung on the lower beam, sized by the upper, is named by a reading from 1 ms before its block to its end', () => {
      // (It is named as the lower beam clears: a reading after that comes too late for it.)
      for (const restMm of [-28]) {
        const { upper, lower } = hangBlocks({ at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm, hangUs: ms(3000), lenMm: LEN_MM, gapMm: 10 });
        const blocks = [...pulse(1, 0, Math.round(upper.from), Math.round(upper.to)), ...pulse(1, 1, Math.round(lower!.from), Math.round(lower!.to))];
        const end = Math.round(Math.max(upper.to, lower!.to));
        for (const t of [Math.round(upper.from) - 500, end - 500]) {
          assert.deepEqual(pockets(sense([...blocks, colourOf(1, t, 'black')], {}, ms(10_000))), ['black'], `rest at ${restMm} mm, read at ${t} µs`);
        }
      }
    });

    it('a hang on the upper beam with no colour sensor: the beam is reported stuck and the piece counted once, for a player to name', () => {
      const h = { at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm: 5, hangUs: ms(3000) };
      const readings = hung(3, h, 'white').filter((r) => r.kind !== 'colour');
      const run = sense(readings, { calibration: null }, ms(10_000));
      assert.equal(pockets(run).length, 1);
      assert.deepEqual(run.health.map((x) => [x.fact, x.channel]), [['stuck', 'p3.a'], ['unstuck', 'p3.a']]);
    });

    it('a piece resting longer than hangUs is reported stuck: someone must free it', () => {
      const h = { at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm: -12, hangUs: ms(12_000) };
      const run = sense(hung(3, h, 'black'), {}, ms(20_000));
      assert.deepEqual(run.health.map((x) => [x.fact, x.channel, x.t]), [
        ['stuck', 'p3.a', ms(9000)],
        ['stuck', 'p3.b', Math.round(ms(1000) + 10 / mps(0.6)) + ms(8000)],
        ['unstuck', 'p3.a', Math.round(hangBlocks({ ...h, lenMm: LEN_MM, gapMm: 10 }).upper.to)],
        ['unstuck', 'p3.b', Math.round(hangBlocks({ ...h, lenMm: LEN_MM, gapMm: 10 }).lower!.to)],
      ]);
    });

    it("a piece that comes in at the trace's first microsecond and rests in both beams: one piece, no fault", () => {
      // The lower beam's block is taken for a resting piece because the upper one began just before it, at 0 µs.
      const h = { at: 0, speedIn: mps(0.6), speedOut: mps(0.4), restMm: -12, hangUs: ms(3000) };
      const run = sense(hung(1, h, 'black'), {}, ms(10_000));
      assert.deepEqual(run.events, [{ e: 'pocket', piece: 'black', pocket: 1, t: 0 }]);
      assert.deepEqual(run.health, []);
    });

    it("a beam blocked from the trace's first microsecond, with no piece coming in, is reported stuck at the stuck time", () => {
      const run = sense([...pulse(2, 0, 0, ms(4000)), ...passage(2, ms(5000), 1), colourOf(2, ms(5010), 'white')], {}, ms(8000));
      assert.deepEqual(run.health.map((x) => [x.fact, x.channel, x.t]), [['stuck', 'p2.a', ms(1500)], ['unstuck', 'p2.a', ms(4000)]]);
      assert.deepEqual(pockets(run), ['white']);
    });

    it('a failed beam, blocked with no piece coming in and no reading, is still reported stuck at the stuck time', () => {
      const run = sense([...pulse(2, 1, ms(1000), ms(4000)), ...passage(2, ms(5000), 1)], {}, ms(8000));
      assert.deepEqual(run.health.map((x) => [x.fact, x.channel, x.t]), [['stuck', 'p2.b', ms(2500)], ['unstuck', 'p2.b', ms(4000)]]);
      assert.deepEqual(pockets(run), ['man']);
    });
  });

  describe('a piece that follows a hung piece into the same pocket', () => {
    for (const hangUs of [ms(300), ms(1000), ms(2000), ms(5000)]) {
      for (const restMm of [5, -12, -28]) {
        for (const after of [35, 100, 190]) {
          it(`${after} ms after a ${hangUs / 1000} ms hang (rest at ${restMm} mm) cleared both beams: its own piece`, () => {
            const h = { at: ms(1000), speedIn: mps(0.6), speedOut: mps(0.4), restMm, hangUs };
            const next = Math.round(clearAfter(h)) + ms(after);
            const readings = [...hung(1, h, 'black'), ...passage(1, next, 1), colourOf(1, next + ms(10), 'white')];
            const run = sense(readings, {}, next + ms(5000));
            assert.deepEqual(run.events, [
              { e: 'pocket', piece: 'black', pocket: 1, t: 1000 },
              { e: 'pocket', piece: 'white', pocket: 1, t: Math.floor(next / 1000) },
            ]);
          });
        }
      }
    }
  });
});
