// The device bundle ("carrom", preloaded): nothing runs until main calls run().
import { start } from '../table.ts';
import { referenceBoard } from './board.ts';

export function run(): void {
  start(referenceBoard());
}
