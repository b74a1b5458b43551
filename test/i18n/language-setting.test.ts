// The language setting from the outside: chosen with the three buttons in the settings menu, kept in
// its own flash key across a power cut (not in the match journal), and a bad key never stops a boot.
import assert from 'node:assert/strict';
import { SimTable } from '../../hosts/simulator/table.ts';
import { parseSettings, storedSettings } from '../../src/app/screen/settings.ts';
import { DEFAULT_SETTINGS } from '../../src/app/screen/menu.ts';
import { say } from '../../src/i18n/index.ts';
import type { MenuScreen, PlayScreen } from '../../src/view/screen.ts';
import { header } from '../../tools/script.ts';

function press(sim: SimTable, button: 'up' | 'down' | 'select', long = false): void {
  sim.button(button, true);
  sim.advanceTo(sim.now + (long ? 800_000 : 60_000));
  sim.button(button, false);
  sim.advanceTo(sim.now + 40_000);
}

/** Moves down the open menu to the item, and selects it. */
function choose(sim: SimTable, label: string): void {
  for (let i = 0; i < 40; i++) {
    const s = sim.app.screen() as MenuScreen;
    assert.equal(s.kind, 'menu');
    if (s.items[s.selected] === label) return press(sim, 'select');
    press(sim, 'down');
  }
  assert.fail(`no item ${label} in ${(sim.app.screen() as MenuScreen).title}`);
}

function chooseLanguage(sim: SimTable, from: 'en' | 'pt' | 'sv', name: string): void {
  press(sim, 'select');
  choose(sim, say(from, 'settings'));
  choose(sim, say(from, 'languageIs', from.toUpperCase()));
  choose(sim, `  ${name}`);
}

describe('i18n: the language setting', () => {
  it('is chosen in the settings menu, and the display speaks it at once', () => {
    const sim = new SimTable({ match: header('icf'), seed: 1 });
    assert.equal((sim.app.screen() as PlayScreen).queen, 'Q ON');
    chooseLanguage(sim, 'en', 'PORTUGUÊS');
    const menu = sim.app.screen() as MenuScreen;
    assert.equal(menu.title, 'DEFINIÇÕES', 'back in the settings menu, rebuilt in Portuguese');
    assert.ok(menu.items.includes('LÍNGUA PT'));
    press(sim, 'select', true);
    press(sim, 'select', true);
    assert.equal((sim.app.screen() as PlayScreen).queen, 'R EM');
  });

  it('outlives a power cut, in its own key and not in the match journal', () => {
    const sim = new SimTable({ match: header('icf'), seed: 2 });
    chooseLanguage(sim, 'en', 'SVENSKA');
    assert.equal(parseSettings(sim.settingsKey).language, 'sv');
    sim.powerCut();
    assert.equal(sim.boots, 2);
    assert.equal(sim.app.settings.language, 'sv');
    const play = sim.app.screen() as PlayScreen;
    assert.equal(play.queen, 'D PÅ');
    assert.match(play.line, /^SKOTT 1 FÖRLORAT\?/, 'the lost-shot question in Swedish');
    chooseLanguage(sim, 'sv', 'ENGLISH');
    sim.powerCut();
    assert.equal(sim.app.settings.language, 'en');
    assert.equal((sim.app.screen() as PlayScreen).queen, 'Q ON');
  });

  it('keeps the other settings with it, and ignores what a key holds that is not a choice', () => {
    const all = { settleSeconds: 5, brightness: 'low' as const, wifi: false, language: 'ro' as const };
    assert.deepEqual(parseSettings(storedSettings(all)), all);
    assert.deepEqual(parseSettings(null), DEFAULT_SETTINGS);
    assert.deepEqual(parseSettings('{"language":"xx","settleSeconds":99,"wifi":"yes"'), DEFAULT_SETTINGS, 'torn JSON');
    assert.deepEqual(parseSettings('{"language":"xx","settleSeconds":99,"brightness":"max","wifi":"yes"}'), DEFAULT_SETTINGS);
    assert.deepEqual(parseSettings('{"language":"it"}'), { ...DEFAULT_SETTINGS, language: 'it' });
    assert.deepEqual(parseSettings('[1]'), DEFAULT_SETTINGS);
  });

  it('boots on a key that does not parse, with the defaults', () => {
    const sim = new SimTable({ match: header('icf'), seed: 4 });
    sim.settingsKey = 'not json';
    sim.powerCut();
    assert.deepEqual(sim.app.settings, DEFAULT_SETTINGS);
  });
});
