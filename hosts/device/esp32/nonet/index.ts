// The device bundle without the network (issue 32, rung 3's step on the way): the same firmware as
// ../index.ts with sync off, for an image linked without ESP-IDF's Wi-Fi libraries (manifest_nonet.json).
import heap from 'heap';
import { start } from '../../table.ts';
import { referenceBoard } from '../board.ts';
import { heapLine } from '../heap-line.ts';

export function run(): void {
  const board = referenceBoard();
  // The heap once the XS machine and the board have theirs, then with the table started (capture, sampler, files).
  board.log(heapLine('at boot', heap()));
  start(board);
  board.log(heapLine('with the table started', heap()));
}
