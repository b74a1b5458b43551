// The firmware on the cheaper board (boards/devkit-1beam): one beam per pocket, no colour sensors. The
// device host's start() takes the table's layout from the board (its board.json, as the provider hands
// it out), so what goes into a pocket is a piece of unknown kind, the display asks for it, and the
// players name it through the menu (docs/install.md, "Other hardware").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { BoardData } from '../../boards/types.ts';
import { start } from '../../hosts/device/table.ts';
import type { Board, ReadingSource } from '../../hosts/device/ports.ts';
import type { TableApp } from '../../src/app/app.ts';
import { parseLog } from '../../src/rules/index.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { MenuScreen, PlayScreen } from '../../src/view/screen.ts';
import { MemoryFlash } from '../helpers/table.ts';
import { colourOf, ms, passage, strip } from '../helpers/readings.ts';

/** A board as the ESP32 host builds it, but fed by the test: readings, buttons and the timer by hand. */
function fakeBoard(folder: string, edit = (_: BoardData) => {}) {
  const data = JSON.parse(readFileSync(`boards/${folder}/board.json`, 'utf8')) as BoardData;
  edit(data);
  let t = 0;
  let deliver: (s: ReadingSource) => void = () => {};
  let edge: (name: 'up' | 'down' | 'select', pressed: boolean, t: number) => void = () => {};
  let timer = () => {};
  let batch: Reading[] = [];
  const source: ReadingSource = { read: () => batch.splice(0), close() {} };
  // Closable too, as a real board is.
  const board: Board & { close(): void } = {
    now: () => t,
    sources(onReadable) {
      deliver = onReadable;
      return [source];
    },
    buttons(onEdge) {
      edge = onEdge;
      return { close() {} };
    },
    display: { show() {} },
    storage: new MemoryFlash(),
    every: (_ms, fn) => void (timer = fn),
    log() {},
    table: data.table,
    close() {},
  };
  const until = (to: number) => {
    while (t + 20_000 <= to) {
      t += 20_000;
      timer();
    }
    t = Math.max(t, to);
  };
  return {
    board,
    feed(readings: Reading[], settle = true) {
      for (const r of readings.slice().sort((a, b) => a.t - b.t)) {
        until(r.t);
        batch.push(r);
        deliver(source);
      }
      if (settle) until(t + 5_000_000); // the shot settles
    },
    wait: (us: number) => until(t + us),
    press(name: 'up' | 'down' | 'select') {
      edge(name, true, t);
      until(t + 60_000);
      edge(name, false, t);
      until(t + 40_000);
    },
  };
}

const HEADER = { carrom: 1 as const, rules: 'icf', mode: 'singles' as const, players: ['ASHA', 'BEN'], breaker: 0 as const, options: {} };
/** Seat 0 strikes at 2 s; a white at 1 m/s goes into pocket 2, its colour seen if the table has a sensor. */
const SHOT = [strip(0, ms(500), 200), strip(0, ms(2000), null), ...passage(2, ms(2100), 1), colourOf(2, ms(2110), 'white')];

const pocketed = (app: TableApp) =>
  (parseLog(app.logText()) as { ok: true; value: { events: { event: { e: string; piece?: string } }[] } }).value.events
    .map((e) => e.event)
    .filter((e) => e.e === 'pocket' || e.e === 'identify')
    .map((e) => `${e.e} ${e.piece}`);

describe('the app on a one-beam table without colour sensors (boards/devkit-1beam)', () => {
  it('names a pocketed piece unknown, asks for it on the display, and the players name it in the menu', () => {
    const table = fakeBoard('devkit-1beam');
    const app = start(table.board, HEADER);
    // The sensor that would have seen white is not there: the board's readings have no colour, only one beam.
    const seen = SHOT.filter((r) => r.kind === 'strip' || (r.kind === 'beam' && r.beam === 0));
    table.feed(seen, false);
    // One beam: the piece is shown as soon as the beam clears (two beams would wait for the lower one).
    table.wait(40_000);
    assert.equal((app.screen() as PlayScreen).line, 'UNKNOWN → P2');
    table.wait(5_000_000); // the shot settles
    assert.deepEqual(pocketed(app), ['pocket unknown']);
    assert.deepEqual(app.state.board.awaiting, { identify: 1 });
    assert.equal((app.screen() as PlayScreen).line, 'NAME 1 PIECE? SELECT');

    table.press('select');
    const menu = app.screen() as MenuScreen;
    assert.equal(menu.kind, 'menu');
    assert.equal(menu.items[0], 'NAME PIECE', 'what the table waits for comes first');
    table.press('select');
    assert.equal((app.screen() as MenuScreen).title, 'NAME PIECE');
    assert.equal((app.screen() as MenuScreen).items[0], 'WHITE');
    table.press('select');

    assert.equal(app.screen().kind, 'play');
    assert.deepEqual(pocketed(app), ['pocket unknown', 'identify white']);
    assert.equal(app.state.board.awaiting, null);
    assert.equal(app.state.board.onBoard.white, 8);
  });

  it('the same shot on the reference board (two beams, colour) needs no one to name it', () => {
    const table = fakeBoard('reference-v1');
    const app = start(table.board, HEADER);
    table.feed(SHOT);
    assert.deepEqual(pocketed(app), ['pocket white']);
    assert.equal(app.state.board.awaiting, null);
    assert.equal(app.state.board.onBoard.white, 8);
  });

  it('the layout is the board\'s: without a calibration in board.json, a white seen by both beams and a colour sensor is a man to name', () => {
    const table = fakeBoard('reference-v1', (b) => (b.table.calibration = null));
    const app = start(table.board, HEADER);
    table.feed(SHOT);
    assert.deepEqual(pocketed(app), ['pocket man']);
    assert.equal((app.screen() as PlayScreen).line, 'NAME 1 PIECE? SELECT');
  });
});
