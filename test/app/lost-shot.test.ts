// A power cut in the middle of a shot: the shot is lost (no flash writes while pieces move), the table
// says so after it boots, and the players either put the pieces back or name what went down with the
// buttons, so that the board and the log agree again.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseLog, publicState, replay } from '../../src/rules/index.ts';
import type { MatchHeader } from '../../src/rules/types.ts';
import type { Reading } from '../../src/sensing/types.ts';
import type { MenuScreen, PlayScreen } from '../../src/view/screen.ts';
import { colourOf, ms, passage, strip } from '../helpers/readings.ts';
import { choose, makeTable, play, press, type TestTable } from '../helpers/table.ts';
import { generateTrace } from '../../model/table/generate.ts';
import { LAYOUTS, NOISE } from '../../model/table/noise.ts';

const HEADER: MatchHeader = { carrom: 1, rules: 'se', mode: 'singles', players: ['Asha', 'Ben'], breaker: 0, options: {} };

/** A shot from seat 0 at `at` ms on this boot's clock: each piece through pocket 2, a second apart. */
function shot(at: number, pieces: ('white' | 'black')[]): Reading[] {
  const out: Reading[] = [strip(0, ms(at), 200), strip(0, ms(at + 1500), null)];
  pieces.forEach((piece, i) => out.push(...passage(2, ms(at + 1600 + i * 1000), 1), colourOf(2, ms(at + 1605 + i * 1000), piece)));
  return out.sort((a, b) => a.t - b.t);
}

const line = (t: TestTable) => (t.app.screen() as PlayScreen).line;
const menu = (t: TestTable) => t.app.screen() as MenuScreen;

/** The log the table wrote, folded: it must be the state the table shows. */
function logState(t: TestTable): string {
  const log = parseLog(t.app.logText());
  assert.ok(log.ok);
  const s = replay(log.value);
  assert.ok(s.ok);
  return JSON.stringify(publicState(s.value));
}

/** The power goes: a new boot on the same flash, its clock back at zero. */
const powerCut = (t: TestTable) => makeTable(HEADER, t.flash);

describe('a power cut during a shot', () => {
  it('says which shot was lost; the players name what went down and it is logged as that shot', () => {
    const t = makeTable(HEADER);
    play(t, shot(1000, ['white']), undefined, 4000); // shot 1: a white, settled and written
    assert.equal(t.app.state.board.onBoard.white, 8);
    const writes = t.flash.ops.length;
    play(t, shot(10_000, ['white', 'white']), undefined, 0); // shot 2: two whites go down, then the power goes
    assert.equal(t.app.atRest, false, 'the shot was in progress');
    assert.equal(t.flash.ops.length, writes, 'nothing written while it was');

    const u = powerCut(t);
    assert.equal(u.app.state.board.onBoard.white, 8, 'the board as of shot 1: shot 2 is lost');
    assert.equal(u.app.state.shots, 1);
    const screen = u.app.screen() as PlayScreen;
    assert.equal(screen.line, 'SHOT 2 LOST? SELECT', 'the display says which shot');
    assert.equal(screen.prompt, true);

    press(u, 'select');
    assert.equal(menu(u).items[0], 'LOST SHOT');
    press(u, 'select');
    assert.equal(menu(u).title, 'SHOT 2: NONE IN');
    choose(u, 'WHITE WENT IN');
    choose(u, 'WHITE WENT IN');
    assert.equal(menu(u).title, 'SHOT 2: 2W');
    choose(u, 'LOG THE SHOT');
    assert.equal(u.app.screen().kind, 'play');
    assert.equal(u.app.state.board.onBoard.white, 6, 'the two whites are off the board');
    assert.equal(u.app.state.shots, 2);
    assert.equal(line(u), 'SHOOT AGAIN');
    assert.equal(logState(u), JSON.stringify(u.app.state), 'the log says what the table says');
    const lines = u.app.logText().trim().split('\n');
    assert.deepEqual(lines.slice(-4).map((l) => JSON.parse(l).e), ['strike', 'pocket', 'pocket', 'settle']);
    const times = lines.slice(1).map((l) => JSON.parse(l).t as number);
    assert.deepEqual(times, times.slice().sort((a, b) => a - b), 'times never go back');

    // Logged like any shot: it survives the next power cut, and the menu no longer offers it.
    const v = powerCut(u);
    assert.equal(JSON.stringify(v.app.state), JSON.stringify(u.app.state));
    assert.equal(line(v), 'SHOT 3 LOST? SELECT');
    // Play goes on (shot 3 pockets a white): the question is gone, and the log still agrees.
    play(v, shot(500, ['white']), undefined, 4000);
    assert.equal(v.app.state.board.onBoard.white, 5);
    assert.notEqual(line(v), 'SHOT 4 LOST? SELECT');
    press(v, 'select');
    assert.ok(!menu(v).items.includes('LOST SHOT'));
    press(v, 'select', true);
    assert.equal(logState(v), JSON.stringify(v.app.state));
  });

  it('the pieces put back: nothing logged, the shot is played again', () => {
    const t = makeTable(HEADER);
    play(t, shot(1000, ['white']), undefined, 4000);
    play(t, shot(10_000, ['white']), undefined, 0);
    const u = powerCut(t);
    const log = u.app.logText();
    press(u, 'select');
    press(u, 'select'); // LOST SHOT
    choose(u, 'PUT BACK, REPLAY');
    assert.equal(u.app.screen().kind, 'play');
    assert.equal(line(u), 'PUT BACK: PLAY AGAIN');
    assert.equal(u.app.logText(), log, 'nothing logged');
    assert.equal(u.app.state.shots, 1);
    play(u, shot(500, ['white']), undefined, 4000);
    assert.equal(u.app.state.board.onBoard.white, 7);
    assert.equal(u.app.state.shots, 2);
    assert.equal(logState(u), JSON.stringify(u.app.state));
  });

  it('logged while the next strike is still unconfirmed, the log keeps its order in time', () => {
    const t = makeTable(HEADER);
    play(t, shot(1000, ['white']), undefined, 4000);
    play(t, shot(10_000, ['white']), undefined, 0);
    const u = powerCut(t);
    play(u, [strip(0, ms(500), 200)], undefined, 0);
    press(u, 'select');
    press(u, 'select'); // LOST SHOT
    choose(u, 'WHITE WENT IN');
    // The striker leaves the baseline: a strike, but the table knows it only a second later.
    const struck = u.clock.t + 20_000;
    play(u, [strip(0, struck, null)], undefined, 0);
    choose(u, 'LOG THE SHOT');
    assert.ok(u.clock.t < struck + 1_000_000, 'logged before the strike was known');
    play(u, [...passage(1, struck + 1_200_000, 1), colourOf(1, struck + 1_205_000, 'black')], undefined, 4000);
    assert.equal(u.app.state.shots, 3);
    const times = u.app.logText().trim().split('\n').slice(1).map((l) => JSON.parse(l).t as number);
    assert.deepEqual(times, times.slice().sort((a, b) => a - b), 'times never go back');
    assert.equal(logState(u), JSON.stringify(u.app.state));
    assert.equal(JSON.stringify(powerCut(u).app.state), JSON.stringify(u.app.state), 'and the journal restores it all');
  });

  it('a new match, or a restored match that is over, asks nothing', () => {
    assert.equal(line(makeTable(HEADER)), 'NEW MATCH');
    const m = parseLog(readFileSync('test/fixtures/matches/se-singles.jsonl', 'utf8'));
    assert.ok(m.ok);
    const t = makeTable(m.value.header);
    play(t, generateTrace(m.value.header, m.value.events.map((e) => e.event), 2, NOISE.low, LAYOUTS.reference).readings);
    assert.equal(t.app.state.match.over, true);
    const u = makeTable(m.value.header, t.flash);
    assert.equal(u.app.state.match.over, true);
    press(u, 'select');
    assert.ok(!menu(u).items.includes('LOST SHOT'), menu(u).items.join(', '));
  });
});
