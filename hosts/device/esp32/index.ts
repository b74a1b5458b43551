// The device bundle ("carrom", preloaded): nothing runs until main calls run().
import { start } from '../table.ts';
import { withNetwork } from '../net/wire.ts';
import { referenceBoard } from './board.ts';

export function run(): void {
  const board = referenceBoard();
  withNetwork(board.log, (sync) => start(board, undefined, undefined, sync));
}
