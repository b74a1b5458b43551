// The incremental render (src/view/painter.ts): after any sequence of screens, the frame is the one a
// full render draws, pixel for pixel, and every byte that changed is in the spans handed to the display.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Changes } from '../../src/view/changes.ts';
import { GLYPHS } from '../../src/view/font.ts';
import { Frame } from '../../src/view/frame.ts';
import { Painter } from '../../src/view/painter.ts';
import { render } from '../../src/view/render.ts';
import type { Corner, MenuScreen, PlayScreen, Screen, TextScreen } from '../../src/view/screen.ts';

// Every glyph, lower case (drawn as capitals) and a sign the font lacks (drawn as '?').
const CHARS = [...Object.keys(GLYPHS), 'a', 'z', 'é', '~'];
const text = (max: number) => fc.string({ unit: fc.constantFrom(...CHARS), maxLength: max });
const colour = fc.constantFrom<'white' | 'black' | null>('white', 'black', null);

const corner: fc.Arbitrary<Corner> = fc.record({
  fault: fc.boolean(),
  wifi: fc.constantFrom('off', 'down', 'up'),
  sync: fc.option(fc.record({ queued: fc.nat(120), trouble: fc.boolean() }), { nil: null }),
});

const side = fc.record({ name: text(10), score: fc.oneof(fc.nat(30), fc.nat(1500)), colour, onTurn: fc.boolean() });

const play: fc.Arbitrary<PlayScreen> = fc.record({
  kind: fc.constant('play' as const),
  title: text(22),
  sides: fc.oneof(fc.array(side, { minLength: 2, maxLength: 2 }), fc.array(side, { minLength: 3, maxLength: 3 })),
  turn: fc.record({ arrow: fc.constantFrom('↓', '←', '↑', '→'), name: text(8), colour }),
  queen: text(8),
  dues: fc.option(text(6), { nil: null }),
  line: text(24),
  prompt: fc.boolean(),
  corner,
});

const menu: fc.Arbitrary<MenuScreen> = fc
  .record({ title: text(20), items: fc.array(text(22), { minLength: 1, maxLength: 10 }), pick: fc.nat(), corner })
  .map(({ title, items, pick, corner }) => ({ kind: 'menu' as const, title, items, selected: pick % items.length, corner }));

const page: fc.Arbitrary<TextScreen> = fc
  .record({ title: text(20), lines: fc.array(text(22), { maxLength: 12 }), pick: fc.nat(), corner })
  .map(({ title, lines, pick, corner }) => ({ kind: 'text' as const, title, lines, top: pick % (lines.length + 1), corner }));

/** The next screen: a new one, or the last one with some of its fields from another of its kind (the
 * common case: an event changes a field or two). */
function next(last: Screen, other: Screen, keep: number): Screen {
  if (last.kind !== other.kind) return other;
  const out: Record<string, unknown> = { ...other };
  Object.keys(last).forEach((k, i) => {
    if (keep & (1 << i)) out[k] = (last as unknown as Record<string, unknown>)[k];
  });
  if (out.kind === 'play') {
    const a = last as PlayScreen;
    const b = other as PlayScreen;
    // A side's fields one by one too, when the count of sides stays.
    if (a.sides.length === b.sides.length) out.sides = b.sides.map((s, i) => (keep & (1 << (10 + i)) ? a.sides[i] : s));
  }
  if (out.kind === 'menu') out.selected = Math.min(out.selected as number, (out.items as string[]).length - 1);
  if (out.kind === 'text') out.top = Math.min(out.top as number, (out.lines as string[]).length);
  return out as unknown as Screen;
}

const steps = fc.tuple(fc.oneof(play, menu, page), fc.array(fc.tuple(fc.oneof({ weight: 3, arbitrary: play }, menu, page), fc.nat()), { minLength: 1, maxLength: 25 }));

describe('display: the incremental render', () => {
  it('after any sequence of screens, the frame is a full render of the last, pixel for pixel, and every changed byte is in the changed spans', () => {
    fc.assert(
      fc.property(steps, ([first, rest]) => {
        const frame = new Frame();
        const painter = new Painter(frame);
        const changes = new Changes();
        let screen: Screen = first;
        painter.paint(screen, changes);
        for (const [other, keep] of rest) {
          screen = next(screen, other, keep);
          const before = frame.bytes.slice();
          changes.clear();
          painter.paint(screen, changes);
          const want = render(new Frame(), screen).bytes;
          assert.deepEqual(frame.bytes, want, JSON.stringify(screen));
          for (let i = 0; i < before.length; i++) {
            if (before[i] === frame.bytes[i]) continue;
            const p = i >> 7;
            const x = i & 127;
            assert.ok(changes.from[p] <= x && x < changes.to[p], `byte of page ${p} column ${x} changed outside the spans`);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a new message on the bottom line touches page 7 alone, only the columns its old and new text cover', () => {
    const base: PlayScreen = {
      kind: 'play', title: 'B1 ICF 25', sides: [{ name: 'ASHA', score: 3, colour: 'white', onTurn: true }, { name: 'BEN', score: 1, colour: 'black', onTurn: false }],
      turn: { arrow: '↓', name: 'ASHA', colour: 'white' }, queen: 'Q ON', dues: null, line: 'WHITE → P2', prompt: false, corner: { fault: false, wifi: 'up' },
    };
    const painter = new Painter(new Frame());
    const changes = new Changes();
    painter.paint(base, changes);
    changes.clear();
    painter.paint({ ...base, line: 'BLACK → P3!' }, changes);
    assert.deepEqual([...changes.from], [128, 128, 128, 128, 128, 128, 128, 0]);
    // 11 glyphs of 6 columns, less the last one's spacing.
    assert.deepEqual([...changes.to], [0, 0, 0, 0, 0, 0, 0, 65]);
  });

  it('an accented message on the bottom line touches page 6 too, where its marks are, and the next plain one clears them', () => {
    const base: PlayScreen = {
      kind: 'play', title: 'B1 ICF 25', sides: [{ name: 'ASHA', score: 3, colour: 'white', onTurn: true }, { name: 'BEN', score: 1, colour: 'black', onTurn: false }],
      turn: { arrow: '↓', name: 'ASHA', colour: 'white' }, queen: 'Q ON', dues: null, line: 'WHITE → P2', prompt: false, corner: { fault: false, wifi: 'up' },
    };
    const frame = new Frame();
    const painter = new Painter(frame);
    const changes = new Changes();
    painter.paint(base, changes);
    changes.clear();
    painter.paint({ ...base, line: 'ŠČ' }, changes);
    // The marks' row 55 is on page 6; one span covers the old text's 10 glyphs and the new one's 2.
    assert.deepEqual([...changes.from.slice(0, 6)], [128, 128, 128, 128, 128, 128], 'no other page');
    assert.deepEqual([...changes.from.slice(6), ...changes.to.slice(6)], [0, 0, 59, 59]);
    changes.clear();
    painter.paint({ ...base, line: 'BLACK → P3!' }, changes);
    assert.deepEqual([...changes.from.slice(6), ...changes.to.slice(6)], [0, 0, 65, 65], 'page 6: the marks that went');
    assert.deepEqual(frame.bytes, render(new Frame(), { ...base, line: 'BLACK → P3!' }).bytes);
  });

  it('the same screen again changes nothing', () => {
    const painter = new Painter(new Frame());
    const changes = new Changes();
    const s: MenuScreen = { kind: 'menu', title: 'MENU', items: ['A', 'B', 'C'], selected: 1, corner: { fault: true, wifi: 'down' } };
    painter.paint(s, changes);
    changes.clear();
    painter.paint({ ...s, items: s.items.slice() }, changes);
    assert.deepEqual([...changes.from, ...changes.to], [...new Changes().from, ...new Changes().to], 'no page changed');
  });
});
