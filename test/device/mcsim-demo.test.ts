// mcsim's scripted match (hosts/device/mcsim/demo.ts) over one journal across boots, under Node: the
// table booted as hosts/device/mcsim/index.ts boots it (start() on a board whose sources play what
// demoScript() gives), the journal kept in memory between boots as mcsim keeps it in files.
// test/device/mcsim.test.ts boots the real simulator three times for the same check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { demoScript } from '../../hosts/device/mcsim/demo.ts';
import type { Board, ReadingSource } from '../../hosts/device/ports.ts';
import { start } from '../../hosts/device/table.ts';
import { parseLog } from '../../src/rules/index.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { MemoryFlash } from '../helpers/table.ts';

/** The script tools/build.ts writes for mcsim: a trace of this match, seed 1, low noise. */
function script(): { header: MatchHeader; readings: readonly Reading[] } {
  const log = parseLog(readFileSync('test/fixtures/matches/it-torneo-singles.jsonl', 'utf8'));
  assert.ok(log.ok);
  const g = generateTrace(log.value.header, log.value.events.map((e) => e.event), 1, NOISE.low, LAYOUTS.reference);
  return { header: log.value.header, readings: g.readings };
}

/** One boot over `flash`: the readings demoScript() hands out, in time order, with the 20 ms tick between. */
function boot(flash: MemoryFlash, s: ReturnType<typeof script>) {
  const played = demoScript(flash, s.readings);
  let t = 0;
  const ticks: (() => void)[] = [];
  let onReadable: ((source: ReadingSource) => void) | null = null;
  const board: Board = {
    now: () => t,
    sources(fn) {
      onReadable = fn;
      return [];
    },
    buttons: () => ({ close() {} }),
    display: { show() {} },
    storage: flash,
    every: (_ms, fn) => void ticks.push(fn),
    log() {},
    close() {},
  };
  const app = start(board, { ...s.header, players: s.header.players.slice() });
  const tick = () => {
    t += 20_000;
    for (const fn of ticks) fn();
  };
  for (const r of played) {
    while (t + 20_000 < r.t) tick();
    t = Math.max(t, r.t);
    onReadable!({ read: () => [r], close() {} });
  }
  for (let i = 0; i < 300; i++) tick();
  return { played: played.length, shots: app.state.shots, over: app.state.match.over, bytes: flash.size(0) + flash.size(1) };
}

describe('mcsim demo: the scripted match plays into a blank journal only', function () {
  this.timeout(60_000);
  const s = script();

  it('plays the whole script at the first boot, then restores that match at the next two without growing the journal', () => {
    const flash = new MemoryFlash();
    const first = boot(flash, s);
    assert.equal(first.played, s.readings.length);
    assert.ok(first.shots > 10, `the script's shots were counted (${first.shots})`);
    assert.equal(first.over, true, 'the script is a whole match');
    const second = boot(flash, s);
    const third = boot(flash, s);
    assert.deepEqual(
      [second, third].map((b) => ({ played: b.played, shots: b.shots, over: b.over, bytes: b.bytes })),
      [0, 0].map(() => ({ played: 0, shots: first.shots, over: true, bytes: first.bytes })),
      `journal bytes over three boots: ${first.bytes}, ${second.bytes}, ${third.bytes}`,
    );
  });

  it('plays nothing into a journal that holds an unfinished match (mcsim closed mid-script)', () => {
    const flash = new MemoryFlash();
    const half = { ...s, readings: s.readings.slice(0, s.readings.length >> 1) };
    const first = boot(flash, half);
    assert.equal(first.over, false);
    assert.ok(first.shots > 0);
    const second = boot(flash, s);
    assert.deepEqual(second, { played: 0, shots: first.shots, over: false, bytes: first.bytes });
  });

  it('hands out the script itself on a blank journal', () => {
    assert.equal(demoScript(new MemoryFlash(), s.readings), s.readings);
  });
});
