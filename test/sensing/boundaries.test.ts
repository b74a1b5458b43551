// The edges of sensing's small rules, each pinned on both sides (issue 31, mutation testing: a comparison
// flipped or a bound moved by one in these went unnoticed by the tests through whole traces): the sizes
// that tell a man from the striker and from touching men, the colour nearest a calibrated mean and its
// lead over the runner-up, the flicker behind a passage, and the strip that was struck.
import assert from 'node:assert/strict';
import type { Pulse } from '../../src/sensing/beam.ts';
import { flicker, leavingSpeed } from '../../src/sensing/behind-passage.ts';
import { classifyColour, piecesBySize, trainBySize } from '../../src/sensing/classify.ts';
import { Strips } from '../../src/sensing/strips.ts';
import type { Calibration } from '../../src/sensing/types.ts';

const SIZES = { manMm: 33, strikerMm: 43 };
const pulse = (start: number, end: number): Pulse => ({ start, end, stuck: false, loose: false });

describe('sensing: piecesBySize', () => {
  const pieces = (mm: number) => piecesBySize(mm, SIZES).join(' ');

  it('is a man below the midpoint of a man and the striker (38 mm), the striker from it', () => {
    assert.equal(pieces(37.9), 'man');
    assert.equal(pieces(38), 'striker');
  });

  it('is the striker below the midpoint of the striker and two men (54.5 mm), two men from it', () => {
    assert.equal(pieces(54.4), 'striker');
    assert.equal(pieces(54.5), 'man man');
    assert.equal(pieces(99), 'man man man');
  });

  it('is up to four touching men; longer is a piece that rested in the throat, one man', () => {
    assert.equal(pieces(148), 'man man man man');
    assert.equal(pieces(148.5), 'man');
  });
});

describe('sensing: trainBySize', () => {
  const sized = (mm: number, tol: number) => {
    const s = trainBySize(mm, tol, SIZES);
    return `${s.count} ${s.striker}`;
  };

  it('sizes one piece as piecesBySize does', () => {
    assert.equal(sized(33, 2), '1 no');
    assert.equal(sized(43, 2), '1 yes');
    assert.equal(sized(200, 2), '1 no');
  });

  it("is 'maybe' within the tolerance of the midpoint of n men and the striker with n − 1 men, its bound included", () => {
    // Two men are 66 mm, the striker and a man 76: the midpoint is 71.
    assert.equal(sized(73, 2), '2 maybe');
    assert.equal(sized(73, 1.9), '2 yes');
    assert.equal(sized(69, 2), '2 maybe');
    assert.equal(sized(69, 1.9), '2 no');
  });

  it('takes the nearest of n men and the striker with n − 1 men for n up to 4', () => {
    assert.equal(sized(66, 0), '2 no');
    assert.equal(sized(99, 0), '3 no');
    assert.equal(sized(109, 0), '3 yes');
    assert.equal(sized(132, 0), '4 no');
    assert.equal(sized(142, 0), '4 yes');
  });

  it('on a tie between the striker with n − 1 men and n + 1 men, takes the fewer pieces', () => {
    // 87.5 mm is 11.5 from the striker and a man (76) and from three men (99).
    assert.equal(sized(87.5, 0), '2 yes');
  });
});

describe('sensing: classifyColour', () => {
  // Means along one axis, at distances that binary fractions give exactly.
  const CAL: Calibration = { white: [0, 0, 0], black: [4, 0, 0], queen: [0, 4, 0], striker: [0, 0, 4] } as Calibration;
  const CFG = { colourMaxDistance: 0.5, colourMargin: 0.25 };

  it('names the nearest mean up to the largest distance, that distance included, and nothing beyond', () => {
    assert.equal(classifyColour([0, 0, 0], CAL, CFG, true), 'white');
    assert.equal(classifyColour([0.5, 0, 0], CAL, CFG, true), 'white');
    assert.equal(classifyColour([0.5625, 0, 0], CAL, CFG, true), null);
    assert.equal(classifyColour([4, 0, 0], CAL, CFG, true), 'black');
    assert.equal(classifyColour([0, 4, 0], CAL, CFG, true), 'queen');
    assert.equal(classifyColour([0, 0, 4], CAL, CFG, true), 'striker');
  });

  it('leaves the striker out unless asked', () => {
    assert.equal(classifyColour([0, 0, 4], CAL, CFG, false), null);
    const near: Calibration = { white: [0, 0, 0], black: [4, 0, 0], queen: [0, 4, 0], striker: [0, 0, 0.25] } as Calibration;
    assert.equal(classifyColour([0, 0, 0.25], near, CFG, true), 'striker');
    assert.equal(classifyColour([0, 0, 0.125], near, CFG, true), null, 'as near the striker as white');
    assert.equal(classifyColour([0, 0, 0.125], near, CFG, false), 'white', 'the striker left out, white has no rival');
  });

  it('names nothing when the runner-up is less than the margin behind, whichever kind it is', () => {
    // White and the queen a half apart: 0.125 from white is 0.375 from the queen, a lead of 0.25 (enough);
    // 0.1875 from white is a lead of 0.125 (not enough). The runner-up is the queen, met after black.
    const close: Calibration = { white: [0, 0, 0], black: [4, 0, 0], queen: [0, 0.5, 0], striker: [0, 0, 4] } as Calibration;
    assert.equal(classifyColour([0, 0.125, 0], close, CFG, true), 'white');
    assert.equal(classifyColour([0, 0.1875, 0], close, CFG, true), null);
    assert.equal(classifyColour([0, 0.3125, 0], close, CFG, true), null);
    assert.equal(classifyColour([0, 0.375, 0], close, CFG, true), 'queen');
  });
});

describe('sensing: a flicker behind a passage', () => {
  const CFG = { beamGapMm: 10, manMm: 32 };
  const SPEED = 0.01; // mm per µs: 10 m/s; a beam gap is 1000 µs, half a man 1600 µs

  it('is a lower pulse that begins within a beam gap after the passage left, that bound included', () => {
    assert.equal(flicker(pulse(5000, 5100), 5000, SPEED, CFG), true);
    assert.equal(flicker(pulse(6000, 6100), 5000, SPEED, CFG), true);
    assert.equal(flicker(pulse(6001, 6101), 5000, SPEED, CFG), false);
    assert.equal(flicker(pulse(4999, 5100), 5000, SPEED, CFG), false, 'begun before the passage left: part of it');
  });

  it('is shorter than half a man at that speed, half a man itself not', () => {
    assert.equal(flicker(pulse(5000, 6599), 5000, SPEED, CFG), true);
    assert.equal(flicker(pulse(5000, 6600), 5000, SPEED, CFG), false);
  });

  it('needs a speed: with none known (no passage yet) nothing is a flicker', () => {
    assert.equal(flicker(pulse(5000, 5001), 5000, 0, CFG), false);
  });

  it('takes the faster of the leading and the trailing edges, and ignores one that did not go forward', () => {
    const as = [pulse(0, 3000), pulse(9000, 9999)];
    const bs = [pulse(2000, 4000), pulse(9500, 10_000)];
    // The first pulses: leading 2000 µs for 10 mm, trailing 1000 µs. The last ones: trailing 1 µs.
    assert.equal(leavingSpeed(as, 1, bs, 1, CFG), 10 / 1000);
    assert.equal(leavingSpeed(as, 2, bs, 2, CFG), 10 / 1);
    assert.equal(leavingSpeed([pulse(0, 3000)], 1, [pulse(4000, 6000)], 1, CFG), 10 / 3000, 'the trailing edges, the faster');
    assert.equal(leavingSpeed([pulse(100, 3000)], 1, [pulse(100, 3000)], 1, CFG), 0, 'neither went forward');
  });
});

describe('sensing: the baseline strips', () => {
  function strips() {
    const heard: string[] = [];
    const s = new Strips({ strikeUs: 1000 }, { placed: (t, seat) => heard.push(`placed ${t} ${seat}`), struck: (t, seat) => heard.push(`struck ${t} ${seat}`) });
    return { s, heard };
  }

  it('a strip empty for the strike time, to the microsecond, was struck at the time it emptied', () => {
    const { s, heard } = strips();
    for (const seat of [0, 1, 2, 3]) assert.equal(s.heardFrom(seat), false);
    s.reading(0, 2, 120);
    assert.equal(s.heardFrom(2), true);
    for (const seat of [0, 1, 3]) assert.equal(s.heardFrom(seat), false);
    assert.equal(s.watermark(), Infinity);
    s.reading(500, 2, null);
    assert.equal(s.watermark(), 500);
    s.advance(1499);
    assert.deepEqual(heard, ['placed 0 2']);
    assert.equal(s.strikes, 0);
    s.advance(1500);
    assert.deepEqual(heard, ['placed 0 2', 'struck 500 2']);
    assert.equal(s.strikes, 1);
    assert.equal(s.watermark(), Infinity);
    s.advance(5000);
    assert.equal(s.strikes, 1, 'struck once');
  });

  it('a striker put back within the strike time was repositioned; moving on its strip is nothing', () => {
    const { s, heard } = strips();
    s.reading(0, 0, 100);
    s.reading(10, 0, 140);
    s.reading(100, 0, null);
    s.reading(1099, 1, 90);
    s.advance(5000);
    assert.deepEqual(heard, ['placed 0 0', 'placed 1099 1']);
    assert.equal(s.strikes, 0);
  });

  it('a strip that says it is empty, having held nothing, places and strikes nothing, but was heard', () => {
    const { s, heard } = strips();
    s.reading(0, 1, null);
    s.advance(5000);
    assert.deepEqual(heard, []);
    assert.equal(s.strikes, 0);
    assert.equal(s.heardFrom(1), true);
  });

  it('a reading after the strike time settles the strike first', () => {
    const { s, heard } = strips();
    s.reading(0, 3, 100);
    s.reading(100, 3, null);
    s.reading(1100, 3, 100);
    assert.deepEqual(heard, ['placed 0 3', 'struck 100 3', 'placed 1100 3']);
  });
});
