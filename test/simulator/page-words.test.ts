// The simulator page's words (hosts/simulator/page/words.ts): every language has every English key, with
// the same placeholders, so that no sentence of the page falls back to English or loses a number.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../src/i18n/index.ts';
import { EXPLAIN } from '../../src/app/say/explain.ts';
import { PAGE_WORDS as CLUB_WORDS } from '../../server/pages/words.ts';
import { PAGE_WORDS as TYPED_WORDS } from '../../hosts/simulator/page/words.ts';

// Read as plain tables: the checks below are for a language added without the typecheck's help too.
type Words = Record<string, Record<string, string>>;
const PAGE_WORDS: Words = TYPED_WORDS;
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

  it('says nothing of a player as he or she (the page, its sentences, the club pages, players.md)', () => {
    const gendered = /\b(he|him|his|himself|she|her|hers|herself)\b/i;
    const texts = [...Object.values(PAGE_WORDS.en), ...Object.values(EXPLAIN).map((m) => m.page), ...Object.values(CLUB_WORDS.en), readFileSync('docs/players.md', 'utf8')];
    assert.deepEqual(texts.filter((t) => gendered.test(t)).map((t) => t.match(gendered)![0] + ': ' + t.slice(0, 80)), []);
  });
});
