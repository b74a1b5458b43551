// Every menu path the documents name (MENU › NEW MATCH › START, SETTINGS › INSTALL › SELF-TEST) is one the
// buttons can take: walked from the main menu, step by step, in English. A label the docs get wrong
// (CHOOSE COLOUR where the menu says COLOUR) fails here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { LostShot } from '../src/app/say/lost.ts';
import { mainMenu, type Menu, type SyncControl } from '../src/app/screen/menu.ts';
import { menuContext } from './helpers/menu.ts';

const sync: SyncControl = {
  view: () => ({ configured: true, queued: 1, refused: 1, damaged: 1, sending: false, error: 'x', retryInS: 9, table: 't', server: null }),
  retryNow: () => {},
  forget: () => {},
  openSetup: () => ({ network: 'N', code: 'C' }),
  closeSetup: () => {},
};

/** The main menu in a table's situations: a match under way, a colour or a placement asked for, a lost
 * shot, a dip into pocket 2 the table asks about. */
function mains(): Menu[] {
  const at = (rules: string, steps: string[], lost: LostShot | null = null, questions: number[] = []): Menu => {
    const c = menuContext(rules, steps, { lost, sync, questions });
    return mainMenu(c);
  };
  return [at('icf', ['W W']), at('it-torneo', ['W']), at('se', ['S', '-', 'W']), at('icf', ['W', 'M']), at('icf', ['W'], new LostShot(3)), at('icf', ['W'], null, [2])];
}

/** A step names an item by its label, or by the words before its value ("LANGUAGE" for "LANGUAGE EN"). */
const names = (label: string, step: string) => {
  const l = label.replace(/^(• | {2})/, '');
  return l === step || l.startsWith(`${step} `);
};

function walks(menu: Menu, steps: readonly string[]): boolean {
  if (steps.length === 0) return true;
  return menu.items.some((i) => names(i.label, steps[0]) && (steps.length === 1 || (i.open !== undefined && walks(i.open(), steps.slice(1)))));
}

/** Menu paths in a document: capitals joined by " › ", MENU (the ● press) first or not. */
function pathsIn(text: string): string[][] {
  const label = "[A-Z][A-Z0-9'?-]*(?:(?: |, )[A-Z0-9][A-Z0-9'?-]*)*";
  const re = new RegExp(`${label}(?: › ${label})+`, 'g');
  return [...text.matchAll(re)].map((m) => m[0].split(' › ')).map((p) => (p[0] === 'MENU' ? p.slice(1) : p));
}

describe('the menu paths the documents name', () => {
  const docs = readdirSync('docs').filter((f) => f.endsWith('.md'));

  it('finds the paths the documents name (players.md, organiser.md, install.md name several)', () => {
    for (const f of ['players.md', 'organiser.md', 'install.md']) assert.ok(pathsIn(readFileSync(`docs/${f}`, 'utf8')).length >= 2, f);
  });

  it('every one of them can be walked from the main menu', () => {
    const bad: string[] = [];
    for (const f of docs) {
      for (const path of pathsIn(readFileSync(`docs/${f}`, 'utf8'))) {
        if (!mains().some((m) => walks(m, path))) bad.push(`${f}: ${path.join(' › ')}`);
      }
    }
    assert.deepEqual(bad, []);
  });
});
