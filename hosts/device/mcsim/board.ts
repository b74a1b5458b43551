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
import { DemoPlayer, demoScript } from './demo.ts';
import { simulatorFiles, type SimulatorFiles } from './files.ts';

/** What mcconfig's command line and the manifest put in mc/config that the simulator reads. */
function settingsOf(): { file?: { root?: string }; journal?: string } {
  return config as { file?: { root?: string }; journal?: string };
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

/** The simulator's board. `files`: the names of the files it keeps (files.ts: after mcconfig's `journal=NAME`). */
export function simulatorBoard(script: readonly Reading[], speed: number, files: SimulatorFiles = simulatorFiles(settingsOf().journal)): Board {
  // The journal in two files under the simulator's file root, as the outbox's are. Not Preference: on
  // lin it is a JSON file read while the app is preloaded (at build time, where files cannot be read,
  // so it starts empty at every run), and its save throws "read only value" on that preloaded object,
  // which an empty catch in the SDK hides. mcconfig's `journal=NAME` names the files, and every other
  // file the build writes after it (files.ts: the mcsim check keeps its own, away from a developer's table).
  const storage = new FileStorage(files.journal);
  // The script only on a blank journal: a later boot restores the match and plays nothing (demo.ts).
  const demo = demoScript(storage, script);
  // While the script plays, the table's clock is the script's (DemoPlayer.t: the readings handed over are
  // complete up to it), played in turns at up to `speed` times life's pace (demo.ts). Then the clock runs
  // on at life's pace from there, so that a click of the skin's buttons is a short press (a long press is
  // 700 ms of the table's clock: 88 ms of real time at 8×).
  let base = 0;
  let since = Time.ticks;
  const timers: Timer[] = [];
  let batch: Reading[] = [];
  const source: ReadingSource = { read: () => batch.splice(0), close() {} };
  let onReadable: ((source: ReadingSource) => void) | null = null;
  const player = new DemoPlayer(
    demo,
    {
      ms: () => Time.ticks,
      later(fn, ms) {
        const timer = Timer.set(() => (timers.splice(timers.indexOf(timer), 1), fn()), ms);
        timers.push(timer);
      },
      deliver(readings) {
        batch = readings;
        onReadable?.(source);
      },
      done() {
        if (demo.length === 0) return; // a restored match: the clock has run at real speed from the start
        base = player.t;
        since = Time.ticks;
        trace('carrom: the scripted match has been played; the clock runs at real speed now\n');
      },
    },
    speed,
  );
  const now = () => (player.playing ? player.t : base + (Time.ticks - since) * 1000);
  const log = (text: string) => trace(`${text}\n`);
  const screen = simScreen();
  const oled = screen ? oledDisplay(screen, log) : null;
  let shown = '';
  let lastShown = -Infinity;
  return {
    now,
    sources(readable) {
      onReadable = readable;
      if (demo.length === 0) {
        const at = `${settingsOf().file?.root ?? '/'}${files.journal}`;
        trace(`carrom: the journal holds a match (restored); the scripted match plays only into a blank journal: delete ${at}0 and ${at}1 to see it again\n`);
      }
      player.start();
      return [source];
    },
    buttons(onEdge) {
      return screen ? simButtons(screen, (name, pressed) => onEdge(name, pressed, now()), log) : { close() {} };
    },
    display: {
      show(frame) {
        oled?.show(frame);
        // The frame as text in the log: at most twice a second (of real time, whatever the script's
        // speed: the text costs the window's time too), and only when it changed.
        const t = Time.ticks;
        if (t - lastShown < 500) return;
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
    calibration: new FileKey(files.calibration),
    settings: new FileKey(files.settings),
    close() {
      for (const t of timers.splice(0)) Timer.clear(t);
    },
  };
}
