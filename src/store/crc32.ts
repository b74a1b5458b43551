// CRC-32 (IEEE), table-driven: detects a record torn or damaged by a power cut.
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** The CRC of `bytes[from, to)`; given the CRC of the bytes before them as `seed`, the CRC of the whole
 * (so a record read from flash a piece at a time is checked without holding it). */
export function crc32(bytes: Uint8Array, from = 0, to = bytes.length, seed = 0): number {
  let c = (seed ^ 0xffffffff) >>> 0;
  for (let i = from; i < to; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
