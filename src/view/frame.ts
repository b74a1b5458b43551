// A 128×64 one-bit framebuffer in the SSD1306's own layout: 8 pages of 128 column bytes, bit 0 at the
// top of each page, so the whole 1 KiB goes to the display as it is.

import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './font.ts';

export const WIDTH = 128;
export const HEIGHT = 64;

export class Frame {
  readonly bytes = new Uint8Array((WIDTH * HEIGHT) / 8);
  /** Glyph columns drawn large, remembered per frame (a preloaded module's own objects are frozen on
   * the device, so no cache may live at module level). */
  private readonly tall = new Map<number, number>();

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
    this.rect(x, y, w, h, on ? 1 : 0);
  }

  /** Flips every pixel of a rectangle (a selected menu line). */
  invert(x: number, y: number, w: number, h: number): void {
    this.rect(x, y, w, h, 2);
  }

  /** A rectangle, page by page: one mask per page, then one byte operation per column. */
  private rect(x: number, y: number, w: number, h: number, op: 0 | 1 | 2): void {
    const x0 = Math.max(0, x);
    const x1 = Math.min(WIDTH, x + w);
    const y0 = Math.max(0, y);
    const y1 = Math.min(HEIGHT, y + h);
    const bytes = this.bytes;
    for (let page = y0 >> 3; page <= (y1 - 1) >> 3 && y1 > y0; page++) {
      const top = Math.max(y0, page * 8) - page * 8;
      const bottom = Math.min(y1, page * 8 + 8) - page * 8;
      const mask = ((0xff << top) & (0xff >> (8 - bottom))) & 0xff;
      const row = page * WIDTH;
      if (op === 1) for (let i = x0; i < x1; i++) bytes[row + i] |= mask;
      else if (op === 0) for (let i = x0; i < x1; i++) bytes[row + i] &= ~mask;
      else for (let i = x0; i < x1; i++) bytes[row + i] ^= mask;
    }
  }

  hline(x: number, y: number, w: number): void {
    this.fill(x, y, w, 1);
  }

  /** Sets (op 1), clears (0) or flips (2) the pixels of column x from row y down, where `bits` has a 1
   * (bit 0 is row y): a whole page byte at a time, not pixel by pixel. */
  private column(x: number, y: number, bits: number, op: 0 | 1 | 2): void {
    if (x < 0 || x >= WIDTH) return;
    if (y < 0) {
      if (y <= -32) return;
      bits = bits >>> -y;
      y = 0;
    }
    let page = y >> 3;
    let shift = y & 7;
    // Up to 32 rows from an offset within a page span five pages at most.
    while (bits !== 0 && page < HEIGHT / 8) {
      const part = ((bits << shift) & 0xff) >>> 0;
      const i = page * WIDTH + x;
      if (op === 1) this.bytes[i] |= part;
      else if (op === 0) this.bytes[i] &= ~part;
      else this.bytes[i] ^= part;
      bits = shift === 0 ? bits >>> 8 : bits >>> (8 - shift);
      shift = 0;
      page++;
    }
  }

  private stretched(bits: number, scale: number): number {
    const key = bits * 8 + scale;
    let v = this.tall.get(key);
    if (v === undefined) this.tall.set(key, (v = stretch(bits, scale)));
    return v;
  }

  /** Draws text at (x, y), each pixel `scale` × `scale`; returns the x after the last glyph. */
  text(x: number, y: number, s: string, scale = 1): number {
    for (const ch of s) {
      const columns = glyph(ch);
      for (let c = 0; c < GLYPH_WIDTH; c++) {
        const bits = columns[c];
        if (bits === 0) continue;
        const tall = scale === 1 ? bits : this.stretched(bits, scale);
        for (let k = 0; k < scale; k++) this.column(x + c * scale + k, y, tall, 1);
      }
      x += (GLYPH_WIDTH + 1) * scale;
    }
    return x;
  }
}

/** A glyph column with every row repeated `scale` times (7 rows × 4 at most fits 32 bits). */
function stretch(bits: number, scale: number): number {
  let out = 0;
  for (let r = 0; r < GLYPH_HEIGHT; r++) if (bits & (1 << r)) out |= ((1 << scale) - 1) << (r * scale);
  return out >>> 0;
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
