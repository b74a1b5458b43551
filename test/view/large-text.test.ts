// Text drawn large (the score, three times the size of the text): each pixel of a glyph becomes a
// square of scale × scale pixels, wherever the text starts, across page boundaries and off the top or
// left of the screen, an accented capital's mark in the rows above; checked against squares drawn one by
// one with fill(). Scales up to 4: a glyph column of 7 rows stretched is worked out in 32 bits.
import assert from 'node:assert/strict';
import { GLYPHS, GLYPH_HEIGHT, GLYPH_WIDTH, MARK_ROWS, glyph, markOf } from '../../src/view/font.ts';
import { Frame, HEIGHT, WIDTH } from '../../src/view/frame.ts';

function squares(f: Frame, x: number, y: number, ch: string, scale: number): void {
  const columns = glyph(ch);
  for (let c = 0; c < GLYPH_WIDTH; c++) for (let r = 0; r < GLYPH_HEIGHT; r++) if (columns[c] & (1 << r)) f.fill(x + c * scale, y + r * scale, scale, scale);
  const mark = markOf(ch);
  if (mark) for (let c = 0; c < GLYPH_WIDTH; c++) for (let r = 0; r < MARK_ROWS; r++) if (mark[c] & (1 << r)) f.fill(x + c * scale, y + (r - MARK_ROWS) * scale, scale, scale);
}

function differences(a: Frame, b: Frame): string[] {
  const out: string[] = [];
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (a.get(x, y) !== b.get(x, y)) out.push(`${x},${y}`);
  return out;
}

describe('display: large text', () => {
  for (const scale of [2, 3, 4]) {
    it(`every glyph at scale ${scale} is its pixels drawn as ${scale}×${scale} squares, at any row`, () => {
      for (const ch of Object.keys(GLYPHS)) {
        for (const [x, y] of [[0, 0], [3, 11], [-4, 13], [100, 37], [7, -5], [120, 60]]) {
          const got = new Frame();
          const want = new Frame();
          got.text(x, y, ch, scale);
          squares(want, x, y, ch, scale);
          const wrong = differences(got, want);
          assert.deepEqual(wrong.slice(0, 5), [], `${JSON.stringify(ch)} at ${x},${y}: ${wrong.length} pixels differ`);
        }
      }
    });
  }
});
