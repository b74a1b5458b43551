// A simulated table (hosts/simulator: the real app, sensing, journal, outbox and sync) posting to the
// real results server over HTTP on loopback, with a power switch: the power can go in the middle of the
// n-th outbox write (half its bytes land), or just as the n-th post leaves; after that nothing is
// written or answered until the table boots again from its flash.
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { MemoryStorage } from '../../src/store/memory.ts';
import type { SyncSettings, TransportPort } from '../../src/sync/ports.ts';
import { FetchTransport } from '../../hosts/simulator/sync.ts';
import { SimTable } from '../../hosts/simulator/table.ts';
import { sleep } from './helpers.ts';

export interface Cut {
  /** Tear the n-th write to the outbox's flash (1-based), or cut just as the n-th post leaves. */
  outboxWrite?: number;
  post?: number;
}

export class Rig {
  readonly sim: SimTable;
  /** Every answer the table received to a record, as status codes (null: no answer). */
  readonly answers: (number | null)[] = [];
  power = true;
  cuts = 0;
  private generation = 0;
  private outboxWrites = 0;
  private posts = 0;

  constructor(match: MatchHeader, settings: SyncSettings, private readonly cut: Cut = {}) {
    const http = new FetchTransport(() => true, 5000);
    const transport: TransportPort = {
      post: (req, done) => {
        if (!this.power) return; // no power: nothing leaves, and the core gives up on it
        const generation = this.generation;
        // The records' posts are counted and their answers kept; the shot messages (docs/sync.md §7) only pass.
        const record = req.url.endsWith('/api/v1/records');
        http.post(req, (error, answer) => {
          if (generation !== this.generation) return; // the answer to a table that has lost power since
          if (record) this.answers.push(answer?.status ?? null);
          done(error, answer);
        });
        if (record && ++this.posts === this.cut.post) this.powerOff();
      },
      get: (req, done) => {
        if (!this.power) return; // as post: nothing leaves without power
        http.get(req, done);
      },
      cancel: () => http.cancel(),
    };
    this.sim = new SimTable({ match, seed: 2, sync: { settings, transport, firmware: 'e2e 1' } });
    const s = this.sim as unknown as { storage: MemoryStorage; outboxStorage: MemoryStorage };
    this.wire(s.storage, false);
    this.wire(s.outboxStorage, true);
  }

  private powerOff(): void {
    this.power = false;
    this.generation++;
  }

  /** Writes go nowhere once the power is off; the chosen outbox write lands half. */
  private wire(flash: MemoryStorage, outbox: boolean): void {
    const append = flash.append.bind(flash);
    const erase = flash.erase.bind(flash);
    const cutsNow = () => outbox && ++this.outboxWrites === this.cut.outboxWrite;
    flash.append = (slot, bytes) => {
      if (!this.power) return;
      if (cutsNow()) {
        append(slot, bytes.subarray(0, bytes.length >> 1));
        return this.powerOff();
      }
      append(slot, bytes);
    };
    flash.erase = (slot) => {
      if (!this.power) return;
      if (cutsNow()) return this.powerOff();
      erase(slot);
    };
  }

  /** If the power went, the table boots again from its flash. */
  private rebootIfCut(): void {
    if (this.power) return;
    this.power = true;
    this.cuts++;
    this.sim.powerCut();
  }

  advanceTo(t: number): void {
    this.sim.advanceTo(t);
    this.rebootIfCut();
  }

  get done(): boolean {
    const v = this.sim.sync!.view();
    return v.queued === 0 && !v.sending;
  }

  /** At rest: virtual time runs (half a second a step) while real time lets the server answer. */
  async pump(until = () => this.done, steps = 800): Promise<boolean> {
    for (let i = 0; i < steps && !until(); i++) {
      this.advanceTo(this.sim.now + 500_000);
      await sleep(4);
    }
    return until();
  }

  /** Plays the readings as a table sees them; at rest before each placement (after a settle) `atRest`
   * runs (by default the table sends what it has). Returns when the match is played and all is sent. */
  async play(readings: readonly Reading[], atRest: (rig: Rig) => Promise<unknown> = (r) => r.pump()): Promise<void> {
    let shift = 0;
    let seen = 0;
    for (const r0 of readings) {
      this.advanceTo(Math.max(this.sim.now, r0.t + shift - 1));
      const settled = this.sim.events.slice(seen).some((e) => e.e === 'settle');
      if (settled && r0.kind === 'strip' && r0.mm !== null && this.sim.app.atRest) {
        seen = this.sim.events.length;
        await atRest(this);
      }
      // Whatever time went by at rest (a pump, a reboot) delays the rest of the match.
      if (r0.t + shift <= this.sim.now) shift = this.sim.now + 1 - r0.t;
      this.sim.readings([{ ...r0, t: r0.t + shift } as Reading]);
      this.advanceTo(r0.t + shift);
    }
    this.advanceTo(this.sim.now + 10_000_000);
    await this.pump();
  }
}
