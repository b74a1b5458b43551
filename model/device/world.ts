// The device as a discrete-event model: the native side (interrupts, the sampler's task, the chips)
// runs as events in time order; JavaScript is one thread that takes one piece of work at a time, a due
// Timer first, else the oldest message of the queue (the order of the Moddable host's main loop:
// modTimersExecute, then modMessageService), and is busy for the work's XS operations at `opsPerMs`
// plus every µs it waits on a synchronous call (an I²C transfer, a flash write).
//
// A handler runs for real, synchronously; the model reads its operations from a Meter (meter.ts). When the
// handler calls out to the hardware (an I²C transfer, the clock, a file), the model computes the JS
// time of that moment (start + operations so far + time already blocked), first lets the native side
// catch up to it, then charges the call. So an interrupt that comes while a handler runs is seen in
// the right order by everything JavaScript can observe. The native events wait in a heap (events.ts);
// a flash write's calls turn the cache off span by span (cache-off.ts).
import { Bus } from './bus.ts';
import { FIGURES, type Figures } from './figures.ts';
import { Throat } from './throat.ts';
import { CacheOffSpans } from './cache-off.ts';
import { NativeEvents } from './events.ts';
import type { Meter } from './meter.ts';

export interface DeviceOptions {
  /** 'today': capture.c before issue 15 (a refused post is never tried again); 'fixed': interface 1 (a
   * refused post given back and posted again, the re-read), its interrupt held off by flash writes;
   * 'iram': 'fixed' with its interrupt in IRAM, which runs while flash is written (posting after it). */
  capture: 'today' | 'fixed' | 'iram';
  /** 'js': the firmware reads the colour sensors over I²C itself; 'native': the sampler does
   * (interface 2); 'auto': whichever the firmware does (it opens the sampler or not). The model checks
   * that the firmware does what is asked. */
  colour: 'js' | 'native' | 'auto';
  strips: 'js' | 'native' | 'auto';
  /** XS operations per ms (FIGURES.opsPerMs: assumed). */
  opsPerMs: number;
  meter: Meter;
  figures?: Partial<Figures>;
}

interface Work {
  /** When it became ready (a message's post, a timer's due time): latency is measured from here. */
  ready: number;
  what: string;
  run: () => void;
}

export interface JsTimer {
  due: number;
  ms: number;
  repeat: boolean;
  fn: () => void;
}

export interface Stats {
  handlers: number;
  ops: number;
  /** Most messages waiting at once. */
  queueHigh: number;
  /** Posts the queue refused (full). */
  refused: number;
  /** Longest wait from a message's post (or a timer's due time) to its handler's start, µs. */
  worstLatencyUs: number;
  worstLatencyWhat: string;
  /** Longest single handler, µs (operations and blocking), what it was, its operations and its µs blocked. */
  worstHandlerUs: number;
  worstHandler: { what: string; at: number; ops: number; blockedUs: number };
  /** Exceptions that escaped a handler (the host reports them and goes on). */
  errors: string[];
  busyUs: number;
}

export class Device {
  /** Native time, µs since boot (esp_timer_get_time). */
  now = 0;
  readonly f: Figures;
  readonly queue: Work[] = [];
  readonly timers = new Set<JsTimer>();
  readonly stats: Stats = { handlers: 0, ops: 0, queueHigh: 0, refused: 0, worstLatencyUs: 0, worstLatencyWhat: '', worstHandlerUs: 0, worstHandler: { what: '', at: 0, ops: 0, blockedUs: 0 }, errors: [], busyUs: 0 };
  /** A test's hook: true refuses this post as a full queue would (besides a really full queue). */
  refusePost: ((poster: string, t: number) => boolean) | null = null;
  /** JavaScript is busy until then. */
  private jsFreeAt = 0;
  private ctx: { start: number; blocked: number } | null = null;
  private readonly events = new NativeEvents();
  private readonly held = new Set<number>();
  /** GPIO levels and the interrupt handler of each pin (capture channels, buttons). */
  readonly levels = new Map<number, number>();
  readonly isr = new Map<number, () => void>();
  /** The pins whose interrupt is in IRAM: it runs during a flash write (capture 'iram'). */
  readonly iramIsr = new Set<number>();
  /** The GPIO interrupt service, one per system, and whether its handlers run from IRAM: whoever
   * installs it first decides (gpio_install_isr_service's flags); null until then. */
  gpioService: 'flash' | 'iram' | null = null;

  readonly throat: Throat;
  readonly bus: Bus;
  readonly pinsInUse = new Set<number>();
  /** I²C addresses open (the SDK refuses a second device at one address). */
  readonly i2cOpen = new Set<number>();
  /** NVS entries written so far (a page erase every nvsEntriesPerPage). */
  nvsEntries = 0;
  /** The native sampler, once the firmware opens one (interface 2): the capture interrupt gives it each edge. */
  sampler: { edge(pocket: number, beam: number, level: number): void; hang(): void; readonly lateReads: number } | null = null;
  /** The capture driver, once the firmware opens it. */
  capture: { readonly ring: { lost: number; count(): number }; refused: number } | null = null;
  /** littlefs: whole files by path; Preference: values by "domain.key". */
  readonly files = new Map<string, Uint8Array>();
  readonly preference = new Map<string, unknown>();
  /** Flash operations and the µs interrupts were held off for them. */
  readonly flash = { writes: 0, erases: 0, heldUs: 0 };
  /** When interrupts were held off: each flash call's span (cache-off.ts). */
  private readonly cacheOff = new CacheOffSpans();
  /** When interrupts were held off, each flash operation's [from, to] (µs). */
  get flashSpans(): readonly { from: number; to: number }[] {
    return this.cacheOff.spans;
  }
  /** A test's hook: the interrupt of this edge is lost (ESP32 edge interrupts drop edges). */
  loseInterrupt: ((pin: number, t: number) => boolean) | null = null;

  constructor(readonly o: DeviceOptions) {
    this.f = Object.freeze({ ...FIGURES, ...o.figures });
    this.throat = new Throat(this.f);
    this.bus = new Bus(this.f, this.throat);
  }

  /**
   * A flash operation from JavaScript at `t`: ESP-IDF's flash calls it makes, back to back, `calls` their
   * µs each. Each call turns the cache off for its own span (esp_flash_api.c: start() before each sector
   * erase and each write, end() after), so interrupts not in IRAM, native tasks and timers are held off
   * within a span and run at its end, before the next call; the caller waits for them all.
   */
  holdFlash(t: number, calls: readonly number[]): void {
    const at = this.cacheOff.add(t, calls);
    this.flash.heldUs += at - t;
    this.block(at - t);
  }

  /** When the cache-off span holding time `t` ends, or `t` when the cache is on then (cache-off.ts). */
  holdEnd(t = this.now): number {
    return this.cacheOff.endOf(t);
  }

  // --- native side ------------------------------------------------------------------------------

  /** A native event at `t` (never before now). */
  at(t: number, fn: () => void): void {
    this.events.push(Math.max(t, this.now), fn);
  }

  /** Runs the native events up to `t` (JavaScript does not run meanwhile). */
  private advance(t: number): void {
    while (this.events.nextAt() <= t) {
      const e = this.events.pop();
      this.now = Math.max(this.now, e.t);
      e.fn();
    }
    this.now = Math.max(this.now, t);
  }

  /** A pin changes level at `t`: its interrupt runs then, or when a flash write lets it. */
  gpio(t: number, pin: number, level: number): void {
    this.at(t, () => {
      this.levels.set(pin, level);
      if (!this.isr.has(pin)) return;
      if (this.loseInterrupt?.(pin, this.now)) return;
      const end = this.holdEnd();
      if (end > this.now && !this.iramIsr.has(pin)) {
        // The GPIO's interrupt status latches once; the ISR runs when interrupts come back, and reads
        // the level then (several edges during the hold are one interrupt).
        if (this.held.size === 0) this.at(end, () => this.releaseHeld());
        this.held.add(pin);
        return;
      }
      this.isr.get(pin)!();
    });
  }

  private releaseHeld(): void {
    const end = this.holdEnd();
    if (end > this.now) return void this.at(end, () => this.releaseHeld());
    const pins = [...this.held];
    this.held.clear();
    for (const p of pins) this.isr.get(p)?.();
  }

  /** modMessagePostToMachineFromISR: 0, or -1 when the queue is full. */
  post(poster: string, deliver: () => void): number {
    if (this.queue.length >= this.f.queueSlots || this.refusePost?.(poster, this.now)) {
      this.stats.refused++;
      return -1;
    }
    this.queue.push({ ready: this.now, what: poster, run: deliver });
    if (this.queue.length > this.stats.queueHigh) this.stats.queueHigh = this.queue.length;
    return 0;
  }

  // --- JavaScript -------------------------------------------------------------------------------

  get inHandler(): boolean {
    return this.ctx !== null;
  }

  private usOf(ops: number): number {
    return (ops * 1000) / this.o.opsPerMs;
  }

  /** A synchronous call out of JavaScript: `fn` gets the JS time of the call, after the native side
   * has caught up to it; it may block the caller (block). Outside a handler (boot), time is now. */
  callOut<T>(fn: (t: number) => T): T {
    const ctx = this.ctx;
    if (!ctx) return fn(this.now);
    // A call out within a call out (a fake module using another): the same moment, still off the meter.
    if (this.outAt !== null) return fn(this.outAt + ctx.blocked - this.outBlocked);
    const ops = this.o.meter.pause();
    try {
      const t = ctx.start + this.usOf(ops) + ctx.blocked;
      this.advance(t);
      this.outAt = t;
      this.outBlocked = ctx.blocked;
      return fn(t);
    } finally {
      this.outAt = null;
      this.o.meter.resume(ops);
    }
  }
  private outAt: number | null = null;
  private outBlocked = 0;

  /** The JavaScript caller waits `us` (inside callOut). */
  block(us: number): void {
    if (this.ctx) this.ctx.blocked += us;
    else this.now += us;
  }

  /** The JS clock (Time.microseconds). */
  jsNow(): number {
    return this.callOut((t) => t);
  }

  timer(fn: () => void, ms: number, repeat: boolean): JsTimer {
    const t: JsTimer = { due: this.jsNow() + ms * 1000, ms, repeat, fn };
    this.timers.add(t);
    return t;
  }

  private dueTimer(): JsTimer | null {
    let next: JsTimer | null = null;
    for (const t of this.timers) if (!next || t.due < next.due) next = t;
    return next;
  }

  /** When JavaScript takes its next piece of work (Infinity: nothing to do). */
  private nextJs(): number {
    const timer = this.dueTimer();
    const ready = Math.min(this.queue.length > 0 ? this.queue[0].ready : Infinity, timer ? timer.due : Infinity);
    return ready === Infinity ? Infinity : Math.max(ready, this.jsFreeAt);
  }

  private runJs(start: number): void {
    this.now = Math.max(this.now, start);
    const timer = this.dueTimer();
    let work: Work;
    if (timer && timer.due <= start) {
      // A repeating timer is due again an interval after it fired (a late one does not fire twice).
      const due = timer.due;
      if (timer.repeat) timer.due = start + timer.ms * 1000;
      else this.timers.delete(timer);
      work = { ready: due, what: 'timer', run: timer.fn };
    } else work = this.queue.shift()!;
    this.handler(work.what, work.run, start, work.ready);
  }

  /** Runs `fn` as one JavaScript handler starting at `start`. */
  handler(what: string, fn: () => void, start = Math.max(this.now, this.jsFreeAt), ready = start): void {
    const latency = start - ready;
    if (latency > this.stats.worstLatencyUs) ((this.stats.worstLatencyUs = latency), (this.stats.worstLatencyWhat = what));
    this.ctx = { start, blocked: 0 };
    this.o.meter.start();
    try {
      fn();
    } catch (e) {
      if (this.stats.errors.length < 20) this.stats.errors.push(`${what}: ${e}`);
    }
    const ops = this.o.meter.pause();
    const us = this.usOf(ops) + this.ctx.blocked;
    this.jsFreeAt = start + us;
    this.stats.handlers++;
    this.stats.ops += ops;
    this.stats.busyUs += us;
    this.ctx = null;
    if (us > this.stats.worstHandlerUs) ((this.stats.worstHandlerUs = us), (this.stats.worstHandler = { what, at: start, ops, blockedUs: us - this.usOf(ops) }));
  }

  /** Runs everything up to `t`. */
  runUntil(t: number): void {
    for (;;) {
      const tn = this.events.nextAt();
      const tj = this.nextJs();
      if (Math.min(tn, tj) > t) break;
      if (tn <= tj) {
        const e = this.events.pop();
        this.now = Math.max(this.now, e.t);
        e.fn();
      } else this.runJs(tj);
    }
    this.now = Math.max(this.now, t);
  }

  /** When JavaScript is next free (for a test that needs it). */
  get freeAt(): number {
    return this.jsFreeAt;
  }
}

/** The one device the fake SDK modules talk to (set by run.ts before the firmware starts). */
export const current: { device: Device | null } = { device: null };

export function device(): Device {
  if (!current.device) throw new Error('device model: no device (run.ts sets one up)');
  return current.device;
}
