// The self-test's pure parts: the live sensor state from readings, the faults from it and the health
// facts, each message naming the part and the pin.
import assert from 'node:assert/strict';
import { SensorWatch, fault, faultText, faultsNow, selfTestLines, type FaultInputs, type HardwarePart } from '../../src/app/install/selftest.ts';
import type { HealthFact } from '../../src/sensing/types.ts';
import { colour, pulse, strip } from '../helpers/readings.ts';
import { boardParts, partOf } from '../helpers/board.ts';

/** The reference board's parts, as the device describes them at boot. */
const HARDWARE = boardParts('reference-v1');
/** How a message names the part on `channel`: its part and its pin. */
const named = (channel: string) => `${partOf(channel).part}, ${partOf(channel).pin}`;

function inputs(watch: SensorWatch, o: Partial<FaultInputs> = {}): FaultInputs {
  return { watch, health: [], hostFaults: [], hardware: HARDWARE, now: 10_000_000, stuckUs: 1_500_000, seats: [0, 1, 2, 3], upUs: 10_000_000, ...o };
}

/** A watch that has heard every strip (no strip faults). */
function heardWatch(): SensorWatch {
  const w = new SensorWatch();
  for (let s = 0; s < 4; s++) w.note(strip(s, 1000, null));
  return w;
}

describe('self-test', () => {
  it('keeps each beam level and its last pulse, the last colour, each strip and the buttons', () => {
    const w = heardWatch();
    for (const r of [...pulse(1, 0, 100_000, 104_100), { t: 200_000, kind: 'beam' as const, pocket: 3, beam: 1 as const, blocked: true }, colour(1, 102_000, [0.36, 0.34, 0.3]), strip(2, 300_000, 210)]) w.note(r);
    w.buttons.select = true;
    const lines = selfTestLines(w, []);
    assert.equal(lines[0], 'HEALTH: ALL OK');
    assert.ok(lines.includes('P1 A○ 4.1 B○   -'), lines.join('|'));
    assert.ok(lines.includes('P3 A○   - B●   -'), lines.join('|'));
    assert.ok(lines.includes('   COLOUR 36 34 30'), lines.join('|'));
    assert.ok(lines.includes('STRIPS - - 210 -'), lines.join('|'));
    assert.ok(lines.includes('KEYS UP○ DN○ SEL●'), lines.join('|'));
  });

  it('ringing (edges microseconds apart) is one pulse: its length, and the colour reading counts for it', () => {
    const w = heardWatch();
    const edge = (t: number, blocked: boolean) => w.note({ t, kind: 'beam', pocket: 0, beam: 0, blocked });
    edge(100_000, true);
    edge(100_004, false);
    edge(100_009, true);
    w.note(colour(0, 101_000, [0.36, 0.34, 0.3]));
    edge(104_100, false);
    edge(104_106, true);
    edge(104_110, false);
    assert.ok(selfTestLines(w, []).includes('P0 A○ 4.1 B○   -'));
    assert.deepEqual(faultsNow(inputs(w, { now: 2_000_000 })), []);
  });

  it('a beam blocked longer than any passage never clears: named with its part and pin', () => {
    const w = heardWatch();
    w.note({ t: 1_000_000, kind: 'beam', pocket: 1, beam: 0, blocked: true });
    assert.deepEqual(faultsNow(inputs(w, { now: 2_000_000 })), [], 'not yet: a slow piece is still passing');
    const [f] = faultsNow(inputs(w, { now: 2_600_000 }));
    assert.equal(f.message, `beam p1.a never clears (misaligned or blocked): ${named('p1.a')}`);
    assert.deepEqual(faultText(f), ['P1.A NEVER CLEARS', ' IR RX P1 UPPER', ` ${partOf('p1.a').pin}`]);
    w.note({ t: 2_700_000, kind: 'beam', pocket: 1, beam: 0, blocked: false });
    assert.deepEqual(faultsNow(inputs(w, { now: 2_800_000 })), []);
  });

  it('a stuck fact from the sensing layer stands until the beam clears', () => {
    const w = heardWatch();
    const health: HealthFact[] = [{ t: 5_000_000, fact: 'stuck', channel: 'p1.a' }];
    assert.equal(faultsNow(inputs(w, { health }))[0].fact, 'neverClears');
    const cleared = [...health, { t: 6_000_000, fact: 'unstuck' as const, channel: 'p1.a' }];
    assert.deepEqual(faultsNow(inputs(w, { health: cleared })), []);
  });

  it('a lower beam the sensing layer found blind is named with its part and pin until it blocks again', () => {
    const w = heardWatch();
    const health: HealthFact[] = [{ t: 5_000_000, fact: 'blind', channel: 'p1.b' }];
    const [f] = faultsNow(inputs(w, { health }));
    assert.equal(f.fact, 'neverBlocks');
    assert.equal(f.message, `beam p1.b saw none of the pieces the upper beam saw fall (receiver lit for good or a wire off): ${named('p1.b')}`);
    assert.deepEqual(faultText(f), ['P1.B NEVER BLOCKS', ` ${partOf('p1.b').part}`, ` ${partOf('p1.b').pin}`]);
    assert.equal(faultText(f, 'sv')[0], 'P1.B ALDRIG BRUTEN');
    // A piece passed through it (in the self-test, or in play): it works.
    for (const r of pulse(1, 1, 7_000_000, 7_030_000)) w.note(r);
    assert.deepEqual(faultsNow(inputs(w, { health })), []);
  });

  it('a colour sensor that does not answer when a piece blocks the upper beam', () => {
    const w = heardWatch();
    w.note({ t: 1_000_000, kind: 'beam', pocket: 2, beam: 0, blocked: true });
    w.note({ t: 1_010_000, kind: 'beam', pocket: 2, beam: 0, blocked: false });
    const [f] = faultsNow(inputs(w, { now: 1_500_000 }));
    assert.equal(f.message, `colour sensor p2.c does not answer: ${named('p2.c')}`);
    w.note(colour(2, 2_000_005, [0.3, 0.33, 0.37]));
    w.note({ t: 2_000_000, kind: 'beam', pocket: 2, beam: 0, blocked: true });
    assert.deepEqual(faultsNow(inputs(w, { now: 2_500_000 })), [], 'it answered the next piece');
  });

  it('a strip that reports nothing, a missing display, and a part the host did not describe', () => {
    const w = new SensorWatch();
    for (const s of [0, 1, 2]) w.note(strip(s, 1000, null));
    assert.deepEqual(faultsNow(inputs(w, { upUs: 1_000_000 })), [], 'strips get two seconds to report at start');
    const faults = faultsNow(inputs(w, { hostFaults: ['display'] }));
    assert.deepEqual(
      faults.map((f) => f.message),
      [`display does not answer: ${named('display')}`, `strip s3 reports nothing: ${named('s3')}`],
    );
    // The one-beam kit has no lower beams: a fault on one (a host that reports it anyway) names no part.
    const undescribed = fault('p0.b', 'neverClears', boardParts('devkit-1beam'));
    assert.equal(undescribed.message, 'beam p0.b never clears (misaligned or blocked): no part described for p0.b');
    assert.deepEqual(faultText(undescribed, 'pt'), ['P0.B SEMPRE CORTADO', ' PEÇA NÃO DESCRITA']);
    const lines = selfTestLines(w, faults);
    const [display, s3] = [partOf('display'), partOf('s3')];
    assert.deepEqual(lines.slice(0, 7), ['HEALTH: 2 FAULTS', 'NO DISPLAY', ` ${display.part}`, ` ${display.pin}`, 'S3 STRIP SILENT', ` ${s3.part}`, ` ${s3.pin}`]);
  });

  it('shows only the sensors the board has: a one-beam table without colour, one row a pocket', () => {
    const w = heardWatch();
    const rows = (hardware: readonly HardwarePart[]) => selfTestLines(w, [], 'en', hardware).filter((l) => /^P\d|^ +COLOUR/.test(l));
    assert.deepEqual(rows(boardParts('devkit-1beam')), ['P0 A○   -', 'P1 A○   -', 'P2 A○   -', 'P3 A○   -']);
    const reference = rows(boardParts('reference-v1'));
    assert.equal(reference.length, 8, 'two beams and a colour sensor a pocket');
    assert.deepEqual(reference.slice(0, 2), ['P0 A○   - B○   -', '   COLOUR -- -- --']);
    assert.deepEqual(rows([]), reference, 'no parts described: every sensor shown');
  });
});

