// Stand-ins for the Moddable desktop simulator (mcsim), which has no beams, strips or OLED: a scripted
// trace plays in as if the sensors saw it, the screen goes to the console as text, the journal to
// Preference (a JSON file on Linux). The app and everything below it are the table's own code.
import Preference from 'preference';
import Time from 'time';
import Timer from 'timer';
import type { Reading } from '../../../src/sensing/types.ts';
import { Frame, HEIGHT, WIDTH } from '../../../src/view/frame.ts';
import type { StoragePort } from '../../../src/store/journal.ts';
import type { Board, ReadingSource } from '../ports.ts';
import { PreferenceKey } from '../preference-key.ts';

const DOMAINS = Object.freeze(['mcsim0', 'mcsim1'] as const);

/** The journal in Preference, base64-free: one key per record, as on the device. */
class SimStorage implements StoragePort {
  read(slot: 0 | 1): Uint8Array {
    const n = Number(Preference.get(DOMAINS[slot], 'n') ?? 0);
    const parts: number[] = [];
    for (let i = 0; i < n; i++) {
      const v = Preference.get(DOMAINS[slot], `r${i}`);
      if (!(v instanceof ArrayBuffer)) break;
      parts.push(...new Uint8Array(v));
    }
    return Uint8Array.from(parts);
  }
  append(slot: 0 | 1, bytes: Uint8Array): void {
    const n = Number(Preference.get(DOMAINS[slot], 'n') ?? 0);
    Preference.set(DOMAINS[slot], `r${n}`, bytes.slice().buffer as ArrayBuffer);
    Preference.set(DOMAINS[slot], 'n', n + 1);
  }
  erase(slot: 0 | 1): void {
    const domain = DOMAINS[slot];
    Preference.set(domain, 'n', 0);
    for (const key of Preference.keys(domain)) if (key !== 'n') Preference.delete(domain, key);
  }
}

/** The frame as text: two pixel rows per line. */
function frameText(bytes: Uint8Array): string {
  const f = new Frame();
  f.bytes.set(bytes);
  let out = '';
  for (let y = 0; y < HEIGHT; y += 2) {
    let line = '';
    for (let x = 0; x < WIDTH; x++) {
      const top = f.get(x, y);
      const bottom = f.get(x, y + 1);
      line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    }
    out += `${line.replace(/ +$/, '')}\n`;
  }
  return out;
}

export function simulatorBoard(script: readonly Reading[], speed: number): Board {
  const started = Time.ticks;
  const now = () => (Time.ticks - started) * 1000 * speed;
  let shown = '';
  let lastShown = -Infinity;
  return {
    now,
    sources(onReadable) {
      let next = 0;
      const batch: Reading[] = [];
      const source: ReadingSource = { read: () => batch.splice(0), close() {} };
      Timer.repeat(() => {
        const t = now();
        while (next < script.length && script[next].t <= t) batch.push(script[next++]);
        if (batch.length > 0) onReadable(source);
        if (next === script.length) {
          next++;
          trace('carrom: the scripted match has been played\n');
        }
      }, 10);
      return [source];
    },
    buttons: () => ({ close() {} }),
    display: {
      show(frame) {
        // At most twice a second of script time, and only when it changed.
        const t = now();
        if (t - lastShown < 500_000) return;
        const text = frameText(frame);
        if (text === shown) return;
        shown = text;
        lastShown = t;
        trace(`${text}\n`);
      },
    },
    storage: new SimStorage(),
    hardware: [],
    faults: [],
    calibration: new PreferenceKey('mcsimcal', 'table'),
    every: (ms, fn) => void Timer.repeat(fn, ms),
    log: (text) => trace(`${text}\n`),
  };
}
