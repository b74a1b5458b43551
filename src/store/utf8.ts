// UTF-8 without TextEncoder/TextDecoder (the device has neither).
//
// Both directions are sized for whole match logs (tens of KiB) on a heap of about 77 KiB: encoding
// counts the bytes first and fills one Uint8Array (a number[] costs 16–32 bytes per byte in XS), and
// decoding turns runs of code points into strings a chunk at a time instead of growing one string a
// character at a time.
//
// Indexing: XS on the device counts string indices in code points, V8 in UTF-16 units, so a code point
// above U+FFFF advances the index by its own length in this engine.

function stepOf(c: number): number {
  return c > 0xffff ? String.fromCodePoint(c).length : 1;
}

function byteLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    i += stepOf(c);
  }
  return n;
}

export function encodeUtf8(s: string): Uint8Array {
  const out = new Uint8Array(byteLength(s));
  let at = 0;
  for (let i = 0; i < s.length; ) {
    const c = s.codePointAt(i)!;
    i += stepOf(c);
    if (c < 0x80) out[at++] = c;
    else if (c < 0x800) {
      out[at++] = 0xc0 | (c >> 6);
      out[at++] = 0x80 | (c & 63);
    } else if (c < 0x10000) {
      out[at++] = 0xe0 | (c >> 12);
      out[at++] = 0x80 | ((c >> 6) & 63);
      out[at++] = 0x80 | (c & 63);
    } else {
      out[at++] = 0xf0 | (c >> 18);
      out[at++] = 0x80 | ((c >> 12) & 63);
      out[at++] = 0x80 | ((c >> 6) & 63);
      out[at++] = 0x80 | (c & 63);
    }
  }
  return out;
}

const CHUNK = 512;

export function decodeUtf8(b: Uint8Array, from = 0, to = b.length): string {
  const parts: string[] = [];
  const run: number[] = [];
  for (let i = from; i < to; ) {
    const x = b[i];
    let c: number;
    if (x < 0x80) c = b[i++];
    else if (x < 0xe0) c = ((x & 31) << 6) | (b[i + 1] & 63), (i += 2);
    else if (x < 0xf0) c = ((x & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63), (i += 3);
    else c = ((x & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63), (i += 4);
    run.push(c);
    if (run.length === CHUNK) {
      parts.push(String.fromCodePoint.apply(null, run));
      run.length = 0;
    }
  }
  if (run.length) parts.push(String.fromCodePoint.apply(null, run));
  return parts.length === 1 ? parts[0] : parts.join('');
}
