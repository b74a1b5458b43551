// The club's and the tournament's pages' words (server/pages/words.ts, hall-words.ts, organiser-words.ts):
// every language has every English key, with the same placeholders, so that no sentence of a page falls
// back to English or loses a name or a number.
import assert from 'node:assert/strict';
import { PAGE_LANGUAGES, PAGE_WORD_SETS, PAGE_WORDS } from '../../../server/pages/words.ts';

const holes = (t: string) => (t.match(/\{\d\}/g) ?? []).sort().join(' ');

describe("the club's and the tournament's pages' words", () => {
  for (const lang of PAGE_LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every English key, with its placeholders`, () => {
      const missing = Object.keys(PAGE_WORDS.en).filter((k) => typeof PAGE_WORDS[lang][k] !== 'string');
      assert.deepEqual(missing, [], `${lang} lacks these`);
      const holed = Object.entries(PAGE_WORDS.en).filter(([k, en]) => holes(PAGE_WORDS[lang][k]) !== holes(en)).map(([k]) => k);
      assert.deepEqual(holed, [], `${lang}: placeholders differ`);
    });
  }

  it('no two pages define the same word, which would take the other page\'s text', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [set, words] of Object.entries(PAGE_WORD_SETS)) {
      for (const key of Object.keys(words.en)) {
        if (seen.has(key)) twice.push(`${key} (${seen.get(key)} and ${set})`);
        else seen.set(key, set);
      }
    }
    assert.deepEqual(twice, []);
  });
});
