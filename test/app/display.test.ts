// The app's display path: it redraws only what changed and hands the display the changed pages; it
// starts no update while a piece is in a gate or just after a strike, and sends it as soon as the gate
// allows; a display that stopped between pages gets the rest at the next tick.
import assert from 'node:assert/strict';
import { TableApp, type DisplayPort } from '../../src/app/app.ts';
import { GATE_HOLD_US, STRIKE_QUIET_US } from '../../src/app/screen/display-gate.ts';
import { Changes } from '../../src/view/changes.ts';
import { Frame } from '../../src/view/frame.ts';
import { render } from '../../src/view/render.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import { randomMatch } from '../../tools/random-match.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { CALIBRATION, LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { header } from '../../tools/script.ts';
import { ManualClock, MemoryFlash } from '../helpers/table.ts';
import { ms, passage, strip } from '../helpers/readings.ts';

/** A display that keeps only what it is sent: the changed spans (all of it when none are given). */
class PageDisplay implements DisplayPort {
  readonly ram = new Uint8Array(1024);
  shows = 0;
  bytes = 0;
  /** Return false this many times more (a driver that stopped for quiet), sending nothing. */
  refuse = 0;
  private pending: Changes | null = null;
  show(frame: Uint8Array, changed?: Changes): boolean {
    this.shows++;
    if (this.refuse > 0) {
      this.refuse--;
      this.pending ??= new Changes();
      if (changed) this.pending.merge(changed);
      else this.pending.all();
      return false;
    }
    const spans = this.pending ?? changed;
    if (this.pending && changed) this.pending.merge(changed);
    this.pending = null;
    if (!spans) {
      this.ram.set(frame);
      this.bytes += 1024;
      return true;
    }
    for (let p = 0; p < 8; p++) {
      const from = spans.from[p];
      const to = spans.to[p];
      if (from >= to) continue;
      this.ram.set(frame.subarray(p * 128 + from, p * 128 + to), p * 128 + from);
      this.bytes += to - from;
    }
    return true;
  }
}

function table(match: MatchHeader) {
  const clock = new ManualClock();
  const display = new PageDisplay();
  const app = new TableApp({ clock, display, storage: new MemoryFlash(), table: { beamGapMm: 10, calibration: CALIBRATION }, defaultMatch: match });
  const tick = (n = 1) => {
    for (let i = 0; i < n; i++) ((clock.t += 20_000), app.tick());
  };
  return { app, clock, display, tick };
}

const full = (app: TableApp) => render(new Frame(), app.screen()).bytes;

describe('app: the display gets the changed pages, never while a piece passes', () => {
  it('over whole random matches played from readings, the display ends each update as a full render of the screen', () => {
    for (const seed of [3, 8, 21]) {
      const m = randomMatch(seed, { clean: true, maxShots: 60 });
      const g = generateTrace(m.header, m.events, seed, NOISE.medium, LAYOUTS.reference);
      const t = table(m.header);
      let checked = 0;
      for (const r of g.readings) {
        while (t.clock.t + 20_000 < r.t) t.tick();
        t.clock.t = Math.max(t.clock.t, r.t);
        const before = t.display.shows;
        t.app.readings([r]);
        if (t.display.shows !== before) {
          assert.deepEqual(t.display.ram, full(t.app), `seed ${seed}, after the reading at ${r.t}`);
          checked++;
        }
      }
      t.tick(300);
      assert.deepEqual(t.display.ram, full(t.app));
      assert.ok(checked > 20, `seed ${seed}: ${checked} updates compared`);
      assert.ok(t.display.bytes < t.display.shows * 1024 * 0.5, `seed ${seed}: ${t.display.bytes} bytes for ${t.display.shows} updates`);
    }
  });

  it('an update asked for while a beam is blocked is sent when it clears, not before', () => {
    const t = table(header('icf', 'singles'));
    t.tick();
    t.app.readings([{ t: t.clock.t, kind: 'beam', pocket: 1, beam: 0, blocked: true }]);
    const shows = t.display.shows;
    t.app.setWifi('up');
    t.tick(2);
    assert.equal(t.display.shows, shows, 'nothing sent while the piece is in the gate');
    t.clock.t += 1000;
    t.app.readings([{ t: t.clock.t, kind: 'beam', pocket: 1, beam: 0, blocked: false }]);
    assert.equal(t.display.shows, shows + 1, 'sent with the reading that clears the beam');
    assert.deepEqual(t.display.ram, full(t.app));
  });

  it(`within ${STRIKE_QUIET_US / 1000} ms of a strike reading no update starts; it goes at the next tick after`, () => {
    const t = table(header('icf', 'singles'));
    t.app.readings([strip(0, ms(100), 200)]);
    t.clock.t = ms(500);
    t.app.readings([strip(0, t.clock.t, null)]);
    const shows = t.display.shows;
    t.clock.t += 2000;
    t.app.setWifi('up');
    assert.equal(t.display.shows, shows);
    t.tick();
    assert.equal(t.display.shows, shows + 1);
    assert.deepEqual(t.display.ram, full(t.app));
  });

  it('a pocketed piece held behind another blocked gate shows as that gate clears', () => {
    const t = table(header('icf', 'singles'));
    t.app.readings([strip(0, ms(100), 200)]);
    t.clock.t = ms(200);
    t.app.readings([strip(0, ms(200), null)]);
    t.tick(60); // the strike is confirmed 1 s later
    // A white through pocket 2 while a slow piece blocks pocket 3's upper beam.
    const start = t.clock.t + 1000;
    const readings = [...passage(2, start, 1), { t: start + 500, kind: 'beam' as const, pocket: 3, beam: 0 as const, blocked: true }, { t: start + 20_000, kind: 'colour' as const, pocket: 2, rgb: CALIBRATION.white }];
    for (const r of readings.sort((a, b) => a.t - b.t)) ((t.clock.t = Math.max(t.clock.t, r.t)), t.app.readings([r]));
    const line = () => (t.app.screen() as { line: string }).line;
    t.tick(3); // the gate names the piece once its beams are clear
    assert.equal(line(), 'WHITE → P2');
    const shown = t.display.ram.slice();
    assert.notDeepEqual(shown, full(t.app), 'not sent while pocket 3 is blocked');
    assert.ok(t.clock.t < start + 150_000);
    t.clock.t = start + 150_000;
    t.app.readings([{ t: t.clock.t, kind: 'beam', pocket: 3, beam: 0, blocked: false }]);
    assert.deepEqual(t.display.ram, full(t.app), 'sent as it clears');
  });

  it(`a beam blocked for good holds the display ${GATE_HOLD_US / 1000} ms at most`, () => {
    const t = table(header('icf', 'singles'));
    t.tick();
    t.app.readings([{ t: t.clock.t, kind: 'beam', pocket: 0, beam: 1, blocked: true }]);
    const at = t.clock.t;
    t.app.setWifi('up');
    while (t.clock.t - at < GATE_HOLD_US + 20_000 && !t.display.ram.every((b, i) => b === full(t.app)[i])) t.tick();
    assert.deepEqual(t.display.ram, full(t.app));
    assert.ok(t.clock.t - at >= GATE_HOLD_US - 20_000, 'held while a piece could still be passing');
  });

  it('a display that stopped between pages gets the rest at the next tick, with what changed meanwhile', () => {
    const t = table(header('icf', 'singles'));
    t.tick();
    t.display.refuse = 1;
    t.app.setWifi('up');
    assert.notDeepEqual(t.display.ram, full(t.app));
    t.app.setWifi('down');
    t.tick();
    assert.deepEqual(t.display.ram, full(t.app));
  });
});
