// A device's colour readings as its sampler takes them (hosts/device/capture/sampler.h, docs/hardware.md
// limit 6): windows back to back while the upper beam stays blocked, each change of colour passed on and
// one every 50 ms, so a piece carries several readings: the empty throat's at a flicker as it comes in, its
// own, a mixed one at a junction with a touching piece or as it leaves. Readings are not pieces: a gate
// counts by its beams and names each piece by the reading nearest the middle of its stretch.
import assert from 'node:assert/strict';
import type { Reading, Rgb } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { colour, colourOf, ms, passage, pockets, pulse, sense } from '../helpers/readings.ts';

/** The empty throat as the device model's sensor sees it (model/device/figures.ts): near no piece. */
const THROAT: Rgb = [0.42, 0.36, 0.22];
const mix = (a: Rgb, b: Rgb): Rgb => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];

describe('sensing: a device\'s back-to-back colour readings of one piece', () => {
  it('one beam: a pulse read several times (a flicker\'s throat, the piece, again 50 ms on, the window as it leaves) is one piece, named by the reading nearest its middle', () => {
    const at = ms(100);
    const readings: Reading[] = [
      ...pulse(0, 0, at, at + ms(120)),
      colour(0, at + 1200, THROAT),
      colourOf(0, at + 4400, 'queen'),
      colourOf(0, at + ms(54), 'queen'),
      colourOf(0, at + ms(104), 'queen'),
      colour(0, at + ms(119), mix(CALIBRATION.queen, THROAT)),
    ];
    assert.deepEqual(pockets(sense(readings, { beamGapMm: 0 })), ['queen']);
  });

  it('one beam: a pulse whose readings name two kinds is one piece (the beam cannot say how many), asked about', () => {
    const at = ms(100);
    const readings: Reading[] = [...pulse(1, 0, at, at + ms(70)), colourOf(1, at + 1200, 'white'), colourOf(1, at + ms(45), 'black')];
    assert.deepEqual(pockets(sense(readings, { beamGapMm: 0 })), ['unknown']);
  });

  it('a stuck lower beam: the upper beam counts one piece per pulse, whatever the readings in it', () => {
    const at = ms(2500);
    const readings: Reading[] = [...pulse(1, 1, ms(500), ms(6000)), ...pulse(1, 0, at, at + ms(60)), colourOf(1, at + 1200, 'black'), colourOf(1, at + ms(51), 'black'), colour(1, at + ms(59), THROAT)];
    assert.deepEqual(pockets(sense(readings)), ['black']);
  });

  it('a man that hung on the lower beam is named by a reading inside his upper-beam block, not by the empty throat read at a flicker as he came in', () => {
    // A queen at 1 m/s crosses the upper beam (36 ms), lodges on the lower one for a second, then falls.
    const at = ms(100);
    const readings: Reading[] = [
      ...pulse(2, 0, at, at + ms(36)),
      ...pulse(2, 1, at + ms(10), at + ms(1000)),
      colour(2, at + 1200, THROAT),
      colourOf(2, at + 4400, 'queen'),
      colour(2, at + ms(35), mix(CALIBRATION.queen, THROAT)),
    ];
    const run = sense(readings);
    assert.deepEqual(pockets(run), ['queen']);
    assert.deepEqual(run.health, [], 'a resting piece is no fault');
  });

  it('touching men in one pulse are each named by the reading nearest the middle of their own stretch, not by the window at their junction', () => {
    // A white and a black at 0.5 m/s, touching: one pulse of 133 ms on each beam; the window across the
    // junction sees half of each (near neither), the black's own reading comes in his middle.
    const at = ms(100);
    const readings: Reading[] = [
      ...passage(3, at, 0.5, 66.6),
      colourOf(3, at + 1200, 'white'),
      colourOf(3, at + ms(51), 'white'),
      colour(3, at + ms(67), mix(CALIBRATION.white, CALIBRATION.black)),
      colourOf(3, at + ms(100), 'black'),
      colour(3, at + ms(132), mix(CALIBRATION.black, THROAT)),
    ];
    assert.deepEqual(pockets(sense(readings)), ['white', 'black']);
  });
});

// Which of a piece's readings names it where the rules draw a line (src/sensing/train.ts): the middle half
// of a resting piece's block, and two readings equally near a piece's middle (the earlier names it).
describe('sensing: a piece’s several readings at the bounds of the rule that picks one', () => {
  const A = ms(100);
  const { white: WH, black: BL, striker: ST } = CALIBRATION;

  // The upper beam blocked 400 ms (a piece resting on it), the lower one as the piece fell: the middle
  // half of the block is 100 ms to 300 ms into it. Its readings there are averaged: a white and a black
  // average to neither, named as a man the players name.
  it('a piece that rested on the upper beam: every reading from a quarter into its block to a quarter before its end weighs in, the bounds included', () => {
    const rested = (white: number, black: number) =>
      pockets(sense([...pulse(1, 0, A, A + 400_000), ...pulse(1, 1, A + 390_000, A + 423_300), colour(1, A + white, WH), colour(1, A + black, BL)]));
    assert.deepEqual(rested(100_000, 300_000), ['man'], 'both at the bounds: both weigh');
    assert.deepEqual(rested(99_999, 300_000), ['black'], 'the white just before the middle half');
    assert.deepEqual(rested(100_000, 300_001), ['white'], 'the black just after it');
  });

  it('one beam: of two readings equally near the middle of the pulse, the earlier names the piece', () => {
    const one = (first: Rgb, second: Rgb) =>
      pockets(sense([...pulse(1, 0, A, A + 33_300), colour(1, A + 10_000, first), colour(1, A + 23_300, second)], { beamGapMm: 0 }));
    assert.deepEqual(one(WH, THROAT), ['white']);
    assert.deepEqual(one(THROAT, WH), ['unknown']);
  });

  /** One merged pulse of `mm` at 1 m/s on both beams (the upper from A, the lower 10 ms later), readings `at` µs after A. */
  const merged = (mm: number, reads: [number, Rgb][]) =>
    pockets(sense([...pulse(1, 0, A, A + mm * 1000), ...pulse(1, 1, A + 10_000, A + 10_000 + mm * 1000), ...reads.map(([at, rgb]) => colour(1, A + at, rgb))]));

  it('two touching men, the first read twice equally far either side of his middle (16.5 ms): the earlier reading names him', () => {
    assert.deepEqual(merged(66, [[10_500, WH], [22_500, BL]]), ['white', 'man']);
    assert.deepEqual(merged(66, [[10_500, BL], [22_500, WH]]), ['black', 'man']);
  });

  // 76 mm: a man and the striker. With the striker second the man's stretch is the first 33 ms, its
  // middle 16.5 ms: read there 6 ms either side, white then like the striker, the earlier weighs the
  // lay-outs (the man placed first) and names him.
  it('a man and the striker, the man read twice equally far either side of his middle: the earlier reading weighs the lay-outs', () => {
    assert.deepEqual(merged(76, [[10_500, WH], [22_500, ST], [57_000, ST]]), ['white', 'striker']);
  });
});
