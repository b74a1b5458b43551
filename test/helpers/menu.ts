// A menu's context for the menu tests: a match of `rules` after `steps`, doing nothing when a menu acts;
// each test sets what it looks at (the settings, the setup, a lost shot, the sync).
import type { MenuContext } from '../../src/app/screen/menu.ts';
import { DEFAULT_SETTINGS } from '../../src/app/screen/menu.ts';
import { header } from '../../tools/script.ts';
import { play } from './play.ts';

export function menuContext(rules: string, steps: string[], more: Partial<MenuContext> = {}): MenuContext {
  return {
    state: play(rules, steps),
    header: header(rules),
    settings: { ...DEFAULT_SETTINGS },
    setup: { rules: 'icf', mode: 'singles', players: ['A', 'B'], breaker: 0, queenCap: 'preset' },
    lost: null,
    answerLostShot: () => {},
    install: () => {},
    call: () => {},
    change: () => {},
    startMatch: () => {},
    ...more,
  };
}
