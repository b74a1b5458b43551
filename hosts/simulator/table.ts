// The simulated table: the real app (sensing, rules, view, journal) on Node, fed by the virtual
// table's sensors. Time is virtual: it runs with the wall clock while the simulator runs, and jumps
// ahead when asked (settle, replay faster than real time). Each power-up of the app has its own clock
// that starts at zero, as the device's does.
import { TableApp } from '../../src/app/app.ts';
import { formatLog } from '../../src/rules/log.ts';
import type { GameEvent, MatchHeader, Piece } from '../../src/rules/types.ts';
import type { Reading, TraceCall } from '../../src/sensing/types.ts';
import { MemoryStorage } from '../../src/store/memory.ts';
import { Sync } from '../../src/sync/sync.ts';
import type { SyncSettings, TransportPort } from '../../src/sync/ports.ts';
import { FetchTransport, mathRandom, nodeDigest, systemClock } from './sync.ts';
import { CALIBRATION, NOISE, type Noise } from '../../model/table/noise.ts';
import { Physics, type Faults } from './physics.ts';
import { SIM_HARDWARE } from './hardware.ts';

/** The app's timer tick: virtual time moves in steps of this, as the device's timer does. */
export const TICK_US = 20_000;

export interface SimOptions {
  match: MatchHeader;
  noise?: Noise;
  seed?: number;
  /** Results sync: where to and as which table (null: not set up); the transport defaults to fetch. */
  sync?: { settings: SyncSettings | null; transport?: TransportPort; firmware?: string };
}

export class SimTable {
  app!: TableApp;
  /** Virtual time, µs since the simulator started; and when the app last powered up. */
  now = 0;
  private bootAt = 0;
  private readonly storage = new MemoryStorage();
  /** The outbox's own flash area, which outlives power cuts like the journal's. */
  readonly outboxStorage = new MemoryStorage();
  sync: Sync | null = null;
  syncSettings: SyncSettings | null;
  private readonly transport: TransportPort;
  private readonly physics: Physics;
  /** Readings the sensors will report when virtual time reaches them, in time order from `head` on
   *  (an index rather than shift(): a trace of 300k readings must not cost 300k copies of the rest). */
  private queue: Reading[] = [];
  private head = 0;
  /** The whole match log as the table wrote it (the device keeps only the journal). */
  header: MatchHeader;
  events: GameEvent[] = [];
  /** How many of `events` the journal holds: those up to the last one at rest (the app writes flash only
   *  then), which is what a power cut leaves; the rest, a shot in flight, is lost with it. */
  private kept = 0;
  readonly faults: Faults = { stuck: null, noisy: null, noColour: false };
  wifiUp = true;
  private gateFree = [0, 0, 0, 0];
  private nextGlitch = 0;
  frame = new Uint8Array(1024);
  private readonly listeners = new Set<() => void>();
  boots = 0;
  /** The calibration's key: kept across power cuts, as flash is. */
  calibrationKey: string | null = null;
  /** The settings' key: like flash, it outlives a power cut. */
  settingsKey: string | null = null;
  /** Where the striker rests on each strip (null: empty): the strips report it at every power-up, and
   *  the page draws it from here (so a reload or a second tab shows it too). */
  readonly strips: (number | null)[] = [null, null, null, null];
  /** The club page of the local results server the simulator posts to, if it runs one. */
  clubPage: string | null = null;

  constructor(private readonly o: SimOptions) {
    this.header = o.match;
    this.syncSettings = o.sync?.settings ?? null;
    const inner = o.sync?.transport ?? new FetchTransport(() => this.wifiUp);
    // The Wi-Fi fault: every request fails as in a real outage, whatever transport is behind. Each of the
    // port's methods is required and passed on here: one left out would not compile.
    this.transport = {
      post: (request, done) => (this.wifiUp ? inner.post(request, done) : done('Wi-Fi down', null)),
      get: (request, done) => (this.wifiUp ? inner.get(request, done) : done('Wi-Fi down', null)),
      cancel: () => inner.cancel(),
    };
    this.physics = new Physics(o.seed ?? 1, o.noise ?? NOISE.low);
    this.powerUp();
  }

  /** Starts the app (again): it restores the match from the journal, if there is one. */
  private powerUp(): void {
    this.bootAt = this.now;
    this.boots++;
    this.sync = this.o.sync
      ? new Sync({
          storage: this.outboxStorage,
          transport: this.transport,
          digest: nodeDigest,
          random: mathRandom,
          settings: { load: () => this.syncSettings, forget: () => void (this.syncSettings = null) },
          firmware: this.o.sync.firmware ?? 'simulator',
          wallClock: systemClock,
        })
      : null;
    this.app = new TableApp({
      sync: this.sync ?? undefined,
      clock: { now: () => this.now - this.bootAt },
      display: { show: (f) => void this.frame.set(f) },
      storage: this.storage,
      table: { beamGapMm: 10, calibration: CALIBRATION },
      defaultMatch: this.o.match,
      install: {
        hardware: SIM_HARDWARE,
        store: { get: () => this.calibrationKey, set: (text) => void (this.calibrationKey = text) },
      },
      settings: { get: () => this.settingsKey, set: (text) => void (this.settingsKey = text) },
      observer: {
        event: (e) => {
          this.events.push(e);
          if (this.app.atRest) this.kept = this.events.length;
        },
        match: (h) => {
          this.header = h;
          this.events = [];
          this.kept = 0;
        },
        changed: () => this.notify(),
      },
    });
    this.app.setWifi(this.wifiUp ? 'up' : 'down');
    // The strip controllers answer the first poll after power-up, as the device's do.
    this.app.readings(this.strips.map((mm, seat) => ({ t: 0, kind: 'strip' as const, seat, mm })));
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }

  /** Virtual time moves to `t`, a tick (20 ms, as on the device) at a time: the sensors report what is
   *  due, the app's timers fire. After `budget` readings it stops early and answers false, so that a
   *  caller with a long trace can let the server answer others between parts. */
  advanceTo(t: number, budget = Infinity): boolean {
    let delivered = 0;
    while (this.now < t) {
      const step = Math.min(t, this.now + TICK_US);
      if (this.faults.noisy) this.glitches(step);
      while (this.head < this.queue.length && this.queue[this.head].t <= step) {
        if (delivered === budget) return false;
        const r = this.queue[this.head++];
        this.now = Math.max(this.now, r.t);
        if (r.kind === 'strip') this.strips[r.seat] = r.mm; // a trace's striker is drawn too
        this.app.readings([{ ...r, t: r.t - this.bootAt } as Reading]);
        delivered++;
      }
      this.now = step;
      this.app.tick();
    }
    if (this.head > 4096 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return true;
  }

  /** When the last reading now waiting is due (or now, if none is). */
  get lastDue(): number {
    return this.head < this.queue.length ? this.queue[this.queue.length - 1].t : this.now;
  }

  private glitches(until: number): void {
    if (this.nextGlitch === 0) this.nextGlitch = this.now;
    while (this.nextGlitch < until) {
      this.schedule(this.physics.glitch(this.nextGlitch, this.faults.noisy!));
      this.nextGlitch += 250_000; // four glitches a second
    }
  }

  /** Adds readings in time order. A loop, not push(...readings), which overflows the stack at about
   *  200k; readings that come in order (a trace, the physics of one action) need no sort. */
  private schedule(readings: readonly Reading[]): void {
    let ordered = true;
    for (const r of readings) {
      if (this.head < this.queue.length && r.t < this.queue[this.queue.length - 1].t) ordered = false;
      this.queue.push(r);
    }
    if (ordered) return;
    this.queue = this.queue.slice(this.head).sort((a, b) => a.t - b.t); // stable: equal times keep their order
    this.head = 0;
  }

  // --- what a player does at the table ------------------------------------------------------------

  drop(pocket: number, piece: Piece): void {
    const at = Math.max(this.now + 30_000, this.gateFree[pocket]);
    const readings = this.physics.drop(at, pocket, piece, this.faults);
    this.gateFree[pocket] = (readings[readings.length - 1]?.t ?? at) + 5_000;
    this.schedule(readings);
  }

  place(seat: number, mm: number): void {
    this.strips[seat] = mm;
    this.schedule([this.physics.strip(this.now + 1, seat, mm)]);
    this.notify(); // the striker moved: pages show it whether or not the app's state changes
  }

  strike(seat: number): void {
    this.strips[seat] = null;
    this.schedule([this.physics.strip(this.now + 1, seat, null)]);
    this.notify();
  }

  call(c: TraceCall): void {
    this.schedule([{ t: this.now + 1, kind: 'call', call: c }]);
  }

  /** Raw readings at their times (none before the next microsecond). The table takes them over and
   *  may change their `t`: a long trace is not copied again. */
  readings(rs: Reading[]): void {
    for (const r of rs) r.t = Math.max(r.t, this.now + 1);
    this.schedule(rs);
  }

  button(name: 'up' | 'down' | 'select', pressed: boolean): void {
    this.app.button(name, pressed, this.now - this.bootAt);
  }

  /** Everything now moving comes to rest: time jumps past the quiet time that settles a shot. */
  settle(): void {
    this.advanceTo(Math.max(this.now, this.lastDue) + this.app.settings.settleSeconds * 1_000_000 + 1_100_000);
  }

  setStuck(channel: string | null): void {
    if (this.faults.stuck === channel) return;
    if (this.faults.stuck) this.schedule([this.physics.beam(this.now + 1, this.faults.stuck, false)]);
    this.faults.stuck = channel;
    if (channel) this.schedule([this.physics.beam(this.now + 1, channel, true)]);
  }

  setNoisy(channel: string | null): void {
    this.faults.noisy = channel;
    this.nextGlitch = 0;
  }

  setWifi(up: boolean): void {
    this.wifiUp = up;
    if (!up) this.transport.cancel(); // a request in flight fails as in a real outage
    this.app.setWifi(up ? 'up' : 'down');
  }

  /** The power goes: whatever was in flight is lost; the app boots again from its journal. */
  powerCut(): void {
    this.queue = [];
    this.head = 0;
    this.gateFree = [0, 0, 0, 0];
    this.faults.stuck = null;
    this.now += 500_000;
    // The page's event log and /api/log show what the table kept, as the app's own log does: the shot
    // in flight is gone, and the players name its pieces again (LOST SHOT) or play it again.
    this.events.length = this.kept;
    this.powerUp();
    this.notify();
  }

  logText(): string {
    return formatLog(this.header, this.events);
  }
}
