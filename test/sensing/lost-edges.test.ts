// A beam edge the ESP32's interrupt lost (esp-idf issues 9746, 7602), and the corrected level the capture
// driver puts in its place once it re-reads the quiet pin (hosts/device/capture/edges.h): the beam
// recovers, the piece that passed is counted once, and no piece is made up.
import assert from 'node:assert/strict';
import type { Reading } from '../../src/sensing/types.ts';
import { colourOf, ms, passage, pockets, sense } from '../helpers/readings.ts';

/** The readings without the edge of `beam` at `t` (the one the interrupt lost). */
const without = (readings: Reading[], beam: 0 | 1, t: number) => readings.filter((r) => !(r.kind === 'beam' && r.beam === beam && r.t === t));
/** The level the driver's re-read found on a quiet pin that disagreed with its last edge. */
const corrected = (pocket: number, beam: 0 | 1, t: number, blocked: boolean): Reading => ({ t, kind: 'beam', pocket, beam, blocked, corrected: true });

describe('sensing: lost beam edges and the driver\'s corrections', () => {
  it('a lost clear edge: the beam recovers at the correction, the piece counted once and named, the next one too', () => {
    // A black at 5 m/s: upper beam blocked 100 ms to 106.7 ms, but the clear edge is lost; the re-read
    // (20 ms quiet, then a 10 ms tick) finds it clear at 125 ms. Taken as an edge, that pulse would be
    // 25 ms long at 5 m/s: no man is that big.
    const black = passage(2, ms(100), 5);
    const lostAt = black.find((r) => r.kind === 'beam' && r.beam === 0 && !r.blocked)!.t;
    const readings = [...without(black, 0, lostAt), corrected(2, 0, ms(125), false), colourOf(2, ms(103), 'black'), ...passage(2, ms(1000), 5), colourOf(2, ms(1003), 'white')];
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['black', 'white']);
    assert.deepEqual(run.events.filter((e) => e.e === 'pocket').map((e) => e.t), [100, 1000]);
    assert.deepEqual(run.health, [], 'not stuck');
  });

  it("a lost clear edge of a piece that blocked the upper beam at the trace's first microsecond: one piece, counted once", () => {
    const black = passage(2, 0, 5);
    const lostAt = black.find((r) => r.kind === 'beam' && r.beam === 0 && !r.blocked)!.t;
    const run = sense([...without(black, 0, lostAt), corrected(2, 0, ms(25), false), colourOf(2, ms(3), 'black')]);
    assert.deepEqual(run.events.filter((e) => e.e === 'pocket'), [{ e: 'pocket', piece: 'black', pocket: 2, t: 0 }]);
    assert.deepEqual(run.health, []);
  });

  it('a lost clear edge on the lower beam: one piece, named by its colour', () => {
    const queen = passage(0, ms(200), 3);
    const lostAt = queen.filter((r) => r.kind === 'beam' && r.beam === 1).at(-1)!.t;
    const run = sense([...without(queen, 1, lostAt), corrected(0, 1, ms(235), false), colourOf(0, ms(203), 'queen')]);
    assert.deepEqual(pockets(run), ['queen']);
  });

  it('a lost blocked edge corrected before the lower beam is blocked: one piece, not a striker sized from a late start', () => {
    // A black at 0.5 m/s blocks the upper beam 100 to 166.6 ms; its blocked edge is lost and the re-read
    // finds the beam blocked at 105 ms. Its leading edge 5 ms late makes 0.67 m/s of 0.5, and a striker of a man.
    const black = passage(1, ms(100), 0.5);
    const run = sense([...without(black, 0, ms(100)), corrected(1, 0, ms(105), true), colourOf(1, ms(106), 'black')]);
    assert.deepEqual(pockets(run), ['black']);
  });

  it('a lost blocked edge corrected after the lower beam was blocked: one piece, not two', () => {
    // A white at 2 m/s: upper 100 to 116.7 ms, lower from 105 ms; the upper beam's blocked edge is lost
    // and corrected at 108 ms, after the lower beam's: the upper pulse then looks like a piece of its own.
    const white = passage(3, ms(100), 2);
    const run = sense([...without(white, 0, ms(100)), corrected(3, 0, ms(108), true), colourOf(3, ms(109), 'white')]);
    assert.deepEqual(pockets(run), ['white']);
    assert.deepEqual(run.health, []);
  });

  it('a lost blocked edge whose clear edge comes to a beam already clear: the piece counted once, from the other beam', () => {
    // Too fast for a re-read to see it blocked: the upper beam's only edge is a clear one, on a clear beam.
    const man = passage(2, ms(100), 5);
    const run = sense(without(man, 0, ms(100)), { calibration: null });
    assert.deepEqual(pockets(run), ['unknown']);
    assert.deepEqual(run.health, []);
  });

  it('a beam found blocked by the first re-read (blocked since before the capture started) is reported stuck, and no piece', () => {
    const run = sense([corrected(0, 1, ms(20), true)], {}, ms(5000));
    assert.deepEqual(pockets(run), []);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel]), [['stuck', 'p0.b']]);
  });
});
