// The outbox's mend at boot (src/sync/outbox-mend.ts, docs/sync.md §3) over slot states built by hand:
// which damaged records of the slot in charge it takes whole from the other slot, and every state in which
// it must take nothing (issue 31: the outbox's damage tests reach it, but none looked at what it returns).
// Slot 0 is the slot in charge, slot 1 the copy's source.
import assert from 'node:assert/strict';
import { keptBy, recovered } from '../../../src/sync/outbox-mend.ts';
import type { Entry, EntryStatus, Lost, SlotState } from '../../../src/sync/outbox-items.ts';

const entry = (counter: number, slot: 0 | 1, status: EntryStatus = 'queued'): Entry => ({
  counter,
  kind: 'board',
  status,
  error: null,
  signature: `sig${counter}`,
  at: { slot, start: 100 * counter + slot, length: 10 + counter },
});

const slotState = (o: Partial<SlotState>): SlotState => ({
  generation: 3,
  mark: 0,
  entries: [],
  lost: [],
  latest: null,
  sealed: 60,
  torn: false,
  damaged: false,
  size: 400,
  assigned: null,
  ...o,
});

const lost = (counter: number, status: Lost['status'] = null): Lost => ({ counter, kind: 'board', status });

/** The copy's source: records 1 and 2 to send, 3 acknowledged (not kept), 4 acknowledged and the log's archive. */
const source = () => slotState({ generation: 2, mark: 4, entries: [entry(1, 1), entry(2, 1), entry(3, 1, 'acked'), entry(4, 1, 'acked')], latest: { counter: 4 }, lost: [lost(2)] });

/** The slot in charge, copied from `source()`, record 2 damaged there since (it holds 1 and 4 whole). */
const inCharge = (o: Partial<SlotState> = {}) => slotState({ mark: 4, damaged: true, torn: true, entries: [entry(1, 0), entry(4, 0, 'acked')], lost: [lost(7), lost(2, { status: 'refused', error: '422 board out of order' })], ...o });

describe('outbox mend: a damaged record taken whole from the other slot', () => {
  it('takes the record the other slot keeps, with the status written after the damage, and the other slot\'s bytes for all', () => {
    const m = recovered(inCharge(), source());
    assert.ok(m, 'mended');
    assert.deepEqual(m.entries, [
      { ...entry(1, 0), at: entry(1, 1).at },
      { ...entry(4, 0, 'acked'), at: entry(4, 1).at },
      { ...entry(2, 1), status: 'refused', error: '422 board out of order' },
    ]);
    assert.deepEqual(m.lost, [lost(2, { status: 'refused', error: '422 board out of order' })], 'still reported: what the copy carried, less what was dismissed since (7)');
    assert.deepEqual(m.latest, { counter: 4 });
    assert.equal(m.torn, true, 'to be copied before the next append');
    assert.equal(m.mark, 4);
  });
  it('a damaged record with no status written since keeps the other slot\'s', () => {
    const m = recovered(inCharge({ lost: [lost(2)] }), source());
    assert.deepEqual(m?.entries.at(-1), entry(2, 1));
  });
});

describe('outbox mend: nothing taken', () => {
  it('from a slot in charge that is not damaged', () => assert.equal(recovered(inCharge({ damaged: false }), source()), null));
  it('when every record the other slot keeps is in the slot in charge', () => assert.equal(recovered(inCharge({ entries: [entry(1, 0), entry(2, 0), entry(4, 0, 'acked')] }), source()), null));
  it('when a record was appended since the copy (a higher mark)', () => assert.equal(recovered(inCharge({ mark: 5 }), source()), null));
  it('when the slot in charge holds a record the other slot does not', () =>
    assert.equal(recovered(inCharge({ entries: [entry(1, 0), entry(5, 0)] }), source()), null));
  it('when an archive was appended after the seal (the newest log is only in the slot in charge)', () =>
    assert.equal(recovered(inCharge({ latest: { slot: 0, start: 200, length: 40 } }), source()), null));
  it('an archive before the seal does not stop it', () => assert.notEqual(recovered(inCharge({ latest: { slot: 0, start: 20, length: 30 } }), source()), null));
});

describe('outbox mend: what a copy keeps', () => {
  it('every record not acknowledged', () => {
    assert.equal(keptBy(slotState({}), entry(1, 0)), true);
    assert.equal(keptBy(slotState({}), entry(1, 0, 'refused')), true);
  });
  it('an acknowledged record only as the log\'s archive', () => {
    assert.equal(keptBy(slotState({ latest: { counter: 4 } }), entry(4, 0, 'acked')), true);
    assert.equal(keptBy(slotState({ latest: { counter: 4 } }), entry(3, 0, 'acked')), false);
    assert.equal(keptBy(slotState({ latest: { slot: 0, start: 20, length: 30 } }), entry(3, 0, 'acked')), false);
    assert.equal(keptBy(slotState({ latest: null }), entry(3, 0, 'acked')), false);
  });
});
