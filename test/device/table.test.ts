// The device host's table on a stand-in board (under Node): a display that did not answer at start is
// logged by part and pin, the self-test names the board's pins, the calibration key is read at boot.
import assert from 'node:assert/strict';
import { describeBoard } from '../../hosts/device/hardware.ts';
import type { Board } from '../../hosts/device/ports.ts';
import { start } from '../../hosts/device/table.ts';
import type { TextScreen } from '../../src/view/screen.ts';
import { MemoryFlash } from '../helpers/table.ts';

/** The reference board's wiring as boards/provider.js gives it from boards/reference-v1/board.json. */
const WIRING = {
  pin: { beam0a: 34, beam0b: 35, beam1a: 27, beam1b: 13, beam2a: 32, beam2b: 33, beam3a: 25, beam3b: 26, buttonUp: 16, buttonDown: 17, buttonSelect: 0 },
  bus: { data: 21, clock: 22 },
  address: { display: 0x3c, strips: [0x40, 0x41, 0x42, 0x43], colourSwitch: 0x70, colour: 0x29 },
};

function board(faults: string[], stored: string | null = null): Board & { logs: string[]; t: number } {
  const logs: string[] = [];
  const b = {
    logs,
    t: 0,
    now: () => b.t,
    sources: () => [],
    buttons: () => ({ close() {} }),
    display: { show() {} },
    storage: new MemoryFlash(),
    every() {},
    log: (text: string) => void logs.push(text),
    hardware: describeBoard(WIRING),
    faults,
    calibration: { get: () => stored, set() {} },
    close() {},
  };
  return b;
}

describe('device host: installing faults', () => {
  it('names each part with its pin from the board wiring', () => {
    const parts = describeBoard(WIRING);
    assert.deepEqual(parts.find((p) => p.channel === 'p1.a'), { channel: 'p1.a', part: 'IR RX P1 UPPER', pin: 'GPIO27' });
    assert.deepEqual(parts.find((p) => p.channel === 'p2.c'), { channel: 'p2.c', part: 'TCS34725 P2 AT 0x29', pin: 'GPIO21/22 0x70:2' });
    assert.deepEqual(parts.find((p) => p.channel === 's3'), { channel: 's3', part: 'STRIP SEAT 3', pin: 'GPIO21/22 0x43' });
    assert.equal(new Set(parts.map((p) => p.channel)).size, parts.length);
  });

  it('names every part and pin within a row of the self-test (20 characters, after its indent)', () => {
    const long = describeBoard(WIRING).flatMap((p) => [p.part, p.pin]).filter((text) => [...` ${text}`].length > 20);
    assert.deepEqual(long, []);
  });

  it('a part that did not answer at start goes to the debug log with its part and pins (the display is the board’s to log); the table runs', () => {
    const b = board(['display', 'p2.c']);
    const app = start(b);
    assert.ok(!b.logs.some((l) => l.includes('display')), b.logs.join('\n'));
    assert.ok(b.logs.includes('carrom: colour sensor p2.c does not answer: TCS34725 P2 AT 0x29, GPIO21/22 0x70:2'), b.logs.join('\n'));
    assert.equal(app.state.shots, 0);
  });

  it('a stored calibration that does not parse is logged and the built-in one used', () => {
    const b = board([], 'not json');
    const app = start(b);
    assert.ok(b.logs.some((l) => /stored calibration: not JSON; using the built-in calibration/.test(l)));
    assert.equal(app.table.calibration?.queen[0], 0.55);
  });

  it('the self-test shows the host faults by part and pin', () => {
    const b = board(['display']);
    const app = start(b);
    b.t = 3_000_000;
    const press = (name: 'down' | 'select') => {
      app.button(name, true, (b.t += 10_000));
      b.t += 60_000;
      app.tick();
      app.button(name, false, b.t);
      b.t += 40_000;
      app.tick();
    };
    press('select');
    for (const label of ['SETTINGS', 'INSTALL', 'SELF-TEST']) {
      for (let i = 0; i < 30; i++) {
        const m = app.screen();
        if (m.kind === 'menu' && m.items[m.selected] === label) break;
        press('down');
      }
      press('select');
    }
    const s = app.screen() as TextScreen;
    assert.equal(s.kind, 'text');
    assert.deepEqual(s.lines.slice(0, 4), ['HEALTH: 5 FAULTS', 'NO DISPLAY', ' SSD1306 DISPLAY', ' GPIO21/22 0x3C']);
  });
});
