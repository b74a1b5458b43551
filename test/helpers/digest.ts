// Node's SHA-256 behind the DigestPort (what the simulator host uses too).
import { createHash } from 'node:crypto';
import type { DigestFactory } from '../../src/sync/ports.ts';

export const nodeDigest: DigestFactory = () => {
  const h = createHash('sha256');
  return {
    write: (bytes) => void h.update(bytes),
    close: () => {
      const b = h.digest();
      return b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer;
    },
  };
};
