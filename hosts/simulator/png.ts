// PNG files of framebuffers, for golden-image tests and for looking at screens (node:zlib; tests only).
import { deflateSync, inflateSync } from 'node:zlib';
import { Frame, HEIGHT, WIDTH } from '../../src/view/frame.ts';

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The frame as an 8-bit greyscale PNG, each pixel `scale` × `scale`, lit pixels white on black. */
export function framePng(frame: Frame, scale = 1): Buffer {
  const w = WIDTH * scale;
  const h = HEIGHT * scale;
  const raw = Buffer.alloc((w + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w + 1)] = 0;
    for (let x = 0; x < w; x++) raw[y * (w + 1) + 1 + x] = frame.get(Math.floor(x / scale), Math.floor(y / scale)) ? 255 : 0;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array(0))]);
}

/** Reads back a PNG written by framePng (scale 1) into a frame. */
export function pngFrame(png: Buffer): Frame {
  let at = 8;
  const idat: Buffer[] = [];
  let width = 0;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    if (type === 'IHDR') width = png.readUInt32BE(at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  if (width !== WIDTH) throw new Error(`not a ${WIDTH}-pixel frame`);
  const raw = inflateSync(Buffer.concat(idat));
  const frame = new Frame();
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) frame.set(x, y, raw[y * (WIDTH + 1) + 1 + x] > 127);
  return frame;
}
