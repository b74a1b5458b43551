// The test of a log beginning with another, which decides what a record's match is and whether a replay
// goes on from the table's last log: the same answers as String.prototype.startsWith.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { beginsWith } from '../../../server/records/begins.ts';

describe('telling whether one log begins with another', () => {
  it('answers as startsWith does, for any two texts and for a text and its own starts', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => beginsWith(a, b) === a.startsWith(b)));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.nat(), (a, n) => beginsWith(a, a.slice(0, n % (a.length + 1)))));
  });

  it('a log differing only in its last character, or one character longer, does not begin it', () => {
    const log = '{"e":"strike","t":1}\n'.repeat(1500);
    assert.equal(beginsWith(log, log), true);
    assert.equal(beginsWith(log, `${log.slice(0, -2)}X\n`), false);
    assert.equal(beginsWith(log, `${log}x`), false);
    assert.equal(beginsWith(log, ''), true);
  });
});
