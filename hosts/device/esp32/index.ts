// The device bundle ("carrom", preloaded): nothing runs until main calls run().
import heap from 'heap';
import { start } from '../table.ts';
import { withNetwork } from '../net/wire.ts';
import { referenceBoard } from './board.ts';
import { heapLine, heapWhenNetworkAnswers } from './heap-line.ts';

export function run(): void {
  const board = referenceBoard();
  // The heap once the XS machine and the board have theirs, with the table started (capture, sampler, files),
  // and once the network has first answered.
  board.log(heapLine('at boot', heap()));
  withNetwork(heapWhenNetworkAnswers(board.log, heap), (sync) => {
    const app = start(board, undefined, undefined, sync);
    board.log(heapLine('with the table started', heap()));
    return app;
  });
}
