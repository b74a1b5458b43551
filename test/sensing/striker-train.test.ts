// The striker inside a merged pulse (issue 16 §2): the striker and a man (or two) entering one pocket
// touching make one long pulse on both beams, about 76 mm at the pair's speed (70–74 mm crossing
// off-centre), with each piece's own colour reading inside it. It is split as its size allows and its
// parts are named from the readings they carry: never two men when one of them was the striker, and
// where the size and the readings cannot settle it, the players are asked (`unknown`).
import assert from 'node:assert/strict';
import { foldEvents, publicState, start } from '../../src/rules/index.ts';
import { PRESET_IDS, PRESETS } from '../../src/rules/presets.ts';
import type { GameEvent, MatchHeader } from '../../src/rules/types.ts';
import { trainBySize } from '../../src/sensing/classify.ts';
import { passageParts } from '../../src/sensing/passage.ts';
import { senseTrace } from '../../src/sensing/index.ts';
import type { Reading, Rgb } from '../../src/sensing/types.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { CALIBRATION, LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { colour, colourOf, ms, pockets, pulse, sense, strip } from '../helpers/readings.ts';

type Kind = 'white' | 'black' | 'queen' | 'striker';
const SIZE_MM: Record<Kind, number> = { white: 33.3, black: 33.3, queen: 33.3, striker: 42.8 };

/** Touching pieces at `speed` m/s from `at` µs, with a gap of `gapMm` between each two on both beams
 * (0: one merged pulse), sizes `sizes` (default: each kind's), and a reading in the middle of each
 * piece whose `read` is not false. */
function train(pocket: number, at: number, speed: number, kinds: Kind[], o: { gapMm?: number; sizes?: number[]; read?: boolean[] } = {}): Reading[] {
  const v = speed / 1000; // mm per µs
  const gap = o.gapMm ?? 0;
  const out: Reading[] = [];
  for (const [beam, from] of [[0, at], [1, at + 10 / v]] as const) {
    let x = 0;
    let start = 0;
    kinds.forEach((kind, i) => {
      const size = o.sizes?.[i] ?? SIZE_MM[kind];
      if (beam === 0 && o.read?.[i] !== false) out.push(colourOf(pocket, Math.round(from + (x + size / 2) / v), kind));
      x += size;
      if (gap > 0 || i === kinds.length - 1) {
        out.push(...pulse(pocket, beam, Math.round(from + start / v), Math.round(from + x / v)));
        x += gap;
        start = x;
      }
    });
  }
  return out;
}

const W: Kind = 'white';
const K: Kind = 'black';
const Q: Kind = 'queen';
const S: Kind = 'striker';

describe('sensing: the striker inside a merged pulse', () => {
  it('a part is sized as n men or the striker with n − 1 men; between the two, within the tolerance, it may be either', () => {
    const cfg = { manMm: 33, strikerMm: 43 };
    const sized = (mm: number, tol = 2) => { const s = trainBySize(mm, tol, cfg); return `${s.count} ${s.striker}`; };
    assert.deepEqual([30, 43, 66, 76, 99, 109, 132].map((mm) => sized(mm)), ['1 no', '1 yes', '2 no', '2 yes', '3 no', '3 yes', '4 no']);
    assert.deepEqual([68.5, 71, 73.5, 104].map((mm) => sized(mm)), ['2 no', '2 maybe', '2 yes', '3 maybe']);
    assert.equal(sized(74, 4.3), '2 maybe', 'at 8 m/s the speed is less sure, and so is the size');
    assert.equal(sized(160), '1 no', 'longer than any passage: a piece that rested in the throat, then fell');
  });

  const trains: [string, Kind[]][] = [
    ['a man then the striker', [W, S]],
    ['the striker then a man', [S, K]],
    ['the queen then the striker', [Q, S]],
    ['two men then the striker', [W, K, S]],
    ['the striker between two men', [K, S, W]],
  ];
  for (const speed of [0.1, 0.3, 1, 3, 8]) {
    for (const [name, kinds] of trains) {
      it(`${name}, one pulse on both beams, at ${speed} m/s: each piece once, the striker named`, () => {
        const run = sense(train(1, ms(100), speed, kinds));
        assert.deepEqual(pockets(run), kinds);
        const times = run.events.map((e) => e.t);
        assert.ok(times.every((x, i) => i === 0 || x > times[i - 1]), `each piece at its own time: ${times}`);
      });
    }
  }

  // Touching pieces leave 0–3.4 ms between them at 1 m/s (docs/hardware.md); a gap under 250 µs is no gap.
  for (const gapMm of [0.1, 0.2, 1.5, 3.4]) {
    it(`a man and the striker with a ${gapMm} mm gap on both beams at 1 m/s`, () => {
      assert.deepEqual(pockets(sense(train(2, ms(100), 1, [W, S], { gapMm }))), [W, S]);
      assert.deepEqual(pockets(sense(train(2, ms(100), 1, [S, K], { gapMm }))), [S, K]);
    });
  }

  it('each piece is dated where it entered: the striker’s stretch is its own size, not half the pulse', () => {
    const run = sense(train(0, ms(100), 0.1, [W, S]));
    // At 0.1 m/s the man takes 333 ms; an even split would date the striker 47 ms late.
    const [man, striker] = run.events.map((e) => e.t);
    assert.equal(man, 100);
    assert.ok(Math.abs(striker - 433) <= 5, `the striker entered at 433 ms: ${striker}`);
  });

  it('crossing off-centre (71 mm, between two men and a man with the striker): the readings decide', () => {
    const sizes = [32, 39];
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, S], { sizes }))), [W, S]);
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [S, W], { sizes: [39, 32] }))), [S, W]);
    // Two men as long as that (a gap too short to count between them): two men, named.
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, K], { sizes: [35.5, 35.5] }))), [W, K]);
  });

  // The size's tolerance (docs/hardware.md, "Merged pulses"): 2 mm, plus the speed's own error, 40 µs
  // over the beam delay: about ±2.03 mm at 0.1 m/s (the slowest piece), ±4.4 mm at 8 m/s (the fastest).
  // 3.5 mm from the midpoint (71 mm) the size cannot say at 8 m/s, and does at 0.1 m/s.
  it('at 8 m/s a pulse 3.5 mm either side of the midpoint is the readings’ to name; at 0.1 m/s its size decides', () => {
    const two = (speed: number, mm: number, kinds: Kind[]) => pockets(sense(train(1, ms(100), speed, kinds, { sizes: [mm / 2, mm / 2] })));
    assert.deepEqual(two(8, 74.5, [W, K]), [W, K], 'fast, nearer a man with the striker: two men as the readings say');
    assert.deepEqual(two(8, 67.5, [W, S]), [W, S], 'fast, nearer two men: the striker as the readings say');
    assert.deepEqual(two(0.1, 74.5, [W, K]), ['unknown', 'unknown'], 'slow: the size says the striker is one of them, the readings do not: asked');
    assert.deepEqual(two(0.1, 67.5, [W, S]), [W, 'man'], 'slow: the size says two men');
  });

  for (const [speed, maybe, sure] of [
    [8, [67.0, 75.3], [66.8, 75.5]],
    [0.1, [69.05, 72.95], [68.9, 73.1]],
  ] as const) {
    it(`the tolerance at ${speed} m/s, on both sides of the midpoint: ${maybe.join(' and ')} mm may hold the striker, ${sure.join(' and ')} mm are sure`, () => {
      const cfg = { beamGapMm: 10, manMm: 33, strikerMm: 43 };
      const v = speed / 1000; // mm per µs
      const part = (mm: number) => {
        const upper = [{ start: 0, end: mm / v, stuck: false, loose: false }];
        const lower = [{ start: 10 / v, end: (10 + mm) / v, stuck: false, loose: false }];
        const parts = passageParts(upper, 1, lower, 1, cfg);
        assert.equal(parts.length, 1);
        return parts[0].size;
      };
      for (const mm of maybe) assert.deepEqual(part(mm), { count: 2, striker: 'maybe' }, `${mm} mm`);
      assert.deepEqual(part(sure[0]), { count: 2, striker: 'no' }, `${sure[0]} mm`);
      assert.deepEqual(part(sure[1]), { count: 2, striker: 'yes' }, `${sure[1]} mm`);
    });
  }

  it('between two men and a man with the striker, and no reading to say: the players are asked', () => {
    const run = sense(train(1, ms(100), 1, [W, S], { sizes: [32, 39], read: [false, false] }));
    assert.deepEqual(pockets(run), ['unknown', 'unknown']);
    // The man's reading names the man; the other piece may be a man or the striker: asked.
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, S], { sizes: [32, 39], read: [true, false] }))), [W, 'unknown']);
  });

  it('a man and the striker with one reading: the reading says which end the striker is at', () => {
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, S], { read: [false, true] }))), ['man', S]);
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, S], { read: [true, false] }))), [W, S]);
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [S, K], { read: [false, true] }))), [S, K]);
  });

  it('one reading at the front of the pulse, as the device’s sampler takes it (once per upper-beam block): it names the first piece and places the striker', () => {
    for (const speed of [0.3, 1, 5]) {
      const first = (kinds: Kind[]) => {
        const rs = train(1, ms(100), speed, kinds, { read: [false, false] });
        return pockets(sense([...rs, colourOf(1, ms(100) + 1200, kinds[0])]));
      };
      assert.deepEqual(first([W, S]), [W, S], `${speed} m/s`);
      assert.deepEqual(first([S, K]), [S, 'man'], `${speed} m/s`);
    }
  });

  it('two readings both nearest white: the striker is where its colour fits better, not asked for (a trace at high noise)', () => {
    // The striker's reading is noisy, nearer white than the striker; the man's is plainly white. The
    // striker first costs 0.039 + 0.021, second 0.024 + 0.049: more than the colour margin apart.
    const rs = train(0, ms(100), 0.12, [S, W], { read: [false, false] });
    const [from, to] = [ms(100), ms(100) + Math.round((42.8 + 33.3) / 0.12 * 1000)];
    const run = sense([...rs, colour(0, from + 142_000, [0.34, 0.351, 0.309]), colour(0, to - 100_000, [0.368, 0.323, 0.309])]);
    assert.deepEqual(pockets(run), [S, W]);
    assert.ok(Math.abs(run.events[1].t - (100 + 42.8 / 0.12)) <= 10, `the man dated where it entered: ${run.events[1].t}`);
  });

  it('a man and the striker with no reading, or no colour sensor: two pieces, the players name both', () => {
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [W, S], { read: [false, false] }))), ['unknown', 'unknown']);
    assert.deepEqual(pockets(sense(train(1, ms(100), 1, [S, W]), { calibration: null })), ['unknown', 'unknown']);
  });

  it('two merged men are still two men, named, the striker’s colour among the answers or not', () => {
    assert.deepEqual(pockets(sense(train(3, ms(100), 2, [K, W]))), [K, W]);
    assert.deepEqual(pockets(sense(train(3, ms(100), 2, [K, W], { read: [false, false] }))), ['man', 'man']);
  });
});

describe('sensing: the striker with its own man in one pocket scores each preset’s foul', () => {
  /** Seat 0 breaks and pockets a white (white is then theirs: where the first potter chooses, they say
   * so), and goes on to pocket a white touching the striker. */
  function trace(rules: string, kinds: Kind[]): { header: MatchHeader; readings: Reading[] } {
    const header: MatchHeader = { carrom: 1, rules, mode: 'singles', players: ['A', 'B'], breaker: 0, options: {} };
    const readings: Reading[] = [
      strip(0, ms(500), 200), strip(0, ms(2000), null),
      ...train(0, ms(2300), 1, [W]),
      { t: ms(9000), kind: 'call' as const, call: { call: 'colour' as const, colour: 'white' as const } },
      strip(0, ms(14000), 260), strip(0, ms(16000), null),
      ...train(2, ms(16400), 1, kinds),
      strip(1, ms(24000), 240),
    ].sort((a, b) => a.t - b.t);
    return { header, readings };
  }
  const fold = (header: MatchHeader, events: readonly GameEvent[]) => {
    const s0 = start(header);
    assert.ok(s0.ok);
    return JSON.stringify(publicState(foldEvents(s0.value, events.map((event, i) => ({ event, line: i + 2 })))));
  };

  for (const rules of PRESET_IDS) {
    it(`${rules}: a white and the striker merged at pocket 2 score as the striker with an own man, not two men`, () => {
      const t = trace(rules, [W, S]);
      const sensed = senseTrace({ header: { 'carrom-trace': 1, table: 'test', beamGapMm: 10, stripMm: 530, calibration: CALIBRATION, match: t.header }, readings: t.readings }).events;
      const pocketed = sensed.filter((e) => e.e === 'pocket').map((e) => (e as { piece: string }).piece);
      assert.deepEqual(pocketed, ['white', 'white', 'striker']);
      // The preset's clause for the striker with an own man (docs/rules.md), as whites left on the board
      // (the break's white and this one were pocketed) and the seat on turn.
      const clause = PRESETS[rules].params.strikerWithOwn;
      const expected: Record<string, [number, number]> = {
        returnPlusDueContinue: [9, 0], // ICF 46: the man back, and a due (the break's white), and go on
        returnOnlyContinue: [8, 0], // the man back, no due, go on
        penaltyOneEndTurn: [8, 1], // the man stays pocketed, one penalty man back, the turn ends
      };
      assert.ok(clause in expected, `a test case for ${clause}`);
      const board = (events: readonly GameEvent[]) => {
        const b = JSON.parse(fold(t.header, events)).board;
        return [b.onBoard.white, b.turn];
      };
      assert.deepEqual(board(sensed), expected[clause], clause);
      // As two men (what the layer logged before): three whites pocketed, six left, and the player goes on.
      const asMen = sensed.map((e) => (e.e === 'pocket' && e.piece === 'striker' ? { ...e, piece: 'white' as const } : e));
      assert.deepEqual(board(asMen), [6, 0]);
    });
  }
});

describe('trace generator: striker-and-man trains (model/table/trains.ts)', () => {
  it('sends the striker into the pocket of a man of its shot, touching it, in both orders; the default traces have none', () => {
    const orders = { strikerFirst: 0, manFirst: 0 };
    let trains = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const m = randomMatch(seed, { clean: true, maxShots: 150 });
      const g = generateTrace(m.header, m.events, seed, NOISE.low, LAYOUTS.reference, { strikerTrains: 1 });
      trains += g.stats.strikerTrains;
      const pocketed = g.truth.events.filter((e) => e.e === 'pocket') as Extract<GameEvent, { e: 'pocket' }>[];
      // Touching: a man enters as the striker leaves, or the striker as the man leaves, well within half
      // a second (at 0.1 m/s a man takes 0.33 s). Each striker once.
      const touching = (a: (typeof pocketed)[0] | undefined, b: (typeof pocketed)[0]) => a !== undefined && a.piece !== 'striker' && a.pocket === b.pocket && Math.abs(a.t - b.t) <= 500;
      pocketed.forEach((p, i) => {
        if (p.piece !== 'striker') return;
        if (touching(pocketed[i - 1], p)) orders.manFirst++;
        else if (touching(pocketed[i + 1], p)) orders.strikerFirst++;
      });
      assert.equal(generateTrace(m.header, m.events, seed, NOISE.low, LAYOUTS.reference).stats.strikerTrains, 0);
    }
    assert.ok(trains >= 20, `trains: ${trains}`);
    assert.equal(orders.strikerFirst + orders.manFirst, trains, `${trains} trains: ${JSON.stringify(orders)}`);
    assert.ok(orders.strikerFirst > 0 && orders.manFirst > 0, JSON.stringify(orders));
  });
});

// Which colour reading names which piece of one merged pulse (src/sensing/train.ts), at the bounds its
// rules draw: the pieces' stretches, the slack at their ends, the colour distance and margin.
describe('sensing: the readings of a merged pulse, each given to its piece (train.ts)', () => {
  const A = ms(100);
  const { white: WH, black: BL, striker: ST } = CALIBRATION;
  /** One merged pulse of `mm` at 1 m/s at pocket 1 (the upper beam blocked from A to A + mm × 1000 µs, the
   * lower beam 10 ms later), with colour readings `at` µs after A: its pockets, and the health facts. */
  const merged = (mm: number, reads: [number, Rgb][]) => {
    const run = sense([
      ...pulse(1, 0, A, A + mm * 1000),
      ...pulse(1, 1, A + 10_000, A + 10_000 + mm * 1000),
      ...reads.map(([at, rgb]) => colour(1, A + at, rgb)),
    ]);
    return pockets(run);
  };

  // Two men, 66 mm: the cut at 33 ms, an eighth of a man 4,125 µs.
  it('as many readings as pieces: each is its own piece’s up to an eighth of a man past either end of its stretch, not beyond', () => {
    assert.deepEqual(merged(66, [[37_125, WH], [49_500, BL]]), [W, K], 'the first read an eighth of a man into the second');
    assert.deepEqual(merged(66, [[37_126, WH], [49_500, BL]]), ['man', K], 'a microsecond further: both the second’s, the first unread');
    assert.deepEqual(merged(66, [[16_500, WH], [28_875, BL]]), [W, K], 'the second read an eighth of a man before its stretch');
    assert.deepEqual(merged(66, [[16_500, WH], [28_874, BL]]), [W, 'man'], 'a microsecond earlier: both the first’s, the second unread');
  });

  it('a reading exactly at the cut between two touching men is the second’s', () => {
    assert.deepEqual(merged(66, [[33_000, BL]]), ['man', K]);
    assert.deepEqual(merged(66, [[32_999, BL]]), [K, 'man']);
  });

  // A man and the striker, 76 mm: the man the first 33 ms (or the striker the first 43). The sampler reads
  // a piece several times; at the man's ends the window is part throat, part neighbour, and reads like the
  // striker. The man's reading is the one nearest the middle of his stretch, in weighing the lay-outs too:
  // by the one at his end, the striker's colour would fit either lay-out as well, and both would be asked.
  it('a man read at his middle and again, like the striker, at his leading or trailing end: the middle reading names him, the striker placed', () => {
    assert.deepEqual(merged(76, [[2_000, ST], [16_500, WH], [57_000, ST]]), [W, S], 'at his leading end');
    assert.deepEqual(merged(76, [[16_500, WH], [30_000, ST], [57_000, ST]]), [W, S], 'at his trailing end');
  });

  // 71 mm: two men or the striker with a man. The white at the first man's middle makes the striker first
  // dearer; the lay-outs "two men" and "the striker second" tie (the second piece is unread). The first
  // piece, a man in both, is named by the reading nearest the middle of the mean of their stretches.
  it('where lay-outs tie, a man read twice is named by the reading nearest the middle of their mean stretch, not the one by the junction', () => {
    assert.deepEqual(merged(71, [[17_750, WH], [25_560, BL]]), [W, 'unknown']);
  });

  it('three touching men, each read: each named, and the colour sensor is not taken for silent', () => {
    const rs = [...pulse(1, 0, A, A + 99_000), ...pulse(1, 1, A + 10_000, A + 109_000)];
    const run = sense([...rs, colour(1, A + 16_500, WH), colour(1, A + 49_500, BL), colour(1, A + 82_500, WH)]);
    assert.deepEqual(pockets(run), [W, K, W]);
    assert.deepEqual(run.health, []);
    // Unread, they are: the check above can fail.
    assert.deepEqual(sense(rs).health.map((h) => h.fact), ['colourSilent']);
  });

  // A man and the striker (76 mm), one reading, of the first piece: it weighs the lay-outs only if it is
  // within the largest colour distance (0.08) of some piece; else both pieces are asked.
  it('a reading exactly the largest colour distance from the striker (and further from every man) places the striker; a hair further, it tells nothing', () => {
    const edge: Rgb = [0.3939999999999999, 0.33, 0.3880000000000002];
    assert.equal(Math.hypot(edge[0] - ST[0], edge[1] - ST[1], edge[2] - ST[2]), 0.08);
    assert.deepEqual(merged(76, [[19_000, edge]]), [S, 'man']);
    assert.deepEqual(merged(76, [[19_000, [0.394, 0.33, 0.3880000000000002]]]), ['unknown', 'unknown']);
  });

  // The same, with a reading nearer the striker than the nearest man by exactly the colour margin (0.012):
  // as classifyColour asks of one reading, a lay-out that much dearer is not tied.
  it('a lay-out dearer by exactly the colour margin is not tied; by a hair less, both pieces are asked', () => {
    const d = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const margin: Rgb = [0.34578827431197806, 0.34, 0.33];
    assert.equal(Math.min(d(margin, WH), d(margin, BL), d(margin, CALIBRATION.queen)) - d(margin, ST), 0.012);
    assert.deepEqual(merged(76, [[19_000, margin]]), [S, 'man']);
    assert.deepEqual(merged(76, [[19_000, [0.3457882743119781, 0.34, 0.33]]]), ['unknown', 'unknown']);
  });
});
