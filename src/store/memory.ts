// Flash in memory: the journal's storage for the simulator, the XS benchmarks and tests.
import type { StoragePort } from './journal.ts';

export class MemoryStorage implements StoragePort {
  slots: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];

  read(slot: 0 | 1): Uint8Array {
    return this.slots[slot];
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
