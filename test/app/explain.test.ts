// What the display and the page tell the players after a shot: table-driven over the fixture matches
// (real shots of each preset) and over a shot that makes each of the engine's warnings.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describeEvent } from '../../src/app/say/describe.ts';
import { EXPLAIN, WORDS, explainEvent, fill } from '../../src/app/say/explain.ts';
import { parseLog, start, step, type State } from '../../src/rules/index.ts';
import type { GameEvent, MatchHeader } from '../../src/rules/types.ts';
import { FOUL_KINDS } from '../../src/rules/types.ts';
import { Frame, WIDTH, textWidth } from '../../src/view/frame.ts';
import { GLYPHS } from '../../src/view/font.ts';
import { render } from '../../src/view/render.ts';
import { header, scriptEvents } from '../../tools/script.ts';

/** The messages of the event at `line`, folding the log up to it. */
function saidAt(h: MatchHeader, events: readonly GameEvent[], line: number) {
  const s0 = start(h);
  if (!s0.ok) throw new Error(s0.error);
  let s: State = s0.value;
  for (let i = 0; i < events.length; i++) {
    const l = i + 2;
    const after = step(s, events[i], l);
    if (l === line) return explainEvent(events[i], s, after, h, describeEvent(events[i], s, after, h));
    s = after;
  }
  throw new Error(`no line ${line}`);
}

function fixture(name: string) {
  const log = parseLog(readFileSync(`test/fixtures/matches/${name}.jsonl`, 'utf8'));
  assert.ok(log.ok);
  return { header: log.value.header, events: log.value.events.map((e) => e.event) };
}

describe('explain: what to put back and who places it', () => {
  const cases: { fixture: string; line: number; display: string[]; page: RegExp; why: string }[] = [
    { fixture: 'icf-singles', line: 11, display: ['TURN PASSES', 'PUT BACK 1 WHITE', 'BEN PLACES IT'], page: /inside the outer circle, not on the centre circle\. Ben places it/, why: 'ICF: a due of Asha\'s, placed by her opponent (gl. Placing)' },
    { fixture: 'icf-singles', line: 131, display: ['TURN PASSES', 'PUT BACK THE QUEEN', 'THE UMPIRE PLACES IT'], page: /umpire/, why: 'ICF 66: the umpire places the queen' },
    { fixture: 'icf-singles', line: 211, display: ['STRIKER: DUE', 'DUE: BEN OWES 1'], page: /Ben owes 1 man/, why: 'ICF 45(b): nothing in the pockets, the due is owed' },
    { fixture: 'se-singles', line: 29, display: ['SHOOT AGAIN', 'PUT BACK 1 WHITE', 'ASHA PLACES IT'], page: /in the centre circle\. Asha places it/, why: 'se: Ben\'s debt paid from a man of his that Asha pocketed: she places it' },
    { fixture: 'ro-gamerules-singles', line: 8, display: ['TURN PASSES', 'PUT BACK 1 WHITE', 'BEN PLACES IT', 'PUT BACK 1 BLACK', 'ASHA PLACES IT'], page: /white man, in the centre circle/, why: '003 L24: the black comes back, and a white penalty man' },
    { fixture: 'ro-gamerules-singles', line: 73, display: ['STRIKER: DUE', 'PUT BACK 9 BLACK', 'ASHA PLACES THEM', 'DUE: BEN OWES 1'], page: /9 black men/, why: '003 L24: his last men before the queen come back, and he owes one' },
    { fixture: 'pt-fpc-doubles', line: 18, display: ['SHOOT AGAIN', 'PUT BACK 2 WHITE', 'DEV PLACES THEM'], page: /Dev places them/, why: '000 r7–r8: the own man and a due; the next player, an opponent, places them' },
    { fixture: 'si-three', line: 15, display: ['TURN PASSES', 'PUT BACK 1 BLACK', 'BEN PLACES IT'], page: /1 black man/, why: '001 L23: the 3-player game, the cheapest man back' },
    { fixture: 'it-torneo-singles', line: 15, display: ['QUEEN BACK', 'PUT BACK THE QUEEN', 'ANY PLAYER PLACES IT'], page: /Any player/, why: '002 Regina 2: the queen not covered goes back' },
  ];
  for (const c of cases) {
    it(`${c.fixture} line ${c.line}: ${c.why}`, () => {
      const m = fixture(c.fixture);
      const said = saidAt(m.header, m.events, c.line);
      assert.deepEqual(said.map((s) => s.display), c.display);
      assert.match(said.map((s) => s.page).join(' '), c.page);
    });
  }

  it('a shot that sends nothing back adds nothing to its headline', () => {
    const m = fixture('icf-singles');
    assert.deepEqual(saidAt(m.header, m.events, 4).map((s) => s.display).length, 1);
  });
});

describe('explain: what the engine would not take reaches the display', () => {
  const cases: { rules: string; steps: string[]; last?: GameEvent; upto?: number; display: string[]; page: RegExp }[] = [
    { rules: 'icf', steps: ['W', '!foul:touch'], display: ['NOT A FOUL: TOUCH'], page: /"touch" is not a foul under these rules \(icf\)/ },
    { rules: 'pt-fpc', steps: ['W', '!foul:backshot'], display: ['NOT A FOUL: BACK SHOT'], page: /pt-fpc/ },
    { rules: 'icf', steps: ['@2 W'], upto: 1, display: ['SHOT: ASHA', 'WRONG BASELINE', 'COUNTED FOR ASHA'], page: /seat 2's baseline, but Asha \(seat 0\) is on turn/ },
    { rules: 'icf', steps: ['W W', 'Q W', '-', 'K Q'], display: ['SHOOT AGAIN', 'QUEEN WAS NOT ON'], page: /not on the board/ },
    { rules: 'icf', steps: ['W W W W W W W W', 'W W'], display: ['BOARD: BEN +3', 'WHITE: ONLY 1 LEFT'], page: /More white men went in than were on the board \(1\)/ },
    { rules: 'icf', steps: ['nocontact W'], display: ['SHOOT AGAIN', 'MEN WENT IN: BROKEN'], page: /break counts as made/ },
    { rules: 'icf', steps: ['W', '!id:white'], display: ['NOTHING TO NAME'], page: /no piece of unknown kind/ },
    { rules: 'icf', steps: ['W', '!colour:white'], display: ['NO COLOUR TO CHOOSE'], page: /No colour is to be chosen/ },
    { rules: 'icf', steps: ['W', '!undo'], last: { e: 'undo', t: 1 }, display: ['SHOT TAKEN BACK', 'NOTHING TO TAKE BACK'], page: /no shot to take back/ },
    { rules: 'icf', steps: ['W', '!late:K'], last: { e: 'settle', t: 99999 }, display: ['SHOOT AGAIN', 'NO SHOT IN PLAY'], page: /no shot in play/ },
  ];
  for (const c of cases) {
    it(`${c.rules} ${c.steps.join(', ')}: ${c.display.join(' / ')}`, () => {
      const h = header(c.rules, 'singles');
      const events = scriptEvents(c.steps).slice(0, c.upto);
      if (c.last) {
        // An event the log shorthand cannot end on: replace the last one (undo reaches step() only with nothing to take).
        events[events.length - 1] = c.last;
      }
      const said = saidAt(h, events, events.length + 1);
      assert.deepEqual(said.map((s) => s.display), c.display);
      assert.match(said.map((s) => s.page).join(' '), c.page);
    });
  }
});

describe('explain: every message fits the display line', () => {
  // The widest value each placeholder can take: names are cut to 8 (a doubles side to 4+4), counts to one digit.
  const widest: Record<string, string> = { who: 'MMMMMMMM', side: 'MMMM+MMMM', n: '9', colour: 'WHITE', kind: 'TECHNIQUE' };
  for (const k of FOUL_KINDS) if (WORDS[k] && WORDS[k].display.length > widest.kind.length) widest.kind = WORDS[k].display;

  for (const [key, m] of Object.entries(EXPLAIN)) {
    it(`${key}: "${m.display}"`, () => {
      const line = fill(m.display, widest);
      assert.ok(!line.includes('{'), `${line}: a placeholder is left`);
      for (const ch of line) assert.ok(GLYPHS[ch] !== undefined, `no glyph for ${JSON.stringify(ch)} in ${line}`);
      assert.ok(textWidth(line) <= WIDTH, `${line} is ${textWidth(line)} px wide`);
      // Drawn on the play screen's bottom line, its last glyph is there, not cut off.
      const f = render(new Frame(), { kind: 'play', title: '', sides: [], turn: { arrow: '', name: '', colour: null }, queen: '', dues: null, line, prompt: false, corner: { fault: false, wifi: 'off' } });
      const end = textWidth(line);
      let lit = false;
      for (let x = end - 5; x < end; x++) for (let y = 56; y < 63; y++) lit ||= f.get(x, y);
      assert.ok(lit, `the last glyph of ${line} is drawn`);
    });
  }
});
