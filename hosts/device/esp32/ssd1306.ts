// SSD1306 128×64 over ECMA-419 I²C: our framebuffer is already in its page layout, so a frame is
// eight page writes of 128 bytes (1 KiB, about 23 ms at 400 kHz).
import { type Bus, type I2CDevice, openI2C } from './i2c.ts';
import type { DisplayPort } from '../../../src/app/app.ts';

const INIT = Object.freeze([0xae, 0xd5, 0x80, 0xa8, 0x3f, 0xd3, 0x00, 0x40, 0x8d, 0x14, 0x20, 0x00, 0xa1, 0xc8, 0xda, 0x12, 0x81, 0x8f, 0xd9, 0xf1, 0xdb, 0x40, 0xa4, 0xa6, 0xaf]);
const CONTRAST = Object.freeze({ low: 0x10, mid: 0x8f, high: 0xff } as const);

export class SSD1306 implements DisplayPort {
  private readonly i2c: I2CDevice;
  private readonly page = new Uint8Array(129);

  constructor(bus: Bus, address: number) {
    this.i2c = openI2C(bus, address);
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

  show(frame: Uint8Array): void {
    this.command(0x21); // columns 0..127
    this.command(0);
    this.command(127);
    this.command(0x22); // pages 0..7
    this.command(0);
    this.command(7);
    this.page[0] = 0x40; // data follows
    for (let p = 0; p < 8; p++) {
      this.page.set(frame.subarray(p * 128, p * 128 + 128), 1);
      this.i2c.write(this.page);
    }
  }

  close(): void {
    this.i2c.close();
  }

  brightness(level: 'low' | 'mid' | 'high'): void {
    this.command(0x81);
    this.command(CONTRAST[level]);
  }
}
