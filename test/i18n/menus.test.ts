// Every menu in every language, walked from the main menu (every path, as the buttons would): each
// title fits the title row and each item its menu row, nothing cut.
import assert from 'node:assert/strict';
import { LostShot } from '../../src/app/lost.ts';
import { DEFAULT_SETTINGS, mainMenu, syncMenu, type Menu, type MenuContext, type SyncControl } from '../../src/app/menu.ts';
import { LANGUAGES, say, type Language } from '../../src/i18n/index.ts';
import { textWidth } from '../../src/view/frame.ts';
import { play } from '../helpers/play.ts';
import { header } from '../../tools/script.ts';

const TITLE_PX = 16 * 6 - 1;
const ITEM_PX = 19 * 6 - 1;

function context(lang: Language, awaiting: boolean): MenuContext {
  const lost = new LostShot(99);
  return {
    state: play('it-torneo', awaiting ? ['W'] : []),
    header: header('it-torneo'),
    settings: { ...DEFAULT_SETTINGS, language: lang },
    setup: { rules: 'ro-gamerules', mode: 'doubles', players: ['WWWWWWWWWWWW', 'B', 'C', 'D'], breaker: 0, queenCap: 'preset' },
    lost,
    answerLostShot: () => {},
    install: () => {},
    call: () => {},
    change: () => {},
    startMatch: () => {},
    sync: sync(),
  };
}

const sync = (): SyncControl => ({
  view: () => ({ configured: true, queued: 99, refused: 99, sending: true, error: 'x', retryInS: 999, table: 't', server: null }),
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
