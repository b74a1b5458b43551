// The match log format (docs/formats.md §1): parse into checked records, and the round trip parse(format(x)) = x.
import assert from 'node:assert/strict';
import { formatEvent, formatHeader, parseEvent, parseHeader, parseLog, PRESET_IDS } from '../../src/rules/index.ts';
import { parseLogTail } from '../../src/rules/log.ts';
import type { GameEvent } from '../../src/rules/types.ts';
import { randomMatch } from '../../tools/random-match.ts';

describe('match log: parse and format', () => {
  it('round-trips every event of 50 random matches', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const m = randomMatch(seed, { chaos: true, maxShots: 100 });
      const h = parseHeader(JSON.parse(formatHeader(m.header)));
      assert.ok(h.ok);
      assert.deepEqual(h.value, m.header);
      let lastT = 0;
      for (const e of m.events) {
        const back = parseEvent(JSON.parse(formatEvent(e)), lastT);
        assert.ok(back.ok, `${formatEvent(e)}: ${!back.ok && back.error}`);
        assert.deepEqual(back.value, e);
        lastT = e.t;
      }
    }
  });

  it('writes events in the order docs/formats.md shows: e, fields, t', () => {
    const e: GameEvent = { e: 'pocket', piece: 'white', pocket: 2, t: 1850 };
    assert.equal(formatEvent(e), '{"e":"pocket","piece":"white","pocket":2,"t":1850}');
  });

  it('ignores unknown fields, defaults breaker and options', () => {
    const h = parseHeader({ carrom: 1, rules: 'se', mode: 'doubles', players: ['a', 'b', 'c', 'd'], venue: 'club' });
    assert.ok(h.ok);
    assert.equal(h.value.breaker, 0);
    assert.deepEqual(h.value.options, {});
    const e = parseEvent({ e: 'strike', t: 5, seat: 1, force: 0.3 }, 0);
    assert.deepEqual(e, { ok: true, value: { e: 'strike', t: 5, seat: 1 } });
  });

  it('skips blank lines but counts them in line numbers', () => {
    const log = parseLog('\n{"carrom": 1, "rules": "icf", "mode": "singles", "players": ["A", "B"]}\n\n{"e": "strike", "t": 1}\n');
    assert.ok(log.ok);
    assert.equal(log.value.headerLine, 2);
    assert.equal(log.value.events[0].line, 4);
  });

  // A line written from { to } is parsed as it is, any other trimmed first (src/rules/jsonl.ts): the
  // answers are those of trimming every line.
  it('allows any whitespace around a line, and says which line is not JSON', () => {
    const head = '{"carrom": 1, "rules": "icf", "mode": "singles", "players": ["A", "B"]}';
    const lines = [` \t${head}\r`, '\u00a0{"e": "strike", "t": 1}\ufeff', ' \u2028 ', '{"e": "settle", "t": 2} ', '\t{"e": "undo", "t": 3}'];
    const log = parseLog(`${lines.join('\n')}\n`);
    assert.ok(log.ok);
    assert.deepEqual(log.value.events, [
      { line: 2, event: { e: 'strike', t: 1 } },
      { line: 4, event: { e: 'settle', t: 2 } },
      { line: 5, event: { e: 'undo', t: 3 } },
    ]);
    for (const [bad, reason] of [
      ['{"e": "settle", "t": 4} x', 'not JSON'],
      ['{"e": "settle", "t": 4}}', 'not JSON'],
      ['{"e": "settle", "t": 4},{"e": "settle", "t": 5}', 'not JSON'],
      ['[{"e": "settle", "t": 4}]', 'an event must be a JSON object'],
      ['{"e": "pocket", "t": 4, "pocket": 4}', 'field "pocket" must be 0–3'],
      ['{"e": "pocket", "t": 4, "pocket": 4, "piece": "x"}', 'field "pocket" must be 0–3'],
      ['{"e": "pocket", "t": 4, "piece": "x"}', 'field "piece" must be one of white, black, queen, striker, man, unknown'],
      ['{"e": "identify", "t": 4, "piece": "man"}', 'field "piece" must be one of white, black, queen, striker'],
    ]) {
      assert.deepEqual(parseLog(`${lines.join('\n')}\n\n${bad}\n`), { ok: false, error: { line: 7, reason } }, bad);
    }
  });

  it('parses a tail with the lines numbered on from where the log before it ended', () => {
    const header = parseHeader({ carrom: 1, rules: 'icf', mode: 'singles', players: ['A', 'B'] });
    assert.ok(header.ok);
    const from = { header: header.value, headerLine: 1, lines: 3, lastT: 10 };
    assert.deepEqual(parseLogTail('\n {"e": "settle", "t": 11}\n{"e":"pocket","piece":"white","pocket":2,"t":12}\n', from), {
      ok: true,
      value: [
        { line: 5, event: { e: 'settle', t: 11 } },
        { line: 6, event: { e: 'pocket', t: 12, piece: 'white', pocket: 2 } },
      ],
    });
    assert.deepEqual(parseLogTail('{"e": "settle", "t": 9}\n', from), { ok: false, error: { line: 4, reason: 'time goes backwards (9 after 10)' } });
    assert.deepEqual(parseLogTail('\n{"e": "settle"\n', from), { ok: false, error: { line: 5, reason: 'not JSON' } });
  });

  it('knows the six presets', () => {
    assert.deepEqual([...PRESET_IDS].sort(), ['icf', 'it-torneo', 'pt-fpc', 'ro-gamerules', 'se', 'si']);
  });
});
