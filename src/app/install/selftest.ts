// The self-test: every sensor live (each beam's level and last pulse, the last colour reading, each
// strip's position, the buttons) and the installation faults, each named by its part and pin from the
// hardware description the host gives (hosts/device from the board's pins, the simulator its own).
// Pure: `now` comes from the caller.

import { say, type Language } from '../../i18n/index.ts';
import type { HealthFact, Reading, Rgb } from '../../sensing/types.ts';

/** One part of the table's hardware: the channel it serves (the trace channels of docs/formats.md, "display", "up"…). */
export interface HardwarePart {
  channel: string;
  /** What it is, short enough for the display: "IR RX P1 UPPER". */
  part: string;
  /** Where it is wired: "GPIO36", "I2C 0x29 VIA 0x70 CH1". */
  pin: string;
}

export type Fact = 'neverClears' | 'neverBlocks' | 'flickers' | 'colourSilent' | 'stripSilent' | 'displayMissing';

export interface Fault {
  channel: string;
  fact: Fact;
  /** The part and its pin, each on its own display line ("IR RX P1 UPPER", "GPIO36": the board's own
   * names, not translated); null when the host described no such part. */
  where: { part: string; pin: string } | null;
  /** The whole message, in English, for the debug log. */
  message: string;
}

/** Each fact's words for the debug log; the display says it in the table's language (the message id is the fact). */
const LOG: Readonly<Record<Fact, (ch: string) => string>> = Object.freeze({
  neverClears: (ch: string) => `beam ${ch} never clears (misaligned or blocked)`,
  neverBlocks: (ch: string) => `beam ${ch} saw none of the pieces the upper beam saw fall (receiver lit for good or a wire off)`,
  flickers: (ch: string) => `beam ${ch} flickers (loose wire or stray light)`,
  colourSilent: (ch: string) => `colour sensor ${ch} does not answer`,
  stripSilent: (ch: string) => `strip ${ch} reports nothing`,
  displayMissing: () => 'display does not answer',
});

/** A fault with its part and pin named (or "not described" if the host gave no such part). */
export function fault(channel: string, fact: Fact, hardware: readonly HardwarePart[]): Fault {
  const part = hardware.find((h) => h.channel === channel);
  const long = LOG[fact](channel);
  const where = part ? { part: part.part, pin: part.pin } : null;
  const message = part ? `${long}: ${part.part}, ${part.pin}` : `${long}: no part described for ${channel}`;
  return { channel, fact, where, message };
}

/** A fault's display lines in `lang`: what ("P1.A NEVER CLEARS") and, indented, its part and its pin on
 * a line each (together they can be twice as long as a row: "TCS34725 P2 AT 0x29", "GPIO21/22 0x70:2"). */
export function faultText(f: Fault, lang: Language = 'en'): readonly string[] {
  const what = say(lang, f.fact, f.channel.toUpperCase());
  return f.where ? [what, ` ${f.where.part}`, ` ${f.where.pin}`] : [what, ` ${say(lang, 'partNotDescribed')}`];
}

/** A colour reading this long after the upper beam blocked: the sensor answered. */
const COLOUR_WAIT_US = 200_000;
const FLICKER_SHOWN_US = 10_000_000;
/** A clear shorter than this inside a pulse is ringing (the sensing layer's minGapUs). */
const RINGING_US = 250;

/** The sensors' latest state, kept from every reading (fixed arrays: no allocation per reading). */
export class SensorWatch {
  readonly blocked = [false, false, false, false, false, false, false, false];
  /** When the beam's level last changed (ringing aside); -1 never. */
  readonly since = [-1, -1, -1, -1, -1, -1, -1, -1];
  private readonly pulseStart = [-1, -1, -1, -1, -1, -1, -1, -1];
  /** The last blocked pulse of each beam, µs; -1 none yet. */
  readonly pulseUs = [-1, -1, -1, -1, -1, -1, -1, -1];
  /** How many times each beam cleared after a block: a beam that did can see pieces (beam-health.ts). */
  readonly pulses = [0, 0, 0, 0, 0, 0, 0, 0];
  readonly colour: (Rgb | null)[] = [null, null, null, null];
  /** When each pocket's upper beam last blocked, and its colour sensor last answered. */
  readonly asked = [-1, -1, -1, -1];
  readonly answered = [-1, -1, -1, -1];
  /** Striker position on each strip; undefined: never reported. */
  readonly strip: (number | null | undefined)[] = [undefined, undefined, undefined, undefined];
  readonly buttons = { up: false, down: false, select: false };

  note(r: Reading): void {
    if (r.kind === 'beam') {
      const i = r.pocket * 2 + r.beam;
      if (r.blocked === this.blocked[i]) return;
      this.blocked[i] = r.blocked;
      if (!r.blocked) {
        if (this.pulseStart[i] >= 0) {
          this.pulseUs[i] = r.t - this.pulseStart[i];
          this.pulses[i]++;
        }
        this.since[i] = r.t;
      } else if (this.pulseStart[i] >= 0 && r.t - this.since[i] < RINGING_US) {
        this.since[i] = this.pulseStart[i]; // ringing: clear for microseconds, the same pulse goes on
      } else {
        this.since[i] = this.pulseStart[i] = r.t;
        if (r.beam === 0) this.asked[r.pocket] = r.t;
      }
    } else if (r.kind === 'colour') {
      this.colour[r.pocket] = r.rgb;
      this.answered[r.pocket] = r.t;
    } else if (r.kind === 'strip') this.strip[r.seat] = r.mm;
  }

  present(now: number): Reading[] {
    return presentReadings(this, now);
  }
}

/** The sensors' present state as readings, in time order: the beams blocked (since when), then each strip at `now`. */
export function presentReadings(w: SensorWatch, now: number): Reading[] {
  const out: Reading[] = [];
  for (let i = 0; i < 8; i++) if (w.blocked[i]) out.push({ t: w.since[i], kind: 'beam', pocket: i >> 1, beam: (i & 1) as 0 | 1, blocked: true });
  out.sort((a, b) => a.t - b.t);
  w.strip.forEach((mm, seat) => {
    if (mm !== undefined) out.push({ t: now, kind: 'strip', seat, mm });
  });
  return out;
}

export interface FaultInputs {
  watch: SensorWatch;
  health: readonly HealthFact[];
  /** Parts the host found silent at start, by channel ("display", "p2.c", "s1"). */
  hostFaults: readonly string[];
  hardware: readonly HardwarePart[];
  now: number;
  stuckUs: number;
  /** Seats whose strips the table has (all four on the reference table). */
  seats: readonly number[];
  /** How long the table has been up: a strip that never reported by then is silent. */
  upUs: number;
}

/** Every fault now, each once: live states first, then the health facts not since cured. */
export function faultsNow(x: FaultInputs): Fault[] {
  const found = new Map<string, Fact>();
  const w = x.watch;
  for (const ch of x.hostFaults) {
    const fact = ch === 'display' ? 'displayMissing' : /^p\d\.c$/.test(ch) ? 'colourSilent' : /^s\d$/.test(ch) ? 'stripSilent' : null;
    if (fact) found.set(ch, fact);
  }
  for (let i = 0; i < 8; i++) {
    if (w.blocked[i] && x.now - w.since[i] >= x.stuckUs) found.set(`p${i >> 1}.${i & 1 ? 'b' : 'a'}`, 'neverClears');
  }
  for (let p = 0; p < 4; p++) {
    // A piece passed the upper beam (not a beam held blocked) and no colour reading came for it.
    const passed = !w.blocked[2 * p] && w.pulseUs[2 * p] < x.stuckUs;
    if (passed && w.asked[p] > w.answered[p] && x.now - w.asked[p] > COLOUR_WAIT_US) found.set(`p${p}.c`, 'colourSilent');
  }
  for (const seat of x.seats) if (w.strip[seat] === undefined && x.upUs > 2_000_000) found.set(`s${seat}`, 'stripSilent');
  for (const h of x.health) {
    if (found.has(h.channel)) continue;
    if (h.fact === 'stuck' && !cured(x.health, h, w)) found.set(h.channel, 'neverClears');
    // A blind lower beam is cured once it blocks again (a piece passed through it).
    if (h.fact === 'blind' && !blockedSince(h, w)) found.set(h.channel, 'neverBlocks');
    if (h.fact === 'flapping' && x.now - h.t < FLICKER_SHOWN_US) found.set(h.channel, 'flickers');
    if (h.fact === 'colourSilent' && w.answered[Number(h.channel[1])] < h.t) found.set(h.channel, 'colourSilent');
    if (h.fact === 'stripSilent' && w.strip[Number(h.channel[1])] === undefined) found.set(h.channel, 'stripSilent');
  }
  return [...found].map(([ch, fact]) => fault(ch, fact, x.hardware));
}

function blockedSince(h: HealthFact, w: SensorWatch): boolean {
  const i = Number(h.channel[1]) * 2 + (h.channel[3] === 'b' ? 1 : 0);
  return w.blocked[i] || w.since[i] > h.t;
}

function cured(health: readonly HealthFact[], h: HealthFact, w: SensorWatch): boolean {
  const i = Number(h.channel[1]) * 2 + (h.channel[3] === 'b' ? 1 : 0);
  return health.some((u) => u.fact === 'unstuck' && u.channel === h.channel && u.t >= h.t) || (!w.blocked[i] && w.since[i] >= h.t);
}

const pad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const pct = (x: number) => pad(String(Math.min(99, Math.round(x * 100))), 2);

function pulseText(us: number): string {
  if (us < 0) return '  -';
  const ms = us / 1000;
  return pad(ms < 10 ? ms.toFixed(1) : ms < 1000 ? String(Math.round(ms)) : '>1S', 3);
}

/** The self-test's lines in `lang`: the health summary and each fault (part and pin), then every sensor. */
/** The self-test's lines. `hardware` is the board's parts: on a board whose beams are described, lower
 * beams or colour sensors it has none of (a one-beam table, one without colour) are not shown; with no
 * beams described, every sensor is. */
export function selfTestLines(w: SensorWatch, faults: readonly Fault[], lang: Language = 'en', hardware: readonly HardwarePart[] = []): string[] {
  const described = hardware.some((h) => h.channel.endsWith('.a'));
  const lower = !described || hardware.some((h) => h.channel.endsWith('.b'));
  const colours = !described || hardware.some((h) => h.channel.endsWith('.c'));
  const n = faults.length;
  const lines = [n === 0 ? say(lang, 'healthOk') : say(lang, n > 1 ? 'healthFaults' : 'healthFault', n)];
  for (const f of faults) lines.push(...faultText(f, lang));
  const level = (i: number) => (w.blocked[i] ? '●' : '○');
  for (let p = 0; p < 4; p++) {
    const c = w.colour[p];
    const rgb = c ? `${pct(c[0])} ${pct(c[1])} ${pct(c[2])}` : '-- -- --';
    const b = lower ? ` B${level(2 * p + 1)} ${pulseText(w.pulseUs[2 * p + 1])}` : '';
    lines.push(`P${p} A${level(2 * p)} ${pulseText(w.pulseUs[2 * p])}${b}`);
    if (colours) lines.push(`   ${say(lang, 'colourIs', rgb)}`);
  }
  const mm = (v: number | null | undefined) => (v === undefined ? '?' : v === null ? '-' : String(Math.round(v)));
  lines.push(say(lang, 'stripsIs', w.strip.map(mm).join(' ')));
  const keys = w.buttons;
  const key = (down: boolean) => (down ? '●' : '○');
  lines.push(say(lang, 'keysIs', key(keys.up), key(keys.down), key(keys.select)));
  return lines;
}
