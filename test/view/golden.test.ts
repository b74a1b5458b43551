// Golden images: every screen of tools/screens/screens.ts rendered and compared pixel for pixel with the PNG
// we looked at when it was written (npm run screens -- --preview DIR to look again).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEIGHT, WIDTH } from '../../src/view/frame.ts';
import { pngFrame } from '../../hosts/simulator/png.ts';
import { FIXTURES, SCREENS, renderScreen } from '../../tools/screens/screens.ts';

describe('display: golden images', () => {
  for (const name of Object.keys(SCREENS)) {
    it(`${name} matches ${name}.png pixel for pixel`, () => {
      const want = pngFrame(readFileSync(join(FIXTURES, `${name}.png`)));
      const got = renderScreen(name);
      const wrong: string[] = [];
      for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if (want.get(x, y) !== got.get(x, y)) wrong.push(`${x},${y}`);
      assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} pixels differ`);
    });
  }

  it('the score is drawn 21 pixels tall, to be read from a seat', () => {
    const f = renderScreen('match-over');
    let top = HEIGHT;
    let bottom = 0;
    for (let y = 10; y < 34; y++) for (let x = 0; x < 40; x++) if (f.get(x, y)) ((top = Math.min(top, y)), (bottom = Math.max(bottom, y)));
    assert.equal(bottom - top + 1, 21);
  });
});
