// The display's framebuffer alone inside XS, for the tests of what drawing keeps in the heap:
//   "large\n<text>" → draws the text at scales 2, 3 and 4 (the score's sizes and one more) on one frame,
//                     cleared first; answers how many bytes of the frame are lit
//   "gc"            → a full collection: the slots at the end of it are what the heap keeps (liveSlots)
import { commands } from './command.ts';
import { Frame } from '../../src/view/frame.ts';

declare function gc(): void;

const frame = new Frame();

commands((op, body) => {
  if (op === 'gc') return (gc(), '');
  if (op !== 'large') return `error\nunknown command ${op}`;
  frame.clear();
  for (let scale = 2; scale <= 4; scale++) frame.text(0, 8 * scale, body, scale);
  let lit = 0;
  for (const b of frame.bytes) if (b !== 0) lit++;
  return String(lit);
});
