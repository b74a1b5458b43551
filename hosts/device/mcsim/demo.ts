// The scripted match that mcsim plays in place of the sensors: played only into a blank journal. At a
// later boot the table restores the match its journal holds, as a real table does after a power cut,
// and the script played again would add its shots to that restored match: the journal grew at every
// boot (1,602 → 6,994 → 7,795 bytes over three) until the simulator's fixed heap could not read it.
import { Journal, type StoragePort } from '../../../src/store/journal.ts';
import type { Reading } from '../../../src/sensing/types.ts';

/** The readings to play at this boot: the whole script on a blank journal, none when it holds a match. */
export function demoScript(storage: StoragePort, script: readonly Reading[]): readonly Reading[] {
  return new Journal(storage).open() === null ? script : [];
}
