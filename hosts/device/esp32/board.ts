// The reference table (boards/reference-v1) as the app's ports: beam edges from the capture driver,
// colour and strip readings from the sampler driver (read over I²C by its own task, never by
// JavaScript on the shot path), buttons, the SSD1306, the journal in littlefs, Time.microseconds.
import device from 'embedded:provider/builtin';
import Digital from 'embedded:io/digital';
import Time from 'time';
import Timer from 'timer';
import Capture from 'capture';
import Sampler from 'sampler';
import type { DisplayPort } from '../../../src/app/app.ts';
import type { Reading } from '../../../src/sensing/types.ts';
import { fault } from '../../../src/app/install/selftest.ts';
import { describeBoard } from '../hardware.ts';
import type { Board, ReadingSource } from '../ports.ts';
import { PreferenceKey } from '../preference-key.ts';
import type { BoardTable } from '../../../boards/types.ts';
import { decodeEdges, EDGE_BYTES } from './beams.ts';
import { FileStorage } from '../net/file-storage.ts';
import { type Bus, type I2CDevice, openI2C } from './i2c.ts';
import { decodeSamples, SAMPLE_BYTES } from './samples.ts';
import { HandOverHold } from './hold.ts';
import { SSD1306 } from './ssd1306.ts';
import { BusQuiet } from './quiet.ts';

interface Addresses {
  display: number;
  strips: number[];
  colourSwitch?: number; // both absent: no colour sensors (boards/devkit-1beam)
  colour?: number;
}

/** The colour sensors' integration (ATIME 0xFF, the TCS34725's shortest) and the strips' poll period:
 * docs/hardware.md says what they guarantee. */
const COLOUR_INTEGRATION_US = 2400;
const STRIP_EVERY_US = 5000;
/** The address of the device that holds the bus open for the sampler: 0x7F is reserved by the I²C
 * specification, so no part answers there and none of the sampler's own devices shares it. */
const BUS_ANCHOR = 0x7f;

const BEAMS = Object.freeze(['beam0a', 'beam0b', 'beam1a', 'beam1b', 'beam2a', 'beam2b', 'beam3a', 'beam3b']);
/** How often JavaScript drains the capture's ring itself, whether or not a message came (ms). The driver
 * posts again a message the queue refused (at its next edge, or its 10 ms tick), but an SDK whose
 * modMessagePostToMachineFromISR does not say it was refused (some versions of xsHost.c ignore
 * xQueueSendToBackFromISR's answer and return 0) would leave edges waiting: this timer bounds that wait to 40 ms, well inside the 100 ms in which a
 * pocketed piece must show (docs/hardware.md) and far inside the sensing's shortest time that a late
 * edge could spoil (a strike is known after 1 s, a shot settles after 3 s quiet). It costs one read()
 * of an empty ring 25 times a second. It also logs the edges and samples lost and the messages the
 * capture and the sampler had refused, which must be said even when no message comes. */
const DRAIN_MS = 40;

function pin(name: string): number {
  const p = device.pin[name];
  if (undefined === p) throw new Error(`no ${name} pin provided by device`);
  return p as number;
}

/** The capture's hook for a blocked upper beam: nothing to do in JavaScript, the sampler reads the colour. */
const noColourRead = () => {};

function micros(): number {
  const us = Time.microseconds;
  if (us === undefined) throw new Error('Time.microseconds is missing: include modules/base/microseconds');
  return us;
}

/** The OLED, or a log line once if it stops answering (naming the part and its pins, `named`): the table
 * plays on without its screen, and the self-test lists it in `faults` while it does not answer. A new
 * driver (at boot, after a fault) sends the whole frame: what the display holds is not known. */
function guardedDisplay(make: () => SSD1306, log: (text: string) => void, named: string, faults: string[]): DisplayPort & { close(): void } {
  let display: SSD1306 | null = null;
  let failed = false;
  /** True unless the driver stopped for quiet with pages pending (a failure pends nothing: the next
   * redraw sets the display up again and sends it all). */
  const attempt = (step: (d: SSD1306) => boolean | void): boolean => {
    try {
      display ??= make();
      const done = step(display);
      failed = false;
      if (faults.includes('display')) faults.splice(faults.indexOf('display'), 1);
      return done !== false;
    } catch (e) {
      display?.close();
      display = null; // set it up again next time: it may have lost power
      if (!failed) log(`carrom: ${named} (${e})`);
      if (!faults.includes('display')) faults.push('display');
      failed = true;
      return true;
    }
  };
  return {
    show: (frame, changed) => attempt((d) => d.show(frame, changed)),
    brightness: (level) => attempt((d) => d.brightness(level)),
    close: () => display?.close(),
  };
}

export function referenceBoard(): Board {
  const address = (device as unknown as { address?: Addresses }).address;
  if (!address) throw new Error('no I²C addresses provided by device (boards/reference-v1)');
  const bus = device.I2C.default as Bus;
  const log = (text: string) => trace(`${text}\n`);
  const timers: Timer[] = [];
  const open: { close(): void }[] = [];
  const hardware = describeBoard({ pin: device.pin as Record<string, number>, bus, address });
  const faults: string[] = [];
  // The display waits while a piece is in a gate or a strike was just read (quiet.ts).
  const quiet = new BusQuiet(micros);
  const display = guardedDisplay(() => new SSD1306(bus, address.display, quiet.quiet), log, fault('display', 'displayMissing', hardware).message, faults);
  open.push(display);
  // The board's beam gap and colour calibration (boards/<board>/board.json, handed out by its provider).
  const layout = (device as unknown as { table?: BoardTable }).table;
  /** Hands the app what both rings hold (sources() sets it). The app's own timer (every) calls it first:
   * that timer advances the sensing layer to the clock, and a Timer runs before the messages waiting in
   * the queue (the Moddable host's loop), so without it a tick could judge a passage whose colour sample
   * is already in the sampler's ring or in the queue (the device model showed pieces lost so). */
  let handOverAll = () => {};
  /** Both rings' readings, given to the app only once the sampler's ring covers their time (hold.ts). */
  const hold = new HandOverHold();
  /** Reads the buttons (buttons() sets it). Read, not interrupted: the capture installs the GPIO interrupt
   * service in IRAM so that flash writes never hold its interrupt off (capture.c), and every handler on
   * that service then runs while flash is written; embedded:io/digital's (digitalbank.c) posts through
   * code in flash, which would crash the chip on a button's edge during a journal write. Read at each of
   * the app's ticks (20 ms, table.ts), in the same handler: a press lasts 80 ms or more, and a Timer of
   * their own would be one more handler 50 times a second, which at 250 XS operations per ms the device
   * model showed delaying a piece's colour sample past the judgement of its passage. */
  let readButtons = () => {};
  return {
    table: layout,
    now: micros,
    complete: () => hold.to,
    sources(onReadable, onHealth = () => {}) {
      const raw = new ArrayBuffer(EDGE_BYTES * 64);
      const view = new DataView(raw);
      const pending: Reading[] = [];
      let lost = 0;
      let refused = 0;
      let samplerRefused = 0;
      /** Reads the whole ring into `pending`. */
      const drain = (c: Capture): void => {
        for (let n = c.read(raw); n > 0; n = c.read(raw)) decodeEdges(view, n, pending, noColourRead);
      };
      // Set once the sampler is open (below): the capture's messages may come before, if its constructor throws.
      let sampler: Sampler | null = null;
      const capture = new Capture({
        // A one-beam table (beamGapMm 0) has no lower beams: their channels get no pin (-1).
        pins: BEAMS.map((name, i) => ((i & 1) === 1 && layout?.beamGapMm === 0 ? -1 : pin(name))),
        onReadable() {
          handOver();
        },
      });
      quiet.blocked = () => capture.blocked; // newer than any edge JavaScript has read yet
      /** Both rings' readings, in time order, that the hold has let go (handOver). */
      let ready: Reading[] = [];
      const beams: ReadingSource = {
        read() {
          const out = ready;
          ready = [];
          for (const r of out) (quiet.beam(r), quiet.strip(r)); // a strike holds the display's next pages (quiet.ts)
          return out;
        },
        // Opened first (table.ts opens the sources before the buttons): the capture installs the GPIO
        // interrupt service itself, in IRAM, and refuses one installed before it (capture.c).
        close: () => capture.close(),
      };

      // The sampler's task reads the colour sensors (started by the capture interrupt as an upper beam
      // blocks) and the strips; here its samples only become readings, with the times they describe.
      // It uses the bus that embedded:io/i2c made: `anchor` holds one device open on it for as long as
      // the sampler runs, since the SDK deletes a bus with its last device (hosts/device/capture/sampler.c).
      // No transfer goes to the anchor.
      const anchor: I2CDevice = openI2C(bus, BUS_ANCHOR);
      const sampled: Reading[] = [];
      const samplesRaw = new ArrayBuffer(SAMPLE_BYTES * 32);
      const samplesView = new DataView(samplesRaw);
      let samplesLost = 0;
      const answers = (channel: string) => log(`carrom: ${channel} answers again`);
      sampler = new Sampler({
        i2c: { data: bus.data, clock: bus.clock, hz: bus.hz, port: bus.port ?? 0 },
        // No colour sensors on the board (boards/devkit-1beam): the players name each piece.
        colour: address.colourSwitch === undefined ? undefined : { switch: address.colourSwitch, sensor: address.colour ?? 0x29, integrationUs: COLOUR_INTEGRATION_US },
        strips: address.strips,
        stripEveryUs: STRIP_EVERY_US,
        onReadable: () => handOver(),
      });
      /** Reads the sampler's whole ring into `sampled`, and says when samples were lost (`andLost`). */
      function drainSamples(andLost: boolean): void {
        if (!sampler) return; // its constructor threw: the capture plays on alone
        for (let n = sampler.read(samplesRaw); n > 0; n = sampler.read(samplesRaw)) decodeSamples(samplesView, n, sampled, onHealth, answers);
        if (andLost && sampler.lost !== samplesLost) {
          samplesLost = sampler.lost;
          log(`carrom: ${samplesLost} colour and strip samples lost (the ring was full)`);
        }
      }
      /** Both rings, whichever message or timer came, merged in time order, as the sensing layer takes
       * readings, and handed over only as far as the sampler's ring covers (hold.ts). Handed over apart,
       * a batch of edges could close the piece's passage (the sensing layer judges it as soon as time
       * has passed its end) while its colour still waited in the sampler's ring or behind it in the
       * message queue: the piece was then a man to be named by hand (the device model showed it, 2 of 3
       * pieces lost at high noise). Read together, a window the sampler opened while the piece was
       * there and reads only after its last edge (2.65 ms after it opened) could still miss it: the
       * hold waits for it. The sampler's ring is read again after `covered`: every sample stamped
       * before it is then in hand, and edges read before are stamped before it unless a window is open. */
      handOverAll = handOver;
      function handOver(): void {
        drainSamples(true);
        drain(capture);
        const covered = sampler?.covered;
        if (covered !== undefined) drainSamples(false);
        hold.add(pending);
        hold.add(sampled);
        pending.length = 0;
        sampled.length = 0;
        // A sampler.c without `covered` (older than the hold): everything at once, as before it.
        // The app reads `beams` within onReadable (table.ts), so nothing is left in `ready` from before.
        ready = hold.release(covered ?? Infinity, covered === undefined ? Infinity : micros());
        if (ready.length > 0) onReadable(beams);
      }
      const samples: ReadingSource = {
        // Its readings go out with the edges, through `beams` (handOver merges them in time order).
        read: () => [],
        close() {
          sampler?.close(); // before the anchor: its devices are on the anchor's bus
          anchor.close();
        },
      };
      // Started once both drivers are open: it reads them both.
      timers.push(
        Timer.repeat(() => {
          handOver(); // edges and samples a message should have brought
          if (capture.lost !== lost) {
            lost = capture.lost;
            log(`carrom: ${lost} beam edges lost (the capture's ring was full)`);
          }
          if (capture.refused !== refused) {
            refused = capture.refused;
            log(`carrom: ${refused} capture messages refused (the message queue was full; posted again)`);
          }
          // The sampler posts to the same queue: a refusal there is said here too, since no message follows it.
          if (sampler && sampler.refused !== samplerRefused) {
            samplerRefused = sampler.refused;
            log(`carrom: ${samplerRefused} sampler messages refused (the message queue was full; posted again)`);
          }
        }, DRAIN_MS),
      );
      const sources = [beams, samples];
      open.push(...sources);
      return sources;
    },
    buttons(onEdge) {
      // Active low, with the pull-up: a level that changed since the last read is a press or a release.
      const make = (name: 'up' | 'down' | 'select', p: string) => {
        const input = new Digital({ pin: pin(p), mode: Digital.InputPullUp });
        return { name, input, pressed: input.read() === 0 };
      };
      const all = [make('up', 'buttonUp'), make('down', 'buttonDown'), make('select', 'buttonSelect')];
      readButtons = () => {
        for (const b of all) {
          const pressed = b.input.read() === 0;
          if (pressed === b.pressed) continue;
          b.pressed = pressed;
          onEdge(b.name, pressed, micros());
        }
      };
      const buttons = {
        close: () => {
          readButtons = () => {};
          all.forEach((b) => b.input.close());
        },
      };
      open.push(buttons);
      return buttons;
    },
    display,
    // The journal in littlefs beside the outbox, not in NVS: the 24 KiB NVS partition holds a board of
    // some 100 shots at most (about 180 bytes a shot and NVS's own entries), and a long family board
    // would fill it. An append is one open, write, close (file-storage.ts).
    storage: new FileStorage('journal'),
    every: (ms, fn) =>
      void timers.push(
        Timer.repeat(() => {
          handOverAll(); // what the native parts have sampled until now, before time moves on
          readButtons();
          fn();
        }, ms),
      ),
    log,
    hardware,
    faults,
    calibration: new PreferenceKey('carromcal', 'table'),
    settings: new PreferenceKey('carromset', 'settings'),
    close() {
      for (const t of timers.splice(0)) Timer.clear(t);
      for (const o of open.splice(0)) o.close();
    },
  };
}
