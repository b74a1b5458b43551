// A 128×64 one-bit framebuffer in the SSD1306's own layout: 8 pages of 128 column bytes, bit 0 at the
// top of each page, so the whole 1 KiB goes to the display as it is.

import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.ts';

export const WIDTH = 128;
export const HEIGHT = 64;

export class Frame {
  readonly bytes = new Uint8Array((WIDTH * HEIGHT) / 8);

  clear(): void {
    this.bytes.fill(0);
  }

  get(x: number, y: number): boolean {
    return (this.bytes[(y >> 3) * WIDTH + x] & (1 << (y & 7))) !== 0;
  }

  set(x: number, y: number, on = true): void {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y >> 3) * WIDTH + x;
    if (on) this.bytes[i] |= 1 << (y & 7);
    else this.bytes[i] &= ~(1 << (y & 7));
  }

  fill(x: number, y: number, w: number, h: number, on = true): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, on);
  }

  /** Flips every pixel of a rectangle (a selected menu line). */
  invert(x: number, y: number, w: number, h: number): void {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.set(i, j, !this.get(i, j));
  }

  hline(x: number, y: number, w: number): void {
    this.fill(x, y, w, 1);
  }

  /** Draws text at (x, y), each pixel `scale` × `scale`; returns the x after the last glyph. */
  text(x: number, y: number, s: string, scale = 1): number {
    for (const ch of s) {
      const columns = glyph(ch);
      for (let c = 0; c < GLYPH_WIDTH; c++) {
        const bits = columns[c];
        if (bits === 0) continue;
        for (let r = 0; r < GLYPH_HEIGHT; r++) if (bits & (1 << r)) this.fill(x + c * scale, y + r * scale, scale, scale);
      }
      x += (GLYPH_WIDTH + 1) * scale;
    }
    return x;
  }
}

/** Width in pixels of `s` drawn at `scale` (no trailing space). */
export function textWidth(s: string, scale = 1): number {
  let n = 0;
  for (const _ of s) n++;
  return n === 0 ? 0 : (n * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** `s` cut to at most `max` characters. */
export function fit(s: string, max: number): string {
  let out = '';
  let n = 0;
  for (const ch of s) {
    if (n++ >= max) break;
    out += ch;
  }
  return out;
}
