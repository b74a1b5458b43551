// A 128×64 one-bit framebuffer in the SSD1306's own layout: 8 pages of 128 column bytes, bit 0 at the
// top of each page, so the whole 1 KiB goes to the display as it is.

import { GLYPH_HEIGHT, GLYPH_WIDTH, MARK_ROWS, glyph, markOf } from './font.ts';

export const WIDTH = 128;
export const HEIGHT = 64;

export class Frame {
  readonly bytes = new Uint8Array((WIDTH * HEIGHT) / 8);
  /** The same bytes four at a time: a rectangle's mask is applied to four columns in one operation. */
  private readonly words = new Uint32Array(this.bytes.buffer);
  /** Columns [drawnFrom, drawnTo) and rows [drawnTop, drawnBottom) hold every pixel drawn since
   * `startDrawn()` (a region's extent: the columns are all that must be cleared before the region is
   * drawn again, the rows with them all that the display must be sent). */
  drawnFrom = WIDTH;
  drawnTo = 0;
  drawnTop = HEIGHT;
  drawnBottom = 0;
  /** The text being drawn has a mark over one of its glyphs (its rows start above its y). */
  private marked = false;

  clear(): void {
    this.bytes.fill(0);
  }

  /** Starts measuring the columns and rows drawn (drawnFrom, drawnTo, drawnTop, drawnBottom). */
  startDrawn(): void {
    this.drawnFrom = WIDTH;
    this.drawnTo = 0;
    this.drawnTop = HEIGHT;
    this.drawnBottom = 0;
  }

  private drawn(x0: number, x1: number, y0: number, y1: number): void {
    if (x0 < this.drawnFrom) this.drawnFrom = Math.max(0, x0);
    if (x1 > this.drawnTo) this.drawnTo = Math.min(WIDTH, x1);
    if (y0 < this.drawnTop) this.drawnTop = Math.max(0, y0);
    if (y1 > this.drawnBottom) this.drawnBottom = Math.min(HEIGHT, y1);
  }

  get(x: number, y: number): boolean {
    return (this.bytes[(y >> 3) * WIDTH + x] & (1 << (y & 7))) !== 0;
  }

  set(x: number, y: number, on = true): void {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    this.drawn(x, x + 1, y, y + 1);
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

  /** A rectangle, page by page: one mask per page, applied to four columns at a time where it can be
   * (the render's cost is mostly these loops), or by the engine's own fill where whole bytes are set. */
  private rect(x: number, y: number, w: number, h: number, op: 0 | 1 | 2): void {
    const x0 = Math.max(0, x);
    const x1 = Math.min(WIDTH, x + w);
    const y0 = Math.max(0, y);
    const y1 = Math.min(HEIGHT, y + h);
    if (x1 <= x0 || y1 <= y0) return;
    this.drawn(x0, x1, y0, y1);
    const bytes = this.bytes;
    const words = this.words;
    for (let page = y0 >> 3; page <= (y1 - 1) >> 3; page++) {
      const top = Math.max(y0, page * 8) - page * 8;
      const bottom = Math.min(y1, page * 8 + 8) - page * 8;
      const mask = ((0xff << top) & (0xff >> (8 - bottom))) & 0xff;
      const row = page * WIDTH;
      if (mask === 0xff && op !== 2) {
        bytes.fill(op === 1 ? 0xff : 0, row + x0, row + x1);
        continue;
      }
      const end = row + x1;
      let i = row + x0;
      // Bytes up to a word boundary, whole words (the mask in each of their four bytes), the bytes left.
      const quad = (mask * 0x01010101) >>> 0;
      if (op === 1) {
        for (; i < end && (i & 3) !== 0; i++) bytes[i] |= mask;
        for (; i + 4 <= end; i += 4) words[i >> 2] |= quad;
        for (; i < end; i++) bytes[i] |= mask;
      } else if (op === 0) {
        for (; i < end && (i & 3) !== 0; i++) bytes[i] &= ~mask;
        for (; i + 4 <= end; i += 4) words[i >> 2] &= ~quad;
        for (; i < end; i++) bytes[i] &= ~mask;
      } else {
        for (; i < end && (i & 3) !== 0; i++) bytes[i] ^= mask;
        for (; i + 4 <= end; i += 4) words[i >> 2] ^= quad;
        for (; i < end; i++) bytes[i] ^= mask;
      }
    }
  }

  hline(x: number, y: number, w: number): void {
    this.fill(x, y, w, 1);
  }

  /** Sets the pixels of `count` columns from x, from row y down, where `bits` has a 1 (bit 0 is row y):
   * each page's byte worked out once and written to every column (a glyph drawn large). */
  private columns(x: number, count: number, y: number, bits: number): void {
    if (y < 0) {
      // The rows above the screen dropped: what is left starts on row 0.
      if (y <= -32) return;
      bits = bits >>> -y;
      y = 0;
    }
    const x0 = Math.max(0, x);
    const x1 = Math.min(WIDTH, x + count);
    const bytes = this.bytes;
    let page = y >> 3;
    let shift = y & 7;
    // Up to 32 rows from an offset within a page span five pages at most.
    while (bits !== 0 && page < HEIGHT / 8) {
      const part = ((bits << shift) & 0xff) >>> 0;
      const row = page * WIDTH;
      if (part !== 0) for (let i = x0; i < x1; i++) bytes[row + i] |= part;
      bits = shift === 0 ? bits >>> 8 : bits >>> (8 - shift);
      shift = 0;
      page++;
    }
  }

  /** Draws text at (x, y), each pixel `scale` × `scale`, the marks of accented capitals in the MARK_ROWS
   * rows above y; returns the x after the last glyph. */
  text(x: number, y: number, s: string, scale = 1): number {
    const x0 = x;
    this.marked = false;
    if (scale === 1 && y >= 0 && y < HEIGHT) x = this.small(x, y, s);
    else {
      // Scales 2–4 (the score's) from the nibbles' table: a column's four top rows and its three others.
      const nibbles = scale >= 2 && scale <= 4;
      const at = (scale - 2) * 16;
      const up = 4 * scale;
      for (const ch of s) {
        const columns = glyph(ch);
        for (let c = 0; c < GLYPH_WIDTH; c++) {
          const bits = columns[c];
          if (bits === 0) continue;
          const tall = nibbles ? (NIBBLES[at + (bits & 15)] | (NIBBLES[at + ((bits >>> 4) & 7)] << up)) >>> 0 : scale === 1 ? bits : stretch(bits, scale);
          this.columns(x + c * scale, scale, y, tall);
        }
        const mark = markOf(ch);
        if (mark !== null) this.mark(x, y, mark, scale);
        x += (GLYPH_WIDTH + 1) * scale;
      }
    }
    if (x > x0) this.drawn(x0, x - scale, this.marked ? y - MARK_ROWS * scale : y, y + GLYPH_HEIGHT * scale);
    return x;
  }

  /** Text at scale 1 on the screen's rows: a glyph column is one byte of its page, and the rows that
   * spill over into the next page (y not on a page boundary), written straight into the bytes. */
  private small(x: number, y: number, s: string): number {
    const bytes = this.bytes;
    const shift = y & 7;
    const row = (y >> 3) * WIDTH;
    // The next page, when the glyph's 7 rows reach into it and it is on the screen.
    const below = shift > 1 && row + WIDTH < bytes.length ? row + WIDTH : -1;
    for (const ch of s) {
      const columns = glyph(ch);
      for (let c = 0; c < GLYPH_WIDTH; c++) {
        const bits = columns[c];
        const at = x + c;
        if (bits === 0 || at < 0 || at >= WIDTH) continue;
        bytes[row + at] |= (bits << shift) & 0xff;
        if (below >= 0) bytes[below + at] |= bits >>> (8 - shift);
      }
      const mark = markOf(ch);
      if (mark !== null) this.mark(x, y, mark, 1);
      x += GLYPH_WIDTH + 1;
    }
    return x;
  }

  /** A mark's columns over the glyph at (x, y), in the rows above y: rare, so by the general path. */
  private mark(x: number, y: number, columns: readonly number[], scale: number): void {
    this.marked = true;
    for (let c = 0; c < GLYPH_WIDTH; c++) {
      const bits = columns[c];
      if (bits !== 0) this.columns(x + c * scale, scale, y - MARK_ROWS * scale, scale === 1 ? bits : stretch(bits, scale));
    }
  }
}

/** A glyph column with every row repeated `scale` times (7 rows × 4 at most fits 32 bits). */
function stretch(bits: number, scale: number): number {
  let out = 0;
  for (let r = 0; r < GLYPH_HEIGHT; r++) if (bits & (1 << r)) out |= ((1 << scale) - 1) << (r * scale);
  return out >>> 0;
}

/** Every four rows of a glyph column (a nibble) stretched at scales 2, 3 and 4, 16 entries a scale:
 * made when the module loads and frozen, so that on the device they are preloaded into flash with the
 * code. A large glyph's column is two look-ups (its rows 0–3, and 4–6 as stretch keeps seven), and no
 * cache fills in RAM as new digits appear (the frame kept one: three slots a column, until every digit
 * had been drawn). */
const NIBBLES = Object.freeze(Array.from({ length: 48 }, (_, i) => stretch(i & 15, 2 + (i >> 4))));

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
