// The desktop-simulator bundle ("carrom", preloaded): plays the scripted match when main calls run().
// The script is a generated trace of a whole match (tools/build.ts writes it before bundling).
import { SCRIPT, SCRIPT_MATCH } from '../../../build/device/mcsim/script.ts';
import { start } from '../table.ts';
import { simulatorBoard } from './board.ts';

export function run(): void {
  start(simulatorBoard(SCRIPT, 8), SCRIPT_MATCH(), undefined, {
    boardFinished(match, state) {
      trace(`carrom: ${match.rules} ${JSON.stringify(state.match)}\n`);
    },
  });
}
