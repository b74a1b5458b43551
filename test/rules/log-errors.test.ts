// A match log's header and event lines checked one by one (docs/formats.md §1): each malformed line is
// refused with its line number and what is wrong there, pinned where mutation testing found the checks
// loose (issue 31).
import assert from 'node:assert/strict';
import { formatLog, parseLog } from '../../src/rules/index.ts';
import { parseLogTail } from '../../src/rules/log.ts';
import { replay } from '../../src/rules/replay.ts';

const HEADER = { carrom: 1, rules: 'icf', mode: 'singles', players: ['A', 'B'], breaker: 0, options: {} };
const head = (fields: Record<string, unknown>) => JSON.stringify({ ...HEADER, ...fields });
const refused = (text: string) => {
  const p = parseLog(text);
  assert.equal(p.ok, false, `accepted: ${text}`);
  return p.ok ? null : p.error;
};

describe('match log: a header refused', () => {
  const cases: [string, string, string][] = [
    ['a list', '[1]', 'the header is not a JSON object'],
    ['null', 'null', 'the header is not a JSON object'],
    ['no carrom field', JSON.stringify({ rules: 'icf' }), 'missing field "carrom" (is this a match log?)'],
    ['another version', head({ carrom: 2 }), 'unknown match log version 2 (this reader knows 1)'],
    ['rules not a text', head({ rules: 7 }), 'field "rules" must be a preset id'],
    ['an unknown mode', head({ mode: 'solo' }), 'field "mode" must be one of singles, doubles, three'],
    ['a mode not a text', head({ mode: ['singles'] }), 'field "mode" must be one of singles, doubles, three'],
    ['players not a list', head({ players: 'A,B' }), 'field "players" must be a list of names'],
    ['a player not a name', head({ players: ['A', 2] }), 'field "players" must be a list of names'],
    ['a breaker past 3', head({ breaker: 4 }), 'field "breaker" must be a player index'],
    ['a breaker below 0', head({ breaker: -1 }), 'field "breaker" must be a player index'],
    ['a breaker not whole', head({ breaker: 0.5 }), 'field "breaker" must be a player index'],
    ['options a list', head({ options: [] }), 'field "options" must be an object'],
    ['options a text', head({ options: 'x' }), 'field "options" must be an object'],
  ];
  for (const [what, line, reason] of cases) it(what, () => assert.deepEqual(refused(`${line}\n`), { line: 1, reason }));
  it('an empty log', () => assert.deepEqual(refused('\n  \n'), { line: 1, reason: 'empty log: no header' }));
  it('a header with breaker 3 and no options is taken', () => {
    const p = parseLog(`${head({ breaker: 3, options: undefined })}\n`);
    assert.ok(p.ok);
    assert.deepEqual(p.value.header, { ...HEADER, breaker: 3 });
  });
});

describe('match log: an event refused', () => {
  const cases: [string, Record<string, unknown> | unknown[], string][] = [
    ['a list', [], 'an event must be a JSON object'],
    ['no e', { t: 1 }, 'missing field "e"'],
    ['an unknown event', { e: 'shout', t: 1 }, 'unknown event "shout"'],
    ['an event named after a property', { e: 'toString', t: 1 }, 'unknown event "toString"'],
    ['no time', { e: 'settle' }, 'field "t" must be a time in milliseconds'],
    ['a time not finite', { e: 'settle', t: 1e400 }, 'field "t" must be a time in milliseconds'],
    ['a time below 0', { e: 'settle', t: -1 }, 'field "t" must be a time in milliseconds'],
    ['a time going backwards', { e: 'settle', t: 4 }, 'time goes backwards (4 after 5)'],
    ['a pocket number past 3', { e: 'pocket', t: 5, piece: 'white', pocket: 4 }, 'field "pocket" must be 0–3'],
    ['a seat past 3', { e: 'strike', t: 5, seat: 4 }, 'field "seat" must be 0–3'],
    ['a pocketed piece unknown', { e: 'pocket', t: 5, piece: 'king' }, 'field "piece" must be one of white, black, queen, striker, man, unknown'],
    ['a piece named as of unknown kind', { e: 'identify', t: 5, piece: 'man' }, 'field "piece" must be one of white, black, queen, striker'],
    ['a piece not a text', { e: 'identify', t: 5, piece: 1 }, 'field "piece" must be one of white, black, queen, striker'],
    ['an unknown call', { e: 'call', t: 5, call: 'timeout' }, 'field "call" must be one of nocontact, offboard, foul, nocross, colour, placed'],
    ['a piece off the board unknown', { e: 'call', t: 5, call: 'offboard', piece: 'king' }, 'field "piece" must be one of white, black, queen, striker, man, unknown'],
    ['a foul of no known kind', { e: 'call', t: 5, call: 'foul', kind: 'rude' }, 'field "kind" must be one of touch, technique, line, backshot, placement, technical, other'],
    ['a colour unknown', { e: 'call', t: 5, call: 'colour', colour: 'red' }, 'field "colour" must be one of white, black'],
  ];
  for (const [what, event, reason] of cases) {
    it(what, () => assert.deepEqual(refused(`${head({})}\n{"e":"strike","t":5}\n${JSON.stringify(event)}\n`), { line: 3, reason }));
  }
  it('takes a time equal to the last, a seat and a pocket of 3, and each call with its field', () => {
    const events = [{ e: 'strike', t: 5, seat: 3 }, { e: 'pocket', t: 5, piece: 'white', pocket: 3 }, { e: 'call', t: 5, call: 'offboard', piece: 'man' }, { e: 'call', t: 5, call: 'foul', kind: 'line' }, { e: 'call', t: 5, call: 'colour', colour: 'black' }, { e: 'call', t: 5, call: 'placed' }];
    const p = parseLog(`${head({})}\n${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    assert.ok(p.ok, JSON.stringify(p));
    assert.deepEqual(p.value.events.map((x) => x.event), events);
  });
});

describe('match log: lines', () => {
  it('skips blank lines and whitespace around a line (a CRLF file too)', () => {
    const p = parseLog(`\r\n${head({})}\r\n   \r\n  {"e":"strike","t":1}  \r\n\t\n`);
    assert.ok(p.ok, JSON.stringify(p));
    assert.equal(p.value.headerLine, 2);
    assert.deepEqual(p.value.events, [{ line: 4, event: { e: 'strike', t: 1 } }]);
  });
  it('trims what JSON does not take as whitespace: a byte order mark before a line, a no-break space after one', () => {
    // JSON.parse itself skips spaces, tabs and CRs around a value; these only the trim removes.
    const p = parseLog(`\uFEFF${head({})}\n{"e":"strike","t":1}\u00A0\n`);
    assert.ok(p.ok, JSON.stringify(p));
    assert.deepEqual(p.value.events, [{ line: 2, event: { e: 'strike', t: 1 } }]);
  });
  it('formats a log as its header and one line an event, each ended by a newline', () => {
    const text = formatLog(HEADER as never, [{ e: 'strike', t: 1, seat: 0 }, { e: 'pocket', t: 2, piece: 'queen', pocket: 1 }]);
    assert.equal(text, `${JSON.stringify(HEADER)}\n{"e":"strike","seat":0,"t":1}\n{"e":"pocket","piece":"queen","pocket":1,"t":2}\n`);
  });
  it('a tail refuses an event going back in time before the part already read', () => {
    const from = { header: HEADER as never, headerLine: 1, lines: 2, lastT: 9 };
    assert.deepEqual(parseLogTail('{"e":"settle","t":8}\n', from), { ok: false, error: { line: 3, reason: 'time goes backwards (8 after 9)' } });
  });
  it('a replay of a header the engine refuses gives its line and the error', () => {
    const p = parseLog(`\n${head({ rules: 'nope' })}\n`);
    assert.ok(p.ok);
    assert.deepEqual(replay(p.value), { ok: false, error: { line: 2, reason: 'unknown rules "nope" (one of icf, pt-fpc, si, it-torneo, ro-gamerules, se)' } });
  });
});
