// Every menu in every language, walked from the main menu (every path, as the buttons would): each
// title fits the title row and each item its menu row, nothing cut.
import assert from 'node:assert/strict';
import { LostShot } from '../../src/app/say/lost.ts';
import { DEFAULT_SETTINGS, mainMenu, setupMenu, syncMenu, type Menu, type MenuContext, type SyncControl } from '../../src/app/screen/menu.ts';
import { LANGUAGES, NAME_LETTERS, say, type Language } from '../../src/i18n/index.ts';
import { GLYPHS, glyph } from '../../src/view/font.ts';
import { textWidth } from '../../src/view/frame.ts';
import { menuContext } from '../helpers/menu.ts';

const TITLE_PX = 16 * 6 - 1;
const ITEM_PX = 19 * 6 - 1;

function context(lang: Language, awaiting: boolean): MenuContext {
  const lost = new LostShot(99);
  return menuContext('it-torneo', awaiting ? ['W'] : [], {
    settings: { ...DEFAULT_SETTINGS, language: lang },
    setup: { rules: 'ro-gamerules', mode: 'doubles', players: ['WWWWWWWWWWWW', 'B', 'C', 'D'], breaker: 0, queenCap: 'preset' },
    lost,
    // A dip into pocket 3 the table asks about (src/sensing/lower-blind.ts).
    questions: [3],
    sync: sync(),
  });
}

const sync = (): SyncControl => ({
  view: () => ({ configured: true, queued: 99, refused: 99, damaged: 99, sending: true, error: 'x', retryInS: 999, table: 't', server: null }),
  retryNow: () => {},
  forget: () => {},
  openSetup: () => ({ network: 'N', code: 'C' }),
  closeSetup: () => {},
});

/** Every title and label the menus show, down every path (items that only act are not pressed). */
function walk(m: Menu, out: { title: string; label: string }[], seen: Set<string>, depth = 0): void {
  for (const item of m.items) {
    out.push({ title: m.title, label: item.label });
    const key = `${m.title}/${item.label}`;
    if (item.open && depth < 4 && !seen.has(key)) {
      seen.add(key);
      walk(item.open(), out, seen, depth + 1);
    }
  }
}

describe('i18n: every menu in every language fits the display', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every title and every item`, () => {
      const shown: { title: string; label: string }[] = [];
      for (const awaiting of [false, true]) walk(mainMenu(context(lang, awaiting)), shown, new Set());
      walk(syncMenu(sync(), lang), shown, new Set());
      assert.ok(shown.length > 100, `${shown.length} rows walked`);
      const back = say(lang, 'back');
      assert.ok(shown.some((r) => r.label === back), 'the menus end with BACK in the language');
      const wide = shown.filter((r) => textWidth(r.title) > TITLE_PX || textWidth(r.label) > ITEM_PX).map((r) => `${r.title} › ${r.label}`);
      // The rows that show data of any length (an error's text, a server) are cut to the row by design.
      const data = wide.filter((w) => !/ › (ERR|ERRO|NAPAKA|EROARE|FEL) /.test(w));
      assert.deepEqual([...new Set(data)], []);
    });
  }
});

describe('i18n: names spelled at the table', () => {
  /** The item of `m` whose label is `label` (fails the test with the labels shown otherwise). */
  const item = (m: Menu, label: string) => {
    const found = m.items.find((i) => i.label === label);
    assert.ok(found, `"${label}" not in ${m.title}: ${m.items.map((i) => i.label).join(', ')}`);
    return found;
  };

  it('offers each language its own accented capitals, and spells JOÃO in Portuguese', () => {
    const c = context('pt', false);
    const names = item(setupMenu(c), say('pt', 'players')).open!();
    const name = item(names, '2 B').open!();
    item(name, say('pt', 'clear')).act!();
    const letters = item(name, say('pt', 'addLetter')).open!();
    for (const ch of 'JOÃO') item(letters, ch).act!();
    assert.equal(c.setup.players[1], 'JOÃO');
    assert.ok(!GLYPHS['?'].every((b, i) => b === glyph('Ã')[i]), 'Ã is drawn, not ?');
    for (const lang of LANGUAGES) {
      const shown = item(setupMenu(context(lang, false)), say(lang, 'players')).open!();
      const labels = item(item(shown, '2 B').open!(), say(lang, 'addLetter')).open!().items.map((i) => i.label);
      assert.deepEqual(labels.filter((l) => [...NAME_LETTERS[lang]].includes(l)), [...NAME_LETTERS[lang]], `${lang}: its letters`);
      for (const l of labels) assert.ok(l.length > 1 || glyph(l) !== GLYPHS['?'] || l === '?', `${lang}: a glyph for ${l}`);
    }
    assert.ok(!item(item(item(setupMenu(context('en', false)), 'PLAYERS').open!(), '2 B').open!(), 'ADD LETTER').open!().items.some((i) => i.label === 'Ã'), 'English keeps A–Z');
  });

  it('shows the lower-case letters of the six languages in their capitals', () => {
    for (const ch of 'ãõçáéíóúâêôàèìòùčšžăîșțåäö') {
      assert.equal(glyph(ch), GLYPHS[ch.toUpperCase()], ch);
      assert.ok(GLYPHS[ch.toUpperCase()] && GLYPHS[ch.toUpperCase()] !== GLYPHS['?'], `${ch}: its capital has a glyph`);
    }
  });
});
