// No word that gives a player a gender, in anything players and organisers read: the display's and the
// page's words in the six languages (src/i18n, src/app/say/explain.ts, the simulator page's words.ts) and the
// docs. "The shot counts as his" was said of Asha. Quotations (the federations' own texts, in "…") are
// theirs and are left out of the docs' check.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { LANGUAGES, TABLES, type Language } from '../../src/i18n/index.ts';
import { EXPLAIN_LINES } from '../../src/i18n/explain.ts';
import { EXPLAIN_PAGES, EXPLAIN_PAGE_WORDS } from '../../src/i18n/explain-page.ts';
import { EXPLAIN, WORDS } from '../../src/app/say/explain.ts';
import { PAGE_WORDS } from '../../hosts/simulator/page/words.ts';

/** Each language's pronouns and possessives for a person that say he or she (not the ones that agree
 *  with the thing owned, as Italian's "suo" does). */
const GENDERED: Readonly<Record<Language, RegExp>> = {
  en: /\b(he|him|his|himself|she|her|hers|herself)\b/i,
  pt: /\b(ele|ela|dele|dela)\b/i,
  sl: /(?<![\p{L}])(zanj|zanjo|njegov\p{L}*|njen\p{L}*|njemu|njej)(?![\p{L}])/iu,
  it: /\b(lui|lei|egli|ella)\b/i,
  ro: /\b(lui|dânsul|dânsa)\b/i,
  sv: /\b(han|hon|hans|hennes|honom)\b/i,
};

const strings = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' ? strings(v) : []));
const pageWords: Readonly<Record<Language, Readonly<Record<string, string>>>> = PAGE_WORDS;

function found(lang: Language, texts: string[]): string[] {
  return texts.filter((t) => GENDERED[lang].test(t));
}

describe('no gendered words about players', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: the display's, the explanations' and the simulator page's words`, () => {
      const texts = [...strings(TABLES[lang]), ...strings(pageWords[lang])];
      if (lang === 'en') texts.push(...strings(EXPLAIN), ...strings(WORDS));
      else texts.push(...strings(EXPLAIN_LINES[lang]), ...strings(EXPLAIN_PAGES[lang]), ...strings(EXPLAIN_PAGE_WORDS[lang]));
      assert.deepEqual(found(lang, texts), []);
    });
  }

  it('the docs (what they quote aside)', () => {
    const docs = readdirSync(new URL('../../docs/', import.meta.url)).filter((f) => f.endsWith('.md'));
    const lines = docs.flatMap((f) =>
      readFileSync(new URL(`../../docs/${f}`, import.meta.url), 'utf8')
        .replace(/"[^"]*"/g, '"…"') // a quotation may run over a line's end
        .split('\n')
        .map((line, i) => `${f}:${i + 1}: ${line}`),
    );
    assert.deepEqual(found('en', lines), []);
  });
});
