// For the tournament day's end-to-end tests: a hall of simulated tables, each the real table app (src/app)
// with its Sync over the simulator's transport (Node's fetch, a Wi-Fi switch), that ask a results server
// for their next match, start it with one press and play it from a script: a quick random match of the
// draw's preset and breaker, turned into sensor readings by the table model, so that the table's sensing,
// rules and outbox make the result as on a real table.
import assert from 'node:assert/strict';
import { FetchTransport, nodeDigest } from '../../../hosts/simulator/sync.ts';
import { generateTrace } from '../../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../../model/table/noise.ts';
import { resultOf } from '../../../server/tournament/attach.ts';
import type { MatchHeader } from '../../../src/rules/types.ts';
import type { Reading } from '../../../src/sensing/types.ts';
import type { Assignment } from '../../../src/sync/assignment.ts';
import { Sync } from '../../../src/sync/sync.ts';
import { randomMatch, rng } from '../../../tools/random-match.ts';
import { header } from '../../../tools/script.ts';
import { MemoryFlash, makeTable, play, press, type TestTable } from '../table.ts';

/** One board to 1 point: a match of a few dozen shots, so that a day of 40 stays quick. */
export const QUICK = Object.freeze({ matchTarget: 1, maxBoards: 1 });

/** The readings of a random match played as `h` says (its preset, options and breaker), from `from` µs.
 * The generator draws its own breaker: the first seed from `seed` on whose breaker is the draw's. */
export function scriptedReadings(h: MatchHeader, seed: number, from: number): Reading[] {
  for (let s = seed; s < seed + 200; s++) {
    const m = randomMatch(s, { rules: h.rules, mode: h.mode, options: h.options, clean: true });
    if (m.header.breaker !== h.breaker) continue;
    const g = generateTrace(m.header, m.events, s, NOISE.low, LAYOUTS.reference);
    return g.readings.map((r) => ({ ...r, t: r.t + from }) as Reading);
  }
  throw new Error(`no random match from seed ${seed} has breaker ${h.breaker}`);
}

export interface HallTable {
  id: string;
  secret: string;
  url: string;
  /** The outbox's flash (the journal's is `t.flash`): both outlive a power cut. */
  outbox: MemoryFlash;
  seed: number;
  /** The simulator's Wi-Fi: false and its posts and questions fail as in an outage. */
  online: boolean;
  sync: Sync;
  t: TestTable;
  /** The result of the last match it played, as its own rules engine counted it. */
  played: { match: number; result: { a: number; b: number } } | null;
}

/** A table set up for `url`'s server, booted with Wi-Fi up. */
export function hallTable(url: string, id: string, secret: string, seed: number): HallTable {
  const table = { id, secret, url, online: true, outbox: new MemoryFlash(), seed, played: null } as HallTable;
  boot(table, new MemoryFlash());
  return table;
}

/** The table's firmware starting on its flash (a new app and sync core, a clock from 0), Wi-Fi up. */
function boot(table: HallTable, journal: MemoryFlash): void {
  const settings = { server: table.url, table: table.id, secret: table.secret };
  table.sync = new Sync({ storage: table.outbox, transport: new FetchTransport(() => table.online), digest: nodeDigest, random: { next: rng(table.seed++) }, settings: { load: () => settings, forget: () => {} }, firmware: 'test 1', wallClock: { iso: () => new Date().toISOString() } });
  table.t = makeTable({ ...header('icf'), players: ['CLEO', 'DEV'] }, journal, undefined, 10, { sync: table.sync });
  table.t.app.setWifi('up');
}

/** The power fails and comes back: the table starts again from what its flash kept. */
export function powerCut(table: HallTable): void {
  boot(table, table.t.flash);
}

/** Wi-Fi lost or back, as the host tells the app. */
export function setOnline(table: HallTable, online: boolean): void {
  table.online = online;
  table.t.app.setWifi(online ? 'up' : 'down');
}

/** Lets `stepUs` of every table's clock pass (their timers tick every 20 ms of it) and the network answer. */
export async function pass(tables: readonly HallTable[], stepUs = 1_000_000): Promise<void> {
  for (const { t } of tables) {
    for (let d = 0; d < stepUs; d += 20_000) {
      t.clock.t += 20_000;
      t.app.tick();
    }
  }
  await new Promise((r) => setTimeout(r, 5));
}

/** Passes time on every table until `done` (checked after each step), failing with `what` after `turns`. */
export async function until(tables: readonly HallTable[], done: () => boolean | Promise<boolean>, what: string, turns = 3000): Promise<void> {
  for (let i = 0; i < turns; i++) {
    await pass(tables);
    if (await done()) return;
  }
  assert.fail(`gave up waiting: ${what}`);
}

/** The offered match started with one press, checked against the draw's names and breaker, and
 * played to its end from the script; its result kept in `played`. `cut`: the power fails once, between
 * two shots half way through, and the table plays on after its reboot. */
export function playOffer(table: HallTable, offer: Assignment, seed: number, cut = false): void {
  press(table.t, 'select');
  const h = table.t.app.header;
  assert.deepEqual([h.rules, h.players, h.breaker], [offer.rules, offer.players.map((p) => p.toUpperCase()), offer.breaker], `${table.id} started the match as drawn`);
  const readings = scriptedReadings(h, seed, table.t.clock.t + 1_000_000);
  if (cut) {
    const at = quietestGap(readings);
    play(table.t, readings.slice(0, at));
    assert.equal(table.t.app.state.match.over, false, `${table.id}: the power fails during the match`);
    const before = JSON.stringify(table.t.app.state);
    powerCut(table);
    assert.equal(JSON.stringify(table.t.app.state), before, `${table.id} restored its match after the power cut`);
    const from = readings[at].t - 1_000_000;
    play(table.t, readings.slice(at).map((r) => ({ ...r, t: r.t - from }) as Reading));
  } else play(table.t, readings);
  assert.equal(table.t.app.state.match.over, true, `${table.id}: the scripted match was played to its end`);
  table.played = { match: offer.match, result: resultOf(table.t.app.state.match) };
}

/** Where the readings of the middle half have their longest pause: between two shots. */
function quietestGap(readings: readonly Reading[]): number {
  let best = Math.floor(readings.length / 4);
  for (let i = best; i < (readings.length * 3) / 4; i++) if (readings[i].t - readings[i - 1].t > readings[best].t - readings[best - 1].t) best = i;
  return best;
}
