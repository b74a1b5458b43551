// What the display says as a game goes on, on the simulated table (real sensing, rules and app): no
// fault raised where no sensor failed, and what the players need to see of a game's end and a warning.
import assert from 'node:assert/strict';
import { SimTable } from '../../hosts/simulator/table.ts';
import { header, scriptEvents } from '../../tools/script.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';
import { makeTable, play } from '../helpers/table.ts';

/** A shot from `seat`: the striker placed and struck, these pieces down pocket 2, everything at rest. */
function shot(sim: SimTable, seat: number, pieces: ('white' | 'black' | 'queen' | 'striker')[] = []): void {
  sim.place(seat, 200);
  sim.settle();
  sim.strike(seat);
  sim.advanceTo(sim.now + 1_200_000);
  for (const p of pieces) sim.drop(2, p);
  sim.settle();
}

/** A short press of a button, as a player makes it. */
function press(sim: SimTable, name: 'up' | 'down' | 'select'): void {
  sim.button(name, true);
  sim.advanceTo(sim.now + 60_000);
  sim.button(name, false);
  sim.advanceTo(sim.now + 40_000);
}

/** A long press: back out one menu. */
function hold(sim: SimTable, name: 'up' | 'down' | 'select' = 'select'): void {
  sim.button(name, true);
  sim.advanceTo(sim.now + 800_000);
  sim.button(name, false);
  sim.advanceTo(sim.now + 40_000);
}

/** Down the open menu to the item, then select it. */
function choose(sim: SimTable, label: string): void {
  for (let i = 0; i < 30; i++) {
    const s = sim.app.screen();
    assert.equal(s.kind, 'menu', `looking for ${label}`);
    if (s.kind === 'menu' && s.items[s.selected] === label) return press(sim, 'select');
    press(sim, 'down');
  }
  assert.fail(`no ${label} in the menu`);
}

describe('what the display says', () => {
  it('raises no strip fault when one player pockets four in a row after NEW MATCH › START', () => {
    const sim = new SimTable({ match: header('si', 'three'), seed: 5 });
    press(sim, 'select');
    choose(sim, 'NEW MATCH');
    choose(sim, 'START');
    for (let i = 0; i < 4; i++) shot(sim, 0, ['white']);
    assert.equal(sim.app.state.board.turn, 0, 'Asha kept the turn');
    assert.equal(sim.app.screen().corner.fault, false, 'no ! in the corner: the other seats had no reason to touch their strips');
    assert.deepEqual(sim.app.faultsNow(), []);
  });

  it('says WRONG BASELINE on the display once the shot is at rest, not only on the page', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    shot(sim, 0); // Asha misses: Ben is on turn
    shot(sim, 0); // from Asha's baseline again
    const lines = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const s = sim.app.screen();
      if (s.kind === 'play') lines.add(s.line);
      sim.advanceTo(sim.now + 500_000);
    }
    assert.ok(lines.has('WRONG BASELINE'), `the bottom line showed ${[...lines].join(', ')}`);
    assert.ok(lines.has('COUNTED FOR BEN'));
  });

  it('says the bottom line in a language chosen in SETTINGS at once, not at the next event', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    const line = () => {
      const s = sim.app.screen();
      return s.kind === 'play' ? s.line : `(${s.kind})`;
    };
    assert.equal(line(), 'NEW MATCH');
    press(sim, 'select');
    choose(sim, 'SETTINGS');
    choose(sim, 'LANGUAGE EN');
    choose(sim, '  PORTUGUÊS');
    while (sim.app.screen().kind === 'menu') hold(sim);
    assert.equal(line(), 'NOVO JOGO');
  });

  it("shows a game's end (ICF best of three): the last board's points, who won the game and the games so far, until the next game's first strike", () => {
    const h = header('icf');
    const clear = ['W', 'W', 'W', 'W', 'W', 'W', 'W', 'Q W', 'W']; // Asha breaks and clears: +12
    const events = scriptEvents([...clear, '-', 'K', 'K', 'K', 'K', 'K', 'K', 'K', 'Q K', 'K', ...clear]);
    const t = makeTable(h);
    play(t, generateTrace(h, events, 4, NOISE.low, LAYOUTS.reference).readings);
    assert.deepEqual(t.app.state.match.games, [{ winner: 0, score: [33, 0] }], 'board 3 took her past 25: +9, the queen no longer counts at 24');
    const lines = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const s = t.app.screen();
      assert.equal(s.kind, 'play');
      if (s.kind !== 'play') return;
      assert.deepEqual(s.sides.map((x) => x.score), [33, 0], "the finished game's score, not 0-0");
      assert.equal(s.title, 'ICF G1');
      lines.add(s.line);
      t.clock.t += 500_000;
      t.app.tick();
    }
    assert.deepEqual([...lines].sort(), ['BOARD: ASHA +9', 'GAME 1 TO ASHA', 'GAMES 1-0']);
    // Ben breaks game 2: the match's own score (0-0) and board 1 of game 2 are shown.
    play(t, generateTrace(h, scriptEvents(['-']), 5, NOISE.low, LAYOUTS.reference).readings.map((r) => ({ ...r, t: r.t + t.clock.t })));
    const s = t.app.screen();
    assert.ok(s.kind === 'play' && s.title === 'B1/8 ICF 25 G2', JSON.stringify(s.kind === 'play' && s.title));
    assert.deepEqual(s.kind === 'play' && s.sides.map((x) => x.score), [0, 0]);
  });

  it('offers the rules\' own fouls first in FOUL (TOUCH is no ICF foul), and puts menu cursors on the current choice', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    press(sim, 'select');
    choose(sim, 'FOUL');
    const fouls = sim.app.screen();
    assert.ok(fouls.kind === 'menu');
    assert.notEqual(fouls.items[0], 'TOUCH');
    assert.equal(fouls.items.indexOf('TOUCH'), fouls.items.length - 3, 'touch and back shot (ICF allows both) last, before BACK');
    hold(sim);
    choose(sim, 'SETTINGS');
    choose(sim, 'SETTLE 3 S');
    const settle = sim.app.screen();
    assert.ok(settle.kind === 'menu');
    assert.equal(settle.items[settle.selected], '• 3 S', 'on the current choice, not at the top');
  });

  it('shows the name so far while letters are added, and gives doubles\' default players names that fit', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    press(sim, 'select');
    choose(sim, 'NEW MATCH');
    choose(sim, 'PLAYERS');
    choose(sim, '1 Asha');
    choose(sim, 'ADD LETTER');
    const title = () => {
      const s = sim.app.screen();
      return s.kind === 'menu' ? s.title : s.kind;
    };
    assert.equal(title(), 'Asha_');
    choose(sim, 'X');
    assert.equal(title(), 'AshaX_');
    hold(sim);
    hold(sim);
    hold(sim);
    choose(sim, 'MODE SINGLES');
    choose(sim, '  DOUBLES');
    choose(sim, 'START');
    const s = sim.app.screen();
    assert.ok(s.kind === 'play');
    assert.deepEqual(s.sides.map((x) => x.name), ['ASHA+P3', 'BEN+P4']);
  });

  it('gives way to the score screen when a shot is played with a menu left open', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    press(sim, 'select');
    sim.advanceTo(sim.now + 20_000_000);
    assert.equal(sim.app.screen().kind, 'menu');
    shot(sim, 0, ['white']);
    const s = sim.app.screen();
    assert.equal(s.kind, 'play', 'what the shot did is seen');
    // A player busy in the menus is not thrown out by a shot played meanwhile.
    press(sim, 'select');
    shot(sim, 0, ['white']);
    assert.equal(sim.app.screen().kind, 'menu');
  });

  it('forgets a fault that a self-test found cleared: the ! and the list of faults that hold alike', () => {
    const sim = new SimTable({ match: header('icf'), seed: 5 });
    sim.app.noteHealth({ t: 0, fact: 'stripSilent', channel: 's2' });
    assert.deepEqual(sim.app.faultsNow(), [{ channel: 's2', fact: 'stripSilent' }]);
    press(sim, 'select');
    choose(sim, 'SETTINGS');
    choose(sim, 'INSTALL');
    choose(sim, 'SELF-TEST');
    sim.advanceTo(sim.now + 3_000_000);
    hold(sim);
    assert.equal(sim.app.screen().corner.fault, false);
    assert.deepEqual(sim.app.faultsNow(), [], 'the page lists what the corner shows');
  });
});
