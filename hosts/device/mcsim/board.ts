// Stand-ins for the Moddable desktop simulator (mcsim), which has no beams or strips: a scripted
// trace plays in as if the sensors saw it; the OLED is drawn in the simulator's window (and, for
// headless runs, to the console as text); the skin's buttons are up, select and down; the journal
// goes to files, so it survives a restart. The app and everything below it are the table's own code.
import Time from 'time';
import Timer from 'timer';
import config from 'mc/config';
import type { Reading } from '../../../src/sensing/types.ts';
import { Frame, HEIGHT, WIDTH } from '../../../src/view/frame.ts';
import type { Board, ReadingSource } from '../ports.ts';
import { FileStorage } from '../net/file-storage.ts';
import { oledDisplay, simButtons, simScreen } from './screen.ts';
import { FileKey } from '../file-key.ts';
import { demoScript } from './demo.ts';

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
  // The journal in two files under the simulator's file root, as the outbox's are. Not Preference: on
  // lin it is a JSON file read while the app is preloaded (at build time, where files cannot be read,
  // so it starts empty at every run), and its save throws "read only value" on that preloaded object,
  // which an empty catch in the SDK hides. mcconfig's `journal=NAME` names the files (the mcsim check
  // keeps its own, away from a developer's table).
  const settings = config as { file?: { root?: string }; journal?: string };
  const journal = settings.journal ?? 'carrom-journal';
  const storage = new FileStorage(journal);
  // The script only on a blank journal: a later boot restores the match and plays nothing (demo.ts).
  const demo = demoScript(storage, script);
  // The script plays `speed` times faster than life; then the clock slows to life's pace, so that a
  // click of the skin's buttons is a short press (a long press is 700 ms: 88 ms of real time at 8×).
  let base = 0;
  let since = Time.ticks;
  let rate = demo.length > 0 ? speed : 1;
  const now = () => base + (Time.ticks - since) * 1000 * rate;
  const log = (text: string) => trace(`${text}\n`);
  const timers: Timer[] = [];
  const screen = simScreen();
  const oled = screen ? oledDisplay(screen, log) : null;
  let shown = '';
  let lastShown = -Infinity;
  return {
    now,
    sources(onReadable) {
      let next = 0;
      const batch: Reading[] = [];
      const source: ReadingSource = { read: () => batch.splice(0), close() {} };
      if (demo.length === 0) {
        const at = `${settings.file?.root ?? '/'}${journal}`;
        trace(`carrom: the journal holds a match (restored); the scripted match plays only into a blank journal: delete ${at}0 and ${at}1 to see it again\n`);
        return [source];
      }
      timers.push(Timer.repeat(() => {
        const t = now();
        while (next < demo.length && demo[next].t <= t) batch.push(demo[next++]);
        if (batch.length > 0) onReadable(source);
        if (next === demo.length) {
          next++;
          base = now();
          since = Time.ticks;
          rate = 1;
          trace('carrom: the scripted match has been played; the clock runs at real speed now\n');
        }
      }, 10));
      return [source];
    },
    buttons(onEdge) {
      return screen ? simButtons(screen, (name, pressed) => onEdge(name, pressed, now()), log) : { close() {} };
    },
    display: {
      show(frame) {
        oled?.show(frame);
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
    storage,
    every: (ms, fn) => void timers.push(Timer.repeat(fn, ms)),
    log,
    hardware: [],
    faults: [],
    // Files too, for the same reason: a Preference save would throw there (and keep nothing).
    calibration: new FileKey('carrom-calibration'),
    settings: new FileKey('carrom-settings'),
    close() {
      for (const t of timers.splice(0)) Timer.clear(t);
    },
  };
}
