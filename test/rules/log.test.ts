// The match log format (docs/formats.md §1): parse into checked records, and the round trip parse(format(x)) = x.
import assert from 'node:assert/strict';
import { formatEvent, formatHeader, parseEvent, parseHeader, parseLog, PRESET_IDS } from '../../src/rules/index.ts';
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

  it('knows the six presets', () => {
    assert.deepEqual([...PRESET_IDS].sort(), ['icf', 'it-torneo', 'pt-fpc', 'ro-gamerules', 'se', 'si']);
  });
});
