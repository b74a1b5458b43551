// The hand-over's hold (hosts/device/esp32/hold.ts): both rings' readings merged in time order, given out
// up to the time the sampler's ring covers, or after a bounded wait without it.
import assert from 'node:assert/strict';
import { HandOverHold, HOLD_MAX_US } from '../../hosts/device/esp32/hold.ts';
import type { Reading } from '../../src/sensing/types.ts';

const edge = (t: number, blocked: boolean): Reading => ({ t, kind: 'beam', pocket: 2, beam: 0, blocked });
const colour = (t: number): Reading => ({ t, kind: 'colour', pocket: 2, rgb: [0.3, 0.33, 0.37] });
const times = (rs: readonly Reading[]) => rs.map((r) => r.t);

describe('the hand-over holds readings for the colour still to come (esp32/hold.ts)', () => {
  it('gives out the edges and samples of several reads in time order, up to the time the sampler covers', () => {
    const hold = new HandOverHold();
    hold.add([edge(1000, true), edge(9000, false)]);
    hold.add([colour(2200)]);
    assert.deepEqual(times(hold.release(5000, 5100)), [1000, 2200], 'the clear edge waits: a window opened before it is still unread');
    assert.equal(hold.to, 5000, 'and the sensing layer is advanced no further');
    hold.add([colour(8200)]);
    assert.deepEqual(times(hold.release(12_000, 12_000)), [8200, 9000], 'the late sample before the edge it precedes');
    assert.equal(hold.waiting, 0);
  });

  it('gives out a reading stamped at the covered time itself', () => {
    const hold = new HandOverHold();
    hold.add([edge(5000, false)]);
    assert.deepEqual(times(hold.release(5000, 5000)), [5000]);
  });

  it('waits no longer than its bound for a sampler that says nothing more (its window never read): then as before the hold', () => {
    const hold = new HandOverHold();
    hold.add([edge(1000, true), edge(7000, false)]);
    assert.deepEqual(times(hold.release(1200, 8000)), [1000], 'within the bound: held');
    assert.deepEqual(times(hold.release(1200, 7000 + HOLD_MAX_US - 1)), [], 'one µs short of it: held still');
    assert.deepEqual(times(hold.release(1200, 7000 + HOLD_MAX_US)), [7000], 'the bound: given out without the sample');
    assert.equal(hold.to, 7000);
  });

  it('holds nothing back for a sampler that cannot say how far it covers (an older sampler.c)', () => {
    const hold = new HandOverHold();
    hold.add([edge(1000, true), edge(900_000, false)]);
    assert.deepEqual(times(hold.release(Infinity, Infinity)), [1000, 900_000]);
    assert.equal(hold.to, Infinity);
  });
});
