// Traces the project's generator did not write (issue 30): test/fixtures/independent, written once by its
// write.ts from the trace format's contract and the table's description alone, with physics of their own
// (off-centre chords, ringing spots, pieces slowing in the throat, a sampler's windows back to back,
// colour noise, tint and drift, flicker, rattles of 3 ms – 1.2 s, hangs, trains, two pockets within 1 ms,
// doubles and three seats), each with its truth. The pure path (`carrom sense`) over the whole set, the
// device path (`carrom sense --device`) over a part of it at 250 XS operations per ms: no piece lost,
// none named another kind than the truth's where a reading shows it, no rattle counted; and on the
// device, every piece as the pure path names it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../../src/rules/log.ts';
import type { GameEvent } from '../../../src/rules/types.ts';
import { parseTrace, senseTrace } from '../../../src/sensing/index.ts';
import { describeFaults, independentTraces, judge } from '../../helpers/independent.ts';

const TRACES = independentTraces();

/** Lost pieces, pieces named another kind, guesses at a piece no reading shows, phantoms (a rattle
 * counted among them). A piece left to a player to name (`man`, `unknown`) is no fault: where the table
 * cannot be sure, it asks. */
function faults(name: string, sensed: readonly GameEvent[]): string[] {
  const t = TRACES.find((x) => x.name === name)!;
  const j = judge(t.truth, sensed);
  return describeFaults(name, { ...j, asked: [] });
}

/** The part the device path runs in CI (each a few seconds in XS): trains, the striker in one, hangs,
 * rattles on a new table, two pockets within 1 ms, fast and slow pieces, fast pairs (a black behind a white
 * at 6.5 m/s the device once named white: a window across the junction), and a whole clean match (whose
 * black resting 2.3 s on the upper beam the device model once took for a stuck beam: a `man`). */
const DEVICE_PART = ['situation-trains-of-three', 'situation-striker-touching', 'situation-hangs', 'situation-rattles-first', 'situation-two-pockets-1ms', 'situation-fast', 'situation-slow', 'situation-fast-trains', 'match-clean-2'];

const pureEvents = (path: string): GameEvent[] => {
  const trace = parseTrace(readFileSync(path, 'utf8'));
  assert.ok(trace.ok, trace.ok ? '' : `${trace.error.line}: ${trace.error.reason}`);
  return senseTrace(trace.value).events;
};
/** Each piece as a log gives it: kind and pocket, and its time to 10 ms (the device's own clock and
 * strips' polling move times by a few ms, docs/hardware.md). */
const pieces = (events: readonly GameEvent[]) => events.flatMap((e) => (e.e === 'pocket' ? [{ what: `${e.piece} ${e.pocket}`, t: e.t }] : []));

describe('sensing: independent traces (issue 30)', () => {
  it(`the set: ${TRACES.filter((t) => t.whole).length} whole matches and ${TRACES.filter((t) => !t.whole).length} situations, with rattles and the first shot's among them`, () => {
    assert.equal(TRACES.filter((t) => t.whole).length, 12);
    for (const level of ['clean', 'low', 'medium', 'high']) assert.equal(TRACES.filter((t) => t.whole && t.truth.level === level).length, 3, level);
    assert.ok(TRACES.filter((t) => !t.whole).length >= 18);
    // Each whole match begins with a rattle in its first shot, at a pocket no piece has crossed yet.
    for (const t of TRACES.filter((x) => x.whole)) {
      const second = t.truth.log.filter((e) => e.e === 'strike')[1].t;
      const first = t.truth.rattles[0];
      assert.ok(first.t < second && t.truth.pieces.every((p) => p.pocket !== first.pocket || p.t > first.t), `${t.name}: a rattle in the first shot, first at its pocket`);
    }
    for (const name of DEVICE_PART) assert.ok(TRACES.some((t) => t.name === name), name);
  });

  for (const t of TRACES) {
    it(`pure path: ${t.name} (${t.truth.level}): ${t.truth.what}`, () => {
      assert.deepEqual(faults(t.name, pureEvents(t.path)), []);
    });
  }

  describe('device path at 250 XS operations per ms (carrom sense --device)', function () {
    this.timeout(120_000);
    for (const name of DEVICE_PART) {
      it(name, () => {
        const t = TRACES.find((x) => x.name === name)!;
        const r = spawnSync(process.execPath, ['bin/carrom.js', 'sense', t.path, '--device', '--ops-per-ms', '250'], { encoding: 'utf8' });
        assert.equal(r.status, 0, r.stderr);
        const log = parseLog(r.stdout);
        assert.ok(log.ok, r.stdout);
        const device = log.value.events.map((e) => e.event);
        assert.deepEqual(faults(name, device), []);
        // and every piece as the pure path names it
        const pure = pieces(pureEvents(t.path));
        assert.deepEqual(pieces(device).map((p) => p.what), pure.map((p) => p.what));
        pieces(device).forEach((p, i) => assert.ok(Math.abs(p.t - pure[i].t) <= 10, `the ${p.what} at ${p.t} ms on the device, ${pure[i].t} ms pure`));
      });
    }
  });
});
