// mcsim's scripted match on a busy machine, under Node: the simulator's board (hosts/device/mcsim/board.ts)
// and the table app on it, over the fake SDK (test/device/fakes), run by an event loop like mcsim's (one
// thread for the app and the window; timers in the order they fall due; a repeating timer due again its
// interval after it began). The machine is made slow by charging each reading the app is handed a cost in
// the fake clock's time, as a loaded machine spends real time on it. Checked from the outside: how long the
// loop stays busy without a gap (mcsim's window draws and takes keys only in those gaps: its redraw runs
// at a lower priority than timers), and the match's end (the journal's bytes, the score) at each load.
// test/device/mcsim.test.ts sees the same in the real simulator, where the SDK is installed.
import assert from 'node:assert/strict';
import type { Board, ReadingSource } from '../../hosts/device/ports.ts';
import type { TableApp } from '../../src/app/app.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { bundleNet } from './fakes/net-bundle.ts';

/** (Not a file: the Node typecheck would follow it into code that needs the SDK's typings.) */
const ENTRY = `
export { simulatorBoard } from '../../../hosts/device/mcsim/board.ts';
export { start } from '../../../hosts/device/table.ts';
export { SCRIPT, SCRIPT_MATCH } from '../../../build/device/mcsim/script.ts';
export { hardware } from './hardware.ts';
export { config } from './sdk.ts';
`;

type Timer = { due: number; ms: number; fn: () => void };
interface Bundle {
  simulatorBoard(script: readonly Reading[], speed: number): Board;
  start(board: Board, match: MatchHeader): TableApp;
  SCRIPT: readonly Reading[];
  SCRIPT_MATCH(): MatchHeader;
  hardware: { now: number; timers: Set<Timer>; files: Map<string, Uint8Array>; reset(): void };
  config: Record<string, unknown>;
}

describe('mcsim’s scripted match on a busy machine (fake SDK)', function () {
  this.timeout(120_000);
  let d: Bundle;
  before(async () => {
    (globalThis as { trace?: (s: string) => void }).trace = () => {};
    d = (await import(await bundleNet(ENTRY))) as Bundle;
  });

  /** Boots the simulator's table on a blank journal and runs the loop until the script has been played
   * (and 5 s more). `msPerReading`: what each reading costs the machine. */
  function play(msPerReading: (n: number) => number) {
    d.hardware.reset();
    Object.assign(d.config, { file: { root: '/tmp/' }, journal: 'turns-journal' });
    const hw = d.hardware;
    const board = d.simulatorBoard(d.SCRIPT, 8);
    let readings = 0;
    // The app's work on each batch, as a slow machine spends it.
    const slow: Board = {
      ...board,
      sources: (onReadable, onHealth) =>
        board.sources((s) => {
          const batch = s.read();
          const source: ReadingSource = { read: () => batch, close() {} };
          onReadable(source);
          for (const _ of batch) hw.now += Math.round(msPerReading(readings++) * 1000);
        }, onHealth),
    };
    const app = d.start(slow, d.SCRIPT_MATCH());
    const last = d.SCRIPT[d.SCRIPT.length - 1].t;
    let longestBusy = 0;
    let busyFrom = hw.now;
    let playedAt: number | null = null;
    for (let guard = 0; guard < 5_000_000; guard++) {
      if (playedAt === null && readings === d.SCRIPT.length && board.now() >= last) playedAt = hw.now;
      if (playedAt !== null && hw.now > playedAt + 5_000_000) break;
      let next: Timer | null = null;
      for (const t of hw.timers) if (!next || t.due < next.due) next = t;
      assert.ok(next, 'a timer is always set');
      if (next.due > hw.now) {
        // Nothing is due: the window's turn (it draws, it takes keys). A busy stretch ends here.
        longestBusy = Math.max(longestBusy, hw.now - busyFrom);
        hw.now = next.due;
        busyFrom = hw.now;
      }
      if (next.ms > 0) next.due = hw.now + next.ms * 1000; // a repeating timer: due again after its interval
      next.fn();
    }
    assert.notEqual(playedAt, null, 'the script was played');
    board.close();
    const journal = [0, 1].map((slot) => Buffer.from(hw.files.get(`/tmp/turns-journal${slot}`) ?? []).toString('hex'));
    return { longestBusyMs: longestBusy / 1000, journal, shots: app.state.shots, over: app.state.match.over, score: JSON.stringify(app.state.match) };
  }

  it('leaves the window a turn at least every second on a machine too slow to play the script at 8×', () => {
    // 40 ms a reading: 8× asks some 39 readings of the script a second, 1.6 s of work. (The script's
    // busiest 160 ms hold 15 readings: 0.6 s.)
    const { longestBusyMs, over } = play(() => 40);
    assert.ok(longestBusyMs < 1000, `the loop was busy for ${longestBusyMs} ms without a gap for the window`);
    assert.equal(over, true, 'the whole match was played');
  });

  it('ends the match the same way at any load: the same journal, shots and score as on an idle machine', () => {
    const idle = play(() => 0);
    assert.equal(idle.over, true);
    // Busy, and unevenly so (a cost that varies from reading to reading, as other programs come and go).
    for (const load of [(): number => 40, (n: number): number => [0.2, 90, 1, 25, 0.5][n % 5]]) {
      const busy = play(load);
      assert.deepEqual({ shots: busy.shots, over: busy.over, score: busy.score }, { shots: idle.shots, over: idle.over, score: idle.score });
      assert.deepEqual(busy.journal, idle.journal, 'the journal holds the same bytes');
    }
  });
});
