// SSD1306 128×64 over ECMA-419 I²C: our framebuffer is already in its page layout, so what changed goes
// as it is, page by page (ssd1306-pages.ts). A whole frame is 1 KiB, about 23 ms at 400 kHz; one page
// of 128 columns about 3 ms, the longest the bus is held before the driver asks `quiet()` again.
import { type Bus, type I2CDevice, openI2C } from './i2c.ts';
import type { DisplayPort } from '../../../src/app/app.ts';
import type { Changes } from '../../../src/view/changes.ts';
import { PageWriter } from './ssd1306-pages.ts';

const INIT = Object.freeze([0xae, 0xd5, 0x80, 0xa8, 0x3f, 0xd3, 0x00, 0x40, 0x8d, 0x14, 0x20, 0x00, 0xa1, 0xc8, 0xda, 0x12, 0x81, 0x8f, 0xd9, 0xf1, 0xdb, 0x40, 0xa4, 0xa6, 0xaf]);
const CONTRAST = Object.freeze({ low: 0x10, mid: 0x8f, high: 0xff } as const);

export class SSD1306 implements DisplayPort {
  private readonly i2c: I2CDevice;
  private readonly pages: PageWriter;

  /** `quiet`: whether the bus may be used now, asked before each page (absent: always). */
  constructor(bus: Bus, address: number, quiet?: () => boolean) {
    this.i2c = openI2C(bus, address);
    this.pages = new PageWriter((bytes) => this.i2c.write(bytes), quiet);
    try {
      for (const c of INIT) this.command(c);
    } catch (e) {
      this.i2c.close(); // not answering: free the address, so that it can be opened again later
      throw e;
    }
  }

  private command(c: number): void {
    this.i2c.write(Uint8Array.of(0x00, c));
  }

  /** Sends what changed (all of it the first time); false if it stopped for quiet with some pending. */
  show(frame: Uint8Array, changed?: Changes): boolean {
    return this.pages.show(frame, changed);
  }

  close(): void {
    this.i2c.close();
  }

  brightness(level: 'low' | 'mid' | 'high'): void {
    this.command(0x81);
    this.command(CONTRAST[level]);
  }
}
