// One beam's rules pinned at their bounds (issue 31, mutation testing: a bound moved by one or a check
// dropped in beam.ts went unnoticed by the tests of whole traces): a pulse against a glitch, a gap that
// splits against one that is bridged, the flapping beam's count, window and quiet time, the stuck beam and
// the resting piece, the lost edge's loose pulse, and what the beam holds back (docs/hardware.md).
import assert from 'node:assert/strict';
import { Beam, type BeamListener, type Pulse } from '../../src/sensing/beam.ts';

const CFG = { minPulseUs: 1000, minGapUs: 250, stuckUs: 1_500_000, hangUs: 8_000_000 };

/** A beam with the default tuning and everything it says, in order, as text. */
function beam(resting?: (start: number) => boolean, cfg: Partial<typeof CFG> = CFG) {
  const said: string[] = [];
  const listener: BeamListener = {
    pulse: (p: Pulse) => said.push(`pulse ${p.start}-${p.end}${p.stuck ? ' stuck' : ''}${p.loose ? ' loose' : ''}`),
    stuck: (t) => said.push(`stuck ${t}`),
    unstuck: (t) => said.push(`unstuck ${t}`),
    flapping: (t) => said.push(`flapping ${t}`),
    ...(resting ? { resting } : {}),
  };
  return { b: new Beam({ ...CFG, ...cfg } as typeof CFG, listener), said };
}

/** Blocked from `from` to `to`, then clear long enough for the pulse to close. */
function block(b: Beam, from: number, to: number): void {
  b.edge(from, true);
  b.edge(to, false);
  b.advance(to + CFG.minGapUs);
}

/** What a default beam says of `edges` (time, blocked), each in turn, then advanced to `until`. */
function saysOf(edges: readonly (readonly [number, boolean])[], until = 20_000): string[] {
  const { b, said } = beam();
  for (const [t, blocked] of edges) b.edge(t, blocked);
  b.advance(until);
  return said;
}

describe('sensing: one beam (Beam)', () => {
  it('a block of the shortest pulse (1 ms) is a piece; a microsecond less is a glitch', () => {
    const { b, said } = beam();
    block(b, 10_000, 11_000);
    block(b, 20_000, 20_999);
    assert.deepEqual(said, ['pulse 10000-11000']);
  });

  it('the pulse is handed out once clear for the shortest gap (250 µs), not a microsecond earlier', () => {
    const { b, said } = beam();
    b.edge(1000, true);
    b.edge(5000, false);
    b.advance(5249);
    assert.deepEqual(said, []);
    assert.equal(b.watermark(), 1000, 'still held back from its start');
    b.advance(5250);
    assert.deepEqual(said, ['pulse 1000-5000']);
    assert.equal(b.watermark(), Infinity);
  });

  it('a clear shorter than the shortest gap inside a block is bridged; one as long splits it', () => {
    assert.deepEqual(saysOf([[1000, true], [5000, false], [5249, true], [9000, false]]), ['pulse 1000-9000']);
    assert.deepEqual(saysOf([[1000, true], [5000, false], [5250, true], [9000, false]]), ['pulse 1000-5000', 'pulse 5250-9000']);
  });

  it('a block from the trace\'s first microsecond is a pulse like any other', () => {
    const { b, said } = beam();
    block(b, 0, 2000);
    assert.deepEqual(said, ['pulse 0-2000']);
  });

  it('ringing in the trace\'s first microsecond: a block and a clear both at 0 µs are a glitch, and a block again within the shortest gap goes on with the same pulse', () => {
    // A block long after the gap: a pulse of its own.
    assert.deepEqual(saysOf([[0, true], [0, false], [5000, true], [8000, false]]), ['pulse 5000-8000']);
    // A block within the gap: the block that began at 0 goes on.
    assert.deepEqual(saysOf([[0, true], [0, false], [100, true], [5000, false]]), ['pulse 0-5000']);
  });

  it('a corrected level found blocked at the trace\'s first microsecond starts a loose pulse', () => {
    const { b, said } = beam();
    b.correct(0, true);
    assert.equal(b.openLoose(), true);
    b.edge(600, false); // shorter than any piece, but its true start is earlier, unseen
    b.advance(10_000);
    assert.deepEqual(said, ['pulse 0-600 loose']);
  });

  it('a block that clears a moment before the stuck time is no stuck beam while its gap runs', () => {
    const { b, said } = beam();
    b.edge(1000, true);
    b.edge(1_500_900, false); // 1.4999 s blocked
    b.advance(1_501_000); // the stuck time since the block began, the clear 100 µs old: still in its gap
    b.advance(1_501_150);
    assert.deepEqual(said, ['pulse 1000-1500900']);
  });

  it('an edge to the level the beam is at, or a clear edge on a clear beam, changes nothing', () => {
    const { b, said } = beam();
    b.edge(1000, false);
    assert.equal(b.watermark(), Infinity);
    b.edge(2000, true);
    b.edge(3000, true); // its clear edge was lost: the block goes on from 2000
    b.edge(4000, false);
    b.advance(10_000);
    assert.deepEqual(said, ['pulse 2000-4000']);
  });

  it('five glitches within 2 s, that bound included, say the beam flaps; four, or five over longer, do not', () => {
    const glitches = (ends: number[]) => {
      const { b, said } = beam();
      for (const end of ends) block(b, end - 300, end);
      return said;
    };
    assert.deepEqual(glitches([1_000_000, 1_500_000, 2_000_000, 2_500_000]), []);
    assert.deepEqual(glitches([1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000]), ['flapping 3000000']);
    assert.deepEqual(glitches([1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_001]), []);
  });

  it('a flapping beam is said to flap again only more than 10 s after it last was', () => {
    const bursts = (gap: number) => {
      const { b, said } = beam();
      for (const start of [1_000_000, 1_000_000 + gap]) for (let i = 0; i < 5; i++) block(b, start + i * 1000, start + i * 1000 + 300);
      return said;
    };
    assert.deepEqual(bursts(10_000_000), ['flapping 1004300']);
    assert.deepEqual(bursts(10_000_001), ['flapping 1004300', 'flapping 11004301']);
  });

  it('blocked for the stuck time (1.5 s) is stuck, said at that time; the pulse it makes when it clears is a stuck one', () => {
    const { b, said } = beam();
    b.edge(1000, true);
    b.advance(1_500_999);
    assert.deepEqual(said, []);
    assert.equal(b.watermark(), 1000);
    assert.equal(b.stuckAt(1000), false, 'not known stuck yet');
    b.advance(1_501_000);
    assert.deepEqual(said, ['stuck 1501000']);
    assert.equal(b.watermark(), Infinity, 'a stuck beam holds nothing back');
    assert.equal(b.since(), 1000);
    assert.equal(b.stuckAt(1000), true);
    assert.equal(b.stuckAt(999), false);
    b.advance(3_000_000);
    assert.deepEqual(said, ['stuck 1501000'], 'said once');
    b.edge(4_000_000, false);
    b.advance(4_000_250);
    assert.deepEqual(said, ['stuck 1501000', 'unstuck 4000000', 'pulse 1000-4000000 stuck']);
    assert.equal(b.since(), Infinity);
    assert.equal(b.stuckAt(1000), false);
  });

  it('a block the gate takes for a piece resting in the throat is no fault until the hang time (8 s), asked once', () => {
    const asked: number[] = [];
    const { b, said } = beam((start) => {
      asked.push(start);
      return asked.length === 1; // only the first answer counts: the block is judged as it reaches the stuck time
    });
    b.edge(1000, true);
    b.advance(1_501_000);
    b.advance(5_000_000);
    b.advance(8_000_999);
    assert.deepEqual(said, []);
    assert.deepEqual(asked, [1000]);
    assert.equal(b.watermark(), 1000, 'a resting piece is a pulse still to come');
    b.advance(8_001_000);
    assert.deepEqual(said, ['stuck 8001000']);
    b.edge(9_000_000, false);
    b.advance(9_000_250);
    assert.deepEqual(said, ['stuck 8001000', 'unstuck 9000000', 'pulse 1000-9000000 stuck']);
  });

  it('a resting piece that falls before the hang time is a pulse, and the next long block is asked about again', () => {
    const asked: number[] = [];
    const { b, said } = beam((start) => {
      asked.push(start);
      return start === 1000;
    });
    b.edge(1000, true);
    b.advance(2_000_000);
    b.edge(3_000_000, false);
    b.advance(3_000_250);
    b.edge(4_000_000, true);
    b.advance(5_500_000);
    assert.deepEqual(asked, [1000, 4_000_000]);
    assert.deepEqual(said, ['pulse 1000-3000000', 'stuck 5500000']);
  });

  it('a corrected level starts or ends a loose pulse, never a glitch, and the next pulse is not loose', () => {
    const { b, said } = beam();
    b.correct(1000, true); // found blocked: its blocked edge was lost
    assert.equal(b.openLoose(), true);
    b.edge(1500, false); // 500 µs: shorter than any piece, but its true start is earlier
    b.advance(2000);
    assert.equal(b.openLoose(), false);
    block(b, 10_000, 10_500);
    block(b, 20_000, 22_000);
    b.edge(30_000, true);
    b.correct(30_600, false); // found clear: its clear edge was lost
    b.advance(40_000);
    assert.deepEqual(said, ['pulse 1000-1500 loose', 'pulse 20000-22000', 'pulse 30000-30600 loose']);
  });

  it('a corrected level the beam is already at is no correction', () => {
    const { b, said } = beam();
    b.edge(1000, true);
    b.correct(1500, true);
    assert.equal(b.openLoose(), false);
    b.edge(3000, false);
    b.correct(3100, false);
    b.advance(10_000);
    assert.deepEqual(said, ['pulse 1000-3000']);
  });

  it('at the end, a pulse that has cleared is handed out; a block still open is no piece', () => {
    const cleared = beam();
    cleared.b.edge(1000, true);
    cleared.b.edge(3000, false);
    cleared.b.finish(3000);
    assert.deepEqual(cleared.said, ['pulse 1000-3000']);
    const open = beam();
    open.b.edge(1000, true);
    open.b.finish(3000);
    assert.deepEqual(open.said, []);
  });
});
