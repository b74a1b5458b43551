// Two slots as two files (the journal's, the outbox's): on the ESP32 in littlefs, in the "storage"
// partition that boards/reference-v1/partitions.csv makes 1.5 MiB (NVS has 24 KiB: far too little for
// records of up to 256 KiB, or for a long board's journal); in mcsim, files under the simulator's file root (/tmp/).
//
// Power cuts: an append is one open, write, close; littlefs commits a file's new data atomically at
// close (copy on write), so a cut leaves the slot as it was before the append or after it, and the
// outbox's own CRCs catch anything else. erase() deletes the file.
import { File } from 'file';
import config from 'mc/config';
import type { StoragePort } from '../../../src/store/journal.ts';

export class FileStorage implements StoragePort {
  private readonly paths: readonly [string, string];

  constructor(name: string) {
    const root = (config as { file?: { root?: string } }).file?.root ?? '/';
    this.paths = [`${root}${name}0`, `${root}${name}1`];
  }

  /** Bytes in the slot (0 when it has none). */
  size(slot: 0 | 1): number {
    const path = this.paths[slot];
    if (!File.exists(path)) return 0;
    const f = new File(path);
    try {
      return f.length;
    } finally {
      f.close();
    }
  }

  read(slot: 0 | 1): Uint8Array {
    return this.readRange(slot, 0, Infinity);
  }

  /** `length` bytes from `offset` (fewer at the end): a record streams from flash a piece at a time. */
  readRange(slot: 0 | 1, offset: number, length: number): Uint8Array {
    const path = this.paths[slot];
    if (!File.exists(path)) return new Uint8Array(0);
    const f = new File(path);
    try {
      const n = Math.max(0, Math.min(length, f.length - offset));
      if (n === 0) return new Uint8Array(0);
      f.position = offset;
      return new Uint8Array(f.read(ArrayBuffer, n));
    } finally {
      f.close();
    }
  }

  append(slot: 0 | 1, bytes: Uint8Array): void {
    const f = new File(this.paths[slot], true);
    try {
      f.position = f.length;
      f.write(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer));
    } finally {
      f.close();
    }
  }

  erase(slot: 0 | 1): void {
    if (File.exists(this.paths[slot])) File.delete(this.paths[slot]);
  }
}
