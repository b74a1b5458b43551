// The device bundle ("carrom", preloaded): nothing runs until main calls run().
import heap from 'heap';
import { start } from '../table.ts';
import { withNetwork } from '../net/wire.ts';
import { referenceBoard } from './board.ts';
import { heapLine } from './heap-line.ts';

export function run(): void {
  const board = referenceBoard();
  // The heap once the XS machine and the board have theirs, then with the table started (capture, sampler, files).
  board.log(heapLine('at boot', heap()));
  withNetwork(board.log, (sync) => {
    const app = start(board, undefined, undefined, sync);
    board.log(heapLine('with the table started', heap()));
    return app;
  });
}
