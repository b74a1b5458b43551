// The table, on whatever board the host hands it: the app with the board's ports. Bundled as the
// preloaded module "carrom"; nothing here touches hardware until start() is called from main.
import { TableApp, type SyncPort } from '../../src/app/app.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Calibration } from '../../src/sensing/types.ts';
import { fault } from '../../src/app/install/selftest.ts';
import type { Board } from './ports.ts';

export const REFERENCE_CALIBRATION: Calibration = Object.freeze({
  white: Object.freeze([0.36, 0.34, 0.3] as const),
  black: Object.freeze([0.3, 0.33, 0.37] as const),
  queen: Object.freeze([0.55, 0.22, 0.23] as const),
  striker: Object.freeze([0.33, 0.33, 0.34] as const),
});

/** A fresh header each time: objects of a preloaded module live in flash, and XS's JSON.stringify
 * throws "read only value" on them (seen in mcsim), so none may end up in the journal. */
export function defaultMatch(): MatchHeader {
  return { carrom: 1, rules: 'icf', mode: 'singles', players: ['PLAYER 1', 'PLAYER 2'], breaker: 0, options: {} };
}

export function start(
  board: Board,
  match: MatchHeader = defaultMatch(),
  table = board.table ?? { beamGapMm: 10, calibration: REFERENCE_CALIBRATION as Calibration | null },
  sync?: SyncPort,
): TableApp {
  const app = new TableApp({
    sync,
    clock: { now: () => board.now(), complete: board.complete && (() => board.complete!()) },
    display: board.display,
    storage: board.storage,
    table,
    defaultMatch: match,
    install: { hardware: board.hardware, store: board.calibration, faults: board.faults },
    settings: board.settings,
  });
  board.sources((source) => app.readings(source.read()), (fact) => app.noteHealth(fact));
  // Parts that did not answer as the board started: the debug log is the one place sure to show them.
  // The display is the board's to log (it sees the error, and whether it answers again later).
  for (const channel of board.faults ?? []) {
    if (channel === 'display') continue;
    const f = fault(channel, channel.endsWith('.c') ? 'colourSilent' : 'stripSilent', board.hardware ?? []);
    board.log(`carrom: ${f.message}`);
  }
  if (app.calibrationError) board.log(`carrom: ${app.calibrationError}; using the built-in calibration`);
  board.buttons((name, pressed, t) => app.button(name, pressed, t));
  board.every(20, () => app.tick());
  board.log(`carrom: ${app.header.rules} ${app.header.mode}, board ${app.state.board.number}, ${app.state.shots} shots`);
  return app;
}
