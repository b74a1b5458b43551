// The edges of sensing's small rules, each pinned on both sides (issue 31, mutation testing: a comparison
// flipped or a bound moved by one in these went unnoticed by the tests through whole traces): the sizes
// that tell a man from the striker and from touching men, the colour nearest a calibrated mean and its
// lead over the runner-up, the flicker behind a passage, the strip that was struck, and a beam stuck or a
// piece resting in the throat.
import assert from 'node:assert/strict';
import { Beam, type BeamListener, type Pulse } from '../../src/sensing/beam.ts';
import { BehindPassage, flicker, leavingSpeed } from '../../src/sensing/behind-passage.ts';
import { classifyColour, piecesBySize, trainBySize } from '../../src/sensing/classify.ts';
import { Naming } from '../../src/sensing/naming.ts';
import { passageExtent, passageParts, rested, restedSize } from '../../src/sensing/passage.ts';
import { Strips } from '../../src/sensing/strips.ts';
import { StuckBeams } from '../../src/sensing/stuck.ts';
import { middleReading, nameParts, restingReading, type ColourReading } from '../../src/sensing/train.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { DEFAULT_CONFIG, type Calibration, type SensingConfig } from '../../src/sensing/types.ts';

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
    assert.equal(sized(54.4, 0), '1 yes');
    assert.equal(sized(54.5, 0), '2 no', 'from the midpoint of the striker and two men, touching men');
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

describe('sensing: a piece that rested in the throat, and a passage cut into parts (passage.ts)', () => {
  // Binary fractions: 8 mm between the beams, crossed in 8192 µs, is 2^-10 mm/µs; a man is 32 mm.
  const CFG = { beamGapMm: 8, manMm: 32, strikerMm: 43 };

  it('rested: blocked longer than four and a half men at the leading edges\' speed, that length itself not', () => {
    const at = (us: number) => rested([pulse(0, us)], 1, [pulse(8192, 8192 + us)], 1, CFG);
    assert.equal(at(147_456), false, '144 mm, 4.5 men');
    assert.equal(at(147_457), true);
  });

  it('restedSize: one beam blocked more than half as long again as the other, and crossed after it on the lower beam or before it on the upper', () => {
    // Resting on the lower beam: the upper one saw it cross whole, from the leading edges' speed.
    assert.equal(restedSize(pulse(0, 1000), pulse(100, 1601), CFG), 80);
    assert.equal(restedSize(pulse(0, 1000), pulse(100, 1600), CFG), null, 'exactly half as long again');
    assert.equal(restedSize(pulse(100, 1100), pulse(100, 5000), CFG), null, 'both began together: no speed');
    assert.equal(restedSize(pulse(200, 1200), pulse(100, 5000), CFG), null, 'the lower began first');
    // Resting on the upper beam: the lower one saw it cross whole as it fell, from the trailing edges' speed.
    assert.equal(restedSize(pulse(0, 1501), pulse(601, 1601), CFG), 80);
    assert.equal(restedSize(pulse(0, 1500), pulse(600, 1600), CFG), null, 'exactly half as long again');
    assert.equal(restedSize(pulse(0, 3000), pulse(2000, 3000), CFG), null, 'both ended together: no speed');
    assert.equal(restedSize(pulse(0, 3000), pulse(100, 1100), CFG), null, 'the lower ended first');
  });

  // passageExtent at 2^-10 mm/µs (8 mm crossed in 8192 µs): half a man is 16,384 µs, the widest gap between
  // touching pieces 4,608 µs. A man: upper beam 0 to 32,768 µs, lower 8192 to 40,960 µs.
  const extent = (as: Pulse[], bs: Pulse[], openA = Infinity, openB = Infinity, now = Infinity, cfg = CFG) => passageExtent(as, bs, openA, openB, now, cfg);
  const MAN_A = pulse(0, 32_768);
  const MAN_B = pulse(8192, 40_960);

  it('passageExtent: a piece still to come is the passage\'s if it starts within the widest touching gap on both beams, that gap included', () => {
    assert.deepEqual(extent([MAN_A, pulse(37_376, 70_144)], [MAN_B, pulse(45_568, 78_336)]), { na: 2, nb: 2 });
    assert.deepEqual(extent([MAN_A, pulse(37_377, 70_144)], [MAN_B, pulse(45_568, 78_336)]), { na: 1, nb: 1 });
    assert.deepEqual(extent([MAN_A, pulse(37_376, 70_144)], [MAN_B, pulse(45_569, 78_336)]), { na: 1, nb: 1 });
    // Still being assembled on both beams, as near: wait for them (or, at the end, take what is there).
    assert.equal(extent([MAN_A], [MAN_B], 37_376, 45_568, 50_000), null);
    assert.deepEqual(extent([MAN_A], [MAN_B], 37_377, 45_568, 50_000), { na: 1, nb: 1 });
    assert.deepEqual(extent([MAN_A], [MAN_B], 37_376, 45_569, 50_000), { na: 1, nb: 1 });
    assert.deepEqual(extent([MAN_A], [MAN_B], 37_376, 45_568), { na: 1, nb: 1 });
  });

  it('passageExtent: none still to come, it waits while one could still start within the widest touching gap after either beam\'s last pulse', () => {
    assert.equal(extent([MAN_A], [MAN_B], Infinity, Infinity, 45_568), null);
    assert.deepEqual(extent([MAN_A], [MAN_B], Infinity, Infinity, 45_569), { na: 1, nb: 1 });
    // The upper beam's pulse ending last (on a table whose touching gap is 1 µs a µs of trail: 4.5 mm apart).
    const cfg = { ...CFG, beamGapMm: 4.5 };
    assert.equal(extent([MAN_A], [pulse(4608, 31_768)], Infinity, Infinity, 32_769, cfg), null);
    assert.deepEqual(extent([MAN_A], [pulse(4608, 31_768)], Infinity, Infinity, 32_770, cfg), { na: 1, nb: 1 });
  });

  it('passageExtent: after a hang (trailing edges closer than half the leading ones\' delay), the touching gap is taken at the trailing edges\' pace', () => {
    // Trail of 4096 µs, half the delay: the gap is the leading edges' (4608 µs).
    assert.equal(extent([MAN_A], [pulse(8192, 36_864)], 37_376, 41_472, 50_000), null);
    // Trail of 2048 µs: 4.5 mm at the pace of 8 mm in 2048 µs, 1152 µs.
    assert.equal(extent([MAN_A], [pulse(8192, 34_816)], 33_920, 35_968, 50_000), null);
    assert.deepEqual(extent([MAN_A], [pulse(8192, 34_816)], 33_921, 35_968, 50_000), { na: 1, nb: 1 });
  });

  it('passageExtent: where one beam goes on past the other by more than half a man, the other\'s next pulse belongs to it if it starts before the passage ends there', () => {
    // The lower beam ends half a man later: still agreed; a next upper pulse 7232 µs on is no touching piece.
    assert.deepEqual(extent([MAN_A, pulse(40_000, 45_000)], [pulse(8192, 57_344)]), { na: 1, nb: 1 });
    // More than half a man later: the upper beam's next pulse is the passage's if it starts before 51,808 µs.
    assert.deepEqual(extent([MAN_A, pulse(51_807, 53_000)], [pulse(8192, 60_000)]), { na: 2, nb: 1 });
    assert.deepEqual(extent([MAN_A, pulse(51_808, 53_000)], [pulse(8192, 60_000)]), { na: 1, nb: 1 });
    // The lower beam ends more than half a man early: its next pulse is, if it starts before 40,960 µs.
    assert.deepEqual(extent([MAN_A], [pulse(8192, 20_000), pulse(30_000, 42_000)]), { na: 1, nb: 2 });
    // None yet: wait while one may still start before that end, or time has not reached it.
    assert.equal(extent([MAN_A], [pulse(8192, 60_000)], Infinity, Infinity, 51_807), null);
    assert.deepEqual(extent([MAN_A], [pulse(8192, 60_000)], Infinity, Infinity, 51_808), { na: 1, nb: 1 });
    assert.equal(extent([MAN_A], [pulse(8192, 60_000)], 51_807, Infinity, 60_000), null);
    assert.deepEqual(extent([MAN_A], [pulse(8192, 60_000)], 51_808, Infinity, 60_000), { na: 1, nb: 1 });
    assert.deepEqual(extent([MAN_A], [pulse(8192, 60_000)], 0, Infinity), { na: 1, nb: 1 }, 'at the end nothing more comes');
  });

  it('passageParts: a part is sized by both beams, the lower beam\'s stretch mapped onto the upper\'s whole', () => {
    // 36 mm on the upper beam, 44 on the lower (the piece sped up): 40 mm, the striker.
    const [part] = passageParts([pulse(0, 36_864)], 1, [pulse(8192, 53_248)], 1, CFG);
    assert.deepEqual(part.size, { count: 1, striker: 'yes' });
  });

  it('passageParts: a cut less than a quarter of a man from either end of the passage is none (the same gap, or an end, seen twice); a quarter of a man is one', () => {
    // Two men merged on the upper beam; on the lower beam (the same length, so its times map 1:1 onto the
    // upper's, 8192 µs earlier) one gap, whose middle is put at each place. A quarter man is 8192 µs.
    const cutsAt = (lowerGapMiddle: number) => {
      const bs = [pulse(8192, lowerGapMiddle - 500), pulse(lowerGapMiddle + 500, 73_728)];
      return passageParts([pulse(0, 65_536)], 1, bs, 2, CFG).map((p) => p.to);
    };
    assert.deepEqual(cutsAt(16_384), [8192, 65_536], 'a quarter man after the start');
    assert.deepEqual(cutsAt(16_383), [65_536]);
    assert.deepEqual(cutsAt(65_536), [57_344, 65_536], 'a quarter man before the end');
    assert.deepEqual(cutsAt(65_537), [65_536]);
  });

  it('passageParts: cut at every gap either beam saw, in time order, whichever beam saw it', () => {
    // Three men at 2^-10 mm/µs (32 mm = 32768 µs): the upper beam sees the gap between the second and
    // third, the lower beam the one between the first and second.
    const as = [pulse(0, 65_536), pulse(66_536, 98_304)];
    const bs = [pulse(8192, 40_960), pulse(41_960, 106_496)];
    const parts = passageParts(as, 2, bs, 2, CFG);
    assert.deepEqual(parts.map((p) => p.size.count), [1, 1, 1]);
    assert.deepEqual([parts[0].from, parts[1].from === parts[0].to, parts[2].from === parts[1].to, parts[2].to], [0, true, true, 98_304]);
    // The cuts: the middle of the upper gap, and of the lower one carried onto the upper beam's times (the
    // lower beam's span stretched onto the upper's: about 33,270 µs).
    assert.ok(Math.abs(parts[0].to - 33_270) < 100, `${parts[0].to}`);
    assert.equal(parts[1].to, 66_036);
  });
});

describe('sensing: the reading that names a piece (train.ts)', () => {
  const r = (t: number, v: number): ColourReading => ({ t, rgb: [v, v, v] });

  it('middleReading: the one nearest the middle of the block; of two as near, the earlier', () => {
    assert.deepEqual(middleReading([r(100, 0.1), r(400, 0.2), r(900, 0.3)], 0, 1000), r(400, 0.2));
    assert.deepEqual(middleReading([r(300, 0.1), r(700, 0.2)], 0, 1000), r(300, 0.1));
  });

  it('nameParts: a piece is weighed by its reading nearest the middle of its stretch, not by one at its edge', () => {
    // Two pieces in 75 ms that may hold the striker (two men: 37.5 ms each; the striker first: 43 ms).
    const part = { from: 0, to: 75_000, size: { count: 2, striker: 'maybe' as const } };
    const cfg = { calibration: CALIBRATION, manMm: 32, strikerMm: 43, colourMaxDistance: 0.08, colourMargin: 0.012 };
    const at = (t: number, kind: keyof typeof CALIBRATION): ColourReading => ({ t, rgb: CALIBRATION[kind] });
    const named = (readings: ColourReading[]) => nameParts(part, readings, cfg).map((p) => p.piece);
    // A reading of the striker's colour at the first piece's leading edge (a flicker), or late in it, is outweighed by its middle one.
    assert.deepEqual(named([at(1500, 'striker'), at(20_000, 'white'), at(56_000, 'black')]), ['white', 'black']);
    assert.deepEqual(named([at(20_000, 'white'), at(33_000, 'striker'), at(56_000, 'black')]), ['white', 'black']);
  });

  it('nameParts: as many readings as pieces go one to each if each lies within an eighth of a man of its own stretch, that bound included; else each to the stretch it fell in', () => {
    // Two touching men in 64 ms: stretches 0–32 ms and 32–64 ms; an eighth of a man is 4 ms.
    const part = { from: 0, to: 64_000, size: { count: 2, striker: 'no' as const } };
    const cfg = { calibration: CALIBRATION, manMm: 32, strikerMm: 43, colourMaxDistance: 0.08, colourMargin: 0.012 };
    const at = (t: number, kind: keyof typeof CALIBRATION): ColourReading => ({ t, rgb: CALIBRATION[kind] });
    const named = (readings: ColourReading[]) => nameParts(part, readings, cfg).map((p) => p.piece);
    assert.deepEqual(named([at(20_000, 'white'), at(28_000, 'black')]), ['white', 'black']);
    assert.deepEqual(named([at(20_000, 'white'), at(27_999, 'black')]), ['white', 'man'], 'both the first\'s');
    assert.deepEqual(named([at(36_000, 'white'), at(50_000, 'black')]), ['white', 'black']);
    assert.deepEqual(named([at(36_001, 'white'), at(50_000, 'black')]), ['man', 'black'], 'both the second\'s');
    assert.deepEqual(named([at(32_000, 'black')]), ['man', 'black'], 'one reading at the cut: the second piece\'s');
    assert.deepEqual(named([at(12_000, 'white'), at(20_000, 'black'), at(48_000, 'white')]), ['white', 'white'], 'two as near the middle: the earlier');
  });

  it("restingReading: the mean of those in the block's middle half, its bounds included, dated at the middle", () => {
    const mean = restingReading([r(100, 0.9), r(250, 0.25), r(500, 0.5), r(750, 0.75), r(900, 0.1)], 0, 1000);
    assert.deepEqual(mean, { t: 500, rgb: [0.5, 0.5, 0.5] });
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
    assert.equal(leavingSpeed([pulse(0, 3000)], 1, [pulse(1000, 5000)], 1, CFG), 10 / 1000, 'the leading edges, the faster');
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

describe('sensing: a beam stuck, and a block that is a piece resting (StuckBeams)', () => {
  const DELAY = 150;
  const cfg = (beamGapMm: number, calibration: Calibration | null = null): SensingConfig => ({ ...DEFAULT_CONFIG, maxBeamDelayUs: DELAY, beamGapMm, calibration });

  /** A gate's two beams (real ones), its waiting pulses and closed stuck spans, as gate.ts holds them. */
  function gate(c: SensingConfig, o: { pulses?: [Pulse[], Pulse[]]; spans?: [Pulse[], Pulse[]]; readings?: ColourReading[] } = {}) {
    const quiet: BeamListener = { pulse() {}, stuck() {}, unstuck() {}, flapping() {} };
    const beams: [Beam, Beam] = [new Beam(c, quiet), new Beam(c, quiet)];
    const naming = new Naming(0, c, o.readings ?? [], () => {}, () => {});
    const stuck = new StuckBeams(c, beams, o.pulses ?? [[], []], o.spans ?? [[], []], naming);
    return { beams, stuck };
  }

  it('the lower beam\'s long block is a piece resting if the upper one began within a beam delay before it, both ends included', () => {
    const open = gate(cfg(10));
    open.beams[0].edge(1000, true); // the upper beam's pulse still being assembled
    assert.equal(open.stuck.resting(1, 1000), true);
    assert.equal(open.stuck.resting(1, 1000 + DELAY), true);
    assert.equal(open.stuck.resting(1, 1001 + DELAY), false);
    assert.equal(open.stuck.resting(1, 999), false);
    const waiting = gate(cfg(10), { pulses: [[pulse(2000, 2100)], []] }); // one still to be matched
    assert.equal(waiting.stuck.resting(1, 2000), true);
    assert.equal(waiting.stuck.resting(1, 2000 + DELAY), true);
    assert.equal(waiting.stuck.resting(1, 2001 + DELAY), false);
    assert.equal(waiting.stuck.resting(1, 1999), false);
  });

  it("without colour sensors, the upper beam's is one if the lower began within a beam delay after it; never with one beam", () => {
    const waiting = gate(cfg(10), { pulses: [[], [pulse(3000, 3100)]] });
    assert.equal(waiting.stuck.resting(0, 3000), true);
    assert.equal(waiting.stuck.resting(0, 3000 - DELAY), true);
    assert.equal(waiting.stuck.resting(0, 2999 - DELAY), false);
    assert.equal(waiting.stuck.resting(0, 3001), false, 'the lower beam began before: no piece came in from above');
    const oneBeam = gate(cfg(0), { pulses: [[], [pulse(3000, 3100)]] });
    assert.equal(oneBeam.stuck.resting(0, 3000), false);
  });

  it("with colour sensors, the upper beam's is one only if a piece's colour was read: the lower beam does not say", () => {
    const CAL = { white: [0.9, 0.9, 0.9], black: [0.1, 0.1, 0.1], queen: [0.8, 0.1, 0.1], striker: [0.5, 0.5, 0.1] } as Calibration;
    const waiting = gate(cfg(10, CAL), { pulses: [[], [pulse(3000, 3100)]] });
    assert.equal(waiting.stuck.resting(0, 3000), false);
  });

  it("with colour sensors, a reading taken from 1 ms before the upper beam's block began to 30 ms after, and near a piece's colour, says a piece rests; all bounds included", () => {
    // Distances and times in binary fractions, so that each bound is met exactly.
    const CAL = { white: [0.5, 0.5, 0.5], black: [0.0625, 0.0625, 0.0625], queen: [1, 0, 0], striker: [0, 1, 0] } as Calibration;
    const c = { ...cfg(10, CAL), colourMaxDistance: 0.25 };
    const rests = (t: number, rgb: [number, number, number] = [0.5, 0.5, 0.5]) => gate(c, { readings: [{ t, rgb }] }).stuck.resting(0, 10_000);
    assert.equal(rests(9000), true);
    assert.equal(rests(8999), false);
    assert.equal(rests(40_000), true);
    assert.equal(rests(40_001), false);
    assert.equal(rests(20_000, [0.75, 0.5, 0.5]), true, 'at the largest distance from white');
    assert.equal(rests(20_000, [0.75, 0.5, 0.25]), false, 'beyond it, and near no other piece');
    assert.equal(rests(20_000, [0.0625, 0.0625, 0.3125]), true, 'near black');
    assert.equal(gate(c, { readings: [{ t: 8000, rgb: [0.5, 0.5, 0.5] }, { t: 20_000, rgb: [0.5, 0.5, 0.5] }] }).stuck.resting(0, 10_000), true, 'an earlier reading does not hide a later one');
  });

  it('stuck through [from, to]: a closed span holding the whole of it, both ends included; a beam stuck since before from', () => {
    const spans = gate(cfg(10), { spans: [[{ ...pulse(1000, 2000), stuck: true }], []] });
    assert.equal(spans.stuck.through(0, 1000, 2000), true);
    assert.equal(spans.stuck.through(0, 999, 2000), false);
    assert.equal(spans.stuck.through(0, 1000, 2001), false);
    assert.equal(spans.stuck.through(1, 1000, 2000), false, 'the other beam');
    const now = gate(cfg(10));
    now.beams[0].edge(5000, true);
    now.beams[0].advance(5000 + DEFAULT_CONFIG.stuckUs);
    assert.equal(now.stuck.through(0, 5000, 9_000_000), true);
    assert.equal(now.stuck.through(0, 4999, 9_000_000), false);
  });

  it('stuck during [from, to]: a closed span meeting it, touching at either end; a beam stuck since before to', () => {
    const spans = gate(cfg(10), { spans: [[{ ...pulse(1000, 2000), stuck: true }], []] });
    assert.equal(spans.stuck.during(0, 2000, 3000), true);
    assert.equal(spans.stuck.during(0, 2001, 3000), false);
    assert.equal(spans.stuck.during(0, 0, 1000), true);
    assert.equal(spans.stuck.during(0, 0, 999), false);
    assert.equal(spans.stuck.during(0, 1200, 1300), true);
    assert.equal(spans.stuck.during(1, 1200, 1300), false, 'the other beam');
    const now = gate(cfg(10));
    now.beams[0].edge(5000, true);
    now.beams[0].advance(5000 + DEFAULT_CONFIG.stuckUs);
    assert.equal(now.stuck.during(0, 0, 5000), true);
    assert.equal(now.stuck.during(0, 0, 4999), false);
  });

  it('a lower pulse alone behind a passage is no flicker if it lost an edge or the upper beam was stuck during it', () => {
    const behind = new BehindPassage({ beamGapMm: 10, manMm: 32 });
    behind.passed([pulse(0, 3000)], 1, [pulse(1000, 4000)], 1); // 10 mm in 1000 µs: 0.01 mm/µs
    const { stuck } = gate(cfg(10), { spans: [[{ ...pulse(4200, 4300), stuck: true }], []] });
    const { stuck: never } = gate(cfg(10));
    assert.equal(behind.isFlicker(pulse(4100, 4200), never), true);
    assert.equal(behind.isFlicker({ ...pulse(4100, 4200), loose: true }, never), false);
    assert.equal(behind.isFlicker(pulse(4100, 4200), stuck), false);
  });
});
