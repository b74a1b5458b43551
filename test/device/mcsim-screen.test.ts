// The mcsim OLED (hosts/device/mcsim/screen.ts): the frame's SSD1306 page layout drawn 2× as rgb565le,
// and the device's button messages as the table's buttons. (The drawing in mcsim's window itself is
// test/device/mcsim.test.ts's, under Xvfb: it needs the Moddable SDK.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { oledDisplay, oledRow, simButtons } from '../../hosts/device/mcsim/screen.ts';
import { Frame, HEIGHT, WIDTH } from '../../src/view/frame.ts';

const LIT = 0xa6ff;

/** A stand-in for mcsim's screen that records what begin/send/end draw into a pixel array. */
function fakeScreen(width = 320, height = 240) {
  const pixels = new Uint16Array(width * height);
  let at = 0;
  let box = { x: 0, y: 0, w: 0 };
  const screen = {
    width,
    height,
    pixelFormat: 7,
    onMessage: undefined as ((m: string) => void) | undefined,
    begin(x: number, y: number, w: number) {
      box = { x, y, w };
      at = 0;
    },
    send(buffer: ArrayBuffer) {
      for (const p of new Uint16Array(buffer)) {
        pixels[(box.y + Math.floor(at / box.w)) * width + box.x + (at % box.w)] = p;
        at++;
      }
    },
    end() {},
  };
  return { screen, pixels };
}

describe('mcsim OLED and buttons', () => {
  it('draws every lit pixel of the frame as a 2×2 block, centred, and nothing else lit', () => {
    const f = new Frame();
    const lit: [number, number][] = [[0, 0], [127, 63], [5, 9], [64, 33]];
    for (const [x, y] of lit) f.set(x, y, true);
    const { screen, pixels } = fakeScreen();
    const d = oledDisplay(screen, () => {});
    d.show(f.bytes);
    const on: string[] = [];
    pixels.forEach((p, i) => p === LIT && on.push(`${i % 320},${Math.floor(i / 320)}`));
    const want = lit.flatMap(([x, y]) => [[0, 0], [1, 0], [0, 1], [1, 1]].map(([dx, dy]) => `${32 + 2 * x + dx},${56 + 2 * y + dy}`));
    assert.deepEqual(on.sort(), want.sort());
    assert.equal(pixels[0], 0x2104, 'the bezel around the glass');
    assert.equal(pixels[56 * 320 + 34], 0, 'unlit glass is black');
  });

  it('reads rows of the page layout (bit y % 8 of byte x + 128 · page)', () => {
    const bytes = new Uint8Array((WIDTH * HEIGHT) / 8);
    bytes[128 * 2 + 3] = 1 << 5; // x 3, y 21
    const row = new Uint16Array(WIDTH * 2);
    oledRow(bytes, 42, row);
    assert.deepEqual([...row.keys()].filter((i) => row[i] !== 0), [6, 7]);
    oledRow(bytes, 44, row);
    assert.equal(row.some((p) => p !== 0), false);
  });

  it('turns the skin’s a, b, c messages into up, select, down, and says when a message is not JSON', () => {
    const { screen } = fakeScreen();
    const edges: string[] = [];
    const logs: string[] = [];
    const b = simButtons(screen, (name, pressed) => edges.push(`${name}:${pressed}`), (t) => logs.push(t));
    for (const m of ['{"aButton":1}', '{"aButton":0}', '{"bButton":1}', '{"cButton":0}', '{"led":1}', 'nonsense']) screen.onMessage!(m);
    assert.deepEqual(edges, ['up:true', 'up:false', 'select:true', 'down:false']);
    assert.ok(logs.some((l) => l.includes('not JSON: nonsense')));
    b.close();
    assert.equal(screen.onMessage, undefined);
  });

  it('fills the screen of the table’s simulated device (simulator/carrom.js) with the OLED at 2× in an 8-pixel bezel', () => {
    const device = readFileSync('hosts/device/mcsim/simulator/carrom.js', 'utf8');
    const m = /const SCREEN = Object\.freeze\(\{ left: \d+, top: \d+, width: (\d+), height: (\d+) \}\)/.exec(device);
    assert.ok(m, 'carrom.js declares its SCREEN');
    const [w, h] = [Number(m[1]), Number(m[2])];
    const f = new Frame();
    f.set(0, 0, true);
    f.set(127, 63, true);
    const { screen, pixels } = fakeScreen(w, h);
    const logs: string[] = [];
    oledDisplay(screen, (t) => logs.push(t)).show(f.bytes);
    assert.deepEqual(logs, [`carrom: the OLED drawn 2× at 8,8 on the simulator's ${w}×${h} screen`]);
    assert.deepEqual([pixels[8 * w + 8], pixels[(8 + 127) * w + 8 + 255]], [LIT, LIT], 'the OLED’s corners');
    assert.deepEqual([pixels[0], pixels[(h - 1) * w + w - 1], pixels[7 * w + 8]], [0x2104, 0x2104, 0x2104], 'the bezel');
  });

  it('draws nothing, and says so, on a screen narrower than the OLED at 2× (Moddable One: 240 wide)', () => {
    const { screen, pixels } = fakeScreen(240, 320);
    const logs: string[] = [];
    oledDisplay(screen, (t) => logs.push(t)).show(new Frame().bytes);
    assert.equal(pixels.some((p) => p !== 0), false);
    assert.match(logs[0], /240×320, too small/);
  });

  it('draws nothing, and says so, on a screen that is not rgb565le', () => {
    const { screen, pixels } = fakeScreen();
    screen.pixelFormat = 5;
    const logs: string[] = [];
    oledDisplay(screen, (t) => logs.push(t)).show(new Frame().bytes);
    assert.equal(pixels.some((p) => p !== 0), false);
    assert.match(logs[0], /pixel format 5/);
  });
});
