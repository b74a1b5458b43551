// Runs the device's own firmware over a sensor trace, through the model: the trace's readings become
// what the table's parts do (beams change level, a piece sits in front of the colour sensor while it
// blocks the upper beam, the strips answer new positions, players make their calls), and the firmware
// reads them as it would on the ESP32: through the capture interrupt and its ring, the message queue,
// I²C, one JavaScript thread. What comes out is the match log the device keeps, and the figures.
//
// The model imports src/ at most: the firmware comes in as `Firmware` (tools/device/bundle.ts binds
// hosts/device's own board and table to it, and bundles them over the SDK stand-ins here).
import type { Calibration, Reading, TraceCall, TraceHeader } from '../../src/sensing/types.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import { DEFAULT_CONFIG } from '../../src/sensing/types.ts';
import { current, Device, type DeviceOptions, type Stats } from './world.ts';
import { COLOUR_EARLY_US, COLOUR_LATE_US, crossing, lowerOf, nearestKind, presences, type Crossing, type Lower, type Pulse } from './throat-pieces.ts';

/** What the model needs of the app the firmware starts. */
export interface App {
  call(c: TraceCall): void;
  fullLog(): string | null;
  logText(): string;
}

export interface Firmware {
  /** Boots the device: its board and the app on it (hosts/device/table.ts start), with `table` the
   * trace's sensors and `match` its match. `delivered` sees every batch of readings the board hands
   * the app. */
  boot(match: MatchHeader, table: { beamGapMm: number; calibration: Calibration | null }, delivered: (batch: readonly Reading[]) => void): App;
  /** The board's pins for the beams, channel = pocket * 2 + beam (-1: none). */
  beamPins(): number[];
  /** The device time (µs) at which the app's match log has time 0: the trace plays from there, so
   * that the device's log and the trace keep one time origin. */
  origin(app: App): number;
}

export interface RunOptions extends DeviceOptions {
  /** Kept: every reading the app was handed, with its time (tests). */
  keepReadings?: boolean;
  /** Time after the last reading for the last shot to settle, ms. */
  settleMs?: number;
  /** Called after boot, before the trace plays: a test sets its conditions (a full queue, …). */
  prepare?: (d: Device) => void;
}

export interface RunResult {
  log: string;
  stats: Stats;
  readings: Reading[];
  /** When JavaScript handed each of `readings` to the app (device µs; kept with them). */
  deliveredAt: number[];
  lostEdges: number;
  refusedPosts: number;
  flash: { writes: number; erases: number; heldUs: number };
  busBytes: number;
  /** The µs the run covered. */
  spanUs: number;
  /** The device time of the trace's (and the log's) time 0. */
  originUs: number;
  /** The firmware opened the native sampler (colour and strips read natively). */
  native: boolean;
  /** The native sampler's colour reads that came after a second integration had completed. */
  lateColourReads: number;
  /** Boot: when JavaScript was first free (µs), and its XS operations (not in `stats`). */
  boot: { us: number; ops: number };
  /** The firmware's debug log (trace()), each line with the model's time in s. */
  logs: string[];
}

/** The trace's table must be the one the firmware's board is: two beams and colour sensors. */
export function refuseTable(h: TraceHeader, beamGapMm: number): string | null {
  if (h.beamGapMm !== beamGapMm) return `the device model runs the reference board (beams ${beamGapMm} mm apart); this trace is of a table with beams ${h.beamGapMm} mm apart`;
  if (!h.calibration) return 'the device model runs the reference board, which has colour sensors; this trace is of a table without them';
  return null;
}

export function runDevice(header: TraceHeader, readings: readonly Reading[], firmware: Firmware, o: RunOptions): RunResult {
  const d = new Device(o);
  current.device = d;
  const kept: Reading[] = [];
  const keptAt: number[] = [];
  let app: App | null = null;
  // The firmware's debug log (Moddable's global trace()), kept with the result.
  const g = globalThis as { trace?: (text: string) => void };
  const oldTrace = g.trace;
  const logs: string[] = [];
  g.trace = (text) => void d.callOut(() => logs.push(`${(d.now / 1e6).toFixed(3)} ${text.trimEnd()}`));
  try {
    d.handler('boot', () => {
      app = firmware.boot(header.match, { beamGapMm: header.beamGapMm, calibration: header.calibration }, (batch) => {
        if (o.keepReadings) d.callOut((t) => (kept.push(...batch), batch.forEach(() => keptAt.push(t))));
      });
    }, 0);
    if (!app) throw new Error(`the firmware did not boot: ${d.stats.errors.join('; ')}`);
    const booted = app as App;
    if (o.colour === 'native' && !d.sampler)
      throw new Error("colour 'native' needs a board.ts that opens the native sampler (interface 2); this firmware reads the colour sensors in JavaScript");
    if (o.strips === 'native' && !d.sampler) throw new Error("strips 'native' needs a board.ts that opens the native sampler (interface 2); this firmware polls the strips in JavaScript");
    if ((o.colour === 'js' || o.strips === 'js') && d.sampler) throw new Error("colour/strips 'js' asked of a firmware that opens the native sampler (interface 2)");
    // The figures are of play: boot (the first frame, the journal's header) is reported on its own.
    const boot = { us: d.freeAt, ops: d.stats.ops };
    Object.assign(d.stats, { handlers: 0, ops: 0, queueHigh: 0, worstLatencyUs: 0, worstLatencyWhat: '', worstHandlerUs: 0, worstHandler: { what: '', at: 0, ops: 0, blockedUs: 0 }, busyUs: 0 });
    o.prepare?.(d);
    const origin = firmware.origin(booted);
    play(d, header, readings, firmware.beamPins(), booted, origin);
    const end = origin + (readings.length > 0 ? readings[readings.length - 1].t : 0) + (o.settleMs ?? 8_000) * 1000;
    d.runUntil(end);
    return {
      log: booted.fullLog() ?? booted.logText(),
      stats: d.stats,
      readings: kept,
      deliveredAt: keptAt,
      lostEdges: d.capture?.ring.lost ?? 0,
      refusedPosts: d.stats.refused,
      flash: { ...d.flash },
      busBytes: d.bus.bytes,
      spanUs: end,
      originUs: origin,
      native: d.sampler !== null,
      lateColourReads: d.sampler?.lateReads ?? 0,
      boot,
      logs,
    };
  } finally {
    current.device = null;
    g.trace = oldTrace;
  }
}

/** The trace's readings as the parts' behaviour, scheduled on the device. */
function play(d: Device, header: TraceHeader, trace: readonly Reading[], pins: readonly number[], app: App, origin: number): void {
  const readings = trace.map((r) => ({ ...r, t: r.t + origin }) as Reading);
  const level = new Map<number, number>();
  // The throat: each colour reading is of the piece blocking the upper beam at its time (formats.md §2).
  const upper: Pulse[][] = [[], [], [], []];
  const open: (Pulse | null)[] = [null, null, null, null];
  const colours: { pocket: number; t: number; rgb: readonly [number, number, number] }[] = [];
  const lowers: Lower[][] = [[], [], [], []];
  const lowerOpen: (number | null)[] = [null, null, null, null];
  for (const r of readings) {
    if (r.kind === 'beam') {
      if (r.beam === 1 && r.blocked && open[r.pocket] && open[r.pocket]!.lower === null) open[r.pocket]!.lower = r.t;
      if (r.beam === 1 && r.blocked && lowerOpen[r.pocket] === null) lowerOpen[r.pocket] = r.t;
      if (r.beam === 1 && !r.blocked && lowerOpen[r.pocket] !== null) (lowers[r.pocket].push({ from: lowerOpen[r.pocket]!, to: r.t }), (lowerOpen[r.pocket] = null));
      const pin = pins[r.pocket * 2 + r.beam];
      if (pin === undefined || pin < 0) continue;
      const v = r.blocked ? 0 : 1;
      if ((level.get(pin) ?? 1) === v) continue; // no change of level: no edge
      level.set(pin, v);
      d.gpio(r.t, pin, v);
      if (r.beam === 0) {
        // A clear shorter than minGapUs inside a pulse is a flicker, not a gap between pieces: the same pulse
        // goes on (the sensing layer's beam.ts). Split there, the piece's stretch after the flicker took the
        // lower beam's first blocked edge as its own, tens of µs after it: a speed of hundreds of m/s.
        const last = upper[r.pocket][upper[r.pocket].length - 1];
        if (r.blocked && last && r.t - last.to < DEFAULT_CONFIG.minGapUs) ((last.to = Infinity), (open[r.pocket] = upper[r.pocket].pop()!));
        else if (r.blocked) open[r.pocket] = { from: r.t, to: Infinity, rgb: [], at: [], lower: null };
        else if (open[r.pocket]) ((open[r.pocket]!.to = r.t), upper[r.pocket].push(open[r.pocket]!), (open[r.pocket] = null));
      }
    } else if (r.kind === 'colour') {
      colours.push({ pocket: r.pocket, t: r.t, rgb: r.rgb });
    } else if (r.kind === 'strip') {
      const seat = r.seat;
      const mm = r.mm;
      d.at(r.t, () => void (d.bus.strips[seat] && (d.bus.strips[seat].mm = mm)));
    } else {
      const c = r.call;
      // A player's call through the menu: a button's message to JavaScript (tried again while the queue is full).
      const press = () => {
        if (d.post('buttons', () => app.call(c)) < 0) d.at(d.now + 20_000, press);
      };
      d.at(r.t, press);
    }
  }
  for (let p = 0; p < 4; p++) if (open[p]) upper[p].push(open[p]!);
  for (let p = 0; p < 4; p++) if (lowerOpen[p] !== null) lowers[p].push({ from: lowerOpen[p]!, to: Infinity });
  // Each reading to the pulse blocking the upper beam when it was taken, wherever the trace lists it among
  // readings of the same time; else to one that begins up to COLOUR_EARLY_US after it (the sensing layer
  // takes it so); else, as before, to the pulse before (a piece the upper beam missed, a reading a little
  // after the clear edge). A pulse too short to be a piece (an edge ringing: the sensing layer's
  // minPulseUs) is nobody's: a reading just after a ringing clear edge is the piece's that just left.
  // A reading in no upper pulse (nor up to COLOUR_LATE_US after one) with a lower pulse that the piece
  // it read can have made, itself in no upper pulse, is of a piece the upper beam missed (crossing()).
  const pieces = upper.map((list) => list.filter((x) => x.to - x.from >= DEFAULT_CONFIG.minPulseUs));
  const crossings: Crossing[] = [];
  const cal = header.calibration;
  const kind = cal && ((rgb: readonly number[]) => nearestKind(rgb, cal));
  for (const c of colours) {
    const list = pieces[c.pocket];
    let i = list.length - 1;
    while (i >= 0 && list[i].from > c.t) i--;
    if (!(i >= 0 && c.t <= list[i].to) && i + 1 < list.length && list[i + 1].from <= c.t + COLOUR_EARLY_US) i++;
    const inPulse = i >= 0 && list[i].from <= c.t + COLOUR_EARLY_US && c.t <= list[i].to + COLOUR_LATE_US;
    if (!inPulse) {
      const lower = lowerOf(lowers[c.pocket], c.t);
      if (lower && !list.some((x) => x.from < lower.to && lower.from < x.to)) {
        crossings.push({ pocket: c.pocket, lower, t: c.t, rgb: c.rgb });
        continue;
      }
    }
    if (i < 0) continue;
    list[i].rgb.push(c.rgb);
    list[i].at.push(c.t);
  }
  for (let p = 0; p < 4; p++) upper[p].forEach((s, k) => presences(d, p, s, upper[p][k - 1], kind, header.beamGapMm, lowers[p], crossings));
  crossing(d, crossings, kind, header.beamGapMm);
  d.throat.finish();
}
