// The journal's two slots in Preference (NVS on the ESP32): each record is one key, so an append is one
// NVS write (docs/hardware.md: one small write per settled shot). Values stay under NVS's 4000-byte limit.
import Preference from 'preference';
import type { StoragePort } from '../../../src/store/journal.ts';

const DOMAINS = Object.freeze(['carrom0', 'carrom1'] as const);
const MAX_VALUE = 4000;

export class PreferenceStorage implements StoragePort {
  read(slot: 0 | 1): Uint8Array {
    const domain = DOMAINS[slot];
    const n = Number(Preference.get(domain, 'n') ?? 0);
    const parts: Uint8Array[] = [];
    let size = 0;
    for (let i = 0; i < n; i++) {
      const v = Preference.get(domain, `r${i}`);
      if (!(v instanceof ArrayBuffer)) break; // a record key lost to a cut: the journal stops here
      parts.push(new Uint8Array(v));
      size += v.byteLength;
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }

  append(slot: 0 | 1, bytes: Uint8Array): void {
    const domain = DOMAINS[slot];
    let n = Number(Preference.get(domain, 'n') ?? 0);
    for (let at = 0; at < bytes.length; at += MAX_VALUE) {
      const part = bytes.slice(at, at + MAX_VALUE);
      Preference.set(domain, `r${n}`, part.buffer as ArrayBuffer);
      n++;
      // The count goes last: a cut before it leaves the new key unread, as if never written.
      Preference.set(domain, 'n', n);
    }
  }

  erase(slot: 0 | 1): void {
    const domain = DOMAINS[slot];
    Preference.set(domain, 'n', 0);
    for (const key of Preference.keys(domain)) if (key !== 'n') Preference.delete(domain, key);
  }
}
