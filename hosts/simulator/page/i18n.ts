// The page in the table's language: the words of words.ts filled in, and the fixed labels of index.html
// (data-i18n, data-i18n-title, data-i18n-label) said again when the table's settings change it.
import type { Language } from '../../../src/i18n/index.ts';
import { PAGE_WORDS, type WordKey } from './words.ts';

let pageLanguage: Language = 'en';

const isWordKey = (key: string): key is WordKey => Object.hasOwn(PAGE_WORDS.en, key);

/** A page message in the table's language, with {0}, {1}, … filled in. */
export function words(key: WordKey, ...args: (string | number)[]): string {
  return PAGE_WORDS[pageLanguage][key].replace(/\{(\d)\}/g, (_, i: string) => String(args[Number(i)] ?? ''));
}

/** The words for a key made from data (a piece, a health fact, index.html's attributes): a key the
 *  tables do not have is said as itself, not a crash ("man", a piece of unknown colour). */
export function wordFor(key: string, ...args: (string | number)[]): string {
  return isWordKey(key) ? words(key, ...args) : key;
}

/** Speaks `lang` from now on: the fixed labels at once, the rest at the next snapshot. */
export function speak(lang: Language): void {
  if (lang === pageLanguage || !Object.hasOwn(PAGE_WORDS, lang)) return;
  pageLanguage = lang;
  document.documentElement.lang = lang;
  document.title = words('title');
  for (const el of document.querySelectorAll<HTMLElement | SVGElement>('[data-i18n]')) el.textContent = wordFor(el.dataset.i18n ?? '');
  // The hints and the names a screen reader says: the keys' hint is how a player learns the keys.
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n-title]')) el.title = wordFor(el.dataset.i18nTitle ?? '');
  for (const el of document.querySelectorAll<HTMLElement | SVGElement>('[data-i18n-label]')) el.setAttribute('aria-label', wordFor(el.dataset.i18nLabel ?? ''));
}
