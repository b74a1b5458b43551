// A PNG's pixels as RGBA, for page tests that look at a screenshot's alpha (chromium's screenshots: 8-bit
// RGBA or RGB, not interlaced). Only what those need: the five filters, no palette.
import { inflateSync } from 'node:zlib';

export interface Rgba {
  width: number;
  height: number;
  /** The pixel at (x, y): [r, g, b, a]. */
  at(x: number, y: number): [number, number, number, number];
}

export function readPng(png: Buffer): Rgba {
  let at = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 0;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') {
      width = png.readUInt32BE(at + 8);
      height = png.readUInt32BE(at + 12);
      const depth = png[at + 16];
      const colour = png[at + 17];
      if (depth !== 8 || (colour !== 6 && colour !== 2) || png[at + 20] !== 0) throw new Error(`a PNG of depth ${depth}, colour type ${colour}: only 8-bit RGB(A), not interlaced`);
      channels = colour === 6 ? 4 : 3;
    }
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= channels ? out[y * stride + i - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? out[(y - 1) * stride + i - channels] : 0;
      let v = x;
      if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      out[y * stride + i] = v & 0xff;
    }
  }
  return {
    width,
    height,
    at: (x, y) => {
      const i = y * stride + x * channels;
      return [out[i], out[i + 1], out[i + 2], channels === 4 ? out[i + 3] : 255];
    },
  };
}
