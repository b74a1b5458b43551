// The device host's board code (hosts/device/esp32/board.ts, sensors.ts, beams.ts, table.ts) run
// against fake IO classes with the SDK's contract (test/device/fakes): the reference table's chips
// cannot run here, so fakes of them stand in, and every bus transaction is checked.
import assert from 'node:assert/strict';
import type { Reading } from '../../src/sensing/types.ts';
import { bundleDevice } from './fakes/bundle.ts';

import type { Board } from '../../hosts/device/ports.ts';
import type { TableApp } from '../../src/app/app.ts';
import type * as Fake from './fakes/hardware.ts';

/** What the bundle exports (fakes/bundle.ts; its type is not imported: the device code needs the SDK's typings). */
type Device = typeof Fake & { referenceBoard(): Board; start(board: Board): TableApp };
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

  it('sets up each colour sensor through its own channel of the switch, then reads each through it', () => {
    const { readings } = openBoard();
    const log = hw().log;
    for (let p = 0; p < 4; p++) {
      const enable = log.findIndex((t, i) => t.address === d.COLOUR && t.bytes.join() === '128,3' && log.slice(0, i).filter((s) => s.address === d.SWITCH).at(-1)?.bytes[0] === 1 << p);
      assert.ok(enable >= 0, `the sensor of pocket ${p} is enabled while channel ${p} is selected`);
    }
    hw().colours[2].rgb = [0.6, 0.2, 0.2];
    hw().colours[3].rgb = [0.3, 0.3, 0.4];
    piece(2);
    piece(3);
    const got = colours(readings);
    assert.deepEqual(got.map((r) => r.kind === 'colour' && [r.pocket, r.rgb.map((v) => Math.round(v * 10) / 10)]), [[2, [0.6, 0.2, 0.2]], [3, [0.3, 0.3, 0.4]]]);
  });

  it('hands sensing the full 64-bit time of every beam edge, in order, however many come at once', () => {
    const { readings } = openBoard();
    hw().now = 3 * LAP + 17;
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

  it('hands sensing a corrected level as a beam reading marked corrected, an edge as a plain one', () => {
    const { readings } = openBoard();
    hw().capture!.edge(1000, 3, 0);
    hw().capture!.edge(25_000, 3, 1, 1); // the re-read found the lower beam of pocket 1 clear: its clear edge was lost
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
    // Back, but powered off meanwhile: it must be enabled again, through its channel, before a reading.
    hw().colours[1].answers = true;
    hw().colours[1].enabled = false;
    piece(1);
    assert.equal(colours(readings).length, 1);
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

  it('releases every pin, bus device and timer on close(), so that the board can be opened again', () => {
    const board = d.referenceBoard();
    d.start(board);
    assert.ok(hw().pinsInUse.size >= 11 && hw().open.size >= 7 && hw().timers.size >= 2);
    board.close();
    assert.deepEqual([hw().pinsInUse.size, hw().open.size, hw().timers.size, hw().capture], [0, 0, 0, null]);
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

