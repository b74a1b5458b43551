// UTF-8 without TextEncoder/TextDecoder (the device has neither).
export function encodeUtf8(s: string): Uint8Array {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

export function decodeUtf8(b: Uint8Array, from = 0, to = b.length): string {
  let s = '';
  for (let i = from; i < to; ) {
    const x = b[i];
    let c: number;
    if (x < 0x80) c = b[i++];
    else if (x < 0xe0) c = ((x & 31) << 6) | (b[i + 1] & 63), (i += 2);
    else if (x < 0xf0) c = ((x & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63), (i += 3);
    else c = ((x & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63), (i += 4);
    s += String.fromCodePoint(c);
  }
  return s;
}
