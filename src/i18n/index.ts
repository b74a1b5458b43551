// The display's six languages (docs/languages.md): one frozen table per language, keyed by message id,
// and `say`, which puts the parameters in. A message without parameters is the table's own string (no
// allocation); one with parameters is built in one pass, without split, replace or regular expressions.

import { EN, type MessageId } from './en.ts';
import { IT } from './it.ts';
import { PT } from './pt.ts';
import { RO } from './ro.ts';
import { SL } from './sl.ts';
import { SV } from './sv.ts';

export type { MessageId } from './en.ts';
export type Messages = Readonly<Record<MessageId, string>>;

export const LANGUAGES = Object.freeze(['en', 'pt', 'sl', 'it', 'ro', 'sv'] as const);
export type Language = (typeof LANGUAGES)[number];

export const TABLES: Readonly<Record<Language, Messages>> = Object.freeze({ en: EN, pt: PT, sl: SL, it: IT, ro: RO, sv: SV });

/** Each language's name in its own words, as the settings menu lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = Object.freeze({
  en: 'ENGLISH',
  pt: 'PORTUGUÊS',
  sl: 'SLOVENŠČINA',
  it: 'ITALIANO',
  ro: 'ROMÂNĂ',
  sv: 'SVENSKA',
});

/** The accented capitals each language writes, offered after A–Z when a player spells a name at the
 * table (every one has a glyph: src/view/accents.ts). */
export const NAME_LETTERS: Readonly<Record<Language, string>> = Object.freeze({
  en: '',
  pt: 'ÁÀÂÃÇÉÊÍÓÔÕÚ',
  sl: 'ČŠŽ',
  it: 'ÀÈÉÌÒÙ',
  ro: 'ĂÂÎȘȚ',
  sv: 'ÅÄÖ',
});

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

type Arg = string | number;

/** The message `id` in `lang`, with {0}, {1}, {2} replaced by the arguments. */
export function say(lang: Language, id: MessageId, a?: Arg, b?: Arg, c?: Arg): string {
  const template = (TABLES[lang] ?? EN)[id];
  if (a === undefined) return template;
  let out = '';
  let from = 0;
  for (let i = template.indexOf('{'); i >= 0; i = template.indexOf('{', from)) {
    const n = template.charCodeAt(i + 1) - 48;
    if (n < 0 || n > 2 || template.charCodeAt(i + 2) !== 125) {
      out += template.slice(from, i + 1);
      from = i + 1;
      continue;
    }
    out += template.slice(from, i);
    out += n === 0 ? a : n === 1 ? (b ?? '') : (c ?? '');
    from = i + 3;
  }
  return from === 0 ? template : out + template.slice(from);
}
