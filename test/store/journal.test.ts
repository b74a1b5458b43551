// The journal alone under repeated power cuts: a cut at every byte of every write, a boot, a cut at
// every byte of the next writes (the repair of a torn tail among them), a boot, a third cut, a boot; then
// the rest played on. Each boot must find the content of the last whole write, nothing lost, nothing
// invented, and what is played on after it must read back. Under both cut models (test/helpers/flash.ts):
// a write cut short, and NOR flash's partly programmed word and half-erased garbage, which only the
// records' CRCs catch.
import assert from 'node:assert/strict';
import { Journal, type JournalContent } from '../../src/store/journal.ts';
import { Slots } from '../../src/store/slots.ts';
import { CUT_MODELS, MemoryFlash, type CutModel } from '../helpers/flash.ts';

type Content = JournalContent | null;

/** What a boot found, in the terms the app replays. */
const found = (c: Content): Content => c && { header: c.header, snapshot: c.snapshot, batches: c.batches };

interface Step {
  name: string;
  run(j: Journal): void;
  /** The content once the step's writes are whole. */
  next(m: Content): Content;
}

const begin = (header: string): Step => ({ name: `begin ${header}`, run: (j) => j.begin(header), next: () => ({ header, snapshot: null, batches: [] }) });
const append = (e: string): Step => ({ name: `append ${e}`, run: (j) => j.append(e), next: (m) => m && { ...m, batches: [...m.batches, e] } });
const compact = (header: string, state: string, line: number): Step => ({
  name: `compact to line ${line}`,
  run: (j) => j.compact(header, state, line),
  next: () => ({ header, snapshot: { state, line }, batches: [] }),
});

const SCRIPT: readonly Step[] = [
  begin('{"h":1}'),
  append('e1'),
  append('e2'),
  compact('{"h":1}', '{"s":1}', 4),
  append('e3'),
  append('e4 → é'),
  append('e5'),
  begin('{"h":2}'),
  append('e6'),
  compact('{"h":2}', '{"s":2}', 3),
  append('e7'),
  append('e8'),
];

/** Boots on `flash` (a copy), checks what it finds, and plays `from` on; the flash and content after. */
function bootAndPlay(flash: MemoryFlash, expected: Content, from: number, to: number, where: string): { flash: MemoryFlash; content: Content } {
  const live = MemoryFlash.cutAt([], 0, 0, flash);
  const j = new Journal(live);
  assert.deepEqual(found(j.open()), expected, `boot after ${where}`);
  let content = expected;
  for (let i = from; i < to; i++) {
    SCRIPT[i].run(j);
    content = SCRIPT[i].next(content);
  }
  return { flash: live, content };
}

/** Every byte; at the third cut, to stay quick, a torn tail in each write and the step whole. */
const cutsOf = (size: number, everyByte: boolean, last: boolean): number[] =>
  everyByte ? Array.from({ length: size + 1 }, (_, i) => i) : [...(size > 0 ? [size - 1] : []), ...(last ? [size] : [])];

/** Cuts step `at` (with the boot before it, whose writes count as the step's) at every chosen byte, then goes deeper. */
function explore(flash: MemoryFlash, model: Content, at: number, depth: number, path: string, how: CutModel): number {
  if (at >= SCRIPT.length) return 0;
  const step = SCRIPT[at];
  const live = MemoryFlash.cutAt([], 0, 0, flash);
  const j = new Journal(live);
  assert.deepEqual(found(j.open()), model, `boot after ${path}`);
  step.run(j);
  const ops = live.ops.slice();
  const after = step.next(model);
  let boots = 0;
  for (let w = 0; w < ops.length; w++) {
    const op = ops[w];
    const size = MemoryFlash.cutsIn(op, how);
    for (const b of cutsOf(size, depth > 1, w === ops.length - 1)) {
      const whole = b === size;
      const cut = MemoryFlash.cutAt(ops, whole ? w + 1 : w, whole ? 0 : b, flash, how);
      const expected = whole && w === ops.length - 1 ? after : model;
      const where = `${path}, ${step.name} cut at byte ${b}/${size} of write ${w} (${op.kind})`;
      if (depth > 1) boots += explore(cut, expected, at + 1, depth - 1, where, how);
      else {
        // The last boot, then everything after it played on: it must all read back.
        const end = bootAndPlay(cut, expected, at + 1, Math.min(SCRIPT.length, at + 4), where);
        bootAndPlay(end.flash, end.content, 0, 0, `${where}, then the rest played on`);
        boots++;
      }
    }
  }
  return boots;
}

describe('journal under repeated power cuts', () => {
  for (const how of CUT_MODELS) {
    const what = how === 'nor' ? 'NOR flash: the word in progress partly programmed, an erase cut short leaving garbage' : 'each write cut short';
    it(`cut, boot, cut during the repair, boot, cut again, boot (${what}): always the last whole write`, function () {
      this.timeout(120_000);
      let boots = 0;
      for (let start = 0; start < SCRIPT.length; start++) {
        const before = bootAndPlay(new MemoryFlash(), null, 0, start, 'nothing');
        boots += explore(before.flash, before.content, start, 3, `steps 0–${start - 1}`, how);
      }
      assert.ok(boots > 25_000, `${boots} boots`);
    });
  }
});

describe('two slots that take turns', () => {
  it('a copy is in charge only once its last record lands; its own fields cannot shadow the count', () => {
    const flash = new MemoryFlash();
    const s = new Slots(flash);
    s.replace('{"box":"outbox"}', [{ kind: 2, text: 'a' }]);
    s.append(2, 'b');
    const ops = flash.ops.length;
    s.replace('{"generation":99,"records":0}', [{ kind: 2, text: 'c' }, { kind: 2, text: 'd' }]);
    const copy = flash.ops.slice(ops);
    for (let w = 0; w < copy.length; w++) {
      const cut = MemoryFlash.cutAt(flash.ops, ops + w + 1, 0);
      const found = new Slots(cut).open();
      const whole = w === copy.length - 1;
      assert.deepEqual(found?.records.map((r) => r.text), whole ? ['c', 'd'] : ['a', 'b'], `cut after write ${w} of the copy`);
      assert.deepEqual(found?.head, whole ? {} : { box: 'outbox' });
    }
    assert.throws(() => s.replace('[1]', []), /JSON object/);
  });
});
