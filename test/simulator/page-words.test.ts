// The simulator page's words (hosts/simulator/page/i18n.js): every language has every English key, with
// the same placeholders, so that no sentence of the page falls back to English or loses a number.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { LANGUAGES } from '../../src/i18n/index.ts';

type Words = Record<string, Record<string, string>>;
const source = readFileSync(new URL('../../hosts/simulator/page/i18n.js', import.meta.url), 'utf8');
const PAGE_WORDS = runInNewContext(`${source}\nPAGE_WORDS`) as Words;
const holes = (t: string) => (t.match(/\{\d\}/g) ?? []).sort().join(' ');

describe('simulator page words', () => {
  it('has the six languages of the display', () => {
    assert.deepEqual(Object.keys(PAGE_WORDS).sort(), [...LANGUAGES].sort());
  });
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${lang}: every English key, with its placeholders`, () => {
      for (const [key, en] of Object.entries(PAGE_WORDS.en)) {
        const t = PAGE_WORDS[lang][key];
        assert.equal(typeof t, 'string', `${lang} lacks "${key}"`);
        assert.equal(holes(t), holes(en), `${lang} "${key}": placeholders`);
      }
    });
  }
});
