// Golden screens of each language but English (src/i18n): the play screen with its queen and dues, a
// prompt, the main menu and the settings menu, and the installer's calibration verdict and self-test,
// built by the real screen, menu and install code in that language.
import { mainMenu, settingsMenu, DEFAULT_SETTINGS, type Menu, type MenuContext } from '../../src/app/screen/menu.ts';
import { LANGUAGES, say, type Language } from '../../src/i18n/index.ts';
import { publicState } from '../../src/rules/state.ts';
import { playScreen, type Corner, type Screen } from '../../src/view/screen.ts';
import { playState } from '../../test/helpers/play.ts';
import { calibrateResult, selfTestStuckBeam } from './screens-install.ts';
import { header } from '../script.ts';

function context(lang: Language): MenuContext {
  return {
    state: publicState(playState('icf', [], { mode: 'singles' })),
    header: header('icf', 'singles'),
    settings: { ...DEFAULT_SETTINGS, language: lang },
    setup: { rules: 'icf', mode: 'singles', players: ['ASHA', 'BINA'], breaker: 0, queenCap: 'preset' },
    lost: null,
    answerLostShot: () => {},
    install: () => {},
    call: () => {},
    change: () => {},
    startMatch: () => {},
  };
}

const shown = (m: Menu, selected: number, corner: Corner): Screen => ({ kind: 'menu', title: m.title, items: m.items.map((i) => i.label), selected, corner });

export function languageScreens(ok: Corner): Record<string, () => Screen> {
  const out: Record<string, () => Screen> = {};
  for (const lang of LANGUAGES) {
    if (lang === 'en') continue;
    // The queen pending and a due: the turn line's both corners in the language.
    out[`${lang}-play`] = () =>
      playScreen(header('icf', 'singles'), publicState(playState('icf', ['W W', 'Q', '-', 'S'], { mode: 'singles' })), say(lang, 'strikerDue'), ok, undefined, lang);
    out[`${lang}-prompt`] = () => playScreen(header('it-torneo', 'singles'), publicState(playState('it-torneo', ['K'], { mode: 'singles' })), say(lang, 'pocketed', say(lang, 'black'), 0), ok, undefined, lang);
    out[`${lang}-menu`] = () => shown(mainMenu(context(lang)), 1, ok);
    out[`${lang}-settings`] = () => shown(settingsMenu(context(lang)), 3, ok);
    out[`${lang}-calibrate-result`] = () => calibrateResult(ok, lang);
    out[`${lang}-selftest`] = () => selfTestStuckBeam(lang);
  }
  return out;
}
