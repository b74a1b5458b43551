// What the sensing layer tells the app between readings (issue 31, mutation testing: none of it was
// pinned by the sensing tests): whether it is quiet (no strike to confirm, no passage to judge: the app
// writes flash only then, docs/hardware.md), whether a strike is pending, what it knows of each lower
// beam, and which seats' strips it expects to hear from in each mode, from the fourth strike.
import assert from 'node:assert/strict';
import type { MatchHeader } from '../../src/rules/types.ts';
import { Sensing } from '../../src/sensing/sensing.ts';
import type { HealthFact, Reading } from '../../src/sensing/types.ts';
import { CALIBRATION } from '../../model/table/noise.ts';
import { ms, passage, strip } from '../helpers/readings.ts';

function sensing(mode: MatchHeader['mode'] = 'singles') {
  const health: HealthFact[] = [];
  const s = new Sensing({ beamGapMm: 10, calibration: CALIBRATION }, { event: () => {}, health: (h) => void health.push(h) }, { mode });
  return { s, health };
}

describe('sensing: the state the app reads between readings', () => {
  it('quiet from the start; not while a strip has emptied less than the strike time ago (a strike pending)', () => {
    const { s } = sensing();
    assert.equal(s.quiet, true);
    assert.equal(s.strikePending, false);
    s.reading(strip(0, ms(100), 200));
    assert.equal(s.quiet, true);
    s.reading(strip(0, ms(1000), null));
    assert.equal(s.strikePending, true);
    s.advance(ms(1999));
    assert.equal(s.strikePending, true);
    assert.equal(s.quiet, false);
    s.advance(ms(2000));
    assert.equal(s.strikePending, false, 'confirmed');
    assert.equal(s.quiet, true);
  });

  it('not quiet while a beam is blocked or a passage may still go on; quiet once it is judged', () => {
    const { s } = sensing();
    const [aOn, aOff, bOn, bOff] = passage(1, ms(100), 1) as Reading[];
    s.reading(aOn);
    s.advance(ms(101));
    assert.equal(s.quiet, false, 'blocked since 100 ms');
    s.reading(bOn);
    s.reading(aOff);
    s.reading(bOff);
    assert.equal(s.quiet, false, 'a touching piece may still come');
    s.advance(ms(400));
    assert.equal(s.quiet, true);
  });

  it("not quiet while a beam blocked at the trace's first microsecond is still blocked", () => {
    const { s } = sensing();
    s.reading({ t: 0, kind: 'beam', pocket: 2, beam: 0, blocked: true });
    s.advance(ms(1));
    assert.equal(s.quiet, false, 'blocked since 0 µs: a passage still to judge');
  });

  it("each lower beam is unknown until a piece crosses both of its pocket's beams", () => {
    const { s } = sensing();
    assert.deepEqual(s.lowerHealth(), ['unknown', 'unknown', 'unknown', 'unknown']);
    for (const r of passage(2, ms(100), 1)) s.reading(r);
    s.advance(ms(1000));
    assert.equal(s.lowerHealthOf(2), 'works');
    assert.equal(s.lowerHealthOf(1), 'unknown');
    assert.deepEqual(s.lowerHealth(), ['unknown', 'unknown', 'works', 'unknown']);
  });

  /** Strikes from seat 0 with no strip but its own ever heard (no turns told, as `carrom sense`). */
  function strikes(mode: MatchHeader['mode'], n: number): string[] {
    const { s, health } = sensing(mode);
    for (let i = 0; i < n; i++) {
      s.reading(strip(0, ms(100 + i * 5000), 200));
      s.reading(strip(0, ms(1000 + i * 5000), null));
      s.advance(ms(4000 + i * 5000));
    }
    return health.map((h) => `${h.fact} ${h.channel}`);
  }

  it('told no turns, a silent strip is reported at the fourth strike, not the third', () => {
    assert.deepEqual(strikes('singles', 3), []);
    assert.deepEqual(strikes('singles', 4), ['stripSilent s2']);
  });

  it("the seats whose strips must speak: both sides' in singles, all four in doubles, three in a game of three", () => {
    assert.deepEqual(strikes('doubles', 4), ['stripSilent s1', 'stripSilent s2', 'stripSilent s3']);
    assert.deepEqual(strikes('three', 4), ['stripSilent s1', 'stripSilent s2']);
  });
});
