// HMAC-SHA256 (RFC 2104) over the host's SHA-256 (Moddable's `Digest("SHA256")` on the device, Node's
// createHash in the simulator). Moddable's own `hmac` module is not used: its sign() gives wrong MACs.
// Incremental: the body is signed chunk by chunk as it is written to flash, never held twice.

import type { DigestFactory, DigestPort } from './ports.ts';

const BLOCK = 64;

/** An HMAC in progress: write the message in any number of chunks, then close for the 32-byte MAC. */
export class Hmac {
  private readonly inner: DigestPort;
  private readonly outerPad: Uint8Array;

  constructor(
    private readonly digest: DigestFactory,
    key: Uint8Array,
  ) {
    let k = key;
    if (k.length > BLOCK) {
      const d = digest();
      d.write(k);
      k = new Uint8Array(d.close());
    }
    const inPad = new Uint8Array(BLOCK);
    this.outerPad = new Uint8Array(BLOCK);
    // Stryker disable next-line EqualityOperator: one more turn writes past the pads' end, which a Uint8Array ignores
    for (let i = 0; i < BLOCK; i++) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: past the key's end k[i] is undefined, and undefined ^ x is 0 ^ x
      const b = i < k.length ? k[i] : 0;
      inPad[i] = b ^ 0x36;
      this.outerPad[i] = b ^ 0x5c;
    }
    this.inner = digest();
    this.inner.write(inPad);
  }

  write(bytes: Uint8Array): void {
    if (bytes.length > 0) this.inner.write(bytes);
  }

  close(): Uint8Array {
    const innerHash = new Uint8Array(this.inner.close());
    const outer = this.digest();
    outer.write(this.outerPad);
    outer.write(innerHash);
    return new Uint8Array(outer.close());
  }
}

/** The MAC of a whole message. */
export function hmacSha256(digest: DigestFactory, key: Uint8Array, message: Uint8Array): Uint8Array {
  const h = new Hmac(digest, key);
  h.write(message);
  return h.close();
}

const HEX = '0123456789abcdef';

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i] >> 4] + HEX[bytes[i] & 15];
  return s;
}

/** Bytes from hex digits (either case); null if `hex` is not an even run of hex digits. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  // Stryker disable next-line EqualityOperator: one more turn writes past the array's end, which a Uint8Array ignores
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The key of a table's HMACs: the bytes of its 64-hex secret (a record's, an assignment's, a refusal's). */
export function tableKey(secret: string): Uint8Array {
  const key = fromHex(secret);
  if (!key || key.length !== 32) throw new Error('the table secret is not 64 hex digits');
  return key;
}
