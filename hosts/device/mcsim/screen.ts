// The 128×64 OLED in the simulator's window: each frame drawn 2× (256×128) in an OLED's pale blue on
// black, centred on the device's screen (simulator/carrom.js: 272×144, an 8-pixel bezel), through
// mcsim's global `screen` (a PixelsOut: begin, send, end).
import { HEIGHT, WIDTH } from '../../../src/view/frame.ts';
import type { DisplayPort } from '../../../src/app/app.ts';

/** What mcsim's screen offers (build/simulators/modules/screen.c). */
interface SimScreen {
  readonly width: number;
  readonly height: number;
  readonly pixelFormat: number;
  begin(x: number, y: number, width: number, height: number): void;
  send(pixels: ArrayBuffer, offset?: number, count?: number): void;
  end(): void;
  onMessage?: (message: string) => void;
}

const RGB565LE = 7; // Commodetto's pixel format number
const SCALE = 2;
const LIT = 0xa6ff; // rgb(160, 220, 255)
const DARK = 0x0000;
const BEZEL = 0x2104; // dark grey around the glass

export function simScreen(): SimScreen | null {
  return (globalThis as unknown as { screen?: SimScreen }).screen ?? null;
}

/** Row y of the 2× picture of the frame (SSD1306 page layout: byte x + 128 * page, bit y % 8) as rgb565le. */
export function oledRow(frame: Uint8Array, y: number, out: Uint16Array): void {
  const py = (y / SCALE) | 0;
  const row = (py >> 3) * WIDTH;
  const bit = 1 << (py & 7);
  for (let x = 0; x < out.length; x++) out[x] = frame[row + ((x / SCALE) | 0)] & bit ? LIT : DARK;
}

export function oledDisplay(screen: SimScreen, log: (text: string) => void): DisplayPort {
  if (screen.pixelFormat !== RGB565LE) {
    log(`carrom: the simulator's screen has pixel format ${screen.pixelFormat}, not rgb565le: the OLED is not drawn`);
    return { show() {} };
  }
  if (screen.width < WIDTH * SCALE || screen.height < HEIGHT * SCALE) {
    log(`carrom: the simulator's screen is ${screen.width}×${screen.height}, too small for the OLED at 2×: open it on hosts/device/mcsim/simulator`);
    return { show() {} };
  }
  const w = WIDTH * SCALE;
  const h = HEIGHT * SCALE;
  const x = (screen.width - w) >> 1;
  const y = (screen.height - h) >> 1;
  // A row at a time: the app's heap is the device's (a few KiB free), not the desktop's.
  const row = new Uint16Array(w);
  const bezel = new Uint16Array(screen.width).fill(BEZEL);
  screen.begin(0, 0, screen.width, screen.height);
  for (let i = 0; i < screen.height; i++) screen.send(bezel.buffer as ArrayBuffer);
  screen.end();
  log(`carrom: the OLED drawn 2× at ${x},${y} on the simulator's ${screen.width}×${screen.height} screen`);
  return {
    show(frame) {
      screen.begin(x, y, w, h);
      for (let i = 0; i < h; i++) {
        oledRow(frame, i, row);
        screen.send(row.buffer as ArrayBuffer);
      }
      screen.end();
    },
  };
}

/** The device's buttons a, b, c (simulator/carrom.js posts them as the SDK's M5Stack skin does: clicks,
 * and keys typed into its Keys field) as the table's up, select, down. */
const BUTTONS = Object.freeze({ aButton: 'up', bButton: 'select', cButton: 'down' } as const);

export function simButtons(
  screen: SimScreen,
  onEdge: (name: 'up' | 'down' | 'select', pressed: boolean) => void,
  log: (text: string) => void,
): { close(): void } {
  screen.onMessage = (message) => {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(message);
    } catch {
      log(`carrom: a message from the simulator that is not JSON: ${message}`);
      return;
    }
    for (const [key, name] of Object.entries(BUTTONS)) {
      if (!(key in json)) continue;
      log(`carrom: button ${name} ${json[key] === 1 ? 'pressed' : 'released'}`);
      onEdge(name, json[key] === 1);
    }
  };
  return { close: () => void (screen.onMessage = undefined) };
}
