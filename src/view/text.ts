// A text screen: the title, a rule, six rows of text from `top`; arrows say there is more above or below.

import { Frame, HEIGHT, WIDTH, fit } from './frame.ts';
import type { Corner, TextScreen } from './screen.ts';

const ROWS = 6;

export function text(f: Frame, s: TextScreen, corner: (f: Frame, c: Corner) => void): void {
  f.text(0, 0, fit(s.title, 16));
  corner(f, s.corner);
  f.hline(0, 8, WIDTH);
  for (let r = 0; r < ROWS && s.top + r < s.lines.length; r++) f.text(0, 10 + r * 9, fit(s.lines[s.top + r], 20));
  if (s.top > 0) f.text(WIDTH - 5, 10, '↑');
  if (s.top + ROWS < s.lines.length) f.text(WIDTH - 5, HEIGHT - 8, '↓');
}
