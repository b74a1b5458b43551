// The current match's records as the outbox keeps them (src/sync/match-records.ts): the log before a
// given line after a boot, how far the records of a log went, and which unsent board records a newer
// record carries. Read straight from a real outbox on memory flash. Issue 31: mutation testing.
import assert from 'node:assert/strict';
import { boardsDone, carried, eventLines, logBefore, recordedOf } from '../../src/sync/match-records.ts';
import { Outbox } from '../../src/sync/outbox.ts';
import { encodeUtf8 } from '../../src/store/utf8.ts';
import { MemoryFlash } from '../helpers/table.ts';

const HEADER = '{"carromMatch":1}';

/** A record's body as the sync core writes it (only the fields read here). */
const record = (log: string, boards = 0, games = 0) => (counter: number) => ({
  bytes: encodeUtf8(JSON.stringify({ carromResult: 1, counter, log, state: { match: { boards: new Array(boards).fill({}), games: new Array(games).fill({}) } } })),
  signature: `sig${counter}`,
});

function outbox(): Outbox {
  const o = new Outbox(new MemoryFlash());
  o.open();
  return o;
}

describe('sync: the current match\'s records in the outbox (match-records.ts)', () => {
  it('counts a log\'s event lines, its header not counted', () => {
    assert.equal(eventLines(`${HEADER}\n`), 0);
    assert.equal(eventLines(`${HEADER}\na\nb\n`), 2);
    assert.equal(eventLines(''), -1);
    assert.equal(eventLines('\n'), 0, 'an empty header line');
  });

  it('counts the boards done: games × 1000 + boards of the game in play', () => {
    assert.equal(boardsDone({ match: { games: [{}, {}], boards: [{}, {}, {}] } }), 2003);
    assert.equal(boardsDone({ match: { games: [], boards: [{}] } }), 1);
  });

  it('after a boot: the log before a line of the newest log\'s match, and its event lines; null for another match or a log too short', () => {
    const o = outbox();
    assert.equal(logBefore(o, HEADER, 2), null, 'no log at all');
    const log = `${HEADER}\na\nb\nc\n`;
    o.add('board', record(log));
    assert.deepEqual(logBefore(o, HEADER, 1), { log: '', events: 3 });
    assert.deepEqual(logBefore(o, HEADER, 2), { log: `${HEADER}\n`, events: 3 });
    assert.deepEqual(logBefore(o, HEADER, 4), { log: `${HEADER}\na\nb\n`, events: 3 });
    assert.deepEqual(logBefore(o, HEADER, 5), { log, events: 3 }, 'the line after the last one the outbox holds');
    assert.equal(logBefore(o, HEADER, 6), null, 'two past it: the outbox\'s log is too short');
    assert.equal(logBefore(o, '{"carromMatch":2}', 2), null, 'another match');
    assert.equal(logBefore(o, HEADER.slice(0, -1), 2), null, 'a header the newest log\'s only begins with');
  });

  it('how far the records of a log went: the newest record\'s, when the log begins with its log; else none', () => {
    const o = outbox();
    assert.deepEqual(recordedOf(o, `${HEADER}\n`), { boards: 0, over: false }, 'nothing recorded');
    o.add('board', record(`${HEADER}\na\n`, 2, 1));
    assert.deepEqual(recordedOf(o, `${HEADER}\na\nb\n`), { boards: 1002, over: false });
    assert.deepEqual(recordedOf(o, `${HEADER}\nb\n`), { boards: 0, over: false }, 'another log');
    o.add('match', record(`${HEADER}\na\nb\n`, 0, 2));
    assert.deepEqual(recordedOf(o, `${HEADER}\na\nb\n`), { boards: 2000, over: true });
  });

  it('a new record carries the unsent board records whose log its own begins with: not itself, a match record, the one on its way, nor another match\'s', () => {
    const o = outbox();
    const b1 = o.add('board', record(`${HEADER}\na\n`));
    const other = o.add('board', record('{"carromMatch":2}\nx\n'));
    const m = o.add('match', record(`${HEADER}\na\nb\n`));
    const sending = o.add('board', record(`${HEADER}\na\nb\n`));
    const b2 = o.add('board', record(`${HEADER}\na\nb\nc\n`));
    const acked = o.add('board', record(`${HEADER}\n`));
    o.acknowledge(acked.counter);
    const newest = o.add('board', record(`${HEADER}\na\nb\nc\nd\n`));
    const log = `${HEADER}\na\nb\nc\nd\n`;
    assert.deepEqual(carried(o, newest.counter, log, sending.counter).map((e) => e.counter), [b1.counter, b2.counter]);
    assert.deepEqual(carried(o, newest.counter, log, null).map((e) => e.counter), [b1.counter, sending.counter, b2.counter]);
    assert.ok(![other.counter, m.counter].some((c) => carried(o, newest.counter, log, null).some((e) => e.counter === c)));
  });
});
