// The menus: every call of the match log (docs/formats.md) is reachable, every menu ends with BACK, every item opens or does
// something, and long presses always lead back to the play screen.
import assert from 'node:assert/strict';
import { DEFAULT_SETTINGS, MenuStack, mainMenu, type Menu, type MenuContext } from '../../src/app/screen/menu.ts';
import { FOUL_KINDS } from '../../src/rules/types.ts';
import type { TraceCall } from '../../src/sensing/types.ts';
import { play } from '../helpers/play.ts';
import { header } from '../../tools/script.ts';
import { LostShot } from '../../src/app/say/lost.ts';

function context(awaiting: string[] = [], lost: LostShot | null = null): { c: MenuContext; calls: TraceCall[]; answers: boolean[]; installs: string[] } {
  const calls: TraceCall[] = [];
  const installs: string[] = [];
  const answers: boolean[] = [];
  const state = play('it-torneo', awaiting.includes('colour') ? ['W'] : []);
  const c: MenuContext = {
    state,
    header: header('it-torneo'),
    settings: { ...DEFAULT_SETTINGS },
    setup: { rules: 'icf', mode: 'singles', players: ['A', 'B'], breaker: 0, queenCap: 'preset' },
    lost,
    answerLostShot: (putBack) => void answers.push(putBack),
    install: (what) => void installs.push(what),
    call: (x) => void calls.push(x),
    change: () => {},
    startMatch: () => {},
  };
  return { c, calls, answers, installs };
}

/** Every call the menus can make, walking every path (acting on a fresh context each time). */
function reachable(build: () => Menu, c: MenuContext, depth = 0, seen = new Set<string>()): void {
  const m = build();
  assert.equal(m.items[m.items.length - 1].label, 'BACK', `${m.title} ends with BACK`);
  for (const item of m.items) {
    assert.ok(item.open || item.act, `${m.title} › ${item.label} does something`);
    if (item.open && depth < 4 && !seen.has(`${m.title}/${item.label}`)) {
      seen.add(`${m.title}/${item.label}`);
      reachable(item.open, c, depth + 1, seen);
    } else if (item.act && item.label !== 'START') item.act();
  }
}

describe('menus', () => {
  it('reach every call of the match log, every foul kind and every piece', () => {
    const { c, calls, installs } = context();
    reachable(() => mainMenu(c), c);
    assert.deepEqual(installs, ['calibrate', 'selftest'], 'SETTINGS › INSTALL opens the calibration and the self-test');
    const said = new Set(calls.map((x) => JSON.stringify(x)));
    const want: TraceCall[] = [
      { call: 'nocontact' },
      { call: 'nocross' },
      { call: 'placed' },
      { call: 'undo' },
      ...(['white', 'black'] as const).map((colour) => ({ call: 'colour' as const, colour })),
      ...FOUL_KINDS.map((kind) => ({ call: 'foul' as const, kind })),
      ...(['white', 'black', 'queen', 'striker'] as const).flatMap((piece) => [
        { call: 'offboard' as const, piece },
        { call: 'identify' as const, piece },
      ]),
    ];
    for (const w of want) assert.ok(said.has(JSON.stringify(w)), `${JSON.stringify(w)} is reachable`);
  });

  it('after a restore, a lost shot: name what went in, log it or put it back', () => {
    assert.ok(!mainMenu(context().c).items.some((i) => i.label === 'LOST SHOT'), 'only after a restore');
    const lost = new LostShot(24);
    const { c, answers } = context([], lost);
    const main = mainMenu(c);
    assert.equal(main.items[0].label, 'LOST SHOT');
    const stack = new MenuStack();
    stack.show(() => mainMenu(c));
    stack.select();
    const pick = (label: string) => {
      const top = stack.top()!;
      top.selected = top.menu.items.findIndex((i) => i.label === label);
      assert.ok(top.selected >= 0, `${label} in ${top.menu.items.map((i) => i.label).join(', ')}`);
      stack.select();
    };
    assert.equal(stack.top()!.menu.title, 'SHOT 24: NONE IN');
    pick('WHITE WENT IN');
    pick('WHITE WENT IN');
    pick('QUEEN WENT IN');
    assert.equal(stack.top()!.menu.title, 'SHOT 24: 2W Q', 'the tally in the title');
    pick('START AGAIN');
    assert.deepEqual(lost.pieces, []);
    pick('BLACK WENT IN');
    pick('LOG THE SHOT');
    assert.equal(stack.open, false);
    assert.deepEqual(answers, [false]);
    assert.deepEqual(lost.events(7).map((e) => e.e + ('piece' in e ? ` ${e.piece}` : '')), ['strike', 'pocket black', 'settle']);
    stack.show(() => mainMenu(c));
    stack.select();
    pick('PUT BACK, REPLAY');
    assert.deepEqual(answers, [false, true]);
  });

  it('puts what the table waits for first', () => {
    const { c } = context(['colour']);
    assert.equal(mainMenu(c).items[0].label, 'CHOOSE COLOUR');
  });

  it('long presses lead back to the play screen from anywhere', () => {
    const { c } = context();
    const stack = new MenuStack();
    // Walk down the first submenu at every level, then back out.
    stack.show(() => mainMenu(c));
    for (let i = 0; i < 6; i++) {
      const top = stack.top()!;
      const at = top.menu.items.findIndex((x) => x.open);
      if (at < 0) break;
      top.selected = at;
      stack.select();
    }
    let presses = 0;
    while (stack.open && presses < 10) {
      stack.back();
      presses++;
    }
    assert.equal(stack.open, false);
  });

  it('up and down wrap around', () => {
    const { c } = context();
    const stack = new MenuStack();
    stack.show(() => mainMenu(c));
    stack.up();
    const top = stack.top()!;
    assert.equal(top.menu.items[top.selected].label, 'BACK');
    stack.down();
    assert.equal(top.selected, 0);
  });
});
