// Flash in memory: the journal's and the outbox's storage for the simulator, the XS benchmarks and tests.
import type { StoragePort } from './journal.ts';

export class MemoryStorage implements StoragePort {
  slots: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];

  read(slot: 0 | 1): Uint8Array {
    return this.slots[slot];
  }

  /** A copy of the range, as a file read gives (the outbox streams a record a piece at a time). */
  readRange(slot: 0 | 1, offset: number, length: number): Uint8Array {
    return this.slots[slot].slice(offset, offset + length);
  }

  size(slot: 0 | 1): number {
    return this.slots[slot].length;
  }

  append(slot: 0 | 1, bytes: Uint8Array): void {
    const next = new Uint8Array(this.slots[slot].length + bytes.length);
    next.set(this.slots[slot]);
    next.set(bytes, this.slots[slot].length);
    this.slots[slot] = next;
  }

  erase(slot: 0 | 1): void {
    this.slots[slot] = new Uint8Array(0);
  }
}
