// The whole table through a real match under repeated power cuts: cut, boot, play on (the first write
// repairs the torn journal), cut at every byte of those writes, boot, play on, cut again, boot. Every
// boot must show the state of the last whole write: a write is whole when the last byte the app
// wrote for one input (a reading, a timer tick) has landed; before that, the state before that input.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog } from '../../src/rules/index.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { MemoryFlash, makeTable, type Op } from '../helpers/table.ts';

const game = (state: object) => JSON.stringify({ ...state, warnings: undefined });

/** The writes of one input, the state they commit, and the reading to play on from if they are cut. */
interface Group {
  end: number;
  state: string;
  resume: number;
}

/** What a boot on `base` wrote while it played on. */
interface Run {
  base: MemoryFlash;
  start: string;
  ops: Op[];
  groups: Group[];
}

/** Boots on a copy of `base`, checks it restored `expected`, and plays readings from `from` until `groups` writes. */
function playOn(header: MatchHeader, readings: readonly Reading[], base: MemoryFlash, expected: string, from: number, groups: number, where: string): Run {
  const flash = MemoryFlash.cutAt([], 0, 0, base);
  const t = makeTable(header, flash);
  assert.equal(game(t.app.state), expected, `the boot after ${where}`);
  const run: Run = { base, start: expected, ops: flash.ops, groups: [] };
  const mark = (resume: number) => {
    const end = run.groups.length ? run.groups[run.groups.length - 1].end : 0;
    if (flash.ops.length > end) run.groups.push({ end: flash.ops.length, state: game(t.app.state), resume });
  };
  // This boot's clock starts at 0: the readings go on from there.
  const shift = from < readings.length ? readings[from].t - 100_000 : 0;
  for (let i = from; i < readings.length && run.groups.length < groups; i++) {
    const r = { ...readings[i], t: readings[i].t - shift };
    while (t.clock.t + 20_000 < r.t) {
      t.clock.t += 20_000;
      t.app.tick();
      mark(i);
    }
    t.clock.t = Math.max(t.clock.t, r.t);
    t.app.readings([r]);
    mark(i);
  }
  for (let k = 0; k < 300 && run.groups.length < groups; k++) {
    t.clock.t += 20_000;
    t.app.tick();
    mark(readings.length);
  }
  run.ops = flash.ops.slice();
  return run;
}

interface Cut {
  write: number;
  /** A torn tail or a whole write (the cuts that go deeper). */
  edge: boolean;
  flash: MemoryFlash;
  expected: string;
  resume: number;
  where: string;
}

/** The cuts of a run: in each write, at the bytes `bytes` chooses; each with the state a boot must find. */
function cutsOf(run: Run, bytes: (size: number) => number[], where: string): Cut[] {
  const out: Cut[] = [];
  let g = 0;
  for (let w = 0; w < run.ops.length; w++) {
    while (run.groups[g].end <= w) g++;
    const op = run.ops[w];
    const size = op.kind === 'append' ? op.bytes.length : 0;
    for (const b of bytes(size)) {
      const whole = b === size;
      const landed = whole && w === run.groups[g].end - 1;
      out.push({
        write: w,
        edge: b >= size - 1,
        flash: MemoryFlash.cutAt(run.ops, whole ? w + 1 : w, whole ? 0 : b, run.base),
        expected: landed ? run.groups[g].state : g > 0 ? run.groups[g - 1].state : run.start,
        resume: run.groups[g].resume,
        where: `${where}, cut at byte ${b}/${size} of write ${w} (${op.kind})`,
      });
    }
  }
  return out;
}

const everyByte = (size: number) => Array.from({ length: size + 1 }, (_, i) => i);
/** A torn tail in each write, and each write whole. */
const tornOrWhole = (size: number) => (size > 0 ? [size - 1, size] : [size]);

describe('the table under repeated power cuts', () => {
  it('cut, boot, cut during the repair, boot, play on, cut, boot: always the state of the last whole write', function () {
    this.timeout(120_000);
    const log = parseLog(readFileSync('test/fixtures/matches/se-singles.jsonl', 'utf8'));
    assert.ok(log.ok);
    const header = log.value.header;
    const readings = generateTrace(header, log.value.events.map((e) => e.event), 5, NOISE.low, LAYOUTS.reference).readings;
    const first = playOn(header, readings, new MemoryFlash(), game(makeTable(header).app.state), 0, Infinity, 'nothing');
    assert.ok(first.ops.filter((o) => o.kind === 'erase').length >= 3, 'compacted at each new board');
    // The first cut: a torn tail in every write of the match. The boot after it plays on for two writes
    // (the first repairs the journal, or compacts it), which are cut at every byte for the writes that
    // repair the longest journal and the first after a compaction, else torn or whole; after each of
    // those, one more write, cut torn or whole.
    const firstCuts = cutsOf(first, (size) => (size > 0 ? [size - 1] : []), 'a match');
    const bytesIn = (f: MemoryFlash) => f.slots[0].length + f.slots[1].length;
    const longest = firstCuts.reduce((a, c) => (bytesIn(c.flash) > bytesIn(a.flash) ? c : a)).write;
    // begin writes 0 (erase) and 1 (header); a compaction is an erase, a header, a snapshot; then a shot.
    const afterCompaction = first.ops.findIndex((o, k) => k > 0 && o.kind === 'erase') + 3;
    let boots = 0;
    for (const c1 of firstCuts) {
      const second = playOn(header, readings, c1.flash, c1.expected, c1.resume, 2, c1.where);
      boots++;
      const full = c1.write === longest || c1.write === afterCompaction;
      for (const c2 of cutsOf(second, full ? everyByte : tornOrWhole, c1.where)) {
        const third = playOn(header, readings, c2.flash, c2.expected, c2.resume, c2.edge ? 1 : 0, c2.where);
        boots++;
        if (c2.edge) {
          for (const c3 of cutsOf(third, tornOrWhole, c2.where)) {
            playOn(header, readings, c3.flash, c3.expected, c3.resume, 0, c3.where);
            boots++;
          }
        }
      }
    }
    assert.ok(boots > 3000, `${boots} boots`);
  });
});
