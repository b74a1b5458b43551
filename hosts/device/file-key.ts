// One small key (the calibration, the settings) as a file under the file root: what mcsim keeps them in,
// since the SDK's Linux Preference cannot save from a preloaded app (hosts/device/mcsim/board.ts).
//
// A save writes a new file and renames it over the old one: rename replaces a file in one step (POSIX on
// the simulator's host, littlefs on a device), so a power cut leaves the old text or the new, never half.
import { File } from 'file';
import config from 'mc/config';
import type { KeyStore } from '../../src/store/key.ts';

export class FileKey implements KeyStore {
  private readonly path: string;
  private readonly name: string;

  constructor(name: string) {
    const root = (config as { file?: { root?: string } }).file?.root ?? '/';
    this.name = name;
    this.path = `${root}${name}`;
  }

  get(): string | null {
    if (!File.exists(this.path)) return null;
    const f = new File(this.path);
    try {
      return f.read(String);
    } finally {
      f.close();
    }
  }

  set(text: string): void {
    const next = `${this.path}.new`;
    if (File.exists(next)) File.delete(next);
    const f = new File(next, true);
    try {
      f.write(text);
    } finally {
      f.close();
    }
    if (!File.rename(next, this.name)) throw new Error(`${this.path}: rename failed`);
  }
}
