// The desktop-simulator bundle ("carrom", preloaded): plays the scripted match when main calls run(),
// with the device's network side (Wi-Fi is the SDK's simulation there; sockets are the host's). Its files
// (journal, outbox, settings, calibration, network) are all named after mcconfig's `journal=NAME` (files.ts).
// The script is a generated trace of a whole match (tools/build.ts writes it before bundling).
import { SCRIPT, SCRIPT_MATCH } from '../../../build/device/mcsim/script.ts';
import { start } from '../table.ts';
import { withNetwork } from '../net/wire.ts';
import { simulatorBoard } from './board.ts';
import { FileKey } from '../file-key.ts';
import { keyNetStore } from '../net/settings.ts';
import { FileStorage } from '../net/file-storage.ts';
import { simulatorFiles } from './files.ts';
import config from 'mc/config';

export function run(): void {
  // Every file the build writes is named after its journal (files.ts).
  const files = simulatorFiles((config as { journal?: string }).journal);
  const board = simulatorBoard(SCRIPT, 8, files);
  const network = keyNetStore(new FileKey(files.network));
  const { sync } = withNetwork(board.log, (sync) => start(board, SCRIPT_MATCH(), undefined, sync), network, new FileStorage(files.outbox));
  board.every(5000, () => {
    const v = sync.view();
    trace(`carrom: sync ${JSON.stringify({ queued: v.queued, refused: v.refused, sending: v.sending, error: v.error, server: v.server })}\n`);
  });
}
