// Baseline strips and shot boundaries: placed, repositioned, struck; settled by quiet time, by the next
// placement, or at the end of the trace; late drops; calls from the buttons.
import assert from 'node:assert/strict';
import { Sensing } from '../../src/sensing/sensing.ts';
import type { HealthFact, Reading } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { colourOf, ms, passage, sense, strip } from '../helpers/readings.ts';

const call = (t: number, v: object): Reading => ({ t, kind: 'call', call: v as never });

describe('sensing: strips and shots', () => {
  it('a strike is the strip emptying for at least 1 s, dated when it emptied, with its seat', () => {
    const run = sense([strip(2, ms(100), 250), strip(2, ms(300), 251.5), strip(2, ms(2000), null)], {}, ms(3500));
    assert.deepEqual(run.events, [{ e: 'strike', seat: 2, t: 2000 }, { e: 'settle', t: 3500 }]);
  });

  it('a striker lifted and put back within 1 s was repositioned, not struck (a dropout too)', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), strip(0, ms(1600), 320), strip(0, ms(2000), null), strip(0, ms(2050), 320)], {}, ms(9000));
    assert.deepEqual(run.events, []);
  });

  it('put back on another strip within 1 s: still a repositioning', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), strip(1, ms(1800), 300)], {}, ms(9000));
    assert.deepEqual(run.events, []);
  });

  it('settles after 3 s with no gate activity, counted from when the gate was clear after the last piece', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), ...passage(1, ms(1200), 1), colourOf(1, ms(1210), 'white'), strip(2, ms(9000), 100)]);
    assert.deepEqual(run.events, [
      { e: 'strike', seat: 0, t: 1000 },
      { e: 'pocket', piece: 'white', pocket: 1, t: 1200 },
      { e: 'settle', t: 4243 }, // the lower beam clears 43.3 ms after the upper one was blocked
    ]);
  });

  it('the quiet time is configurable', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), strip(2, ms(9000), 100)], { settleQuietUs: 5_000_000 });
    assert.deepEqual(run.events.map((e) => [e.e, e.t]), [['strike', 1000], ['settle', 6000]]);
  });

  it('settles at the next placement of the striker, if that comes first', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), ...passage(1, ms(1100), 2), colourOf(1, ms(1105), 'black'), strip(2, ms(2500), 100)]);
    assert.deepEqual(run.events.map((e) => [e.e, e.t]), [['strike', 1000], ['pocket', 1100], ['settle', 2500]]);
  });

  it('a piece that drops after the settle and before the next strike is a late drop', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), strip(2, ms(2500), 100), ...passage(3, ms(3000), 0.2), colourOf(3, ms(3050), 'white'), strip(2, ms(5000), null)], {}, ms(7000));
    assert.deepEqual(run.events.map((e) => [e.e, e.t]), [['strike', 1000], ['settle', 2500], ['pocket', 3000], ['strike', 5000], ['settle', 7000]]);
  });

  it('pieces that fall before the strike is known are put after it, in time order', () => {
    // The strike is confirmed 1 s later; the piece, 40 ms after the strike, is known at once.
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), ...passage(0, ms(1040), 5), colourOf(0, ms(1041), 'queen')], {}, ms(6000));
    assert.deepEqual(run.events.map((e) => e.e), ['strike', 'pocket', 'settle']);
    assert.deepEqual(run.provisional.map((p) => p.piece), ['queen'], 'shown at once');
  });

  it('a shot still open at the end of the trace settles there', () => {
    const run = sense([strip(0, ms(100), 200), strip(0, ms(1000), null), ...passage(1, ms(1100), 1)], { calibration: null }, ms(2500));
    assert.deepEqual(run.events.map((e) => [e.e, e.t]), [['strike', 1000], ['pocket', 1100], ['settle', 2500]]);
  });

  it('a strip emptied less than 1 s before the end is no strike', () => {
    assert.deepEqual(sense([strip(0, ms(100), 200), strip(0, ms(1000), null)], {}, ms(1500)).events, []);
  });

  it('calls pass through as match log events, undo and identify as their own events', () => {
    const run = sense([
      strip(0, ms(100), 200),
      strip(0, ms(1000), null),
      call(ms(1500), { call: 'foul', kind: 'touch' }),
      call(ms(1600), { call: 'offboard', piece: 'black' }),
      strip(2, ms(3000), 100),
      call(ms(3100), { call: 'identify', piece: 'white', pocket: 2 }),
      call(ms(3200), { call: 'undo' }),
      call(ms(3300), { call: 'colour', colour: 'black' }),
    ]);
    assert.deepEqual(run.events, [
      { e: 'strike', seat: 0, t: 1000 },
      { e: 'call', call: 'foul', kind: 'touch', t: 1500 },
      { e: 'call', call: 'offboard', piece: 'black', t: 1600 },
      { e: 'settle', t: 3000 },
      { e: 'identify', piece: 'white', pocket: 2, t: 3100 },
      { e: 'undo', t: 3200 },
      { e: 'call', call: 'colour', colour: 'black', t: 3300 },
    ]);
  });

  it('a strip of a seat in play that never says anything is reported silent', () => {
    const readings: Reading[] = [];
    for (let i = 0; i < 5; i++) readings.push(strip(0, ms(100 + i * 5000), 200), strip(0, ms(1000 + i * 5000), null));
    const run = sense(readings, {}, ms(30_000));
    assert.equal(run.events.filter((e) => e.e === 'strike').length, 5);
    assert.deepEqual(run.health.map((h) => [h.fact, h.channel]), [['stripSilent', 's2']]);
  });

  it('told whose turn it is, says a strip silent only after strikes came from elsewhere while its seat was on turn, and heard when it speaks', () => {
    const health: HealthFact[] = [];
    const s = new Sensing({ beamGapMm: 10, calibration: CALIBRATION }, { event: () => {}, health: (h) => void health.push(h) }, { mode: 'singles' });
    const facts = (): string[][] => health.map((h) => [h.fact, h.channel]);
    const strikeFrom0 = (i: number, turnSeat: number) => {
      s.turnAt(turnSeat);
      s.reading(strip(0, ms(100 + i * 5000), 200));
      s.reading(strip(0, ms(1000 + i * 5000), null));
      s.advance(ms(4000 + i * 5000));
    };
    // Asha pockets on and on: seat 2 was never on turn, so its strip had no reason to speak.
    for (let i = 0; i < 5; i++) strikeFrom0(i, 0);
    assert.deepEqual(facts(), []);
    // Ben on turn, and the strike comes from seat 0 twice: his strip says nothing when it should.
    strikeFrom0(5, 2);
    assert.deepEqual(facts(), [], 'once may be a player at the wrong baseline');
    strikeFrom0(6, 2);
    assert.deepEqual(facts(), [['stripSilent', 's2']]);
    s.reading(strip(2, ms(40_000), 300));
    assert.deepEqual(facts(), [['stripSilent', 's2'], ['heard', 's2']]);
  });

  it('times in the log are the trace microseconds divided by 1000, rounded down', () => {
    const run = sense([strip(1, 999, 200), strip(1, 1_999_999, null)], {}, 5_000_000);
    assert.deepEqual(run.events[0], { e: 'strike', seat: 1, t: 1999 });
  });
});
