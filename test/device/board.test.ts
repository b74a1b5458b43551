// The device host's board code (hosts/device/esp32/board.ts, samples.ts, beams.ts, table.ts) run
// against fake IO classes with the SDK's contract (test/device/fakes): the reference table's chips
// cannot run here, so fakes of them stand in, and every bus transaction is checked.
import assert from 'node:assert/strict';
import type { Reading } from '../../src/sensing/types.ts';
import { bundleDevice } from './fakes/bundle.ts';

import type { Board } from '../../hosts/device/ports.ts';
import type { TableApp } from '../../src/app/app.ts';
import type * as Fake from './fakes/hardware.ts';

/** What the bundle exports (fakes/bundle.ts; its type is not imported: the device code needs the SDK's typings). */
type Device = typeof Fake & { referenceBoard(): Board; start(board: Board): TableApp; runWithoutNetwork(): void };
type HealthFact = { t: number; fact: string; channel: string };

const LAP = 2 ** 32;

describe('device board code against the SDK contract (fake hardware)', function () {
  let d: Device;
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = (s) => d.hardware.traces.push(s);
    d = (await import(await bundleDevice())) as Device;
  });
  beforeEach(() => d.hardware.reset());

  /** A board with its sources open; what they hand over and the health facts, collected. */
  function openBoard() {
    const board = d.referenceBoard();
    const readings: Reading[] = [];
    const health: HealthFact[] = [];
    board.sources((s) => readings.push(...s.read()), (h) => health.push(h));
    return { board, readings, health };
  }
  const hw = () => d.hardware;
  /** A piece through pocket p's upper beam: blocked, then clear 5 ms later. */
  function piece(p: number) {
    hw().capture!.edge(hw().now, p * 2, 0);
    hw().capture!.deliver();
    hw().advance(5);
    hw().capture!.edge(hw().now, p * 2, 1);
    hw().capture!.deliver();
  }
  /** A button pressed and let go (active low, with its pull-up). */
  function press(pin: number) {
    for (const level of [0, 1]) {
      hw().digitals.get(pin)!.level = level;
      hw().digitals.get(pin)!.notify();
      hw().advance(80);
    }
  }
  const colours = (rs: Reading[]) => rs.filter((r) => r.kind === 'colour');

  it('logs the heap as the firmware starts, and again with the table started (heap.c; docs/esp32-build.md, section 7)', () => {
    hw().heap = [150_000, 78_000, 140_000, 81_000, 6_000, 1_900, -1];
    const started = hw().traces.length;
    d.runWithoutNetwork();
    const lines = hw().traces.slice(started).filter((t) => t.includes('heap'));
    assert.deepEqual(lines, [
      'carrom: heap at boot: 150000 bytes free, largest block 78000, lowest since boot 140000; IRAM for 32-bit allocations 81000; stack never used: XS 6000, sampler 1900, esp_timer -\n',
      'carrom: heap with the table started: 150000 bytes free, largest block 78000, lowest since boot 140000; IRAM for 32-bit allocations 81000; stack never used: XS 6000, sampler 1900, esp_timer -\n',
    ]);
  });

  it('hands the sampler driver the board\'s bus, the colour sensors behind the switch and the strips in seat order', () => {
    openBoard();
    const o = hw().sampler?.options as { i2c: object; colour?: object; strips: number[]; stripEveryUs: number };
    assert.deepEqual(o.i2c, { data: 21, clock: 22, hz: 400_000, port: 0 });
    assert.deepEqual(o.colour, { switch: d.SWITCH, sensor: d.COLOUR, integrationUs: 2400 });
    assert.deepEqual(o.strips, [...d.STRIPS]);
    assert.equal(o.stripEveryUs, 5000);
  });

  it('turns colour samples into readings normalized as calibration expects, at the time the sensor looked', () => {
    const { readings } = openBoard();
    hw().colours[2].rgb = [0.6, 0.2, 0.2];
    hw().colours[3].rgb = [0.3, 0.3, 0.4];
    const at = [hw().now];
    piece(2);
    at.push(hw().now);
    piece(3);
    const got = colours(readings);
    assert.deepEqual(got.map((r) => r.kind === 'colour' && [r.pocket, r.rgb.map((v) => Math.round(v * 10) / 10)]), [[2, [0.6, 0.2, 0.2]], [3, [0.3, 0.3, 0.4]]]);
    got.forEach((r, i) => assert.ok(r.t > at[i] && r.t < at[i] + 5000, `reading ${i} taken in the block: ${r.t - at[i]} µs after the edge`));
  });

  it('reads the colour while the piece is in the throat, even when JavaScript handles the edge a display frame late', () => {
    const { readings } = openBoard();
    const edge = hw().now;
    hw().colours[1].rgb = [0.55, 0.22, 0.23]; // the queen, in front of the sensor while she blocks the beam
    hw().capture!.edge(edge, 2, 0);
    hw().advance(5); // she is gone 5 ms later (about 7 m/s): an empty throat from now on
    hw().capture!.edge(hw().now, 2, 1);
    hw().colours[1].rgb = [0.2, 0.3, 0.5];
    hw().advance(18); // JavaScript was sending a frame: it sees both edges 23 ms after the first
    hw().capture!.deliver();
    hw().advance(10);
    const got = colours(readings);
    assert.equal(got.length, 1);
    const [queen] = got;
    assert.ok(queen.kind === 'colour' && queen.rgb[0] > 0.5, `the queen's colour, not the empty throat's: ${queen.kind === 'colour' && queen.rgb.join()}`);
    assert.ok(queen.t >= edge && queen.t <= edge + 5000, `stamped inside the block: ${queen.t - edge} µs after the edge`);
  });

  it('stamps a strip change when it was sampled, within 5 ms of when it happened, not when a JavaScript timer polled', () => {
    const { readings } = openBoard();
    hw().strips[0].mm = 250;
    hw().advance(100);
    let worst = 0;
    for (let k = 0; k < 20; k++) {
      hw().advance(1 + k * 0.9); // changes at every phase of any poll period
      const change = hw().now;
      hw().strips[0].mm = k % 2 === 0 ? null : 250;
      hw().advance(100);
      const r = readings.filter((x) => x.kind === 'strip' && x.seat === 0).at(-1)!;
      assert.ok(r.kind === 'strip' && r.mm === (k % 2 === 0 ? null : 250));
      assert.ok(r.t >= change, 'not before it happened');
      worst = Math.max(worst, r.t - change);
    }
    assert.ok(worst <= 5000, `strike time off by ${worst} µs (docs/hardware.md asks for 10 ms or better)`);
  });

  it('makes no I²C transfer from JavaScript on the shot path: pieces and strips go by the driver, JavaScript writes only the display', () => {
    const board = d.referenceBoard();
    d.start(board);
    const from = hw().log.length;
    hw().colours[0].rgb = [0.3, 0.33, 0.37];
    hw().strips[1].mm = 200;
    hw().advance(50);
    piece(0);
    hw().strips[1].mm = null;
    hw().advance(50);
    piece(3);
    const js = hw().log.slice(from).filter((t) => t.by === 'js');
    assert.deepEqual([...new Set(js.map((t) => t.address))].filter((a) => a !== d.DISPLAY), []);
    assert.ok(hw().log.slice(from).some((t) => t.by === 'native' && t.address === d.COLOUR), 'the driver read the colour sensors');
    board.close();
  });

  it("hands a piece's colour sample over with its edges, in time order, though the sampler's own message still waits in the queue", () => {
    const { readings } = openBoard();
    // The sampler's message to JavaScript is held (the queue: behind the capture's, or JavaScript busy).
    const held: { due: number; run(): void }[] = [];
    const add = hw().tasks.add.bind(hw().tasks);
    hw().tasks.add = (task) => (task.run.name === 'deliver' ? (held.push(task), hw().tasks) : add(task));
    hw().colours[2].rgb = [0.3, 0.33, 0.37];
    const edge = hw().now;
    hw().capture!.edge(edge, 4, 0);
    hw().advance(5); // the sample is taken and in the sampler's ring
    hw().capture!.edge(hw().now, 4, 1);
    hw().capture!.deliver();
    assert.ok(held.length > 0, "the sampler's message is still on its way");
    const piece = readings.filter((r) => r.kind !== 'strip');
    assert.deepEqual(piece.map((r) => r.kind), ['beam', 'colour', 'beam'], 'the colour between its edges, handed over with them');
    assert.ok(piece[1].t > edge && piece[1].t < piece[2].t);
  });

  it("holds a piece's last edge until the colour sample of the window open as it came is in hand, then hands both over in time order", () => {
    const { readings } = openBoard();
    hw().colours[2].rgb = [0.3, 0.33, 0.37];
    const edge = hw().now;
    hw().capture!.edge(edge, 4, 0); // the upper beam blocks: the sampler opens a window (2.4 ms)
    hw().now = edge + 2000; // a short block: the piece is gone before the window is read
    hw().capture!.edge(hw().now, 4, 1);
    hw().capture!.deliver();
    assert.deepEqual(readings.filter((r) => r.kind !== 'strip').map((r) => r.kind), ['beam'], 'the blocked edge only: a colour stamped before the clear one is still to come');
    hw().advance(10);
    const piece = readings.filter((r) => r.kind !== 'strip');
    assert.deepEqual(piece.map((r) => r.kind), ['beam', 'colour', 'beam'], 'the colour between its edges');
    assert.ok(piece[1].t > piece[0].t && piece[1].t < piece[2].t);
  });

  it('hands sensing the full 64-bit time of every beam edge, in order, however many come at once', () => {
    const { readings } = openBoard();
    hw().now = 3 * LAP + 75; // the clock past every edge: an edge is stamped before JavaScript reads it
    const ts = Array.from({ length: 150 }, (_, i) => 3 * LAP - 75 + i); // across a wrap of the low 32 bits
    ts.forEach((t, i) => hw().capture!.edge(t, i % 8, i % 2));
    hw().capture!.deliver();
    const beams = readings.filter((r) => r.kind === 'beam');
    assert.deepEqual(beams.map((r) => r.t), ts);
    assert.deepEqual(beams[9], { t: ts[9], kind: 'beam', pocket: 0, beam: 1, blocked: false });
  });

  it('drains edges that no message announced (a refused post) within 40 ms, once each', () => {
    const { readings } = openBoard();
    hw().advance(1); // off the timers' beat
    hw().capture!.edge(hw().now, 4, 0);
    hw().capture!.edge(hw().now + 30, 4, 1);
    assert.equal(readings.filter((r) => r.kind === 'beam').length, 0, 'no message came');
    hw().advance(40);
    assert.deepEqual(readings.filter((r) => r.kind === 'beam').map((r) => r.kind === 'beam' && [r.pocket, r.beam, r.blocked]), [[2, 0, true], [2, 0, false]]);
    hw().capture!.deliver(); // the message comes at last: nothing left to hand over twice
    hw().advance(100);
    assert.equal(readings.filter((r) => r.kind === 'beam').length, 2);
  });

  it('says when edges were lost or messages refused although no message comes, once per change', () => {
    openBoard();
    hw().capture!.driver.lost = 3;
    hw().capture!.driver.refused = 2;
    hw().advance(50);
    hw().advance(200);
    assert.deepEqual(hw().traces.filter((t) => t.includes('lost') || t.includes('refused')), [
      "carrom: 3 beam edges lost (the capture's ring was full)\n",
      'carrom: 2 capture messages refused (the message queue was full; posted again)\n',
    ]);
    hw().capture!.driver.refused = 5;
    hw().advance(50);
    assert.equal(hw().traces.filter((t) => t.includes('5 capture messages refused')).length, 1);
  });

  it('says when the sampler lost samples or had messages refused although no message comes, once per change', () => {
    openBoard();
    hw().sampler!.driver.lost = 4;
    hw().sampler!.driver.refused = 2;
    hw().advance(50);
    hw().advance(200);
    assert.deepEqual(hw().traces.filter((t) => t.includes('lost') || t.includes('refused')), [
      'carrom: 4 colour and strip samples lost (the ring was full)\n',
      'carrom: 2 sampler messages refused (the message queue was full; posted again)\n',
    ]);
    hw().sampler!.driver.refused = 6;
    hw().advance(50);
    assert.equal(hw().traces.filter((t) => t.includes('6 sampler messages refused')).length, 1);
  });

  it('hands sensing a corrected level as a beam reading marked corrected, an edge as a plain one', () => {
    const { readings } = openBoard();
    hw().capture!.edge(1000, 3, 0);
    hw().capture!.edge(25_000, 3, 1, 1); // the re-read found the lower beam of pocket 1 clear: its clear edge was lost
    hw().now = Math.max(hw().now, 25_000); // the clock past both: an edge is stamped before JavaScript reads it
    hw().capture!.deliver();
    assert.deepEqual(readings.filter((r) => r.kind === 'beam'), [
      { t: 1000, kind: 'beam', pocket: 1, beam: 1, blocked: true },
      { t: 25_000, kind: 'beam', pocket: 1, beam: 1, blocked: false, corrected: true },
    ]);
  });

  it('makes a strip that stops answering a health fact, once, and reads the other strips on', () => {
    const { readings, health } = openBoard();
    hw().strips[1].answers = false;
    hw().advance(100);
    hw().strips[0].mm = 250;
    hw().advance(100);
    assert.deepEqual(health.map((h) => [h.fact, h.channel]), [['stripSilent', 's1']]);
    assert.deepEqual(readings.filter((r) => r.kind === 'strip').map((r) => r.kind === 'strip' && [r.seat, r.mm]).slice(-1), [[0, 250]]);
    hw().strips[1].answers = true;
    hw().strips[1].mm = 100;
    hw().advance(40);
    assert.ok(readings.some((r) => r.kind === 'strip' && r.seat === 1 && r.mm === 100), 'it is read again once it answers');
    hw().strips[1].answers = false;
    hw().advance(40);
    assert.equal(health.length, 2, 'silent again: said again');
  });

  it('makes a colour sensor that stops answering a health fact, and sets it up again when it is back', () => {
    const { readings, health } = openBoard();
    hw().colours[1].answers = false;
    hw().colours[1].rgb = [0.2, 0.3, 0.5];
    piece(1);
    piece(1);
    assert.deepEqual(health.map((h) => [h.fact, h.channel]), [['colourSilent', 'p1.c']]);
    assert.equal(colours(readings).length, 0);
    assert.equal(readings.filter((r) => r.kind === 'beam').length, 4, 'the beams go on');
    // Back, but powered off meanwhile: it must be set up again, through its channel, before a reading.
    hw().colours[1].answers = true;
    hw().colours[1].lostPower();
    piece(1);
    assert.equal(colours(readings).length, 1);
    assert.ok(hw().traces.some((t) => t.includes('p1.c answers again')), 'the log says it is back');
  });

  it('keeps the whole table running when a strip, a colour sensor and the display stop answering', () => {
    const board = d.referenceBoard();
    const app = d.start(board);
    const drawn = hw().display.pageWrites;
    assert.ok(drawn >= 8, 'the first frame is drawn');
    hw().strips[2].answers = false;
    hw().colours[0].answers = false;
    hw().display.answers = false;
    piece(0);
    hw().advance(4000);
    assert.deepEqual(app.health.map((h) => h.channel).sort(), ['p0.c', 's2']);
    assert.equal(hw().traces.filter((t) => t.includes('display does not answer')).length, 1);
    hw().display.answers = true;
    press(0); // select: the menu opens, a new frame
    hw().advance(100);
    assert.ok(hw().display.pageWrites > drawn, 'the display shows frames again once it answers');
    board.close();
  });

  it("reads the buttons at the app's ticks, without an interrupt (the capture owns the GPIO interrupt service, in IRAM): a press and its release, each within 20 ms", () => {
    const board = d.referenceBoard();
    const edges: string[] = [];
    board.buttons((name, pressed, t) => edges.push(`${name} ${pressed ? 'pressed' : 'released'} ${t}`));
    board.every(20, () => {}); // the app's tick (table.ts)
    const select = hw().digitals.get(0)!; // boards/reference-v1: buttonSelect on GPIO 0
    hw().advance(5);
    const down = hw().now;
    select.level = 0; // the level alone, no interrupt (notify) from the fake
    hw().advance(80);
    const up = hw().now;
    select.level = 1;
    hw().advance(80);
    assert.equal(edges.length, 2, edges.join('; '));
    const [pressed, released] = edges.map((e) => e.split(' '));
    assert.deepEqual([pressed[0], pressed[1], released[0], released[1]], ['select', 'pressed', 'select', 'released']);
    assert.ok(Number(pressed[2]) - down <= 20_000 && Number(released[2]) - up <= 20_000, edges.join('; '));
    board.close();
  });

  it('releases every pin, bus device and timer on close(), so that the board can be opened again', () => {
    const board = d.referenceBoard();
    d.start(board);
    assert.ok(hw().pinsInUse.size >= 11 && hw().open.size >= 2 && hw().timers.size >= 1 && hw().sampler !== null);
    board.close();
    assert.deepEqual([hw().pinsInUse.size, hw().open.size, hw().timers.size, hw().capture, hw().sampler, hw().tasks.size], [0, 0, 0, null, null, 0]);
    const again = d.referenceBoard();
    d.start(again); // the SDK would refuse pins "in use" and a "duplicate address" had anything stayed open
    again.close();
  });

  it('keeps the journal in littlefs files, not in NVS, and boots again into the match they hold', () => {
    const board = d.referenceBoard();
    const app = d.start(board);
    const other = { ...app.header, rules: 'se', players: ['ÅSA', 'BO'] };
    assert.equal(app.newMatch(other), null);
    board.close();
    const files = [...hw().files.keys()].filter((f) => f.startsWith('/littlefs/journal'));
    assert.ok(files.length > 0 && files.every((f) => /^\/littlefs\/journal[01]$/.test(f)), files.join(' '));
    assert.deepEqual([...hw().preference.keys()].filter((k) => k.startsWith('carrom0') || k.startsWith('carrom1')), [], 'nothing of the journal in NVS');
    const again = d.referenceBoard();
    const restored = d.start(again);
    assert.deepEqual([restored.header.rules, restored.header.players], ['se', ['ÅSA', 'BO']]);
    again.close();
  });
});

