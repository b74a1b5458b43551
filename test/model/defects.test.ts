// The device model shows today's defects of issue 15 (§1–§3, §5) on the firmware as it is, and their
// absence with the native parts of the fix (interfaces 1 and 2). The firmware runs over the model
// with a fixed cost per handler (1 ms): these are tests of the mechanisms (the bus, the queue, the
// interrupt's hold-off, the sensor's integration windows), not of XS speed.
import assert from 'node:assert/strict';
import { FIGURES } from '../../model/device/figures.ts';
import { Capture } from '../../model/device/capture.ts';
import { Sampler } from '../../model/device/sampler.ts';
import { I2C } from '../../model/device/sdk.ts';
import { current, Device } from '../../model/device/world.ts';
import { fixedMeter } from '../../model/device/meter.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { HOLD_MAX_US } from '../../hosts/device/esp32/hold.ts';
import { bundle, piece, play } from './helpers.ts';

const WHITE: [number, number, number] = [0.36, 0.34, 0.3];
const STRIKE = ['{"t": 500000, "ch": "s0", "v": 210}', '{"t": 1000000, "ch": "s0", "v": null}'];
const close = (a: readonly number[], b: readonly number[], within: number) => a.every((v, i) => Math.abs(v - b[i]) <= within);
const shares = (r: number, g: number, b: number) => [r / (r + g + b), g / (r + g + b), b / (r + g + b)];
const BEAM_PINS = [34, 35, 27, 13, 32, 33, 25, 26]; // boards/reference-v1/board.json, channel order

/** The native parts alone over the model, with a JavaScript handler that sends a whole display frame. */
/** A JavaScript side over the model's capture that reads its ring only when a message comes (as board.ts
 * did before issue 15) and keeps every record it reads, as [t, channel, level, kind]. */
function keepRecords(d: Device, records: number[][]): void {
  d.handler('boot', () => {
    const buffer = new ArrayBuffer(12 * 64);
    const view = new DataView(buffer);
    new Capture({
      pins: BEAM_PINS,
      onReadable(this: Capture) {
        for (let n = this.read(buffer); n > 0; n = this.read(buffer))
          for (let i = 0; i < n; i++) records.push([view.getUint32(i * 12, true), view.getUint8(i * 12 + 8), view.getUint8(i * 12 + 9), view.getUint8(i * 12 + 10)]);
      },
    });
  }, 0);
}

function nativeBench() {
  const d = new Device({ capture: 'fixed', colour: 'native', strips: 'native', opsPerMs: 2000, meter: fixedMeter(2000) });
  current.device = d;
  d.bus.keep = true;
  const samples: { t: number; kind: number; channel: number; v: number[] }[] = [];
  let display: I2C | null = null;
  d.handler('boot', () => {
    const edges = new ArrayBuffer(12 * 64);
    new Capture({ pins: BEAM_PINS, onReadable: function (this: Capture) { while (this.read(edges) > 0); } });
    const buffer = new ArrayBuffer(16 * 32);
    const view = new DataView(buffer);
    new Sampler({
      i2c: { data: 21, clock: 22, hz: 400_000 },
      colour: { switch: 0x70, sensor: 0x29, integrationUs: 2400 },
      strips: [0x40, 0x41, 0x42, 0x43],
      stripEveryUs: 5000,
      onReadable(this: Sampler) {
        for (let n = this.read(buffer); n > 0; n = this.read(buffer))
          for (let i = 0; i < n; i++) {
            const at = i * 16;
            samples.push({ t: view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32, kind: view.getUint8(at + 8), channel: view.getUint8(at + 9), v: [10, 12, 14].map((o) => view.getUint16(at + o, true)) });
          }
      },
    });
    display = new I2C({ data: 21, clock: 22, hz: 400_000, address: 0x3c });
  }, 0);
  /** A frame as ssd1306.ts sends it: eight page writes of 129 bytes, from JavaScript, starting at `t`. */
  const frame = (t: number) =>
    d.at(t, () => d.post('frame', () => {
      const page = new Uint8Array(129);
      page[0] = 0x40;
      for (let p = 0; p < 8; p++) display!.write(page);
    }));
  return { d, samples, frame, done: () => (current.device = null) };
}

/** The first display transfer (a page, or part of one) at or after trace time `from` (device time), in a run of `lines`. */
async function firstPageAfter(lines: string[], from: number): Promise<number> {
  const { r, d } = await play(lines, { capture: 'fixed' });
  const page = d.bus.transfers.find((t) => t.address === 0x3c && t.by === 'js' && t.bytes > 8 && t.from >= r.originUs + from);
  assert.ok(page, 'the app sends a page after the strike');
  return page.from - r.originUs;
}

/** What board.ts did before issue 15 (sensors.ts): the colour sensors integrating all the time, set up
 * at boot through their switch channels, and read over I²C by JavaScript in the capture's callback, at
 * each upper beam's blocked edge. Over the model, with a JavaScript handler that sends a whole frame
 * (eight 129-byte pages, as the old ssd1306.ts sent every change) from `frameAt` on (null: no frame). */
function jsColourRead(frameAt: number | null, at: number) {
  const d = new Device({ capture: 'fixed', colour: 'js', strips: 'js', opsPerMs: 2000, meter: fixedMeter(2000) });
  current.device = d;
  const reads: { t: number; rgb: number[] }[] = [];
  try {
    d.handler('boot', () => {
      const select = new I2C({ data: 21, clock: 22, hz: 400_000, address: 0x70 });
      const sensor = new I2C({ data: 21, clock: 22, hz: 400_000, address: 0x29 });
      const display = new I2C({ data: 21, clock: 22, hz: 400_000, address: 0x3c });
      for (let p = 0; p < 4; p++) (select.write(Uint8Array.of(1 << p)), sensor.write(Uint8Array.of(0x80, 0x03))); // PON | AEN
      const edges = new ArrayBuffer(12 * 64);
      const view = new DataView(edges);
      new Capture({
        pins: BEAM_PINS,
        onReadable(this: Capture) {
          for (let n = this.read(edges); n > 0; n = this.read(edges))
            for (let i = 0; i < n; i++) {
              const channel = view.getUint8(i * 12 + 8);
              if ((channel & 1) !== 0 || view.getUint8(i * 12 + 9) !== 0) continue;
              select.write(Uint8Array.of(1 << (channel >> 1)));
              sensor.write(Uint8Array.of(0x80 | 0x20 | 0x14)); // CDATAL on, auto-increment
              const c = new DataView(sensor.read(8));
              reads.push({ t: d.jsNow(), rgb: shares(c.getUint16(2, true), c.getUint16(4, true), c.getUint16(6, true)) });
            }
        },
      });
      if (frameAt !== null)
        d.at(frameAt, () => d.post('frame', () => {
          const page = new Uint8Array(129);
          page[0] = 0x40;
          for (let p = 0; p < 8; p++) display.write(page);
        }));
    }, 0);
    d.throat.add(2, { from: at, to: at + 6000, rgb: WHITE });
    d.throat.finish();
    d.gpio(at, BEAM_PINS[4], 0);
    d.gpio(at + 6000, BEAM_PINS[4], 1);
    d.runUntil(at + 100_000);
  } finally {
    current.device = null;
  }
  return reads;
}

describe('device model: a colour read behind a display frame', () => {
  it('in JavaScript (the old board.ts: read in the capture callback) comes after the piece has gone and sees the empty throat', () => {
    const at = 1_000_000;
    const [read] = jsColourRead(at - 2000, at); // the man blocks the upper beam 2 ms into the frame, for 6 ms
    assert.ok(read.t > at + 6000, `read at ${read.t - at} µs after the edge, the piece left at 6000`);
    assert.ok(close(read.rgb, FIGURES.throatRgb, 0.005), `the reading ${read.rgb} is the empty throat's ${FIGURES.throatRgb}`);
  });

  it('in JavaScript without a frame in the way, the same read comes while the piece is there (the frame is what delays it)', () => {
    const at = 1_000_000;
    const [read] = jsColourRead(null, at);
    assert.ok(read.t < at + 6000, `read at ${read.t - at} µs after the edge`);
  });

  it('not with the merged firmware: a piece that comes as a display page goes out is named by its own colour', async () => {
    const after = [...STRIKE, '{"t": 9000000, "ch": "s0", "v": 220}'];
    const f = await firstPageAfter(after, 1_000_000);
    const at = Math.round(f) + 1000; // the man blocks the upper beam 1 ms into the page
    const { r } = await play([...STRIKE, ...piece(at, 2, WHITE), '{"t": 9000000, "ch": "s0", "v": 220}'], { capture: 'fixed' });
    const colours = r.readings.filter((x): x is Extract<Reading, { kind: 'colour' }> => x.kind === 'colour' && x.pocket === 2);
    assert.ok(colours.length >= 1 && colours.length <= 2, `${colours.length}: back-to-back windows while the man blocks the upper beam (6 ms), the same colour passed on once`);
    assert.ok(colours.every((c) => c.t - r.originUs > at && c.t - r.originUs < at + 6000), "stamped within the piece's passage");
    assert.ok(close(colours[0].rgb, WHITE, 0.005), `the reading ${colours[0].rgb} is the piece's colour`);
    const named = r.log.split('\n').filter((l) => l.includes('"pocket"')).map((l) => JSON.parse(l).piece);
    assert.deepEqual(named, ['white']);
  });

  it("natively ('native' sampler, interface 2) reads the piece: it waits for the page in progress, then integrates while the piece is there", () => {
    const { d, samples, frame, done } = nativeBench();
    try {
      const at = 1_000_000;
      frame(at - 22_000); // the man comes during the frame's last page
      d.throat.add(2, { from: at, to: at + 6000, rgb: WHITE });
      d.gpio(at, BEAM_PINS[4], 0);
      d.gpio(at + 6000, BEAM_PINS[4], 1);
      d.runUntil(at + 100_000);
      const colour = samples.filter((s) => s.kind === 0 && s.channel === 2);
      assert.ok(colour.length >= 1 && colour.length <= 3, `${colour.length} readings in a 6 ms block: one run of back-to-back windows`);
      const start = d.bus.transfers.find((t) => t.by === 'native' && t.address === 0x29 && t.op === 'write' && t.bytes === 2 && t.from >= at)!;
      const page = d.bus.transfers.filter((t) => t.by === 'js' && t.from <= at).pop()!;
      assert.ok(start.from >= page.to, 'the sampler waited for the page in progress');
      assert.ok(close(shares(colour[0].v[0], colour[0].v[1], colour[0].v[2]), WHITE, 0.005), `the reading ${colour[0].v} is the piece's colour`);
      assert.ok(colour[0].t > at && colour[0].t < at + 6000, "stamped within the piece's passage");
    } finally {
      done();
    }
  });

  it('natively, blocked edges of one pocket within 1 ms are one piece (the receiver ringing): the readings of one clean pulse, as sampler.h takes it', () => {
    const count = (edges: readonly (readonly [number, number])[]) => {
      const { d, samples, done } = nativeBench();
      try {
        const at = 1_000_000;
        d.throat.add(2, { from: at, to: at + 6000, rgb: WHITE });
        for (const [dt, level] of edges) d.gpio(at + dt, BEAM_PINS[4], level);
        d.runUntil(at + 100_000);
        return samples.filter((s) => s.kind === 0 && s.channel === 2).length;
      } finally {
        done();
      }
    };
    const clean = count([[0, 0], [6000, 1]]);
    assert.ok(clean >= 2, `${clean} back-to-back windows in the clean 6 ms pulse`);
    assert.equal(count([[0, 0], [10, 1], [20, 0], [30, 1], [40, 0], [6000, 1]]), clean);
  });

  it('natively, a man touching a slow striker inside one long upper pulse has readings of his own (a run of windows, sampler.h)', () => {
    const { d, samples, done } = nativeBench();
    try {
      const at = 1_000_000;
      const BLACK: [number, number, number] = [0.2, 0.3, 0.5];
      d.throat.add(1, { from: at, to: at + 180_000, rgb: WHITE }); // the striker at 0.2 m/s
      d.throat.add(1, { from: at + 180_000, to: at + 205_000, rgb: BLACK }); // the man touching it behind
      d.gpio(at, BEAM_PINS[2], 0);
      d.gpio(at + 205_000, BEAM_PINS[2], 1);
      d.runUntil(at + 400_000);
      const colour = samples.filter((s) => s.kind === 0 && s.channel === 1);
      const isMan = (s: (typeof colour)[number]) => close(shares(s.v[0], s.v[1], s.v[2]), BLACK, 0.005);
      assert.ok(close(shares(colour[0].v[0], colour[0].v[1], colour[0].v[2]), WHITE, 0.005), 'the striker read first');
      const man = colour.filter(isMan);
      assert.equal(man.length, 1, 'one reading of the man, whole on him');
      assert.ok(man[0].t - 1200 >= at + 180_000 && man[0].t + 1200 <= at + 205_000, 'its window lies in his part of the pulse');
      // The striker's first window and one every 50 ms of it (180 ms: three more), the man's, the mixed one at the clear edge.
      assert.ok(colour.length <= 7, `${colour.length} readings: the windows that saw the same piece are passed on only every 50 ms`);
      const striker = colour.filter((s) => close(shares(s.v[0], s.v[1], s.v[2]), WHITE, 0.005));
      assert.ok(striker.length >= 3 && striker.every((s) => s.t + 1200 <= at + 180_000), `${striker.length} whole readings across the striker's stretch`);
      assert.ok(colour.every((s) => s.t - 1200 < at + 205_000), 'no window opens after the upper beam cleared');
    } finally {
      done();
    }
  });

  it('natively, the ringing of a piece\'s clear edges starts no window: no reading of the empty throat after it (sampler.h)', () => {
    const { d, samples, done } = nativeBench();
    try {
      const at = 1_000_000;
      d.throat.add(2, { from: at, to: at + 6000, rgb: WHITE });
      const ring = (t: number, pin: number) => [0, 4, 9, 15].forEach((us, i) => d.gpio(t + us, pin, i % 2 === 0 ? 1 : 0));
      d.gpio(at, BEAM_PINS[4], 0);
      d.gpio(at + 2000, BEAM_PINS[5], 0);
      ring(at + 6000, BEAM_PINS[4]);
      d.gpio(at + 6020, BEAM_PINS[4], 1);
      ring(at + 8000, BEAM_PINS[5]);
      d.gpio(at + 8020, BEAM_PINS[5], 1);
      d.runUntil(at + 100_000);
      const colour = samples.filter((s) => s.kind === 0 && s.channel === 2);
      assert.ok(colour.length >= 1);
      assert.ok(colour.every((s) => s.t - 1200 < at + 6500), `windows at ${colour.map((s) => s.t - at).join(', ')} µs: none opened by the ringing`);
    } finally {
      done();
    }
  });

  it('natively, a piece the upper beam missed is read at its lower beam\'s blocked edge', () => {
    const { d, samples, done } = nativeBench();
    try {
      const at = 1_000_000;
      d.throat.add(3, { from: at, to: at + 6000, rgb: WHITE });
      d.gpio(at + 2000, BEAM_PINS[7], 0); // the upper beam's edges lost: only the lower beam's
      d.gpio(at + 8000, BEAM_PINS[7], 1);
      d.runUntil(at + 100_000);
      const colour = samples.filter((s) => s.kind === 0 && s.channel === 3);
      assert.equal(colour.length, 1);
      assert.ok(colour[0].t > at + 2000 && colour[0].t < at + 6000, 'its window opened at the lower edge, in the passage');
    } finally {
      done();
    }
  });

  it('natively, a read that the bus delays past one integration gets the next window: a mixed reading (why the display must keep quiet while a gate is blocked, interface 4)', () => {
    const { d, samples, frame, done } = nativeBench();
    try {
      const F = 1_000_000;
      frame(F);
      const at = F + 2000; // early in the frame: the read, due after one integration, waits for a page
      d.throat.add(2, { from: at, to: at + 6000, rgb: WHITE });
      d.gpio(at, BEAM_PINS[4], 0);
      d.gpio(at + 6000, BEAM_PINS[4], 1);
      d.runUntil(F + 100_000);
      const [colour] = samples.filter((s) => s.kind === 0 && s.channel === 2);
      const [r, g, b] = colour.v;
      const counts = r + g + b;
      // A whole window on the piece gives pieceCounts; this one is part piece, part throat.
      assert.ok(counts < 0.9 * FIGURES.pieceCounts && counts > FIGURES.throatCounts, `counts ${counts}`);
      assert.ok(!close(shares(r, g, b), WHITE, 0.005), 'the colour is not the piece\'s alone');
      assert.ok(d.sampler!.lateReads >= 1, 'the model counts it as a late read');
    } finally {
      done();
    }
  });
});

describe('device model: a full queue that refuses one post', () => {
  const lines = [
    ...STRIKE,
    ...piece(1_500_000, 2),
    '{"t": 6000000, "ch": "s1", "v": 200}',
    '{"t": 7000000, "ch": "s1", "v": null}',
    ...piece(7_500_000, 1),
    ...piece(7_900_000, 3),
    '{"t": 14000000, "ch": "s0", "v": 220}',
  ];
  const refuseOnce = (origin: () => number) => {
    let refused = false;
    return (poster: string, t: number) => {
      if (refused || poster !== 'capture' || t < origin() + 7_000_000) return false;
      return (refused = true);
    };
  };
  const pockets = (log: string) => log.split('\n').filter((l) => l.includes('"pocket"')).map((l) => JSON.parse(l).pocket as number);

  /** What board.ts did before issue 15: read the capture's ring only when its message comes. The
   * capture's first post after 1.0 s is refused; four men, at 0.5, 1.0, 1.5 and 2.0 s. The records read. */
  function messageOnly(mode: 'today' | 'fixed') {
    const d = new Device({ capture: mode, colour: 'js', strips: 'js', opsPerMs: 2000, meter: fixedMeter(2000) });
    current.device = d;
    const records: number[][] = [];
    try {
      keepRecords(d, records);
      let refused = false;
      d.refusePost = (poster, t) => !refused && poster === 'capture' && t >= 1_000_000 && (refused = true);
      for (const at of [500_000, 1_000_000, 1_500_000, 2_000_000]) {
        d.gpio(at, BEAM_PINS[2], 0);
        d.gpio(at + 2000, BEAM_PINS[3], 0);
        d.gpio(at + 6000, BEAM_PINS[2], 1);
        d.gpio(at + 8000, BEAM_PINS[3], 1);
      }
      d.runUntil(3_000_000);
      return { records, refused: d.stats.refused, lost: d.capture!.ring.lost };
    } finally {
      current.device = null;
    }
  }

  it("silences the beams for good with today's capture driver and a reader that waits for messages (the old board.ts)", () => {
    const { records, refused } = messageOnly('today');
    assert.equal(refused, 1);
    assert.deepEqual(records.map((r) => r[0]), [500_000, 502_000, 506_000, 508_000], 'nothing after the refused post reaches JavaScript');
  });

  it("does not with the merged capture driver, even for a reader that waits for messages: the next edge or the tick posts again", () => {
    const { records, refused, lost } = messageOnly('fixed');
    assert.equal(refused, 1);
    assert.equal(records.length, 16, 'every edge of the four men');
    assert.equal(lost, 0);
  });

  it("does not with the merged board.ts over today's capture driver: its timers alone read the ring (the 40 ms drain, and the hand-over before each of the app's ticks)", async () => {
    let origin = 0;
    const { r } = await play(lines, { capture: 'today', prepare: (d) => ((origin = d.now), (d.refusePost = refuseOnce(() => origin))) });
    assert.equal(r.refusedPosts, 1);
    assert.deepEqual(pockets(r.log), [2, 1, 3]);
  });

  it("does not with interface 1's capture (a refused post is tried again): every piece counted, no edge lost", async () => {
    let origin = 0;
    const { r } = await play(lines, { capture: 'fixed', prepare: (d) => ((origin = d.now), (d.refusePost = refuseOnce(() => origin))) });
    assert.equal(r.refusedPosts, 1);
    assert.deepEqual(pockets(r.log), [2, 1, 3]);
    assert.equal(r.lostEdges, 0);
  });
});

describe('device model: strip readings stamped', () => {
  it('after a flash write ends, more than 10 ms late: the sampler\'s task does not run while a journal write holds the cores', async () => {
    const base = [...STRIKE, ...piece(1_500_000, 2)];
    const { r: r1, d: d1 } = await play([...base, '{"t": 9000000, "ch": "s0", "v": 220}']);
    const write = d1.flashSpans.find((s) => s.from > r1.originUs + 2_000_000);
    assert.ok(write, 'the settled shot is written to the journal');
    const at = Math.round(write.from - r1.originUs) + 2000; // the striker is placed 2 ms into the write
    const { r } = await play([...base, `{"t": ${at}, "ch": "s1", "v": 240}`, '{"t": 9000000, "ch": "s0", "v": 220}']);
    const strip = r.readings.find((x) => x.kind === 'strip' && x.seat === 1 && x.mm === 240);
    assert.ok(strip);
    // The sampler's task runs only once the write lets it go: the strip is read, and stamped, after it.
    assert.ok(strip.t >= write.to, `stamped at ${strip.t - r.originUs} µs, the write ended at ${write.to - r1.originUs}`);
    assert.ok(strip.t - r.originUs - at > 10_000, `stamped ${strip.t - r.originUs - at} µs late`);
  });

  it('natively every 5 ms (interface 2) within 10 ms, even behind a display frame', () => {
    const { d, samples, frame, done } = nativeBench();
    try {
      for (const [i, F] of [1_000_000, 1_200_000, 1_400_000, 1_600_000].entries()) {
        frame(F);
        d.at(F + 1000 + i * 1700, () => void (d.bus.strips[1].mm = 100 + i));
      }
      d.runUntil(2_000_000);
      const strips = samples.filter((s) => s.kind === 1 && s.channel === 1 && s.v[0] !== 0xffff);
      assert.equal(strips.length, 4);
      strips.forEach((s, i) => {
        const late = s.t - (1_000_000 + i * 200_000 + 1000 + i * 1700);
        assert.ok(late >= 0 && late <= 10_000, `strip ${i} stamped ${late} µs after it changed`);
      });
    } finally {
      done();
    }
  });
});

describe('device model: a flash write holds off the interrupts', () => {
  it("stamps an edge that comes during a journal write when the write ends, with issue 15's capture (its interrupt not in IRAM)", async () => {
    const base = [...STRIKE, ...piece(1_500_000, 2)];
    const { r: r1, d: d1 } = await play([...base, '{"t": 9000000, "ch": "s0", "v": 220}'], { capture: 'fixed' });
    const write = d1.flashSpans.find((s) => s.from > r1.originUs + 2_000_000)!;
    const at = Math.round(write.from - r1.originUs) + 5000; // a late drop, 5 ms into the write
    const { r } = await play([...base, `{"t": ${at}, "ch": "p0.a", "v": 0}`, `{"t": ${at + 80_000}, "ch": "p0.a", "v": 1}`, '{"t": 9000000, "ch": "s0", "v": 220}'], { capture: 'fixed' });
    const edge = r.readings.find((x) => x.kind === 'beam' && x.pocket === 0 && x.blocked);
    assert.ok(edge);
    const stamped = edge.t - r.originUs;
    assert.ok(Math.abs(stamped - (write.to - r1.originUs)) <= 1, `stamped at ${stamped} µs, the write ended at ${write.to - r1.originUs}, the edge came at ${at}`);
    assert.ok(stamped - at > 30_000);
  });

  it('stamps it when it came with the interrupt in IRAM (this capture.c): only its message waits for the write', async () => {
    const base = [...STRIKE, ...piece(1_500_000, 2)];
    const { r: r1, d: d1 } = await play([...base, '{"t": 9000000, "ch": "s0", "v": 220}']);
    const write = d1.flashSpans.find((s) => s.from > r1.originUs + 2_000_000)!;
    const at = Math.round(write.from - r1.originUs) + 5000;
    const { r } = await play([...base, `{"t": ${at}, "ch": "p0.a", "v": 0}`, `{"t": ${at + 80_000}, "ch": "p0.a", "v": 1}`, '{"t": 9000000, "ch": "s0", "v": 220}']);
    const i = r.readings.findIndex((x) => x.kind === 'beam' && x.pocket === 0 && x.blocked);
    assert.ok(i >= 0);
    assert.equal(r.readings[i].t - r.originUs, at);
    assert.ok(r.deliveredAt[i] >= write.to - r1.originUs + r.originUs, 'JavaScript reads it once the write is done');
  });
});

describe("device model: a flash write is ESP-IDF's flash calls, each its own cache-off span (issue 32, rung 4)", () => {
  const base = [...STRIKE, ...piece(1_500_000, 2)];
  const SETTLED = '{"t": 9000000, "ch": "s0", "v": 220}';
  /** The first journal write after the shot: its spans, back to back from its erase. */
  async function journalWrite(capture: 'fixed' | 'iram' = 'iram') {
    const { r, d } = await play([...base, SETTLED], { capture });
    const i = d.flashSpans.findIndex((s) => s.from > r.originUs + 2_000_000 && s.to - s.from >= 40_000);
    assert.ok(i >= 0, 'the settled shot is written to the journal, with an erase');
    const spans = [d.flashSpans[i]!];
    for (let k = i + 1; k < d.flashSpans.length && d.flashSpans[k]!.from === spans.at(-1)!.to; k++) spans.push(d.flashSpans[k]!);
    return { spans: spans.map((s) => ({ from: s.from - r.originUs, to: s.to - r.originUs })) };
  }

  it("erases a sector in one call (45 ms), then programs littlefs's 16-byte cache a call at a time (30 + 15 × 2.5 µs each)", async () => {
    const { spans } = await journalWrite();
    const lengths = spans.map((s) => s.to - s.from);
    assert.equal(lengths[0], FIGURES.eraseSectorUs);
    // A block erased as littlefs comes to it (a long append reaches the next one), every other call a program.
    const programs = lengths.filter((us) => us !== FIGURES.eraseSectorUs);
    assert.ok(programs.length >= 2, `${programs.length} program calls`);
    assert.deepEqual([...new Set(programs)], [67.5]);
    assert.equal(lengths[1], 67.5, 'the erase is followed by programs');
  });

  it("runs an interrupt held off by the write (issue 15's capture, not in IRAM) at the end of the call it came in, not of the whole write", async () => {
    const { spans } = await journalWrite('fixed');
    const erased = spans[0]!.from + FIGURES.eraseSectorUs;
    const at = Math.round(erased) + 30; // a drop 30 µs into the first program after the erase
    const callEnd = erased + 67.5;
    const { r } = await play([...base, `{"t": ${at}, "ch": "p0.a", "v": 0}`, `{"t": ${at + 80_000}, "ch": "p0.a", "v": 1}`, SETTLED], { capture: 'fixed' });
    const edge = r.readings.find((x) => x.kind === 'beam' && x.pocket === 0 && x.blocked);
    assert.ok(edge);
    const stamped = edge.t - r.originUs;
    assert.ok(Math.abs(stamped - callEnd) <= 1, `stamped at ${stamped} µs, the program call ended at ${callEnd}, the whole write at ${spans.at(-1)!.to}`);
  });
});

describe('device model: an edge the interrupt loses (ESP32 edge interrupts drop edges)', () => {
  /** A capture over the model whose JavaScript side keeps every record it reads: [t, channel, level, kind]. */
  function capture(mode: 'today' | 'fixed') {
    const d = new Device({ capture: mode, colour: 'js', strips: 'js', opsPerMs: 2000, meter: fixedMeter(2000) });
    current.device = d;
    const records: number[][] = [];
    keepRecords(d, records);
    // The clear edge of pocket 1's upper beam at 1.006 s never reaches the interrupt.
    d.loseInterrupt = (pin, t) => pin === BEAM_PINS[2] && t === 1_006_000;
    d.gpio(1_000_000, BEAM_PINS[2], 0);
    d.gpio(1_006_000, BEAM_PINS[2], 1);
    d.runUntil(1_200_000);
    current.device = null;
    return { records, blocked: (d.capture as unknown as { blocked: number }).blocked };
  }

  it("leaves the beam blocked for good with today's capture (it never reads the pins again)", () => {
    const { records, blocked } = capture('today');
    assert.deepEqual(records.map((r) => r.slice(1)), [[2, 0, 0]]);
    assert.equal(blocked & (1 << 2), 1 << 2);
  });

  it("corrects it with interface 1's re-read: a kind-1 record with the level now, once no edge came for a while", () => {
    const { records, blocked } = capture('fixed');
    assert.deepEqual(records.map((r) => r.slice(1)), [[2, 0, 0], [2, 1, 1]]);
    const late = records[1][0] - 1_006_000;
    assert.ok(late > 0 && late <= FIGURES.rereadQuietUs + FIGURES.rereadPeriodUs + 1000, `corrected ${late} µs after the lost edge`);
    assert.equal(blocked & (1 << 2), 0);
  });
});

describe("device model: a piece's colour reaches the sensing layer before its passage is judged", () => {
  // JavaScript is busy (a long handler: a redraw, a journal write) while a piece passes: its edges and
  // its colour sample wait, in the capture's ring and the sampler's, and their messages in the queue.
  // When JavaScript is free, a Timer runs first (the Moddable host's loop), then the messages in order.
  const pieces = (log: string) => log.split('\n').filter((l) => l.includes('"pocket"')).map((l) => JSON.parse(l).piece as string);
  it('names the piece by its colour sample whenever JavaScript was busy as it passed (20 to 80 ms, every 0.5 ms: a tick then falls between any two messages)', async () => {
    const at = 1_500_000;
    const lines = [...STRIKE, ...piece(at, 2, [0.3, 0.33, 0.37]), '{"t": 9000000, "ch": "s0", "v": 220}'];
    const wrong: string[] = [];
    for (let busyUs = 20_000; busyUs <= 80_000; busyUs += 500) {
      const { r } = await play(lines, {
        capture: 'fixed',
        meter: (await bundle()).fixedMeter(16_000), // 8 ms a handler: drawing the piece, sensing its edges
        prepare: (d) => {
          const origin = d.now;
          d.at(origin + at - 1000, () => d.post('busy', () => d.callOut(() => d.block(busyUs))));
        },
      });
      const named = pieces(r.log);
      if (named.join() !== 'black') wrong.push(`${busyUs / 1000} ms: ${named.join() || 'nothing'}`);
    }
    assert.deepEqual(wrong, [], 'busy for: what the log named');
  });
});

describe("device model: a passage is judged only once the sampler's ring has been read past its end (board.ts's hold)", () => {
  // Slow XS: each call out of a handler (a ring's read, a getter, the clock) comes `ops` operations after
  // the one before. A hand-over then reads the sampler's ring some ms before it reads the edges and
  // advances the sensing layer to the clock: a colour window read in between (its sample still in the
  // sampler's ring, its message behind the app's ticks in the queue) belongs to a passage that very
  // hand-over closes.
  const pieces = (log: string) => log.split('\n').filter((l) => l.includes('"pocket"')).map((l) => JSON.parse(l).piece as string);
  const steppedMeter = (ops: number) => {
    let n = 0;
    return { start: () => void (n = 0), pause: () => (n += ops), resume: (o: number) => void (n = o) };
  };
  const at = 1_500_000;
  const lines = [...STRIKE, ...piece(at, 2, [0.3, 0.33, 0.37]), '{"t": 9000000, "ch": "s0", "v": 220}'];
  /** The device time of the trace's time 0 (the app's match log's): the trace plays from there. */
  let origin = 0;
  before(async () => void (origin = (await play(lines)).r.originUs));
  /** JavaScript busy (a long handler) from 1 ms before the piece comes. */
  const busy = (busyUs: number) => (d: Device) => {
    if (busyUs > 0) d.at(origin + at - 1000, () => d.post('busy', () => d.callOut(() => d.block(busyUs))));
  };

  it('names a piece by its colour when its sample reaches JavaScript only after the hand-over that read its last edges (slow XS: each call out 1 to 4 ms after the one before; JavaScript busy 0 to 80 ms as it passed)', async () => {
    const wrong: string[] = [];
    for (let ops = 2000; ops <= 8000; ops += 250)
      for (const busyUs of [0, 40_000, 80_000]) {
        const { r } = await play(lines, { meter: steppedMeter(ops), prepare: busy(busyUs) }); // 2,000 ops/ms
        const named = pieces(r.log);
        if (named.join() !== 'black') wrong.push(`${ops / 2000} ms a call, busy ${busyUs / 1000} ms: ${named.join() || 'nothing'}`);
      }
    assert.deepEqual(wrong, [], 'what the log named');
  });

  it('waits a bounded time for a sample that never comes (the sampler stopped with its window open): the piece is counted, named by a player, its edges handed over within the bound', async () => {
    const { r } = await play(lines, {
      prepare: (d) => d.at(origin + at + 500, () => d.sampler!.hang()), // the window opened at the blocked edge, never read
    });
    assert.deepEqual(pieces(r.log), ['man'], 'counted, without a colour (a player names it), as before the hold');
    assert.equal(r.originUs, origin);
    const last = r.readings.findIndex((x) => x.kind === 'beam' && x.t === origin + at + 8000);
    assert.ok(last >= 0, "the piece's last edge reached the app");
    const late = r.deliveredAt[last] - r.readings[last].t;
    // The hold's bound, and the next hand-over after it (the app's 20 ms tick; a handler costs 1 ms here).
    assert.ok(late <= HOLD_MAX_US + 20_000 + 2000, `handed over ${late / 1000} ms after it came`);
    assert.ok(late >= HOLD_MAX_US, `held for the sample, ${late / 1000} ms`);
  });
});
