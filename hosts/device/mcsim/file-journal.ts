// The journal's two slots as two files under the simulator's file root. Not Preference: on lin it is a
// JSON file read into an object while the app is preloaded (at build time, where files cannot be
// read, so it starts empty at every run), and that object, made at preload, makes JSON.stringify throw
// "read only value" at its save, which an empty catch in the SDK hides. Errors here are not caught.
import { File } from 'file';
import config from 'mc/config';
import type { StoragePort } from '../../../src/store/journal.ts';

export class FileJournal implements StoragePort {
  private readonly paths: readonly [string, string];

  constructor(name: string) {
    const root = (config as { file?: { root?: string } }).file?.root ?? './';
    this.paths = [`${root}${name}0`, `${root}${name}1`];
  }

  read(slot: 0 | 1): Uint8Array {
    const path = this.paths[slot];
    if (!File.exists(path)) return new Uint8Array(0);
    const f = new File(path);
    try {
      return f.length === 0 ? new Uint8Array(0) : new Uint8Array(f.read(ArrayBuffer, f.length));
    } finally {
      f.close();
    }
  }

  append(slot: 0 | 1, bytes: Uint8Array): void {
    const f = new File(this.paths[slot], true);
    try {
      f.position = f.length;
      f.write(bytes.slice().buffer as ArrayBuffer);
    } finally {
      f.close();
    }
  }

  erase(slot: 0 | 1): void {
    if (File.exists(this.paths[slot])) File.delete(this.paths[slot]);
  }
}
