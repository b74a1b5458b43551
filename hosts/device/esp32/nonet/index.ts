// The device bundle without the network (issue 32, rung 3's step on the way): the same firmware as
// ../index.ts with sync off, for an image linked without ESP-IDF's Wi-Fi libraries (manifest_nonet.json).
import { start } from '../../table.ts';
import { referenceBoard } from '../board.ts';

export function run(): void {
  start(referenceBoard());
}
