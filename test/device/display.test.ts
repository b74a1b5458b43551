// The display path of the device host (hosts/device/esp32/ssd1306.ts, ssd1306-pages.ts, quiet.ts and
// board.ts's guardedDisplay) on the fake bus, whose SSD1306 keeps its RAM as the chip would
// (fakes/oled.ts): what goes on the bus, and what the players then see.
import assert from 'node:assert/strict';
import { bundleDevice } from './fakes/bundle.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import type { Board } from '../../hosts/device/ports.ts';
import type { TableApp } from '../../src/app/app.ts';
import type * as Fake from './fakes/hardware.ts';

type Device = typeof Fake & { referenceBoard(): Board; start(board: Board): TableApp };

describe('the device display: changed pages only, never while a piece passes (fake bus)', function () {
  let d: Device;
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = (s) => d.hardware.traces.push(s);
    d = (await import(await bundleDevice())) as Device;
  });
  beforeEach(() => d.hardware.reset());
  const hw = () => d.hardware;
  const full = (app: TableApp) => Array.from(render(new Frame(), app.screen()).bytes);
  const seen = () => Array.from(hw().oled.ram);
  /** The display's writes from index `from` of the bus log: data writes as [page span bytes]. */
  const displayWrites = (from: number) => hw().log.slice(from).filter((t) => t.address === d.DISPLAY && t.op === 'write');
  function press(pin: number) {
    for (const level of [0, 1]) {
      hw().digitals.get(pin)!.level = level;
      hw().digitals.get(pin)!.notify();
      hw().advance(80);
    }
  }
  const SELECT = () => d.hardware.digitals.size > 0 && [...d.hardware.digitals.keys()][2];

  function boot() {
    const board = d.referenceBoard();
    const app = d.start(board);
    hw().advance(100);
    return { board, app };
  }

  it('boots with the whole frame on the display, whatever its RAM held', () => {
    hw().oled.powerCycle();
    const { app, board } = boot();
    assert.deepEqual(seen(), full(app));
    board.close();
  });

  it('sends only the columns of the pages that changed: Wi-Fi coming up redraws the corner, one span of page 0', () => {
    const { app, board } = boot();
    const mark = hw().log.length;
    app.setWifi('up');
    const writes = displayWrites(mark);
    const data = writes.filter((w) => w.bytes[0] === 0x40);
    assert.equal(data.length, 1, 'one data write');
    const [command] = writes.filter((w) => w.bytes[0] === 0x00);
    // Column window a..b on page 0, then the bytes of those columns.
    assert.deepEqual([command.bytes[1], command.bytes[4], command.bytes[5]], [0x21, 0x22, 0]);
    const span = command.bytes[3] - command.bytes[2] + 1;
    assert.ok(span < 20 && command.bytes[2] > 100, `the corner's columns only: ${command.bytes[2]}..${command.bytes[3]}`);
    assert.equal(data[0].bytes.length, span + 1);
    assert.deepEqual(seen(), full(app));
    board.close();
  });

  it('stops between pages while a beam is blocked, sends the rest once it clears, and ends as a full render', () => {
    const { app, board } = boot();
    let pages = 0;
    // A piece enters pocket 1's upper beam while the first page of the new screen is on the bus.
    hw().onDisplayWrite = (bytes) => {
      if (bytes[0] === 0x40 && ++pages === 1) hw().blockedMask = 1 << 2;
    };
    const mark = hw().log.length;
    press(Number(SELECT())); // the menu opens: a new screen, every page changes
    assert.equal(app.screen().kind, 'menu');
    assert.equal(pages, 1, 'no page after the beam blocked');
    assert.notDeepEqual(seen(), full(app));
    hw().advance(100);
    assert.equal(pages, 1, 'nothing while it stays blocked');
    hw().blockedMask = 0;
    hw().advance(40); // the app's next tick
    assert.equal(pages, 8, 'the other seven pages, once');
    assert.deepEqual(seen(), full(app));
    assert.ok(displayWrites(mark).every((w) => w.bytes.length <= 129), 'never more than a page in one write');
    board.close();
  });

  it('puts nothing on the bus while the app has seen a gate blocked; the redraw goes when it clears', () => {
    const { app, board } = boot();
    hw().capture!.edge(hw().now, 0, 0); // pocket 0's upper beam blocked, and the app has read it
    hw().capture!.deliver();
    hw().advance(20);
    const mark = hw().log.length;
    app.setWifi('up');
    hw().advance(60);
    assert.deepEqual(displayWrites(mark), [], 'nothing sent while blocked');
    hw().capture!.edge(hw().now, 0, 1);
    hw().capture!.deliver();
    assert.ok(displayWrites(mark).length > 0, 'sent as the beam clears');
    assert.deepEqual(seen(), full(app));
    board.close();
  });

  it('a beam blocked for good (a piece lodged in the throat) holds the display a quarter of a second at most', () => {
    const { app, board } = boot();
    hw().blockedMask = 1;
    hw().capture!.edge(hw().now, 0, 0);
    hw().capture!.deliver();
    app.setWifi('up');
    hw().advance(400);
    assert.deepEqual(seen(), full(app));
    board.close();
  });

  it('after the display lost power and answers again, the whole frame goes', () => {
    const { app, board } = boot();
    hw().display.answers = false;
    app.setWifi('up');
    hw().oled.powerCycle();
    hw().display.answers = true;
    app.setWifi('down');
    assert.deepEqual(seen(), full(app));
    board.close();
  });
});
